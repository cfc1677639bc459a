import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { featuresOf, line, makeArticle, makeSupplier, setFeatures, stockOf } from './basket-helpers';
import { permissionsForRoles } from '../../src/shared/access';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * Changing an order after it was placed (flows §3, §4, §5, §7): its data (PATCH /v2/orders/{id}),
 * a line's amount and a removed line (PUT and DELETE /v2/order-lines/{id}), locking its
 * transactions (PATCH /v2/orders/{id}/lock-transactions) and the older calls (POST /orders/id,
 * /orders/orderLines, /orders/validate, /orders/waiting-payment). Every refusal changes nothing.
 */

let t: TestApp;
let tenantId: string;
let customerId: string;
let otherCustomerId: string;
let supplier: string;
let cheap: string;
let stocked: string;
let minimum: string;
let department: string;
let otherDepartment: string;
let baseFeatures: string[];
const OTHER_BUYER = 'edits-other-buyer@demo.test';
const COLLEAGUE = 'edits-colleague@demo.test';

async function addUser(email: string, roles: string[], customer = customerId): Promise<string> {
  const user = await t.db.insertInto('users').values({ tenantId, email, displayname: email.split('@')[0], userType: 3, active: true } as never)
    .returning('id').executeTakeFirstOrThrow();
  await t.db.insertInto('customerAccesses').values({
    tenantId, userId: user.id, customerId: customer, active: true, roles: JSON.stringify(roles), permissions: JSON.stringify(permissionsForRoles(roles)), departmentIds: JSON.stringify([]),
  } as never).execute();
  return user.id as string;
}

const as = (email: string, customer = customerId) => ({ as: email, customerId: customer });
type Line = { id: string; amount: number; totalLineCostExcl: string; totalLineCostIncl: string; supplierArticleId: string; lineNumber: number; budgetId: string | null };
type Order = { id: string; orderNumber: string; status: string; orderLines: Line[]; totalProductCostExcl: string; totalProductCostIncl: string; shippingCost: string; totalCost: string; [k: string]: unknown };

/** An order of `who` with these lines ([article, amount]). */
async function order(lines: [string, number][], who = 'buyer@demo.test', customer = customerId): Promise<Order> {
  ok(await t.call('PUT', '/api/v2/transporters/update', { ...as(who, customer), body: { transporter: { transporterLines: lines.map(([a, n]) => line(a, n)) } } }));
  return ok(await t.call('POST', '/api/v2/orders/transporter', { ...as(who, customer), body: {} })).result;
}
const get = async (id: string, who = 'manager@demo.test') => ok(await t.call('GET', `/api/v2/orders/${id}`, as(who))).result as Order;
const patch = (id: string, body: unknown, who = 'buyer@demo.test') => t.call('PATCH', `/api/v2/orders/${id}`, { ...as(who), body });
const putLine = (id: string, amount: unknown, who = 'buyer@demo.test', customer = customerId) =>
  t.call('PUT', `/api/v2/order-lines/${id}?customerId=${customer}`, { as: who, body: { id, amount } });
const deleteLine = (id: string, who = 'buyer@demo.test') => t.call('DELETE', `/api/v2/order-lines/${id}?customerId=${customerId}`, { as: who });
const history = async (id: string) => ok(await t.call('GET', `/api/v2/orders/${id}/history`, as('manager@demo.test'))).result as { action: string; reason: string | null }[];
const row = async (id: string) => t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const spentOf = async (id: string) => (await t.db.selectFrom('suppliers').select('budgetSpent').where('id', '=', id).executeTakeFirstOrThrow()).budgetSpent;
const approve = async (id: string) => ok(await t.call('PATCH', `/api/v2/orders/${id}/validate`, { ...as('manager@demo.test'), body: { approve: true } }));

beforeAll(async () => {
  t = await startTestApp();
  tenantId = await t.tenantId();
  [customerId, otherCustomerId] = await t.customerIds();
  baseFeatures = (await featuresOf(t, customerId)).filter((f) => f !== 'budgets' && f !== 'labels');
  await setFeatures(t, customerId, baseFeatures);
  await t.db.updateTable('customers').set({ financeApprovalThreshold: null } as never).where('id', '=', customerId).execute();
  // EUR 5 shipping, free from EUR 100 excl. VAT: a change of amounts crosses the threshold.
  supplier = await makeSupplier(t, { name: 'Wijziging NV', shippingCost: '5.00', freeShippingFrom: '100.00' });
  cheap = await makeArticle(t, { supplierId: supplier, price: '10.00', stock: null });
  stocked = await makeArticle(t, { supplierId: supplier, price: '20.00', stock: 10 });
  minimum = await makeArticle(t, { supplierId: supplier, price: '1.00', minOrderQuant: 5, stock: null });
  await addUser(OTHER_BUYER, ['user']);
  await addUser(COLLEAGUE, ['user']);
  department = (await t.db.insertInto('customerDepartments').values({ tenantId, customerId, name: 'Inkoop' } as never).returning('id').executeTakeFirstOrThrow()).id as string;
  otherDepartment = (await t.db.insertInto('customerDepartments').values({ tenantId, customerId, name: 'Logistiek' } as never).returning('id').executeTakeFirstOrThrow()).id as string;
  const buyer = await t.userId('buyer@demo.test');
  await t.db.updateTable('customerAccesses').set({ departmentIds: JSON.stringify([department]) } as never)
    .where('userId', '=', buyer).where('customerId', '=', customerId).execute();
});
afterAll(async () => { await t?.close(); });

describe('PATCH /v2/orders/{id}: the order data', () => {
  test('whoever placed it changes about, department and project; the history says what changed', async () => {
    const o = await order([[cheap, 1]]);
    const changed = ok(await patch(o.id, { about: 'Kantoor Gent', departmentId: department })).result;
    expect(changed).toMatchObject({ about: 'Kantoor Gent', departmentId: department });
    expect(changed.decisions).toMatchObject({ edit: true, assign: false, labels: false, editLines: true, split: false, lockTransactions: false, duplicate: true });
    const entry = (await history(o.id)).find((h) => h.action === 'updated')!;
    expect(entry.reason).toContain('"Kantoor Gent"');
    expect(entry.reason).toContain('→ Inkoop');
    // The same values again change nothing and record nothing.
    ok(await patch(o.id, { about: 'Kantoor Gent' }));
    expect((await history(o.id)).filter((h) => h.action === 'updated')).toHaveLength(1);
  });

  test('a department the orderer is not a member of is refused (NotDepartmentMember), one of another customer too; nothing changes', async () => {
    const o = await order([[cheap, 1]]);
    const refused = fails(await patch(o.id, { departmentId: otherDepartment, about: 'Niet bewaard' }), 400, 'NotDepartmentMember');
    expect(refused.details?.[0]).toMatchObject({ path: 'departmentId' });
    // A customer admin changing it does not make the orderer a member either.
    fails(await patch(o.id, { departmentId: otherDepartment }, 'manager@demo.test'), 400, 'NotDepartmentMember');
    const foreign = (await t.db.insertInto('customerDepartments').values({ tenantId, customerId: otherCustomerId, name: 'Elders' } as never).returning('id').executeTakeFirstOrThrow()).id;
    fails(await patch(o.id, { departmentId: foreign }), 400, 'validationFailed');
    expect(await row(o.id)).toMatchObject({ departmentId: null, about: null });
  });

  test('about changes until the order is final (OrderIsFinal); labels and the follow-up user also after, by the company\'s order readers', async () => {
    await setFeatures(t, customerId, [...baseFeatures, 'labels']);
    try {
      const o = await order([[cheap, 1]]);
      await approve(o.id);
      fails(await patch(o.id, { about: 'Te laat' }), 409, 'OrderIsFinal');
      fails(await patch(o.id, { labels: ['x'] }), 403, 'UnauthorizedRole');
      const finance = ok(await patch(o.id, { labels: [' Dringend ', 'dringend', 'Q3'] }, 'finance@demo.test')).result;
      expect(finance.labels).toEqual(['Dringend', 'Q3']);
      expect(finance.decisions).toMatchObject({ edit: false, labels: true, assign: true, editLines: false });
      expect(await row(o.id)).toMatchObject({ about: null });
    } finally {
      await setFeatures(t, customerId, baseFeatures);
    }
  });

  test('labels need the labels feature (forbiddenAccess)', async () => {
    const o = await order([[cheap, 1]]);
    fails(await patch(o.id, { labels: ['A'] }, 'manager@demo.test'), 403, 'forbiddenAccess');
    expect((await row(o.id)).labels).toEqual([]);
  });

  test('the follow-up user is a user of the company; adding, changing and removing are in the history', async () => {
    const o = await order([[cheap, 1]]);
    const colleague = await t.userId(COLLEAGUE);
    const finance = await t.userId('finance@demo.test');
    fails(await patch(o.id, { assignedToId: colleague }), 403, 'UnauthorizedRole');
    // The picker's list: the company's users, for those who choose them.
    fails(await t.call('GET', '/api/v2/orders/assignees', as('buyer@demo.test')), 403, 'UnauthorizedRole');
    const picker = ok(await t.call('GET', '/api/v2/orders/assignees', as('finance@demo.test'))).result as { id: string }[];
    expect(picker.map((u) => u.id)).toEqual(expect.arrayContaining([colleague, finance]));
    const stranger = (await t.db.insertInto('users').values({ tenantId, email: 'edits-stranger@demo.test', displayname: 'Stranger', userType: 3, active: true } as never)
      .returning('id').executeTakeFirstOrThrow()).id as string;
    fails(await patch(o.id, { assignedToId: stranger }, 'manager@demo.test'), 404, 'UserNotFound');
    expect((await row(o.id)).assignedToId).toBeNull();
    expect(ok(await patch(o.id, { assignedToId: colleague }, 'manager@demo.test')).result.assignedToId).toBe(colleague);
    ok(await patch(o.id, { assignedToId: finance }, 'manager@demo.test'));
    ok(await patch(o.id, { assignedToId: null }, 'manager@demo.test'));
    expect((await row(o.id)).assignedToId).toBeNull();
    // Entries of one change share its moment, so only their set is compared.
    const entries = (await history(o.id)).filter((h) => h.action.startsWith('assignee')).map((h) => `${h.action} ${h.reason}`);
    expect(entries.sort()).toEqual(['assigneeAdded Fien Finance', 'assigneeAdded edits-colleague', 'assigneeRemoved Fien Finance', 'assigneeRemoved edits-colleague']);
  });

  test("another buyer's order is not found", async () => {
    const o = await order([[cheap, 1]]);
    fails(await patch(o.id, { about: 'Niet van mij' }, OTHER_BUYER), 404, 'OrderNotFound');
  });
});

describe('PUT and DELETE /v2/order-lines/{id}', () => {
  test('a new amount recomputes the line, the order and its shipping, moves the stock and the supplier budget; the history says "Aantal 2 → 5"', async () => {
    const o = await order([[stocked, 2], [cheap, 1]]);
    expect(o).toMatchObject({ totalProductCostExcl: '50.00', shippingCost: '5.00' });
    expect(await stockOf(t, stocked)).toBe(8);
    const spent = Number(await spentOf(supplier));
    const changed = ok(await putLine(o.orderLines[0]!.id, 5)).result as Order;
    expect(changed.orderLines[0]).toMatchObject({ amount: 5, totalLineCostExcl: '100.00', totalLineCostIncl: '121.00' });
    // From EUR 100 shipping is free: EUR 110 of products, no shipping, 121 + 12.10 incl. VAT.
    expect(changed).toMatchObject({ totalProductCostExcl: '110.00', totalProductCostIncl: '133.10', shippingCost: '0.00', shippingCostVat: '0.00', totalCost: '133.10' });
    expect(await stockOf(t, stocked)).toBe(5);
    expect(Number(await spentOf(supplier))).toBeCloseTo(spent + 110 - 55, 2);
    expect((await history(o.id)).find((h) => h.action === 'lineUpdated')?.reason).toMatch(/: Aantal 2 → 5$/);
    const back = ok(await putLine(o.orderLines[0]!.id, 1)).result as Order;
    expect(back).toMatchObject({ totalProductCostExcl: '30.00', shippingCost: '5.00' });
    expect(await stockOf(t, stocked)).toBe(9);
  });

  test('below the minimum order quantity, above the stock or not a whole number is refused and changes nothing', async () => {
    const o = await order([[minimum, 5], [stocked, 1]]);
    const before = await stockOf(t, stocked);
    fails(await putLine(o.orderLines[0]!.id, 4), 400, 'BelowMinimumOrderQuantity');
    const tooMany = fails(await putLine(o.orderLines[1]!.id, before! + 2), 400, 'NotEnoughStock');
    expect(tooMany.details?.[0]).toMatchObject({ path: 'amount', rule: 'NotEnoughStock', params: { stock: before! + 1 } });
    fails(await putLine(o.orderLines[1]!.id, 0), 400, 'InvalidQuantity');
    fails(await putLine(o.orderLines[1]!.id, 1.5), 400, 'InvalidQuantity');
    // The line's own amount counts as available: all of the stock plus what it holds is allowed.
    ok(await putLine(o.orderLines[1]!.id, before! + 1));
    expect(await stockOf(t, stocked)).toBe(0);
    ok(await putLine(o.orderLines[1]!.id, 1));
    expect((await get(o.id)).orderLines.map((l) => l.amount)).toEqual([5, 1]);
  });

  test('more than the tender limit of one supplier is refused (TenderLimitExceeded)', async () => {
    const o = await order([[cheap, 1]]);
    const refused = fails(await putLine(o.orderLines[0]!.id, 3001), 400, 'TenderLimitExceeded');
    expect(refused.details?.[0]).toMatchObject({ path: `suppliers.${supplier}` });
    expect((await get(o.id)).orderLines[0]!.amount).toBe(1);
  });

  test("a line of another order's customer, of another buyer's order or of nothing is not found", async () => {
    const mine = await order([[cheap, 1], [minimum, 5]]);
    const elsewhere = await order([[cheap, 1]], 'manager@demo.test', otherCustomerId);
    fails(await putLine(elsewhere.orderLines[0]!.id, 3, 'manager@demo.test'), 404, 'OrderLineNotFound');
    fails(await putLine(mine.orderLines[0]!.id, 3, OTHER_BUYER), 404, 'OrderLineNotFound');
    fails(await putLine('00000000-0000-4000-8000-000000000000', 3), 404, 'OrderLineNotFound');
    fails(await deleteLine(elsewhere.orderLines[0]!.id, 'manager@demo.test'), 404, 'OrderLineNotFound');
    expect((await t.db.selectFrom('orderLines').select('amount').where('id', '=', elsewhere.orderLines[0]!.id).executeTakeFirstOrThrow()).amount).toBe(1);
  });

  test('lines change before the validator\'s approval only, by whoever placed it or a customer admin or validator', async () => {
    const o = await order([[cheap, 1], [stocked, 1]]);
    fails(await putLine(o.orderLines[0]!.id, 2, 'finance@demo.test'), 403, 'UnauthorizedRole');
    ok(await putLine(o.orderLines[0]!.id, 2, 'manager@demo.test'));
    await approve(o.id);
    fails(await putLine(o.orderLines[0]!.id, 3), 409, 'OrderIsFinal');
    fails(await deleteLine(o.orderLines[1]!.id), 409, 'OrderIsFinal');
    expect((await get(o.id)).decisions).toMatchObject({ editLines: false, split: false });
    await t.db.updateTable('orders').set({ status: 'financeApproval' }).where('id', '=', o.id).execute();
    fails(await putLine(o.orderLines[0]!.id, 3), 409, 'OrderNotInStep');
    expect((await get(o.id)).orderLines.map((l) => l.amount)).toEqual([2, 1]);
  });

  test('removing a line gives its stock back and recomputes the order; the last line stays (LastOrderLineCantBeDeleted)', async () => {
    const o = await order([[cheap, 2], [stocked, 3]]);
    const stock = await stockOf(t, stocked);
    const left = ok(await deleteLine(o.orderLines[1]!.id)).result as Order;
    expect(left.orderLines.map((l) => l.id)).toEqual([o.orderLines[0]!.id]);
    expect(left).toMatchObject({ totalProductCostExcl: '20.00', shippingCost: '5.00' });
    expect(await stockOf(t, stocked)).toBe(stock! + 3);
    expect((await history(o.id)).find((h) => h.action === 'lineDeleted')?.reason).toMatch(/^ART-\d+ × 3$/);
    fails(await deleteLine(o.orderLines[0]!.id), 409, 'LastOrderLineCantBeDeleted');
    expect((await get(o.id)).orderLines).toHaveLength(1);
  });
});

describe('locking the transactions', () => {
  test('customer admins and finance lock; a locked order refuses line changes, splits and budget changes; unlocking opens them again', async () => {
    await setFeatures(t, customerId, [...baseFeatures, 'budgets']);
    try {
      const o = await order([[cheap, 1], [minimum, 5]]);
      fails(await t.call('PATCH', `/api/v2/orders/${o.id}/lock-transactions`, { ...as('buyer@demo.test'), body: {} }), 403, 'UnauthorizedRole');
      const locked = ok(await t.call('PATCH', `/api/v2/orders/${o.id}/lock-transactions`, { ...as('finance@demo.test') })).result;
      expect(locked).toMatchObject({ transactionsLocked: true });
      expect(locked.decisions).toMatchObject({ lockTransactions: true, editLines: false, duplicate: false });
      expect((await get(o.id, 'buyer@demo.test')).decisions).toMatchObject({ editLines: false, split: false, lockTransactions: false });
      fails(await putLine(o.orderLines[0]!.id, 4), 409, 'OrderTransactionsLocked');
      fails(await deleteLine(o.orderLines[0]!.id), 409, 'OrderTransactionsLocked');
      fails(await t.call('POST', `/api/v2/orders/${o.id}/extract-order-lines`, { ...as('buyer@demo.test'), body: { orderLines: [o.orderLines[0]!.id] } }), 409, 'OrderTransactionsLocked');
      const budget = ok(await t.call('POST', '/api/budget-setting/create', { ...as('manager@demo.test'), body: { dto: { name: 'Slot', period: 'monthly', amount: '1000.00' } } })).result.id;
      fails(await t.call('POST', `/api/v2/orders/${o.id}/assign-budget`, { ...as('buyer@demo.test'), body: { budgetId: budget } }), 409, 'OrderTransactionsLocked');
      expect((await get(o.id)).orderLines.map((l) => [l.amount, l.budgetId])).toEqual([[1, null], [5, null]]);
      ok(await t.call('PATCH', `/api/v2/orders/${o.id}/lock-transactions`, { ...as('manager@demo.test'), body: { locked: false } }));
      ok(await putLine(o.orderLines[0]!.id, 4));
      ok(await t.call('POST', `/api/v2/orders/${o.id}/assign-budget`, { ...as('buyer@demo.test'), body: { budgetId: budget } }));
      expect((await history(o.id)).map((h) => h.action)).toEqual(expect.arrayContaining(['transactionsLocked', 'transactionsUnlocked']));
    } finally {
      await setFeatures(t, customerId, baseFeatures);
    }
  });
});

describe('the older order calls', () => {
  test('POST /orders/id, /orders/orderLines, /orders/validate and /orders/waiting-payment', async () => {
    const o = await order([[cheap, 1], [stocked, 1]]);
    expect(ok(await t.call('POST', '/api/orders/id', { ...as('buyer@demo.test'), body: { id: o.id } })).result).toMatchObject({ id: o.id, orderNumber: o.orderNumber });
    fails(await t.call('POST', '/api/orders/id', { ...as(OTHER_BUYER), body: { id: o.id } }), 404, 'OrderNotFound');
    const lines = ok(await t.call('POST', '/api/orders/orderLines', { ...as('buyer@demo.test'), body: { query: { orderId: o.id, take: 1 } } })).result;
    expect(lines).toMatchObject({ total: 2, skip: 0, take: 1 });
    expect(lines.items.map((l: Line) => l.id)).toEqual([o.orderLines[0]!.id]);
    fails(await t.call('POST', '/api/orders/validate', { ...as('buyer@demo.test'), body: { dto: { orderId: o.id, approve: true } } }), 403, 'UnauthorizedRole');
    const approved = ok(await t.call('POST', '/api/orders/validate', { ...as('manager@demo.test'), body: { dto: { orderId: o.id, approve: true } } })).result;
    expect(approved).toMatchObject({ id: o.id, status: 'approved' });
    // Approved, but nothing invoiced yet: it waits for its supplier, not for a payment.
    const waitingIds = async (who: string) =>
      (ok(await t.call('POST', '/api/orders/waiting-payment', { ...as(who), body: { query: { take: 100 } } })).result.items as Order[]).map((x) => x.id);
    expect(await waitingIds('buyer@demo.test')).not.toContain(o.id);
    const invoice = await t.db.insertInto('invoices').values({
      tenantId, customerId, orderId: o.id, number: `WP-${o.orderNumber}`, priceExcl: '10.00', priceIncl: '12.10', invoiceDate: '2026-01-01', dueDate: '2026-02-01', status: 'open',
    } as never).returning('id').executeTakeFirstOrThrow();
    expect(await waitingIds('buyer@demo.test')).toContain(o.id);
    // Someone else's order stays out of a buyer's list.
    expect(await waitingIds(OTHER_BUYER)).not.toContain(o.id);
    // Expired is still to pay; paid is not.
    await t.db.updateTable('invoices').set({ status: 'expired' } as never).where('id', '=', invoice.id).execute();
    expect(await waitingIds('buyer@demo.test')).toContain(o.id);
    await t.db.updateTable('invoices').set({ status: 'payed' } as never).where('id', '=', invoice.id).execute();
    expect(await waitingIds('buyer@demo.test')).not.toContain(o.id);
  });

  test('POST /orders/byGcsNumber finds the order of a supplier order the caller reads', async () => {
    const o = await order([[cheap, 1]]);
    await approve(o.id);
    const so = await t.db.selectFrom('supplierOrders').select('gcsNumber').where('orderId', '=', o.id).executeTakeFirstOrThrow();
    const found = ok(await t.call('POST', '/api/orders/byGcsNumber', { ...as('buyer@demo.test'), body: { query: { gcsNumber: so.gcsNumber } } })).result;
    expect(found).toMatchObject({ id: o.id, orderNumber: o.orderNumber });
    fails(await t.call('POST', '/api/orders/byGcsNumber', { ...as(OTHER_BUYER), body: { query: { gcsNumber: so.gcsNumber } } }), 404, 'OrderNotFound');
    fails(await t.call('POST', '/api/orders/byGcsNumber', { ...as('buyer@demo.test'), body: { query: { gcsNumber: 'NOPE-1' } } }), 404, 'OrderNotFound');
    fails(await t.call('POST', '/api/orders/byGcsNumber', { ...as('buyer@demo.test'), body: { query: {} } }), 400, 'validationFailed');
  });
});
