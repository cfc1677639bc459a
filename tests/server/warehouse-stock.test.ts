import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { line, makeArticle, makeSupplier } from './basket-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { autoApproveDeliveries } from '../../src/server/fulfilment/auto-approve-job';
import { runRestock } from '../../src/server/stock/restock-job';

/**
 * core §3 Warehouse instance, §5, §7 Warehouses; flows §4 "stock updated", §5 "Product management /
 * warehouse", §7 update-stock: warehouse management's calls, the warehouse articles' rules, stock
 * booked by confirming, undoing and returning deliveries, the restock job and the deliveries'
 * automatic approval.
 */

let t: TestApp;
let tenantId: string;
let customerId: string;
let second: string;
let department: string;
let alpha: string;
const SUPPLIER_USER = 'supplier@demo.test';
// A supplier's user acts for no company: they name none (X-Customer-Id would be NoAccessToCustomer).
const as = (email: string) => (email === SUPPLIER_USER ? { as: email } : { as: email, customerId });
const manager = as('manager@demo.test');

beforeAll(async () => {
  t = await startTestApp();
  tenantId = await t.tenantId();
  [customerId, second] = await t.customerIds();
  await t.db.updateTable('customers').set({ features: JSON.stringify(['deliveries', 'easyStock']), financeApprovalThreshold: null } as never).where('id', '=', customerId).execute();
  await t.db.updateTable('customers').set({ features: JSON.stringify(['easyStock']) }).where('id', '=', second).execute();
  department = (await t.db.selectFrom('customerDepartments').select('id').where('customerId', '=', customerId).orderBy('name').executeTakeFirstOrThrow()).id;
  alpha = await makeSupplier(t, { name: 'Alpha Voorraad NV' });
  await t.db.updateTable('users').set({ supplierIds: JSON.stringify([alpha]) } as never).where('tenantId', '=', tenantId).where('email', '=', SUPPLIER_USER).execute();
  await t.db.updateTable('customerDepartments').set({ validatorUserId: await t.userId('manager@demo.test') }).where('customerId', '=', customerId).execute();
});
afterAll(async () => { await t?.close(); });

const warehouse = async (body: Record<string, unknown> = {}) =>
  ok(await t.call('POST', '/api/warehouse-management', { ...manager, body: { name: `Magazijn ${Math.random().toString(36).slice(2, 8)}`, departmentId: department, restockSetting: 'fixed', ...body } }));
const addInstance = (warehouseId: string, body: Record<string, unknown>, who = manager) => t.call('POST', `/api/warehouse-management/${warehouseId}/instances`, { ...who, body });
const activity = async (warehouseId: string) => ok(await t.call('GET', `/api/warehouse-management/${warehouseId}/activity`, { ...manager, query: { pageSize: '100' } }));
const instanceRow = (id: string) => t.db.selectFrom('warehouseInstances').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('warehouse management (GET/POST/PUT/DELETE /warehouse-management): the warehouses of /warehouses under core §7\'s paths', () => {
  test('one table, two paths; filters name, departmentId and sort', async () => {
    const w = await warehouse({ name: 'Beheer Noord' });
    expect(w).toMatchObject({ name: 'Beheer Noord', departmentId: department, restockSetting: 'fixed', customerId });
    expect(ok(await t.call('GET', `/api/warehouses/${w.id}`, manager)).name).toBe('Beheer Noord');
    expect(ok(await t.call('PUT', `/api/warehouse-management/${w.id}`, { ...manager, body: { name: 'Beheer Noord 2' } })).name).toBe('Beheer Noord 2');
    const byName = ok(await t.call('GET', '/api/warehouse-management', { ...manager, query: { name: 'noord 2', departmentId: department, sort: 'name', page: '1', pageSize: '10' } }));
    expect(byName).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(byName.items[0].id).toBe(w.id);
    fails(await t.call('PUT', `/api/warehouse-management/${w.id}`, { ...manager, body: { departmentId: null } }), 400, 'RestockNeedsDepartment');
    fails(await t.call('GET', `/api/warehouse-management/${w.id}`, { as: 'manager@demo.test', customerId: second }), 404, 'WarehouseNotFound');
  });

  test('deleting a warehouse takes its articles with it; their activity stays', async () => {
    const w = await warehouse();
    const article = await makeArticle(t, { supplierId: alpha });
    const inst = ok(await addInstance(w.id, { supplierArticleId: article, stock: 4 }));
    ok(await t.call('DELETE', `/api/warehouse-management/${w.id}`, { ...manager, headers: { 'content-type': 'application/json' } }));
    expect(await t.db.selectFrom('warehouseInstances').select('id').where('id', '=', inst.id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('stockMovements').select('kind').where('warehouseInstanceId', '=', inst.id).execute()).toEqual([{ kind: 'instanceCreated' }]);
  });
});

describe('warehouse articles (POST/PUT/DELETE /warehouse-management/{warehouseId}/instances)', () => {
  test('add, change, remove; the stock changes are the activity', async () => {
    const w = await warehouse();
    const article = await makeArticle(t, { supplierId: alpha, title: 'Bloem 25 kg' });
    const inst = ok(await addInstance(w.id, { supplierArticleId: article, stock: 10, tag: 'BLOEM-0001', minimumStock: 3, orderQuantity: 5, restockQuantity: 20 }));
    expect(inst).toMatchObject({
      warehouseId: w.id, supplierArticleId: article, stock: 10, tag: 'BLOEM-0001', minimumStock: 3, orderQuantity: 5, restockQuantity: 20, autoRestock: false,
      depletedAt: null, warehouseName: w.name, articleTitle: { nl: 'Bloem 25 kg' },
    });
    const changed = ok(await t.call('PUT', `/api/warehouse-management/${w.id}/instances/${inst.id}`, { ...manager, body: { ...inst, stock: 2 } }));
    expect(changed).toMatchObject({ stock: 2, tag: 'BLOEM-0001', minimumStock: 3 });
    expect(changed.depletedAt).not.toBeNull();
    const raised = ok(await t.call('PUT', `/api/warehouse-management/${w.id}/instances/${inst.id}`, { ...manager, body: { stock: 8 } }));
    expect(raised.depletedAt).toBeNull();
    const log = await activity(w.id);
    expect(log.items.map((m: any) => [m.kind, m.quantity, m.stockAfter, m.userName])).toEqual([
      ['manualCorrection', 6, 8, 'Mia Manager'], ['manualCorrection', -8, 2, 'Mia Manager'], ['instanceCreated', 10, 10, 'Mia Manager'],
    ]);
    expect(log.total).toBe(3);
    expect(ok(await t.call('GET', `/api/warehouse-management/${w.id}/activity`, { ...manager, query: { sort: 'createdAt', pageSize: '1' } })).items[0].kind).toBe('instanceCreated');
    expect(ok(await t.call('DELETE', `/api/warehouse-management/${w.id}/instances/${inst.id}`, manager))).toEqual({ id: inst.id });
    fails(await t.call('DELETE', `/api/warehouse-management/${w.id}/instances/${inst.id}`, manager), 404, 'WarehouseInstanceNotFound');
    expect((await activity(w.id)).total).toBe(3);
  });

  test('flows §5: an article once per warehouse, a tag once in the company, 6 to 25 characters; auto-restock needs a department', async () => {
    const w = await warehouse();
    const other = await warehouse();
    const article = await makeArticle(t, { supplierId: alpha });
    const first = ok(await addInstance(w.id, { supplierArticleId: article, tag: 'UNIEK-123' }));
    const again = fails(await addInstance(w.id, { supplierArticleId: article }), 409, 'WarehouseInstanceAlreadyExists');
    expect(again.details).toEqual([expect.objectContaining({ path: 'supplierArticleId' })]);
    // The same article in another warehouse is another instance; its tag must differ.
    fails(await addInstance(other.id, { supplierArticleId: article, tag: 'UNIEK-123' }), 409, 'TagAlreadyExists');
    const second_ = ok(await addInstance(other.id, { supplierArticleId: article, tag: 'UNIEK-456' }));
    fails(await t.call('PUT', `/api/warehouse-management/${other.id}/instances/${second_.id}`, { ...manager, body: { tag: 'UNIEK-123' } }), 409, 'TagAlreadyExists');
    expect(ok(await t.call('PUT', `/api/warehouse-management/${w.id}/instances/${first.id}`, { ...manager, body: { tag: 'UNIEK-123' } })).tag).toBe('UNIEK-123');
    expect(fails(await addInstance(other.id, { supplierArticleId: await makeArticle(t, { supplierId: alpha }), tag: 'KORT' }), 400, 'validationFailed').details?.[0]?.path).toBe('tag');
    expect(fails(await addInstance(other.id, { supplierArticleId: await makeArticle(t, { supplierId: alpha }), tag: 'X'.repeat(26) }), 400, 'validationFailed').details?.[0]?.path).toBe('tag');
    fails(await addInstance(other.id, { supplierArticleId: await makeArticle(t, { supplierId: alpha }), stock: -1 }), 400, 'validationFailed');
    // Two at once: the database key gives the second the same answer.
    const racing = await makeArticle(t, { supplierId: alpha });
    const both = await Promise.all([addInstance(other.id, { supplierArticleId: racing }), addInstance(other.id, { supplierArticleId: racing })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    const noDept = ok(await t.call('POST', '/api/warehouse-management', { ...manager, body: { name: 'Zonder afdeling' } }));
    const body = fails(await addInstance(noDept.id, { supplierArticleId: article, autoRestock: true }), 400, 'RestockNeedsDepartment');
    expect(body.details).toEqual([expect.objectContaining({ path: 'autoRestock' })]);
    const plain = ok(await addInstance(noDept.id, { supplierArticleId: article }));
    fails(await t.call('PUT', `/api/warehouse-management/${noDept.id}/instances/${plain.id}`, { ...manager, body: { autoRestock: true } }), 400, 'RestockNeedsDepartment');
  });

  test('who: a buyer reads but does not write; another company\'s warehouse or article is not found; unknown keys are refused', async () => {
    const w = await warehouse();
    const article = await makeArticle(t, { supplierId: alpha });
    fails(await addInstance(w.id, { supplierArticleId: article }, as('buyer@demo.test')), 403, 'forbiddenAccess');
    ok(await t.call('GET', '/api/warehouse-management/instances', as('buyer@demo.test')));
    fails(await addInstance(w.id, { supplierArticleId: article }, { as: 'manager@demo.test', customerId: second }), 404, 'WarehouseNotFound');
    const own = await makeArticle(t, { supplierId: alpha, customerId: second });
    expect(fails(await addInstance(w.id, { supplierArticleId: own }), 400, 'validationFailed').details).toEqual([expect.objectContaining({ path: 'supplierArticleId', rule: 'SupplierArticleNotFound' })]);
    const inst = ok(await addInstance(w.id, { supplierArticleId: article }));
    fails(await t.call('PUT', `/api/warehouse-management/${w.id}/instances/${inst.id}`, { as: 'manager@demo.test', customerId: second, body: { stock: 1 } }), 404, 'WarehouseNotFound');
    const elsewhere = await warehouse();
    fails(await t.call('PUT', `/api/warehouse-management/${elsewhere.id}/instances/${inst.id}`, { ...manager, body: { stock: 1 } }), 404, 'WarehouseInstanceNotFound');
    fails(await t.call('PUT', `/api/warehouse-management/${w.id}/instances/${inst.id}`, { ...manager, body: { stock: 1, tenantId: 'x' } }), 400, 'validationFailed');
    expect((await instanceRow(inst.id)).stock).toBe(0);
    // Without easy stock the calls are refused for the company's users.
    await t.db.updateTable('customers').set({ features: JSON.stringify(['deliveries']) }).where('id', '=', customerId).execute();
    fails(await t.call('GET', '/api/warehouse-management/instances', manager), 403, 'forbiddenAccess');
    await t.db.updateTable('customers').set({ features: JSON.stringify(['deliveries', 'easyStock']) }).where('id', '=', customerId).execute();
  });

  test('GET /warehouse-management/instances: core §3\'s filters; /warehouses/supplier-article-warehouse-instances by article or text', async () => {
    const w1 = await warehouse({ name: 'Filter Een' });
    const w2 = await warehouse({ name: 'Filter Twee', restockSetting: 'manual' });
    const a = await makeArticle(t, { supplierId: alpha, title: 'Gistblok vers' });
    const b = await makeArticle(t, { supplierId: alpha, title: 'Suikerzak' });
    const i1 = ok(await addInstance(w1.id, { supplierArticleId: a, stock: 1, minimumStock: 2, tag: 'FILTER-A1' }));
    const i2 = ok(await addInstance(w2.id, { supplierArticleId: a, stock: 9, minimumStock: 2 }));
    const i3 = ok(await addInstance(w2.id, { supplierArticleId: b, stock: 5 }));
    const ids = async (query: Record<string, string>) => (ok(await t.call('GET', '/api/warehouse-management/instances', { ...manager, query: { pageSize: '100', ...query } })).items as { id: string }[]).map((x) => x.id);
    expect(await ids({ warehouseId: `${w1.id},${w2.id}`, sort: 'stock' })).toEqual([i1.id, i3.id, i2.id]);
    expect(await ids({ warehouseId: `${w1.id},${w2.id}`, sort: '-stock' })).toEqual([i2.id, i3.id, i1.id]);
    expect(await ids({ name: 'filter twee', sort: 'stock' })).toEqual([i3.id, i2.id]);
    expect(await ids({ articleName: 'gistblok', sort: 'stock' })).toEqual([i1.id, i2.id]);
    const number = (await t.db.selectFrom('supplierArticles').select('articleNumberSupplier').where('id', '=', b).executeTakeFirstOrThrow()).articleNumberSupplier as string;
    expect(await ids({ articleNumberSupplier: number })).toEqual([i3.id]);
    expect(await ids({ restockSetting: 'manual', supplierArticleId: a })).toEqual([i2.id]);
    expect(await ids({ warehouseId: w1.id, departmentId: department })).toEqual([i1.id]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids({ warehouseId: `${w1.id},${w2.id}`, depletedAt: '2000-01-01' })).toEqual([i1.id]);
    expect(await ids({ warehouseId: `${w1.id},${w2.id}`, depletedAt: '2999-01-01' })).toEqual([]);
    expect(today).toMatch(/^\d{4}/);
    fails(await t.call('GET', '/api/warehouse-management/instances', { ...manager, query: { depletedAt: 'yesterday' } }), 400, 'validationFailed');
    fails(await t.call('GET', '/api/warehouse-management/instances', { ...manager, query: { warehouseId: 'nope' } }), 400, 'validationFailed');
    const page = ok(await t.call('GET', '/api/warehouses/supplier-article-warehouse-instances', { ...manager, query: { filter: a, customerId } }));
    expect(page.items.map((x: any) => x.id).sort()).toEqual([i1.id, i2.id].sort());
    expect(ok(await t.call('GET', '/api/warehouses/supplier-article-warehouse-instances', { ...manager, query: { filter: 'filter-a1' } })).items.map((x: any) => x.id)).toEqual([i1.id]);
    // The flows' variants of the instance calls.
    const c = await makeArticle(t, { supplierId: alpha });
    const viaArticle = ok(await t.call('POST', '/api/warehouses/supplier-article-warehouse-instances', { ...manager, body: { warehouseId: w1.id, supplierArticleId: c, stock: 2 } }));
    expect(ok(await t.call('PUT', `/api/warehouses/supplier-article-warehouse-instances/${viaArticle.id}`, { ...manager, body: { stock: 3 } })).stock).toBe(3);
    ok(await t.call('DELETE', `/api/warehouses/supplier-article-warehouse-instances/${viaArticle.id}`, manager));
  });

  test('GET …/tag/generate: a fresh tag of 12 characters that no warehouse article carries', async () => {
    const tags = new Set<string>();
    for (let i = 0; i < 5; i++) tags.add(ok(await t.call('GET', '/api/warehouses/supplier-article-warehouse-instances/tag/generate', manager)).tag);
    expect(tags.size).toBe(5);
    for (const tag of tags) expect(tag).toMatch(/^WH-[0-9A-Z]{9}$/);
    const w = await warehouse();
    ok(await addInstance(w.id, { supplierArticleId: await makeArticle(t, { supplierId: alpha }), tag: [...tags][0] }));
  });
});

interface Placed { id: string; soId: string; lines: { id: string }[] }

/** An approved order of the buyer for `departmentId`, its supplier order with the supplier (waiting for delivery). */
async function placed(articles: [string, number][], departmentId: string | null = department): Promise<Placed> {
  ok(await t.call('PUT', '/api/v2/transporters/update', { ...as('buyer@demo.test'), body: { transporter: { transporterLines: articles.map(([a, n]) => line(a, n)) } } }));
  const order = ok(await t.call('POST', '/api/v2/orders/transporter', { ...as('buyer@demo.test'), body: { shippingDetails: { departmentId } } })).result;
  ok(await t.call('PATCH', `/api/v2/orders/${order.id}/validate`, { ...manager, body: { approve: true } }));
  const so = await t.db.selectFrom('supplierOrders').select('id').where('orderId', '=', order.id).executeTakeFirstOrThrow();
  for (const status of ['WAITFORORDERRESPONSE', 'WAITFORDELIVERY']) {
    ok(await t.call('POST', '/api/supplier-orders/addFollowUp', { ...as(SUPPLIER_USER), body: { dto: { supplierOrderId: so.id, status } } }));
  }
  const lines = await t.db.selectFrom('supplierOrderLines').select('id').where('supplierOrderId', '=', so.id).orderBy('lineNumber').execute();
  return { id: order.id, soId: so.id, lines };
}

describe('stock on delivery (flows §4 "stock updated", GET /v2/orders/{id}/update-stock)', () => {
  test('confirming adds what arrived to the department\'s warehouse; returns and undo take it back; each step is in the history', async () => {
    const w = await warehouse({ name: 'Aankoopmagazijn' });
    await t.db.updateTable('warehouses').set({ departmentId: null }).where('customerId', '=', customerId).where('id', '<>', w.id).where('departmentId', '=', department).execute();
    const flour = await makeArticle(t, { supplierId: alpha });
    const sugar = await makeArticle(t, { supplierId: alpha });
    const notKept = await makeArticle(t, { supplierId: alpha });
    const iFlour = ok(await addInstance(w.id, { supplierArticleId: flour, stock: 2 }));
    const iSugar = ok(await addInstance(w.id, { supplierArticleId: sugar, stock: 0 }));
    const p = await placed([[flour, 5], [sugar, 3], [notKept, 1]]);
    const d = ok(await t.call('POST', `/api/v2/supplier-orders/${p.soId}/deliveries`, { ...as(SUPPLIER_USER), body: {} })).result;
    const [lFlour, lSugar] = d.lines as { id: string }[];
    ok(await t.call('PATCH', '/api/deliveries/confirm', { ...manager, body: { id: d.id, lines: [{ id: lSugar!.id, delivered: 2 }] } }));
    expect((await instanceRow(iFlour.id)).stock).toBe(7);
    expect((await instanceRow(iSugar.id)).stock).toBe(2);

    ok(await t.call('PATCH', '/api/deliveries/return-items', { ...manager, body: { id: d.id, lines: [{ id: lFlour!.id, amount: 1 }] } }));
    expect((await instanceRow(iFlour.id)).stock).toBe(6);
    const updates = ok(await t.call('GET', `/api/v2/orders/${p.id}/update-stock`, manager)).result;
    expect(updates.orderId).toBe(p.id);
    expect(updates.updates.map((u: any) => [u.kind, u.warehouseName, u.quantity, u.stockAfter, u.deliveryNumber])).toEqual([
      ['deliveryConfirmed', 'Aankoopmagazijn', 5, 7, d.deliveryNumber], ['deliveryConfirmed', 'Aankoopmagazijn', 2, 2, d.deliveryNumber],
      ['itemsReturned', 'Aankoopmagazijn', -1, 6, d.deliveryNumber],
    ]);
    // The buyer placed it and reads it; another company does not.
    expect(ok(await t.call('GET', `/api/v2/orders/${p.id}/update-stock`, as('buyer@demo.test'))).result.updates).toHaveLength(3);
    fails(await t.call('GET', `/api/v2/orders/${p.id}/update-stock`, { as: 'manager@demo.test', customerId: second }), 404, 'OrderNotFound');

    ok(await t.call('PATCH', `/api/deliveries/undo-confirm/${d.id}`, { ...manager, body: {} }));
    expect((await instanceRow(iFlour.id)).stock).toBe(2);
    expect((await instanceRow(iSugar.id)).stock).toBe(0);
    const history = ok(await t.call('GET', `/api/v2/orders/${p.id}/history`, manager)).result as { action: string; reason: string }[];
    const stock = history.filter((h) => h.action === 'stockUpdated');
    expect(stock).toHaveLength(3);
    expect(stock[0]!.reason).toContain('Aankoopmagazijn');
    expect(history.map((h) => h.action).indexOf('stockUpdated')).toBeGreaterThan(history.map((h) => h.action).indexOf('deliveryConfirmed'));
    // The activity shows the delivery's movements too.
    const kinds = (await activity(w.id)).items.map((m: any) => m.kind);
    expect(kinds.filter((k: string) => k !== 'instanceCreated')).toEqual(['deliveryUndone', 'deliveryUndone', 'itemsReturned', 'deliveryConfirmed', 'deliveryConfirmed']);
  });

  test('an order without a warehouse books nothing, and a refused confirmation books nothing either', async () => {
    const article = await makeArticle(t, { supplierId: alpha });
    const w = await warehouse();
    await t.db.updateTable('warehouses').set({ departmentId: null }).where('customerId', '=', customerId).where('departmentId', '=', department).execute();
    const inst = ok(await addInstance(w.id, { supplierArticleId: article, stock: 1 }));
    const p = await placed([[article, 2]]);
    const d = ok(await t.call('POST', `/api/v2/supplier-orders/${p.soId}/deliveries`, { ...as(SUPPLIER_USER), body: {} })).result;
    fails(await t.call('PATCH', '/api/deliveries/confirm', { ...manager, body: { id: d.id, lines: [{ id: d.lines[0].id, delivered: 9 }] } }), 400, 'validationFailed');
    expect(await t.db.selectFrom('stockMovements').select('id').where('deliveryId', '=', d.id).execute()).toEqual([]);
    ok(await t.call('PATCH', '/api/deliveries/confirm', { ...manager, body: { id: d.id } }));
    expect((await instanceRow(inst.id)).stock).toBe(1);
    expect(ok(await t.call('GET', `/api/v2/orders/${p.id}/update-stock`, manager)).result.updates).toEqual([]);
    // A restock order names its warehouse: that one is filled whatever the department.
    await t.db.updateTable('orders').set({ warehouseId: w.id }).where('id', '=', p.id).execute();
    ok(await t.call('PATCH', `/api/deliveries/undo-confirm/${d.id}`, { ...manager, body: {} }));
    ok(await t.call('PATCH', '/api/deliveries/confirm', { ...manager, body: { id: d.id } }));
    expect((await instanceRow(inst.id)).stock).toBe(3);
  });
});

describe('the deliveries.autoApprove job', () => {
  test(`confirms as the system, in full, what waits ${14} days after its delivery date; a recent one waits`, async () => {
    const article = await makeArticle(t, { supplierId: alpha });
    const w = await warehouse();
    const inst = ok(await addInstance(w.id, { supplierArticleId: article, stock: 0 }));
    await t.db.updateTable('orders').set({ warehouseId: null }).execute();
    const p = await placed([[article, 4]]);
    await t.db.updateTable('orders').set({ warehouseId: w.id }).where('id', '=', p.id).execute();
    const old = ok(await t.call('POST', `/api/v2/supplier-orders/${p.soId}/deliveries`, { ...as(SUPPLIER_USER), body: { deliveryDate: '2020-01-01', lines: [{ supplierOrderLineId: p.lines[0]!.id, amount: 3 }] } })).result;
    const recent = ok(await t.call('POST', `/api/v2/supplier-orders/${p.soId}/deliveries`, { ...as(SUPPLIER_USER), body: { expectedDate: '2020-01-10' } })).result;
    expect(await autoApproveDeliveries(t.db, '2020-01-20')).toBe(1);
    const row = await t.db.selectFrom('deliveries').selectAll().where('id', '=', old.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'approved', autoApproved: true, approvedById: null });
    expect((await t.db.selectFrom('deliveryLines').select('delivered').where('deliveryId', '=', old.id).executeTakeFirstOrThrow()).delivered).toBe(3);
    expect((await instanceRow(inst.id)).stock).toBe(3);
    expect((await t.db.selectFrom('deliveries').select('status').where('id', '=', recent.id).executeTakeFirstOrThrow()).status).toBe('toApprove');
    const history = ok(await t.call('GET', `/api/v2/orders/${p.id}/history`, manager)).result as { action: string; userId: string | null }[];
    expect(history.filter((h) => h.action === 'deliveryConfirmed')).toEqual([expect.objectContaining({ userId: null })]);
    expect(await autoApproveDeliveries(t.db, '2020-01-23')).toBe(0);
    expect(await autoApproveDeliveries(t.db, '2020-01-24')).toBe(1);
    expect((await t.db.selectFrom('supplierOrders').select('status').where('id', '=', p.soId).executeTakeFirstOrThrow()).status).toBe('DELIVERED');
    // Nothing is due twice.
    expect(await autoApproveDeliveries(t.db, '2020-01-24')).toBe(0);
  });
});

describe('the stock.restock job', () => {
  const restockRows = (instanceId: string) => t.db.selectFrom('stockMovements').select(['kind', 'orderId', 'remark']).where('warehouseInstanceId', '=', instanceId).where('kind', 'in', ['restockOrdered', 'restockNeeded', 'restockFailed']).orderBy('createdAt').execute();

  test('fixed orders the restock quantity (rounded up to the pack) for the department, once while that order is open', async () => {
    const w = await warehouse({ restockSetting: 'fixed' });
    const article = await makeArticle(t, { supplierId: alpha, price: '2.00' });
    const inst = ok(await addInstance(w.id, { supplierArticleId: article, stock: 1, minimumStock: 2, restockQuantity: 7, orderQuantity: 5, autoRestock: true }));
    expect((await instanceRow(inst.id)).restockUserId).toBe(await t.userId('manager@demo.test'));
    await runRestock(t.db);
    const row = await instanceRow(inst.id);
    expect(row.restockOrderId).not.toBeNull();
    const order = await t.db.selectFrom('orders').selectAll().where('id', '=', String(row.restockOrderId)).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ warehouseId: w.id, departmentId: department, orderedById: await t.userId('manager@demo.test'), customerId, status: 'toApprove' });
    const lines = await t.db.selectFrom('orderLines').select(['supplierArticleId', 'amount']).where('orderId', '=', order.id).execute();
    expect(lines).toEqual([{ supplierArticleId: article, amount: 10 }]);
    expect(ok(await t.call('GET', `/api/v2/orders/${order.id}/history`, manager)).result[0].action).toBe('created');
    // Idempotent: the order is open, so no second one.
    await runRestock(t.db);
    expect(await restockRows(inst.id)).toEqual([expect.objectContaining({ kind: 'restockOrdered', orderId: order.id, remark: '10' })]);
    // Rejected, it is no longer open: the next run orders again.
    ok(await t.call('PATCH', `/api/v2/orders/${order.id}/validate`, { ...manager, body: { approve: false, reason: 'Te veel' } }));
    await runRestock(t.db);
    expect((await restockRows(inst.id)).map((r) => r.kind)).toEqual(['restockOrdered', 'restockOrdered']);
    expect((await instanceRow(inst.id)).restockOrderId).not.toBe(order.id);
  });

  test('flex orders up to the level; manual only notes it once; above the minimum or without auto-restock nothing happens', async () => {
    const flex = await warehouse({ restockSetting: 'flex' });
    const manual = await warehouse({ restockSetting: 'manual' });
    const article = await makeArticle(t, { supplierId: alpha, minOrderQuant: 1 });
    const f = ok(await addInstance(flex.id, { supplierArticleId: article, stock: 3, minimumStock: 4, restockQuantity: 10, autoRestock: true }));
    const m = ok(await addInstance(manual.id, { supplierArticleId: article, stock: 0, minimumStock: 1, restockQuantity: 10, autoRestock: true }));
    const above = ok(await addInstance(flex.id, { supplierArticleId: await makeArticle(t, { supplierId: alpha }), stock: 9, minimumStock: 4, restockQuantity: 10, autoRestock: true }));
    const off = ok(await addInstance(manual.id, { supplierArticleId: await makeArticle(t, { supplierId: alpha }), stock: 0, minimumStock: 4, restockQuantity: 10 }));
    await runRestock(t.db);
    await runRestock(t.db);
    const fRow = await instanceRow(f.id);
    expect(await t.db.selectFrom('orderLines').select('amount').where('orderId', '=', String(fRow.restockOrderId)).execute()).toEqual([{ amount: 7 }]);
    expect((await restockRows(m.id)).map((r) => r.kind)).toEqual(['restockNeeded']);
    expect((await instanceRow(m.id)).restockOrderId).toBeNull();
    expect(await restockRows(above.id)).toEqual([]);
    expect(await restockRows(off.id)).toEqual([]);
  });

  test('an order the shop refuses leaves one notice and no order; whoever switched it on must still be allowed to order', async () => {
    const w = await warehouse({ restockSetting: 'fixed' });
    const gone = await makeArticle(t, { supplierId: alpha });
    const inst = ok(await addInstance(w.id, { supplierArticleId: gone, stock: 0, minimumStock: 1, restockQuantity: 3, autoRestock: true }));
    await t.db.updateTable('supplierArticles').set({ available: false }).where('id', '=', gone).execute();
    const before = await t.db.selectFrom('orders').select('id').where('customerId', '=', customerId).execute();
    await runRestock(t.db);
    await runRestock(t.db);
    expect(await restockRows(inst.id)).toEqual([expect.objectContaining({ kind: 'restockFailed', remark: 'ArticleNotAvailable' })]);
    expect((await t.db.selectFrom('orders').select('id').where('customerId', '=', customerId).execute()).length).toBe(before.length);

    const article = await makeArticle(t, { supplierId: alpha });
    const byBuyer = ok(await addInstance(w.id, { supplierArticleId: article, stock: 0, minimumStock: 1, restockQuantity: 3 }));
    await t.db.updateTable('warehouseInstances').set({ autoRestock: true, restockUserId: await t.userId('newcomer@demo.test') }).where('id', '=', byBuyer.id).execute();
    await runRestock(t.db);
    expect(await restockRows(byBuyer.id)).toEqual([expect.objectContaining({ kind: 'restockFailed', remark: 'UnauthorizedRole' })]);
  });
});
