import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { line, makeArticle, makeSupplier } from './basket-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * core §3, §7 Deliveries; flows §4: a supplier's user (or a platform admin) announces a delivery of a
 * supplier order; the company confirms what arrived line by line, returns items and may undo; the
 * supplier order follows (DELIVERED once every line is in, back when not) and so does the order's
 * history. Quantities are never negative nor more than ordered/delivered; a confirmed delivery is
 * not confirmed twice.
 */

let t: TestApp;
let customerId: string;
let tenantId: string;
let alpha: string;
let articleA: string;
let articleB: string;
const SUPPLIER_USER = 'supplier@demo.test';
// A supplier's user acts for no company: they name none (X-Customer-Id would be NoAccessToCustomer).
const as = (email: string) => (email === SUPPLIER_USER ? { as: email } : { as: email, customerId });

interface Placed { id: string; orderNumber: string; so: { id: string; gcsNumber: string }; lines: { id: string; quantity: number; articleNumberSupplier: string }[] }

/** An approved order of the buyer from alpha (3 of A, 2 of B), its supplier order sent and confirmed by the supplier. */
async function placed(send = true): Promise<Placed> {
  ok(await t.call('PUT', '/api/v2/transporters/update', { ...as('buyer@demo.test'), body: { transporter: { transporterLines: [line(articleA, 3), line(articleB, 2)] } } }));
  const order = ok(await t.call('POST', '/api/v2/orders/transporter', { ...as('buyer@demo.test'), body: {} })).result;
  ok(await t.call('PATCH', `/api/v2/orders/${order.id}/validate`, { ...as('manager@demo.test'), body: { approve: true } }));
  const so = await t.db.selectFrom('supplierOrders').select(['id', 'gcsNumber']).where('orderId', '=', order.id).executeTakeFirstOrThrow();
  if (send) {
    for (const status of ['WAITFORORDERRESPONSE', 'WAITFORDELIVERY']) {
      ok(await t.call('POST', '/api/supplier-orders/addFollowUp', { ...as(SUPPLIER_USER), body: { dto: { supplierOrderId: so.id, status } } }));
    }
  }
  const lines = await t.db.selectFrom('supplierOrderLines').select(['id', 'quantity', 'articleNumberSupplier']).where('supplierOrderId', '=', so.id).orderBy('lineNumber').execute();
  return { id: order.id, orderNumber: order.orderNumber, so: { id: so.id, gcsNumber: String(so.gcsNumber) }, lines: lines.map((l) => ({ id: l.id, quantity: Number(l.quantity), articleNumberSupplier: String(l.articleNumberSupplier) })) };
}
const create = (email: string, soId: string, body: Record<string, unknown> = {}) => t.call('POST', `/api/v2/supplier-orders/${soId}/deliveries`, { ...as(email), body });
const confirm = (email: string, body: Record<string, unknown>) => t.call('PATCH', '/api/deliveries/confirm', { ...as(email), body });
const returnItems = (email: string, body: Record<string, unknown>) => t.call('PATCH', '/api/deliveries/return-items', { ...as(email), body });
const undo = (email: string, id: string) => t.call('PATCH', `/api/deliveries/undo-confirm/${id}`, { ...as(email), body: {} });
const soStatus = async (id: string) => (await t.db.selectFrom('supplierOrders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const soLines = (id: string) => t.db.selectFrom('supplierOrderLines').select(['quantityToBeDelivered', 'despatchQuantity']).where('supplierOrderId', '=', id).orderBy('lineNumber').execute();
const historyOf = async (orderId: string) => (ok(await t.call('GET', `/api/v2/orders/${orderId}/history`, as('manager@demo.test'))).result as { action: string; reason: string | null }[]);
const count = async (email: string, query = '') => ok(await t.call('GET', `/api/deliveries/to-approve-count${query}`, as(email))).result.count as number;

beforeAll(async () => {
  t = await startTestApp();
  tenantId = await t.tenantId();
  [customerId] = await t.customerIds();
  const customer = await t.db.selectFrom('customers').select('features').where('id', '=', customerId).executeTakeFirstOrThrow();
  const features = (typeof customer.features === 'string' ? JSON.parse(customer.features) : customer.features ?? []) as string[];
  await t.db.updateTable('customers').set({ features: JSON.stringify([...features.filter((f) => f !== 'budgets'), 'deliveries']), financeApprovalThreshold: null } as never)
    .where('id', '=', customerId).execute();
  alpha = await makeSupplier(t, { name: 'Alpha Levering NV' });
  articleA = await makeArticle(t, { supplierId: alpha, price: '10.00', stock: null });
  articleB = await makeArticle(t, { supplierId: alpha, price: '5.00', stock: null });
  await t.db.updateTable('users').set({ supplierIds: JSON.stringify([alpha]) } as never).where('tenantId', '=', tenantId).where('email', '=', SUPPLIER_USER).execute();
  await t.db.updateTable('customerDepartments').set({ validatorUserId: (await t.db.selectFrom('users').select('id').where('tenantId', '=', tenantId).where('email', '=', 'manager@demo.test').executeTakeFirstOrThrow()).id })
    .where('customerId', '=', customerId).execute();
});
afterAll(async () => { await t?.close(); });

describe('announcing a delivery (POST /v2/supplier-orders/{id}/deliveries, /admin/deliveries/create-for-supplierorder)', () => {
  test("the supplier's user announces some lines; at most what each still waits for; the order's history records it", async () => {
    const p = await placed();
    const made = ok(await create(SUPPLIER_USER, p.so.id, { expectedDate: '2030-01-15', trackingLink: 'https://track.example/1', deliveryNoteNumber: 'LB-2030-0042', lines: [{ supplierOrderLineId: p.lines[0]!.id, amount: 2 }] })).result;
    expect(made).toMatchObject({ status: 'toApprove', deliveryNumber: `${p.so.gcsNumber}-L1`, gcsNumber: p.so.gcsNumber, orderNumber: p.orderNumber, supplierId: alpha, expectedDate: '2030-01-15', trackingLink: 'https://track.example/1', deliveryNoteNumber: 'LB-2030-0042' });
    expect(made.lines).toEqual([expect.objectContaining({ ordered: 3, toDeliver: 3, supplierConfirmed: 2, delivered: null, returned: 0 })]);
    expect(await soLines(p.so.id)).toEqual([{ quantityToBeDelivered: 1, despatchQuantity: 2 }, { quantityToBeDelivered: 2, despatchQuantity: 0 }]);
    // More than the line still waits for (3 ordered, 2 announced), a line of another supplier order, nothing, a negative amount.
    const over = fails(await create(SUPPLIER_USER, p.so.id, { lines: [{ supplierOrderLineId: p.lines[0]!.id, amount: 2 }] }), 400, 'validationFailed');
    expect(over.details).toEqual([expect.objectContaining({ path: 'lines.0.amount', rule: 'maxValue' })]);
    const other = await placed();
    expect(fails(await create(SUPPLIER_USER, p.so.id, { lines: [{ supplierOrderLineId: other.lines[0]!.id, amount: 1 }] }), 400, 'validationFailed').details?.[0]?.path).toBe('lines.0.supplierOrderLineId');
    expect(fails(await create(SUPPLIER_USER, p.so.id, { lines: [{ supplierOrderLineId: p.lines[1]!.id, amount: -1 }] }), 400, 'validationFailed').details?.[0]?.path).toBe('lines.0.amount');
    fails(await create(SUPPLIER_USER, p.so.id, { expectedDate: '2030-02-31' }), 400, 'validationFailed');
    expect(await t.db.selectFrom('deliveries').select('id').where('supplierOrderId', '=', p.so.id).execute()).toHaveLength(1);
    // Without lines: everything still waited for.
    const rest = ok(await create(SUPPLIER_USER, p.so.id)).result;
    expect(rest.lines.map((l: { supplierConfirmed: number }) => l.supplierConfirmed)).toEqual([1, 2]);
    fails(await create(SUPPLIER_USER, p.so.id), 409, 'NothingToDeliver');
    const history = await historyOf(p.id);
    expect(history.filter((h) => h.action === 'deliveryCreated').map((h) => h.reason)).toEqual([`${p.so.gcsNumber}-L1`, `${p.so.gcsNumber}-L2`]);
  });

  test('only its supplier or a platform admin announces, and only once the supplier has the order', async () => {
    const unsent = await placed(false);
    fails(await create(SUPPLIER_USER, unsent.so.id), 409, 'NothingToDeliver');
    fails(await create('buyer@demo.test', unsent.so.id), 403, 'UnauthorizedRole');
    fails(await create(SUPPLIER_USER, '00000000-0000-4000-8000-000000000000'), 404, 'SupplierOrderNotFound');
    const p = await placed();
    fails(await create('manager@demo.test', p.so.id), 403, 'UnauthorizedRole');
    const viaAdmin = ok(await t.call('POST', '/api/admin/deliveries/create-for-supplierorder', { as: 'admin@demo.test', body: { dto: { supplierOrderId: p.so.id, lines: [{ supplierOrderLineId: p.lines[1]!.id, amount: 1 }] } } })).result;
    expect(viaAdmin).toMatchObject({ status: 'toApprove', customerId });
    fails(await t.call('POST', '/api/admin/deliveries/create-for-supplierorder', { ...as('manager@demo.test'), body: { dto: { supplierOrderId: p.so.id } } }), 403, 'forbiddenAccess');
  });
});

describe('reading deliveries (GET /deliveries, by-id, by-gcs-number, to-approve-count, /v2/orders/{id}/deliveries, admin query)', () => {
  test('the filters of core §3 and who sees what', async () => {
    const p = await placed();
    const d = ok(await create(SUPPLIER_USER, p.so.id)).result;
    const list = async (email: string, query: string) => (ok(await t.call('GET', `/api/deliveries?page=1&pageSize=100&${query}`, as(email))).items as { id: string }[]).map((x) => x.id);
    expect(await list('manager@demo.test', `gcsNumber=${encodeURIComponent(p.so.gcsNumber)}`)).toEqual([d.id]);
    expect(await list('manager@demo.test', `orderNumber=${encodeURIComponent(p.orderNumber)}&deliveryStatus=toApprove&supplierId=${alpha}`)).toEqual([d.id]);
    expect(await list('manager@demo.test', `deliveryID=${encodeURIComponent(d.deliveryNumber)}`)).toEqual([d.id]);
    expect(await list('manager@demo.test', `gcsNumber=${encodeURIComponent(p.so.gcsNumber)}&deliveryStatus=approved`)).toEqual([]);
    expect(await list('manager@demo.test', `gcsNumber=${encodeURIComponent(p.so.gcsNumber)}&deliveryStatus=All`)).toEqual([d.id]);
    fails(await t.call('GET', '/api/deliveries?deliveryStatus=nonsense', as('manager@demo.test')), 400, 'validationFailed');
    fails(await t.call('GET', '/api/deliveries?dueDateFilter=tomorrow', as('manager@demo.test')), 400, 'validationFailed');
    // The buyer placed the order: theirs. Another buyer's order is not.
    expect(await list('buyer@demo.test', `gcsNumber=${encodeURIComponent(p.so.gcsNumber)}`)).toEqual([d.id]);
    await t.db.updateTable('deliveries').set({ orderedById: null }).where('id', '=', d.id).execute();
    expect(await list('buyer@demo.test', `gcsNumber=${encodeURIComponent(p.so.gcsNumber)}`)).toEqual([]);
    fails(await t.call('GET', `/api/deliveries/by-id?id=${d.id}`, as('buyer@demo.test')), 404, 'DeliveryNotFound');
    await t.db.updateTable('deliveries').set({ orderedById: (await t.db.selectFrom('orders').select('orderedById').where('id', '=', p.id).executeTakeFirstOrThrow()).orderedById }).where('id', '=', d.id).execute();

    const one = ok(await t.call('GET', `/api/deliveries/by-id?id=${d.id}&customerId=${customerId}`, as('buyer@demo.test'))).result;
    expect(one).toMatchObject({ id: d.id, mayConfirm: true, mayUndo: false, mayReturn: false, mayOpenOrder: true });
    expect(one.lines).toHaveLength(2);
    expect(ok(await t.call('GET', `/api/deliveries/by-id?id=${d.id}`, { as: SUPPLIER_USER })).result).toMatchObject({ mayConfirm: false, mayUpdate: true, mayOpenOrder: false });
    fails(await t.call('GET', '/api/deliveries/by-id?id=not-an-id', as('manager@demo.test')), 404, 'DeliveryNotFound');
    const byNumber = ok(await t.call('GET', `/api/deliveries/by-gcs-number?gcsNumber=${encodeURIComponent(p.so.gcsNumber)}`, as('manager@demo.test'))).result;
    expect(byNumber.items.map((x: { id: string }) => x.id)).toEqual([d.id]);
    expect(ok(await t.call('GET', `/api/v2/orders/${p.id}/deliveries`, as('manager@demo.test'))).result.map((x: { id: string }) => x.id)).toEqual([d.id]);
    fails(await t.call('GET', '/api/v2/orders/00000000-0000-4000-8000-000000000000/deliveries', as('manager@demo.test')), 404, 'OrderNotFound');
    const admin = ok(await t.call('POST', '/api/admin/deliveries/query', { as: 'admin@demo.test', body: { query: { gcsNumber: p.so.gcsNumber } } })).result;
    expect(admin.items.map((x: { id: string }) => x.id)).toEqual([d.id]);
    expect(ok(await t.call('GET', `/api/admin/deliveries/${d.id}`, { as: 'admin@demo.test' })).result.id).toBe(d.id);
  });

  test('to-approve-count counts what waits for a confirmation; without the deliveries feature the calls are refused', async () => {
    const before = await count('manager@demo.test');
    const p = await placed();
    ok(await create(SUPPLIER_USER, p.so.id, { expectedDate: '2031-06-01' }));
    expect(await count('manager@demo.test')).toBe(before + 1);
    expect(await count('manager@demo.test', '?dateFilter=2031-06-01') - await count('manager@demo.test', '?dateFilter=2031-05-31')).toBe(1);
    fails(await t.call('GET', '/api/deliveries/to-approve-count?dateFilter=soon', as('manager@demo.test')), 400, 'validationFailed');
    const features = await t.db.selectFrom('customers').select('features').where('id', '=', customerId).executeTakeFirstOrThrow();
    const list = (typeof features.features === 'string' ? JSON.parse(features.features) : features.features) as string[];
    await t.db.updateTable('customers').set({ features: JSON.stringify(list.filter((f) => f !== 'deliveries')) } as never).where('id', '=', customerId).execute();
    try {
      fails(await t.call('GET', '/api/deliveries', as('manager@demo.test')), 403, 'forbiddenAccess');
      fails(await t.call('GET', '/api/deliveries/to-approve-count', as('manager@demo.test')), 403, 'forbiddenAccess');
      const d = await t.db.selectFrom('deliveries').select('id').where('supplierOrderId', '=', p.so.id).executeTakeFirstOrThrow();
      fails(await t.call('GET', `/api/deliveries/by-id?id=${d.id}`, as('manager@demo.test')), 404, 'DeliveryNotFound');
    } finally {
      await t.db.updateTable('customers').set({ features: JSON.stringify(list) } as never).where('id', '=', customerId).execute();
    }
  });
});

describe('confirming, returning and undoing (PATCH /deliveries/confirm, /return-items, /undo-confirm/{id})', () => {
  test('a damaged line leaves it approved with the problem on the line; the supplier order is DELIVERED once every line is in; a confirmed delivery is not confirmed twice', async () => {
    const p = await placed();
    const first = ok(await create(SUPPLIER_USER, p.so.id, { lines: [{ supplierOrderLineId: p.lines[0]!.id, amount: 3 }] })).result;
    // More than ordered, a line of another delivery, negative: refused, nothing changes.
    const too = fails(await confirm('buyer@demo.test', { id: first.id, lines: [{ id: first.lines[0].id, delivered: 4 }] }), 400, 'validationFailed');
    expect(too.details).toEqual([expect.objectContaining({ path: 'lines.0.delivered', rule: 'maxValue' })]);
    fails(await confirm('buyer@demo.test', { id: first.id, lines: [{ id: first.lines[0].id, delivered: -1 }] }), 400, 'validationFailed');
    fails(await confirm('buyer@demo.test', { id: first.id, lines: [{ id: '00000000-0000-4000-8000-000000000000', delivered: 1 }] }), 400, 'validationFailed');
    fails(await confirm('buyer@demo.test', { id: first.id, lines: [{ id: first.lines[0].id, delivered: 1, problemType: 'broken' }] }), 400, 'validationFailed');
    expect((await t.db.selectFrom('deliveries').select('status').where('id', '=', first.id).executeTakeFirstOrThrow()).status).toBe('toApprove');
    // The buyer who ordered confirms: all three arrived, one damaged.
    const done = ok(await confirm('buyer@demo.test', { id: first.id, lines: [{ id: first.lines[0].id, delivered: 3, problemType: 'damagedItems', remark: 'Doos ingedeukt' }] })).result;
    expect(done).toMatchObject({ status: 'approved', approvedById: expect.any(String), approvedByName: expect.any(String), autoApproved: false, deliveryDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(done.lines[0]).toMatchObject({ delivered: 3, returned: 0, problemType: 'damagedItems', remark: 'Doos ingedeukt' });
    fails(await confirm('manager@demo.test', { id: first.id }), 409, 'DeliveryAlreadyConfirmed');
    expect(await soStatus(p.so.id)).toBe('WAITFORDELIVERY');
    // The second line arrives as announced: everything is in.
    const second = ok(await create(SUPPLIER_USER, p.so.id)).result;
    expect(ok(await confirm('manager@demo.test', { id: second.id })).result).toMatchObject({ status: 'approved' });
    expect(await soStatus(p.so.id)).toBe('DELIVERED');
    expect(await soLines(p.so.id)).toEqual([{ quantityToBeDelivered: 0, despatchQuantity: 3 }, { quantityToBeDelivered: 0, despatchQuantity: 2 }]);
    const history = await historyOf(p.id);
    expect(history.filter((h) => h.action === 'deliveryConfirmed').map((h) => h.reason)).toEqual([first.deliveryNumber, second.deliveryNumber]);
    // The supplier order's move to DELIVERED follows from the confirmation: a status change, not the supplier's response.
    expect(history.filter((h) => h.reason?.endsWith('→ DELIVERED')).map((h) => h.action)).toEqual(['statusChanged']);

    // Returning the damaged one: never more than arrived; the supplier order waits again.
    const over = fails(await returnItems('buyer@demo.test', { id: first.id, lines: [{ id: first.lines[0].id, amount: 4 }] }), 400, 'validationFailed');
    expect(over.details).toEqual([expect.objectContaining({ path: 'lines.0.amount', rule: 'maxValue' })]);
    fails(await returnItems('buyer@demo.test', { id: first.id, lines: [{ id: first.lines[0].id, amount: 0 }] }), 400, 'validationFailed');
    const returned = ok(await returnItems('buyer@demo.test', { id: first.id, lines: [{ id: first.lines[0].id, amount: 1, problemType: 'damagedItems' }] })).result;
    expect(returned).toMatchObject({ status: 'approved' });
    expect(returned.lines[0]).toMatchObject({ delivered: 3, returned: 1, problemType: 'damagedItems' });
    expect(await soStatus(p.so.id)).toBe('WAITFORDELIVERY');
    expect((await soLines(p.so.id))[0]).toEqual({ quantityToBeDelivered: 1, despatchQuantity: 3 });
    fails(await returnItems('buyer@demo.test', { id: first.id, lines: [{ id: first.lines[0].id, amount: 3 }] }), 400, 'validationFailed');
    expect((await historyOf(p.id)).filter((h) => h.action === 'deliveryItemsReturned').map((h) => h.reason)).toEqual([`${first.deliveryNumber}: 1 × ${p.lines[0]!.articleNumberSupplier}`]);
    // The replacement comes in a third delivery.
    const third = ok(await create(SUPPLIER_USER, p.so.id)).result;
    expect(third.lines).toEqual([expect.objectContaining({ supplierConfirmed: 1 })]);
    ok(await confirm('manager@demo.test', { id: third.id }));
    expect(await soStatus(p.so.id)).toBe('DELIVERED');
  });

  test('undo: the company admins and validators (not the buyer), back to toApprove, the supplier order back to WAITFORDELIVERY', async () => {
    const p = await placed();
    const d = ok(await create(SUPPLIER_USER, p.so.id)).result;
    fails(await undo('manager@demo.test', d.id), 409, 'DeliveryNotConfirmed');
    fails(await returnItems('manager@demo.test', { id: d.id, lines: [{ id: d.lines[0].id, amount: 1 }] }), 409, 'DeliveryNotConfirmed');
    fails(await confirm(SUPPLIER_USER, { id: d.id }), 403, 'UnauthorizedRole');
    ok(await confirm('buyer@demo.test', { id: d.id }));
    expect(await soStatus(p.so.id)).toBe('DELIVERED');
    fails(await undo('buyer@demo.test', d.id), 403, 'UnauthorizedRole');
    const undone = ok(await undo('manager@demo.test', d.id)).result;
    expect(undone).toMatchObject({ status: 'toApprove', approvedAt: null, approvedById: null });
    expect(undone.lines.map((l: { delivered: number | null; returned: number }) => [l.delivered, l.returned])).toEqual([[null, 0], [null, 0]]);
    expect(await soStatus(p.so.id)).toBe('WAITFORDELIVERY');
    fails(await undo('manager@demo.test', d.id), 409, 'DeliveryNotConfirmed');
    expect((await historyOf(p.id)).map((h) => h.action).filter((a) => a.startsWith('delivery'))).toEqual(['deliveryCreated', 'deliveryConfirmed', 'deliveryConfirmationUndone']);
    // Confirmed again by the platform admin.
    expect(ok(await t.call('PATCH', '/api/deliveries/confirm', { as: 'admin@demo.test', body: { id: d.id } })).result.status).toBe('approved');
    expect(await soStatus(p.so.id)).toBe('DELIVERED');
  });

  test('PUT /deliveries/{id}/update changes a delivery that waits, by its supplier or company; not once confirmed', async () => {
    const p = await placed();
    const d = ok(await create(SUPPLIER_USER, p.so.id)).result;
    const put = (email: string, body: Record<string, unknown>) => t.call('PUT', `/api/deliveries/${d.id}/update`, { ...as(email), body });
    expect(ok(await put(SUPPLIER_USER, { expectedDate: '2030-03-01', trackingLink: 'https://track.example/9', deliveryNoteNumber: ' LB-77 ' })).result).toMatchObject({ expectedDate: '2030-03-01', trackingLink: 'https://track.example/9', deliveryNoteNumber: 'LB-77' });
    fails(await put(SUPPLIER_USER, { deliveryNoteNumber: 'x'.repeat(101) }), 400, 'validationFailed');
    fails(await put(SUPPLIER_USER, { trackingLink: 'javascript:alert(1)' }), 400, 'validationFailed');
    fails(await put(SUPPLIER_USER, { status: 'approved' }), 400, 'validationFailed');
    fails(await put('manager@demo.test', { remark: 'a\u0000b' }), 400, 'validationFailed');
    expect(ok(await put('manager@demo.test', { remark: 'Levering aan achterdeur' })).result.remark).toBe('Levering aan achterdeur');
    ok(await confirm('manager@demo.test', { id: d.id }));
    fails(await put('manager@demo.test', { remark: 'Te laat' }), 409, 'DeliveryAlreadyConfirmed');
  });
});

describe('flows §4 delivery statuses: toApprove and approved only', () => {
  test('a short line: the delivery is approved, the problem stays on the line, the rest stays open on the supplier order and is announced later', async () => {
    const p = await placed();
    const d = ok(await create(SUPPLIER_USER, p.so.id, { lines: [{ supplierOrderLineId: p.lines[0]!.id, amount: 3 }, { supplierOrderLineId: p.lines[1]!.id, amount: 2 }] })).result;
    const line0 = d.lines.find((l: { supplierOrderLineId: string }) => l.supplierOrderLineId === p.lines[0]!.id);
    // Two of the three arrived; nothing is said about why: notRightAmount.
    const done = ok(await confirm('buyer@demo.test', { id: d.id, lines: [{ id: line0.id, delivered: 2 }] })).result;
    expect(done.status).toBe('approved');
    expect(done.lines.find((l: { id: string }) => l.id === line0.id)).toMatchObject({ delivered: 2, problemType: 'notRightAmount' });
    expect(await soStatus(p.so.id)).toBe('WAITFORDELIVERY');
    expect((await soLines(p.so.id))[0]!.quantityToBeDelivered).toBe(1);
    // The spec's filter finds it; the count of what waits does not.
    const approved = ok(await t.call('GET', `/api/deliveries?page=1&pageSize=100&gcsNumber=${encodeURIComponent(p.so.gcsNumber)}&deliveryStatus=approved`, as('manager@demo.test'))).items as { id: string }[];
    expect(approved.map((x) => x.id)).toEqual([d.id]);
    fails(await t.call('GET', '/api/deliveries?deliveryStatus=partlyApproved', as('manager@demo.test')), 400, 'validationFailed');
    const rest = ok(await create(SUPPLIER_USER, p.so.id)).result;
    expect(rest.lines).toEqual([expect.objectContaining({ supplierOrderLineId: p.lines[0]!.id, supplierConfirmed: 1 })]);
    ok(await confirm('buyer@demo.test', { id: rest.id }));
    expect(await soStatus(p.so.id)).toBe('DELIVERED');
  });

  test('the migration makes every partlyApproved delivery approved and keeps its problems', async () => {
    const p = await placed();
    const d = ok(await create(SUPPLIER_USER, p.so.id)).result;
    ok(await confirm('buyer@demo.test', { id: d.id, problemType: 'other', remark: 'Doos open', lines: [{ id: d.lines[0].id, delivered: 1, problemType: 'damagedItems', remark: 'Kapot' }] }));
    // As the old server wrote it.
    await t.db.updateTable('deliveries').set({ status: 'partlyApproved' } as never).where('id', '=', d.id).execute();
    const { readFileSync } = await import('node:fs');
    const { sql } = await import('kysely');
    await sql.raw(readFileSync('src/server/db/after/0006_delivery_status_approved.sql', 'utf8')).execute(t.db);
    const after = ok(await t.call('GET', `/api/deliveries/by-id?id=${d.id}`, as('manager@demo.test'))).result;
    expect(after).toMatchObject({ status: 'approved', problemType: 'other', remark: 'Doos open', mayUndo: true, mayReturn: true });
    expect(after.lines[0]).toMatchObject({ delivered: 1, problemType: 'damagedItems', remark: 'Kapot' });
    expect(await t.db.selectFrom('deliveries').select('id').where('status', '=', 'partlyApproved' as never).execute()).toEqual([]);
  });
});
