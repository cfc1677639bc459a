import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { line, makeArticle, makeSupplier } from './basket-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * flows §3, §4: archiving an order (PATCH /v2/orders/{id}/archive) and its extra info
 * (PATCH /v2/orders/{id}/extra-info), which no longer changes once the order is final.
 */

let t: TestApp;
let customerId: string;
let article: string;

async function order(): Promise<string> {
  ok(await t.call('PUT', '/api/v2/transporters/update', { as: 'buyer@demo.test', body: { transporter: { transporterLines: [line(article, 1)] } } }));
  return ok(await t.call('POST', '/api/v2/orders/transporter', { as: 'buyer@demo.test', body: {} })).result.id as string;
}
const as = (email: string) => ({ as: email, customerId });
const rowOf = (id: string) => t.db.selectFrom('orders').select(['archived', 'extraInfo', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
const actions = async (id: string) => (ok(await t.call('GET', `/api/v2/orders/${id}/history`, as('manager@demo.test'))).result as { action: string }[]).map((h) => h.action);

beforeAll(async () => {
  t = await startTestApp();
  [customerId] = await t.customerIds();
  article = await makeArticle(t, { supplierId: await makeSupplier(t, { name: 'Archief NV' }), price: '5.00', stock: null });
});
afterAll(async () => { await t?.close(); });

describe('archive', () => {
  test('a customer admin archives and brings back; archived orders leave the to-approve count; archiving is in the history', async () => {
    const id = await order();
    const count = async () => ok(await t.call('GET', '/api/v2/orders/to-approve-count', as('manager@demo.test'))).result.count as number;
    const before = await count();
    expect(ok(await t.call('PATCH', `/api/v2/orders/${id}/archive`, { ...as('manager@demo.test'), body: { archived: true } })).result.archived).toBe(true);
    expect(await count()).toBe(before - 1);
    // the same again changes nothing and records nothing new
    ok(await t.call('PATCH', `/api/v2/orders/${id}/archive`, { ...as('manager@demo.test'), body: { archived: true } }));
    expect(await actions(id)).toEqual(['created', 'archived']);
    // without a body the flag turns around
    expect(ok(await t.call('PATCH', `/api/v2/orders/${id}/archive`, as('manager@demo.test'))).result.archived).toBe(false);
    expect(await count()).toBe(before);
  });

  test('needs the right to change orders: a buyer may not, and nothing changes', async () => {
    const id = await order();
    fails(await t.call('PATCH', `/api/v2/orders/${id}/archive`, { ...as('buyer@demo.test'), body: { archived: true } }), 403, 'forbiddenAccess');
    expect((await rowOf(id)).archived).toBe(false);
    fails(await t.call('PATCH', `/api/v2/orders/${id}/archive`, { ...as('manager@demo.test'), body: { archived: 'yes' } }), 400, 'validationFailed');
  });
});

describe('extra info', () => {
  test('the buyer who ordered changes it until the order is final', async () => {
    const id = await order();
    expect(ok(await t.call('PATCH', `/api/v2/orders/${id}/extra-info`, { ...as('buyer@demo.test'), body: { extraInfo: '  Levering aan poort 3  ' } })).result.extraInfo).toBe('Levering aan poort 3');
    expect(ok(await t.call('PATCH', `/api/v2/orders/${id}/extra-info`, { ...as('manager@demo.test'), body: { extraInfo: '' } })).result.extraInfo).toBeNull();
    await t.db.updateTable('orders').set({ status: 'approved' }).where('id', '=', id).execute();
    fails(await t.call('PATCH', `/api/v2/orders/${id}/extra-info`, { ...as('buyer@demo.test'), body: { extraInfo: 'Te laat' } }), 409, 'OrderIsFinal');
    expect((await rowOf(id)).extraInfo).toBeNull();
  });

  test('refuses too long a text, and a user who neither ordered nor decides', async () => {
    const id = await order();
    fails(await t.call('PATCH', `/api/v2/orders/${id}/extra-info`, { ...as('buyer@demo.test'), body: { extraInfo: 'x'.repeat(2001) } }), 400, 'validationFailed');
    fails(await t.call('PATCH', `/api/v2/orders/${id}/extra-info`, { ...as('finance@demo.test'), body: { extraInfo: 'Mag niet' } }), 403, 'UnauthorizedRole');
    expect((await rowOf(id)).extraInfo).toBeNull();
    const [, second] = await t.customerIds();
    fails(await t.call('PATCH', `/api/v2/orders/${id}/extra-info`, { as: 'manager@demo.test', customerId: second, body: { extraInfo: 'x' } }), 404, 'OrderNotFound');
  });
});
