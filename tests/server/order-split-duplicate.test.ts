import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { count, featuresOf, line, makeArticle, makeSupplier, setFeatures, stockOf, storedBasket } from './basket-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * Splitting an order (POST /v2/orders/{id}/extract-order-lines, flows §4, §5 "Split: not all lines
 * selected…") and ordering it again (GET and POST /v2/orders/{orderId}/duplicate, flows §2
 * /duplicate-order/{id}): the split moves lines to a new order in one transaction; a duplicate is a
 * new order through the basket's checks on today's stock and prices, refused whole.
 */

let t: TestApp;
let tenantId: string;
let customerId: string;
let supplier: string;
let pen: string;
let paper: string;
let ink: string;
let baseFeatures: string[];

const as = (email: string) => ({ as: email, customerId });
type Line = { id: string; amount: number; lineNumber: number; supplierArticleId: string; budgetId: string | null; totalLineCostExcl: string };
type Order = { id: string; orderNumber: string; status: string; orderedById: string; orderDate: string; orderLines: Line[]; [k: string]: unknown };

async function order(lines: [string, number][], who = 'buyer@demo.test', details: Record<string, unknown> = {}): Promise<Order> {
  ok(await t.call('PUT', '/api/v2/transporters/update', { ...as(who), body: { transporter: { transporterLines: lines.map(([a, n]) => line(a, n)), transporterShippingDetails: details } } }));
  return ok(await t.call('POST', '/api/v2/orders/transporter', { ...as(who), body: {} })).result;
}
const extract = (id: string, orderLines: string[], who = 'buyer@demo.test') =>
  t.call('POST', `/api/v2/orders/${id}/extract-order-lines`, { ...as(who), body: { orderLines } });
const duplicate = (id: string, body?: unknown, who = 'buyer@demo.test') =>
  t.call('POST', `/api/v2/orders/${id}/duplicate`, { ...as(who), ...(body === undefined ? {} : { body }) });
const history = async (id: string) => ok(await t.call('GET', `/api/v2/orders/${id}/history`, as('manager@demo.test'))).result as { action: string; reason: string | null; toStatus: string | null }[];
const get = async (id: string) => ok(await t.call('GET', `/api/v2/orders/${id}`, as('manager@demo.test'))).result as Order;
const spentOf = async (id: string) => Number((await t.db.selectFrom('suppliers').select('budgetSpent').where('id', '=', id).executeTakeFirstOrThrow()).budgetSpent);

beforeAll(async () => {
  t = await startTestApp();
  tenantId = await t.tenantId();
  [customerId] = await t.customerIds();
  baseFeatures = (await featuresOf(t, customerId)).filter((f) => f !== 'budgets');
  await setFeatures(t, customerId, baseFeatures);
  await t.db.updateTable('customers').set({ financeApprovalThreshold: null } as never).where('id', '=', customerId).execute();
  // EUR 5 shipping per order, free from EUR 40 excl. VAT: a split can make both halves pay shipping.
  supplier = await makeSupplier(t, { name: 'Splitsing NV', shippingCost: '5.00', freeShippingFrom: '40.00' });
  pen = await makeArticle(t, { supplierId: supplier, price: '10.00', stock: 20 });
  paper = await makeArticle(t, { supplierId: supplier, price: '20.00', stock: null });
  ink = await makeArticle(t, { supplierId: supplier, price: '5.00', stock: null });
});
afterAll(async () => { await t?.close(); });

describe('POST /v2/orders/{id}/extract-order-lines', () => {
  test('the chosen lines move to a new order with the same data and status; both totals and the supplier budget follow; both histories name the other', async () => {
    const department = (await t.db.insertInto('customerDepartments').values({ tenantId, customerId, name: 'Splitsafdeling' } as never).returning('id').executeTakeFirstOrThrow()).id as string;
    // flows §5: the buyer orders only for a department they are a member of.
    await t.db.updateTable('customerAccesses').set({ departmentIds: JSON.stringify([department]) } as never)
      .where('userId', '=', await t.userId('buyer@demo.test')).where('customerId', '=', customerId).execute();
    const original = await order([[pen, 2], [paper, 1], [ink, 2]], 'buyer@demo.test', { about: 'Kantoor', departmentId: department });
    expect(original).toMatchObject({ totalProductCostExcl: '50.00', shippingCost: '0.00' });
    const spent = await spentOf(supplier);
    const created = ok(await extract(original.id, [original.orderLines[1]!.id])).result as Order;
    expect(created.orderNumber).not.toBe(original.orderNumber);
    expect(created).toMatchObject({
      status: original.status, orderedById: original.orderedById, about: 'Kantoor', departmentId: department, orderDate: original.orderDate,
      totalProductCostExcl: '20.00', shippingCost: '5.00', totalCost: '30.25',
    });
    expect(created.orderLines.map((l) => [l.id, l.lineNumber])).toEqual([[original.orderLines[1]!.id, 1]]);
    const left = await get(original.id);
    expect(left.orderLines.map((l) => l.id)).toEqual([original.orderLines[0]!.id, original.orderLines[2]!.id]);
    // EUR 30 left, below free shipping from 40: both halves now pay EUR 5, which the supplier budget counts.
    expect(left).toMatchObject({ totalProductCostExcl: '30.00', shippingCost: '5.00' });
    expect(await spentOf(supplier)).toBeCloseTo(spent + 10, 2);
    expect((await history(original.id)).find((h) => h.action === 'extracted')?.reason).toBe(created.orderNumber);
    expect((await history(created.id)).find((h) => h.action === 'createdByExtraction')).toMatchObject({ reason: original.orderNumber, toStatus: original.status });
  });

  test('none, every line or another order\'s line is refused and nothing moves', async () => {
    const o = await order([[pen, 1], [paper, 1]]);
    const other = await order([[ink, 1]]);
    const orders = await count(t, 'orders');
    fails(await extract(o.id, []), 400, 'NoOrderLinesProvided');
    fails(await extract(o.id, o.orderLines.map((l) => l.id)), 400, 'CannotExtractAllLines');
    fails(await extract(o.id, [o.orderLines[0]!.id, other.orderLines[0]!.id]), 400, 'OrderLineNotInOrder');
    fails(await extract(o.id, ['not-a-line']), 400, 'validationFailed');
    expect(await count(t, 'orders')).toBe(orders);
    expect((await get(o.id)).orderLines).toHaveLength(2);
  });

  test('only before the validator\'s approval, by whoever placed it or a manager', async () => {
    const o = await order([[pen, 1], [paper, 1]]);
    fails(await extract(o.id, [o.orderLines[0]!.id], 'finance@demo.test'), 403, 'UnauthorizedRole');
    ok(await t.call('PATCH', `/api/v2/orders/${o.id}/validate`, { ...as('manager@demo.test'), body: { approve: true } }));
    fails(await extract(o.id, [o.orderLines[0]!.id]), 409, 'OrderIsFinal');
    expect((await get(o.id)).orderLines).toHaveLength(2);
  });

  test('lines mixing articles and attachments cannot move together (ConflictingOrderLineTypes)', async () => {
    const o = await order([[pen, 1], [paper, 1]]);
    // An order that holds both kinds (one written before the rule): the split does not carry the mix into a new order.
    const attachment = (await t.db.insertInto('orderLines').values({
      tenantId, customerId, orderId: o.id, lineNumber: 3, lineType: 'attachment', amount: 1, totalLineCostExcl: '15.00', totalLineCostIncl: '18.15',
    } as never).returning('id').executeTakeFirstOrThrow()).id as string;
    fails(await extract(o.id, [o.orderLines[0]!.id, attachment]), 400, 'ConflictingOrderLineTypes');
    const moved = ok(await extract(o.id, [attachment])).result as Order;
    expect(moved).toMatchObject({ totalProductCostExcl: '15.00', totalProductCostIncl: '18.15', shippingCost: '0.00' });
    expect((await get(o.id)).orderLines).toHaveLength(2);
  });

  test('the moved lines keep their budgets', async () => {
    await setFeatures(t, customerId, [...baseFeatures, 'budgets']);
    try {
      const budget = ok(await t.call('POST', '/api/budget-setting/create', { ...as('manager@demo.test'), body: { dto: { name: 'Splitsbudget', period: 'monthly', amount: '1000.00' } } })).result.id;
      const o = await order([[pen, 1], [paper, 1]]);
      ok(await t.call('POST', `/api/v2/orders/${o.id}/assign-budget`, { ...as('buyer@demo.test'), body: { budgetId: budget } }));
      const moved = ok(await extract(o.id, [o.orderLines[1]!.id])).result as Order & { budgets: { id: string }[] };
      expect(moved.status).toBe('toApproveBudget');
      expect(moved.orderLines[0]!.budgetId).toBe(budget);
      expect(moved.budgets.map((b) => b.id)).toEqual([budget]);
    } finally {
      await setFeatures(t, customerId, baseFeatures);
    }
  });
});

describe('ordering an order again', () => {
  test('the new order is the caller\'s, through the basket\'s path on today\'s prices; stock is taken, the basket is left alone, both histories name the other', async () => {
    const original = await order([[pen, 2], [paper, 1]], 'buyer@demo.test', { about: 'Nogmaals' });
    ok(await t.call('PUT', '/api/v2/transporters/update', { ...as('manager@demo.test'), body: { transporter: { transporterLines: [line(ink, 3)] } } }));
    await t.db.updateTable('supplierArticles').set({ price: '12.00' }).where('id', '=', pen).execute();
    const stock = await stockOf(t, pen);
    const preview = ok(await t.call('GET', `/api/v2/orders/${original.id}/duplicate`, as('manager@demo.test'))).result;
    expect(preview).toMatchObject({ orderable: true, problems: [], delivery: { about: 'Nogmaals', sameAddress: true } });
    expect(preview.lines[0]).toMatchObject({ orderedUnitPrice: '10.00', article: { price: '12.00', stock }, todayLineTotalExcl: '24.00', problems: [] });
    const copy = ok(await duplicate(original.id, undefined, 'manager@demo.test')).result as Order;
    expect(copy.orderNumber).not.toBe(original.orderNumber);
    expect(copy).toMatchObject({ orderedById: await t.userId('manager@demo.test'), about: 'Nogmaals', totalProductCostExcl: '44.00' });
    expect(copy.orderLines.map((l) => [l.supplierArticleId, l.amount])).toEqual([[pen, 2], [paper, 1]]);
    expect(await stockOf(t, pen)).toBe(stock! - 2);
    const basket = await storedBasket(t, await t.userId('manager@demo.test'), customerId);
    expect(JSON.stringify(basket[0]!.lines)).toContain(ink);
    expect((await history(original.id)).find((h) => h.action === 'duplicate')?.reason).toBe(copy.orderNumber);
    expect((await history(copy.id)).find((h) => h.action === 'created')?.reason).toBe(original.orderNumber);
  });

  test('chosen lines and amounts; too many for today\'s stock or an article no longer sold refuses it whole, naming the lines', async () => {
    const original = await order([[pen, 1], [paper, 1], [ink, 1]]);
    const orders = await count(t, 'orders');
    const stock = await stockOf(t, pen);
    const short = fails(await duplicate(original.id, { lines: [{ orderLineId: original.orderLines[0]!.id, amount: stock! + 1 }] }), 400, 'NotEnoughStock');
    expect(short.details).toEqual([expect.objectContaining({ path: 'orderLines.0', rule: 'NotEnoughStock', params: { stock } })]);
    await t.db.updateTable('supplierArticles').set({ available: false }).where('id', '=', paper).execute();
    try {
      const gone = fails(await duplicate(original.id), 400, 'ArticleNotAvailable');
      expect(gone.details).toEqual([expect.objectContaining({ path: 'orderLines.1', rule: 'ArticleNotAvailable' })]);
      const preview = ok(await t.call('GET', `/api/v2/orders/${original.id}/duplicate`, as('buyer@demo.test'))).result;
      expect(preview.orderable).toBe(false);
      expect(preview.lines[1].problems).toEqual([{ errorCode: 'ArticleNotAvailable' }]);
      expect(await count(t, 'orders')).toBe(orders);
      expect(await stockOf(t, pen)).toBe(stock);
      const chosen = ok(await duplicate(original.id, { lines: [{ orderLineId: original.orderLines[2]!.id, amount: 4 }, { orderLineId: original.orderLines[0]!.id, amount: 2 }] })).result as Order;
      expect(chosen.orderLines.map((l) => [l.supplierArticleId, l.amount])).toEqual([[pen, 2], [ink, 4]]);
    } finally {
      await t.db.updateTable('supplierArticles').set({ available: true }).where('id', '=', paper).execute();
    }
    const foreign = await order([[ink, 1]]);
    fails(await duplicate(original.id, { lines: [{ orderLineId: foreign.orderLines[0]!.id, amount: 1 }] }), 400, 'OrderLineNotInOrder');
    fails(await duplicate(original.id, { lines: [] }), 400, 'NoOrderLinesProvided');
  });

  test('the new order keeps the department only when the caller is a member of it (flows §5)', async () => {
    const department = (await t.db.insertInto('customerDepartments').values({ tenantId, customerId, name: 'Dupliceerafdeling' } as never).returning('id').executeTakeFirstOrThrow()).id as string;
    const buyer = await t.userId('buyer@demo.test');
    await t.db.updateTable('customerAccesses').set({ departmentIds: JSON.stringify([department]) } as never).where('userId', '=', buyer).where('customerId', '=', customerId).execute();
    const original = await order([[ink, 1]], 'buyer@demo.test', { departmentId: department });
    expect(ok(await t.call('GET', `/api/v2/orders/${original.id}/duplicate`, as('buyer@demo.test'))).result.delivery)
      .toMatchObject({ departmentId: department, departmentName: 'Dupliceerafdeling' });
    expect(ok(await duplicate(original.id)).result).toMatchObject({ departmentId: department });
    expect(ok(await duplicate(original.id, undefined, 'manager@demo.test')).result).toMatchObject({ departmentId: null });
  });

  test("another buyer's order cannot be duplicated; a user who may not order cannot either", async () => {
    const o = await order([[ink, 1]]);
    fails(await duplicate(o.id, undefined, 'finance@demo.test'), 403, 'forbiddenAccess');
    const userId = (await t.db.insertInto('users').values({ tenantId, email: 'dup-other@demo.test', displayname: 'Other', userType: 3, active: true } as never)
      .returning('id').executeTakeFirstOrThrow()).id;
    const { permissionsForRoles } = await import('../../src/shared/access');
    await t.db.insertInto('customerAccesses').values({
      tenantId, userId, customerId, active: true, roles: JSON.stringify(['user']), permissions: JSON.stringify(permissionsForRoles(['user'])), departmentIds: JSON.stringify([]),
    } as never).execute();
    fails(await duplicate(o.id, undefined, 'dup-other@demo.test'), 404, 'OrderNotFound');
    fails(await t.call('GET', `/api/v2/orders/${o.id}/duplicate`, as('dup-other@demo.test')), 404, 'OrderNotFound');
  });
});

describe('at the same time (on PostgreSQL separate connections, kept apart by the row locks only)', () => {
  const putLine = (id: string, amount: number, who = 'buyer@demo.test') => t.call('PUT', `/api/v2/order-lines/${id}?customerId=${customerId}`, { as: who, body: { amount } });

  test('two orders raising a line for the last units: one gets them, the other is refused with NotEnoughStock', async () => {
    const scarce = await makeArticle(t, { supplierId: supplier, price: '50.00', stock: 4 });
    const a = await order([[scarce, 1]]);
    const b = await order([[scarce, 1]], 'manager@demo.test');
    const results = await Promise.all([putLine(a.orderLines[0]!.id, 3), putLine(b.orderLines[0]!.id, 3, 'manager@demo.test')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().errorCode).toBe('NotEnoughStock');
    expect(await stockOf(t, scarce)).toBe(0);
  });

  test('two splits of one order taking overlapping lines: one moves them, the other finds a line gone', async () => {
    const o = await order([[pen, 1], [paper, 1], [ink, 1]]);
    const orders = await count(t, 'orders');
    const ids = o.orderLines.map((l) => l.id);
    const results = await Promise.all([extract(o.id, [ids[0]!, ids[1]!]), extract(o.id, [ids[1]!, ids[2]!])]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().errorCode).toBe('OrderLineNotInOrder');
    expect(await count(t, 'orders')).toBe(orders + 1);
    expect((await get(o.id)).orderLines).toHaveLength(1);
  });

  test('ordering again and raising a line, competing for the same stock, never sell more than there is', async () => {
    const scarce = await makeArticle(t, { supplierId: supplier, price: '50.00', stock: 5 });
    const a = await order([[scarce, 2]]);
    const b = await order([[scarce, 1]], 'manager@demo.test');
    // Two left: the duplicate wants both, the raise from 1 to 3 too.
    const results = await Promise.all([duplicate(a.id), putLine(b.orderLines[0]!.id, 3, 'manager@demo.test')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await stockOf(t, scarce)).toBe(0);
  });
});
