import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { line, makeArticle, makeSupplier } from './basket-helpers';
import { prepareCompany, SUPPLIER_USER, supplierOrderCalls } from './supplier-order-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * flows §3, §4, §7 Supplier orders: an approved order becomes one supplier order per supplier, in
 * the approval's transaction; users of the supplier follow it up within what the workflow allows
 * them; the orders list finds orders by their supplier orders' numbers and lists those still to be
 * ordered; the customer's figures (year spent, month count) read them.
 */

let t: TestApp;
let customerId: string;
let tenantId: string;
let alpha: string;
let beta: string;
let alphaArticle: string;
let betaArticle: string;
const calls = supplierOrderCalls(() => t, () => customerId);
const { as, approve, supplierOrdersOf, followUp, byNumber } = calls;
/** An order of the buyer: two of alpha's article and one of beta's (EUR 10 and 20 excl. VAT). */
const order = (lines = [line(alphaArticle, 2), line(betaArticle, 1)]) => calls.order(lines);

beforeAll(async () => {
  t = await startTestApp();
  tenantId = await t.tenantId();
  [customerId] = await t.customerIds();
  // Orders start in toApprove (no budgets step), approval never needs finance, the manager validates.
  await prepareCompany(t, customerId!);
  // Named so that alpha sorts first: its supplier order is -1.
  alpha = await makeSupplier(t, { name: 'Alpha Kantoor NV' });
  beta = await makeSupplier(t, { name: 'Beta Papier BV' });
  await t.db.updateTable('suppliers').set({ orderEmail: 'orders@alpha.example' }).where('id', '=', alpha).execute();
  alphaArticle = await makeArticle(t, { supplierId: alpha, price: '10.00', stock: null });
  betaArticle = await makeArticle(t, { supplierId: beta, price: '20.00', stock: null });
  await t.db.updateTable('users').set({ supplierIds: JSON.stringify([alpha]) } as never).where('tenantId', '=', tenantId).where('email', '=', SUPPLIER_USER).execute();
});
afterAll(async () => { await t?.close(); });

describe('an approved order becomes one supplier order per supplier', () => {
  test('two suppliers, two supplier orders numbered after the order, with their lines and totals', async () => {
    const { id, orderNumber } = await order();
    expect(await supplierOrdersOf(id)).toEqual([]);
    await approve(id);
    const made = await supplierOrdersOf(id);
    expect(made.map((s) => [s.gcsNumber, s.supplierName, s.status, s.supplierEmail, String(s.totalExcl)])).toEqual([
      [`${orderNumber}-1`, 'Alpha Kantoor NV', 'CREATED', 'orders@alpha.example', '20.00'],
      [`${orderNumber}-2`, 'Beta Papier BV', 'CREATED', null, '20.00'],
    ]);
    expect(made[0]!.gcsNumber).toMatch(/^[A-Z]{3,4}-\d{4}-\d{6}-1$/);
    const lines = ok(await t.call('POST', '/api/supplier-orders/lines', { ...as('manager@demo.test'), body: { query: { supplierOrderId: made[0]!.id } } })).result;
    expect(lines.total).toBe(1);
    expect(lines.items[0]).toMatchObject({ lineNumber: 1, quantity: 2, quantityToBeDelivered: 2, chargedUnitPrice: '10.00', vat: 21, totalLinePriceIncl: '24.20' });
  });

  test('a rejected order gets none; nor does one waiting for its validator', async () => {
    const waiting = await order();
    const rejected = await order();
    ok(await t.call('PATCH', `/api/v2/orders/${rejected.id}/validate`, { ...as('manager@demo.test'), body: { approve: false, reason: 'Niet nodig' } }));
    expect(await supplierOrdersOf(waiting.id)).toEqual([]);
    expect(await supplierOrdersOf(rejected.id)).toEqual([]);
  });
});

describe('the orders list by supplier orders (flows §3 gcsNumber, onlyUnOrdered)', () => {
  test('gcsNumber finds the order of a supplier order; onlyUnOrdered lists approved orders with a supplier order not yet ordered', async () => {
    const { id, orderNumber } = await order([line(alphaArticle, 1)]);
    const other = await order([line(betaArticle, 1)]);
    await approve(id);
    await approve(other.id);
    const list = async (query: string) => (ok(await t.call('GET', `/api/v2/orders?page=1&pageSize=100&${query}`, as('manager@demo.test'))).items as { id: string }[]).map((o) => o.id);
    expect(await list(`gcsNumber=${encodeURIComponent(`${orderNumber}-1`)}`)).toEqual([id]);
    expect(await list('gcsNumber=no-such-number')).toEqual([]);
    expect(await list('onlyUnOrdered=true')).toEqual(expect.arrayContaining([id, other.id]));
    // Once the supplier answered, it is ordered.
    const [so] = await supplierOrdersOf(id);
    ok(await followUp(SUPPLIER_USER, { supplierOrderId: so!.id, status: 'WAITFORORDERRESPONSE' }));
    const unordered = await list('onlyUnOrdered=true');
    expect(unordered).not.toContain(id);
    expect(unordered).toContain(other.id);
    // Off, the switch filters nothing.
    expect(await list('onlyUnOrdered=false')).toEqual(expect.arrayContaining([id, other.id]));
  });
});

describe('following up (flows §4 Supplier order status)', () => {
  test('a user of the supplier moves it along the workflow; updatedAt is the server time and the order history records it', async () => {
    const { id } = await order([line(alphaArticle, 3)]);
    await approve(id);
    const [so] = await supplierOrdersOf(id);
    const before = so!.updatedAt as Date;
    const sent = ok(await followUp(SUPPLIER_USER, { supplierOrderId: so!.id, status: 'WAITFORORDERRESPONSE', remark: 'Ontvangen' })).result;
    expect(sent.supplierOrder.status).toBe('WAITFORORDERRESPONSE');
    expect(Date.parse(sent.supplierOrder.updatedAt)).toBeGreaterThan(before.getTime());
    expect(sent.followUp).toMatchObject({ status: 'WAITFORORDERRESPONSE', fromStatus: 'CREATED', remark: 'Ontvangen', userName: expect.any(String) });
    expect(sent.supplierOrder.allowedStatuses.sort()).toEqual(['DELIVERED', 'FAILEDTOORDER', 'WAITFORDELIVERY']);
    ok(await followUp(SUPPLIER_USER, { supplierOrderId: so!.id, status: 'WAITFORDELIVERY' }));
    const delivered = ok(await followUp(SUPPLIER_USER, { supplierOrderId: so!.id, status: 'DELIVERED' })).result;
    expect(delivered.supplierOrder.followUps.map((f: { status: string }) => f.status)).toEqual(['WAITFORORDERRESPONSE', 'WAITFORDELIVERY', 'DELIVERED']);
    const history = ok(await t.call('GET', `/api/v2/orders/${id}/history`, as('manager@demo.test'))).result as { action: string }[];
    // The supplier's "Delivered" announced the delivery for the buyer to confirm (see the DELIVERED tests below).
    expect(history.filter((h) => h.action === 'supplierResponse')).toHaveLength(2);
    expect(history.filter((h) => h.action === 'deliveryCreated')).toHaveLength(1);
  });

  test('a supplier user sets only WAITFORORDERRESPONSE, WAITFORDELIVERY, DELIVERED and FAILEDTOORDER, a failure with its reason; refusals change nothing', async () => {
    const { id } = await order([line(alphaArticle, 1)]);
    await approve(id);
    const [so] = await supplierOrdersOf(id);
    fails(await followUp(SUPPLIER_USER, { supplierOrderId: so!.id, status: 'READYFORMANUALORDER' }), 403, 'UnauthorizedRole');
    fails(await followUp(SUPPLIER_USER, { supplierOrderId: so!.id, status: 'FAILEDTOORDER' }), 400, 'validationFailed');
    fails(await followUp(SUPPLIER_USER, { supplierOrderId: so!.id, status: 'NOSUCHSTATUS' }), 400, 'validationFailed');
    fails(await followUp(SUPPLIER_USER, { supplierOrderId: so!.id }), 400, 'validationFailed');
    const row = async () => t.db.selectFrom('supplierOrders').select(['status', 'statusReason']).where('id', '=', so!.id).executeTakeFirstOrThrow();
    expect(await row()).toEqual({ status: 'CREATED', statusReason: null });
    expect(await t.db.selectFrom('supplierOrderFollowUps').select('id').where('supplierOrderId', '=', so!.id).execute()).toEqual([]);
    ok(await followUp(SUPPLIER_USER, { supplierOrderId: so!.id, status: 'FAILEDTOORDER', remark: 'Artikel uit assortiment' }));
    expect(await row()).toEqual({ status: 'FAILEDTOORDER', statusReason: 'Artikel uit assortiment' });
    // The workflow has no step from FAILEDTOORDER to DELIVERED.
    fails(await followUp(SUPPLIER_USER, { supplierOrderId: so!.id, status: 'DELIVERED' }), 409, 'OrderNotInStep');
  });

  test("another supplier's user and the buyer cannot change it; a remark alone is the company's admins'", async () => {
    const { id } = await order([line(betaArticle, 1)]);
    await approve(id);
    const [so] = await supplierOrdersOf(id);
    // supplier@ works for alpha, this is beta's
    fails(await byNumber(SUPPLIER_USER, String(so!.gcsNumber)), 404, 'SupplierOrderNotFound');
    fails(await followUp(SUPPLIER_USER, { supplierOrderId: so!.id, status: 'WAITFORDELIVERY' }), 404, 'SupplierOrderNotFound');
    const buyerView = ok(await byNumber('buyer@demo.test', String(so!.gcsNumber))).result;
    expect(buyerView).toMatchObject({ mayFollowUp: false, allowedStatuses: [] });
    fails(await followUp('buyer@demo.test', { supplierOrderId: so!.id, remark: 'Waar blijft het?' }), 403, 'UnauthorizedRole');
    // A platform supplier: the customer's admin may remark but not set its status.
    fails(await followUp('manager@demo.test', { supplierOrderId: so!.id, status: 'WAITFORORDERRESPONSE' }), 403, 'UnauthorizedRole');
    const remark = ok(await followUp('manager@demo.test', { supplierOrderId: so!.id, remark: 'Graag voor vrijdag' })).result;
    expect(remark.followUp).toMatchObject({ status: null, remark: 'Graag voor vrijdag' });
    const followUps = ok(await t.call('POST', '/api/so-followups/query', { ...as('buyer@demo.test'), body: { query: { supplierOrderId: so!.id } } })).result;
    expect(followUps.map((f: { remark: string }) => f.remark)).toEqual(['Graag voor vrijdag']);
  });
});

describe('who reads which supplier orders', () => {
  test("queryForSupplier: a supplier user gets their supplier's across customers, others none", async () => {
    const { id } = await order();
    await approve(id);
    // The session tells the app whose supplier the user works for (they land on /supplier-orders).
    expect(ok(await t.call('GET', '/api/users/me', { as: SUPPLIER_USER })).supplierIds).toEqual([alpha]);
    expect(ok(await t.call('GET', '/api/users/me', { as: 'buyer@demo.test' })).supplierIds).toEqual([]);
    const mine = ok(await t.call('POST', '/api/supplier-orders/queryForSupplier', { as: SUPPLIER_USER, body: { query: { pageSize: 100 } } })).result;
    expect(mine.total).toBeGreaterThan(0);
    expect(new Set(mine.items.map((s: { supplierId: string }) => s.supplierId))).toEqual(new Set([alpha]));
    expect(mine.items[0].customerName).toEqual(expect.any(String));
    fails(await t.call('POST', '/api/supplier-orders/queryForSupplier', { as: 'buyer@demo.test', body: {} }), 403, 'UnauthorizedRole');
    const all = ok(await t.call('POST', '/api/supplier-orders/queryForSupplier', { as: 'admin@demo.test', body: { query: { pageSize: 100 } } })).result;
    expect(new Set(all.items.map((s: { supplierId: string }) => s.supplierId))).toEqual(new Set([alpha, beta]));
  });

  test('the customer list: the company for its managers, a buyer their own orders; the admin query across customers', async () => {
    const { id } = await order([line(betaArticle, 2)]);
    await approve(id);
    const company = ok(await t.call('POST', '/api/supplier-orders/query', { ...as('manager@demo.test'), body: { query: { orderId: id } } }));
    expect(company.result.items.map((s: { orderId: string }) => s.orderId)).toEqual([id]);
    // Orders of another user of the company are not the buyer's.
    await t.db.updateTable('supplierOrders').set({ orderedById: null }).where('orderId', '=', id).execute();
    const buyer = ok(await t.call('POST', '/api/supplier-orders/query', { ...as('buyer@demo.test'), body: { query: { orderId: id } } }));
    expect(buyer.result.items).toEqual([]);
    const admin = ok(await t.call('POST', '/api/admin/supplier-orders/query', { as: 'admin@demo.test', body: { query: { orderId: id } } }));
    expect(admin.result.items.map((s: { orderId: string }) => s.orderId)).toEqual([id]);
  });

  test('a platform admin changes the status as the workflow allows platform admins, with a follow-up', async () => {
    const { id } = await order([line(alphaArticle, 1)]);
    await approve(id);
    const [so] = await supplierOrdersOf(id);
    const manual = ok(await t.call('POST', '/api/admin/supplier-orders/update', { as: 'admin@demo.test', body: { dto: { id: so!.id, status: 'READYFORMANUALORDER', extraInfo: 'Telefonisch bestellen' } } })).result;
    expect(manual).toMatchObject({ status: 'READYFORMANUALORDER', extraInfo: 'Telefonisch bestellen' });
    expect(manual.followUps.map((f: { status: string }) => f.status)).toEqual(['READYFORMANUALORDER']);
    fails(await t.call('POST', '/api/admin/supplier-orders/update', { as: 'admin@demo.test', body: { dto: { id: so!.id, status: 'DELIVERED' } } }), 409, 'OrderNotInStep');
    fails(await t.call('POST', '/api/admin/supplier-orders/update', { ...as('manager@demo.test'), body: { dto: { id: so!.id, status: 'CREATED' } } }), 403, 'forbiddenAccess');
  });

  test('a reason or remark with a control character is refused before anything changes (the shared reason text is storable text)', async () => {
    const { id } = await order([line(alphaArticle, 1)]);
    await approve(id);
    const [so] = await supplierOrdersOf(id);
    fails(await t.call('POST', '/api/admin/supplier-orders/update', { as: 'admin@demo.test', body: { dto: { id: so!.id, status: 'FAILEDTOORDER', reason: 'no\u0000stock' } } }), 400, 'validationFailed');
    fails(await followUp(SUPPLIER_USER, { supplierOrderId: so!.id, status: 'FAILEDTOORDER', remark: 'no\u0001stock' }), 400, 'validationFailed');
    const [after] = await supplierOrdersOf(id);
    expect(after!.status).toBe(so!.status);
    expect(await t.db.selectFrom('supplierOrderFollowUps').select('id').where('supplierOrderId', '=', so!.id).execute()).toEqual([]);
  });
});

describe("the customer's figures", () => {
  test('year spent and month count add up the supplier orders; the statuses come translated', async () => {
    const spentBefore = ok(await t.call('POST', '/api/supplier-orders/getYearSpent', { ...as('manager@demo.test'), body: {} })).result as string;
    const countBefore = ok(await t.call('POST', '/api/supplier-orders/getOrdersCountForMonth', { ...as('manager@demo.test'), body: {} })).result as number;
    const { id } = await order();
    await approve(id);
    const spent = ok(await t.call('POST', '/api/supplier-orders/getYearSpent', { ...as('manager@demo.test'), body: {} })).result as string;
    expect(Math.round((Number(spent) - Number(spentBefore)) * 100)).toBe(4000);
    expect(ok(await t.call('POST', '/api/supplier-orders/getOrdersCountForMonth', { ...as('manager@demo.test'), body: {} })).result).toBe(countBefore + 2);
    expect(ok(await t.call('POST', '/api/supplier-orders/getYearSpent', { ...as('manager@demo.test'), body: { query: { year: 2001 } } })).result).toBe('0.00');
    expect(ok(await t.call('POST', '/api/supplier-orders/getSaveAmount', { ...as('manager@demo.test'), body: {} })).result).toMatch(/^\d+\.\d{2}$/);
    const statuses = ok(await t.call('POST', '/api/supplier-orders/queryStatus', { as: 'buyer@demo.test', headers: { 'accept-language': 'fr' }, body: {} })).result;
    expect(statuses[0]).toEqual({ name: 'CREATED', displayName: 'Créée' });
    expect(statuses).toHaveLength(7);
  });
});

describe('"Delivered" always leaves the buyer a delivery to confirm (flows §4)', () => {
  const deliveriesOf = (soId: string) => t.db.selectFrom('deliveries').select(['id', 'status', 'remark']).where('supplierOrderId', '=', soId).orderBy('createdAt').execute();
  const linesOfDelivery = (id: string) => t.db.selectFrom('deliveryLines').select(['supplierOrderLineId', 'supplierConfirmed']).where('deliveryId', '=', id).execute();
  const soRow = (id: string) => t.db.selectFrom('supplierOrders').select('status').where('id', '=', id).executeTakeFirstOrThrow();

  test("the supplier's follow-up DELIVERED announces what is still to deliver; the supplier order is DELIVERED once the buyer confirms", async () => {
    const { id } = await order([line(alphaArticle, 5)]);
    await approve(id);
    const [so] = await supplierOrdersOf(id);
    ok(await followUp(SUPPLIER_USER, { supplierOrderId: so!.id, status: 'WAITFORORDERRESPONSE' }));
    const [soLine] = await t.db.selectFrom('supplierOrderLines').select('id').where('supplierOrderId', '=', so!.id).execute();
    // Two of the five were announced already, line by line.
    const partial = ok(await t.call('POST', `/api/v2/supplier-orders/${so!.id}/deliveries`, { as: SUPPLIER_USER, body: { lines: [{ supplierOrderLineId: soLine!.id, amount: 2 }] } })).result;
    // Its page: the supplier may announce more (three still wait), the company may not; the delivery is listed.
    const seen = ok(await byNumber(SUPPLIER_USER, String(so!.gcsNumber))).result;
    expect(seen).toMatchObject({ mayAnnounce: true, deliveries: [{ id: partial.id, deliveryNumber: partial.deliveryNumber, status: 'toApprove' }] });
    expect(ok(await byNumber('manager@demo.test', String(so!.gcsNumber))).result.mayAnnounce).toBe(false);
    const done = ok(await followUp(SUPPLIER_USER, { supplierOrderId: so!.id, status: 'DELIVERED', remark: 'Rest vertrokken' })).result;
    expect(done.supplierOrder).toMatchObject({ status: 'WAITFORDELIVERY', orderStatus: 'WAITFORDELIVERY' });
    const made = await deliveriesOf(so!.id);
    expect(made.map((d) => [d.status, d.remark])).toEqual([['toApprove', null], ['toApprove', 'Rest vertrokken']]);
    expect(await linesOfDelivery(made[1]!.id)).toEqual([{ supplierOrderLineId: soLine!.id, supplierConfirmed: 3 }]);
    expect(ok(await byNumber(SUPPLIER_USER, String(so!.gcsNumber))).result.mayAnnounce).toBe(false);
    // Said again with everything announced: nothing more to announce, no second delivery.
    ok(await followUp(SUPPLIER_USER, { supplierOrderId: so!.id, status: 'DELIVERED' }));
    expect(await deliveriesOf(so!.id)).toHaveLength(2);
    // The buyer confirms both: delivered.
    for (const d of [partial.id, made[1]!.id]) ok(await t.call('PATCH', '/api/deliveries/confirm', { ...as('buyer@demo.test'), body: { id: d } }));
    expect((await soRow(so!.id)).status).toBe('DELIVERED');
  });

  test("a platform admin's DELIVERED does the same", async () => {
    const { id } = await order([line(alphaArticle, 2)]);
    await approve(id);
    const [so] = await supplierOrdersOf(id);
    ok(await t.call('POST', '/api/admin/supplier-orders/update', { as: 'admin@demo.test', body: { dto: { id: so!.id, status: 'WAITFORORDERRESPONSE' } } }));
    const after = ok(await t.call('POST', '/api/admin/supplier-orders/update', { as: 'admin@demo.test', body: { dto: { id: so!.id, status: 'DELIVERED' } } })).result;
    expect(after.status).toBe('WAITFORDELIVERY');
    expect((await deliveriesOf(so!.id)).map((d) => d.status)).toEqual(['toApprove']);
  });
});

describe('answers with the names of flows §3', () => {
  test('supplier orders carry orderStatus and their lines supplierArticle {id}; POST /admin/supplier-orders/id and GET /supplier-orders/{id} answer the lines', async () => {
    const { id } = await order([line(alphaArticle, 2)]);
    await approve(id);
    const [so] = await supplierOrdersOf(id);
    const expectedLine = { supplierArticleId: alphaArticle, supplierArticle: { id: alphaArticle }, quantity: 2 };
    const admin = ok(await t.call('POST', '/api/admin/supplier-orders/id', { as: 'admin@demo.test', body: { query: { id: so!.id } } })).result;
    expect(admin).toMatchObject({ id: so!.id, status: 'CREATED', orderStatus: 'CREATED' });
    expect(admin.lines).toEqual([expect.objectContaining(expectedLine)]);
    const one = ok(await t.call('GET', `/api/supplier-orders/${so!.id}`, as('manager@demo.test'))).result;
    expect(one).toMatchObject({ orderStatus: 'CREATED', lines: [expect.objectContaining(expectedLine)] });
    const listed = ok(await t.call('POST', '/api/supplier-orders/query', { ...as('manager@demo.test'), body: { query: { orderId: id } } })).result;
    expect(listed.items[0]).toMatchObject({ status: 'CREATED', orderStatus: 'CREATED' });
    const adminListed = ok(await t.call('POST', '/api/admin/supplier-orders/query', { as: 'admin@demo.test', body: { query: { orderId: id } } })).result;
    expect(adminListed.items[0]).toMatchObject({ orderStatus: 'CREATED' });
    const detail = ok(await byNumber('manager@demo.test', String(so!.gcsNumber))).result;
    expect(detail).toMatchObject({ orderStatus: 'CREATED', lines: [expect.objectContaining(expectedLine)] });
    const lines = ok(await t.call('POST', '/api/supplier-orders/lines', { ...as('manager@demo.test'), body: { query: { supplierOrderId: so!.id } } })).result;
    expect(lines.items).toEqual([expect.objectContaining(expectedLine)]);
    const forSupplier = ok(await t.call('POST', '/api/supplier-orders/queryForSupplier', { as: SUPPLIER_USER, body: { query: { gcsNumber: so!.gcsNumber } } })).result;
    expect(forSupplier.items[0]).toMatchObject({ orderStatus: 'CREATED' });
  });
});
