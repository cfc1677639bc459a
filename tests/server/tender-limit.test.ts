import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { line, makeArticle, makeSupplier } from './basket-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * flows §9, the tender limit: a supplier whose total in one order (excluding VAT: products and
 * shipping) exceeds EUR 30,000 needs a tender. The basket check lists each such supplier by name
 * with its total, and the order is refused at creation and at approval; exactly EUR 30,000 is fine.
 */

let t: TestApp;
let customerId: string;
let expensive: string;
let cheap: string;
let supplierName: string;
let supplierId: string;
const buyer = { as: 'buyer@demo.test' };
const put = (lines: unknown[]) => t.call('PUT', '/api/v2/transporters/update', { ...buyer, body: { transporter: { transporterLines: lines } } });
const check = () => t.call('POST', '/api/v2/transporters/validate', { ...buyer, headers: { 'accept-language': 'en' }, body: {} });
const place = () => t.call('POST', '/api/v2/orders/transporter', { ...buyer, body: {} });

beforeAll(async () => {
  t = await startTestApp();
  [customerId] = await t.customerIds();
  const c = await t.db.selectFrom('customers').select('features').where('id', '=', customerId).executeTakeFirstOrThrow();
  const features = (typeof c.features === 'string' ? JSON.parse(c.features) : c.features ?? []) as string[];
  await t.db.updateTable('customers').set({ features: JSON.stringify(features.filter((f) => f !== 'budgets')) } as never).where('id', '=', customerId).execute();
  supplierName = 'Zware Machines NV';
  supplierId = await makeSupplier(t, { name: supplierName });
  expensive = await makeArticle(t, { supplierId, price: '15000.00', stock: null, tax: 21 });
  const other = await makeSupplier(t, { name: 'Kleintjes BV' });
  cheap = await makeArticle(t, { supplierId: other, price: '10.00', stock: null });
});
afterAll(async () => { await t?.close(); });

describe('basket check and order creation', () => {
  test('exactly EUR 30,000 from one supplier is within the limit', async () => {
    ok(await put([line(expensive, 2), line(cheap, 1)]));
    expect(ok(await check()).result).toEqual({ valid: true, problems: [] });
  });

  test('above it, the supplier is listed with its total and the order is refused; the basket stays', async () => {
    ok(await put([line(expensive, 3), line(cheap, 1)]));
    const r = ok(await check()).result;
    expect(r.valid).toBe(false);
    expect(r.problems).toEqual([expect.objectContaining({
      errorCode: 'TenderLimitExceeded', supplierId, params: { supplier: supplierName, total: '45000.00', limit: 30000 },
      message: 'The tender limit of EUR 30,000 per supplier is exceeded.',
    })]);
    const before = await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const refused = fails(await place(), 400, 'TenderLimitExceeded');
    expect(refused.details).toEqual([expect.objectContaining({ path: `suppliers.${supplierId}`, rule: 'TenderLimitExceeded', params: { supplier: supplierName, total: '45000.00', limit: 30000 } })]);
    const after = await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(ok(await t.call('GET', '/api/v2/transporters/load', buyer)).result.transporterLines).toHaveLength(2);
  });
});

describe('approval', () => {
  test('an order whose lines grew past the limit after ordering is not approved', async () => {
    ok(await put([line(expensive, 2)]));
    const placed = ok(await place()).result;
    // A line changed after ordering (the order-line calls of this issue): EUR 30,000.01 from one supplier.
    await t.db.updateTable('orderLines').set({ totalLineCostExcl: '30000.01' }).where('orderId', '=', placed.id).execute();
    const refused = fails(await t.call('PATCH', `/api/v2/orders/${placed.id}/validate`, { as: 'manager@demo.test', customerId, body: { approve: true } }), 400, 'TenderLimitExceeded');
    expect(refused.details).toEqual([expect.objectContaining({ params: { supplier: supplierName, total: '30000.01', limit: 30000 } })]);
    expect((await t.db.selectFrom('orders').select('status').where('id', '=', placed.id).executeTakeFirstOrThrow()).status).toBe('toApprove');
    // Rejecting it stays possible.
    expect(ok(await t.call('PATCH', `/api/v2/orders/${placed.id}/validate`, { as: 'manager@demo.test', customerId, body: { approve: false, reason: 'Aanbesteding nodig' } })).result.status).toBe('rejected');
  });
});
