import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { line, makeArticle, makeSupplier } from './basket-helpers';
import { permissionsForRoles } from '../../src/shared/access';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * Budgets (core §7, flows §3 Budget, §4 Budget assignment, §5): a customer with the budgets feature
 * places orders in toApproveBudget; lines get budgets (assign-budget), the order goes on to its
 * validator once every line has one (validate-budgets); the validator's approval charges the
 * budgets in the transaction that changes the status, a rejection or a removed budget releases
 * them; spent never goes above the period's amount nor below 0.
 */

let t: TestApp;
let customerId: string;
let tenantId: string;
let article: string;
let department: string;
const VALIDATOR = 'budget-validator@demo.test';
const HOLDER = 'credit-holder@demo.test';
let holderAccess: string;

async function addUser(email: string, roles: string[]): Promise<{ userId: string; accessId: string }> {
  const user = await t.db.insertInto('users').values({ tenantId, email, displayname: email.split('@')[0], userType: 3, active: true } as never)
    .returning('id').executeTakeFirstOrThrow();
  const access = await t.db.insertInto('customerAccesses').values({
    tenantId, userId: user.id, customerId, active: true, roles: JSON.stringify(roles), permissions: JSON.stringify(permissionsForRoles(roles)), departmentIds: JSON.stringify([]),
  } as never).returning('id').executeTakeFirstOrThrow();
  return { userId: user.id as string, accessId: access.id as string };
}

const as = (email: string) => ({ as: email, customerId });
/** An order of the buyer: `amount` articles of EUR 100 excl. VAT, in the validator's department. */
async function order(amount = 1, who = 'buyer@demo.test'): Promise<{ id: string; lines: string[]; status: string }> {
  ok(await t.call('PUT', '/api/v2/transporters/update', { ...as(who), body: { transporter: { transporterLines: [line(article, amount)] } } }));
  const placed = ok(await t.call('POST', '/api/v2/orders/transporter', { ...as(who), body: {} })).result;
  await t.db.updateTable('orders').set({ departmentId: department }).where('id', '=', placed.id).execute();
  return { id: placed.id, lines: placed.orderLines.map((l: { id: string }) => l.id), status: placed.status };
}
async function budget(name: string, amount: string, extra: Record<string, unknown> = {}): Promise<string> {
  return ok(await t.call('POST', '/api/budget-setting/create', { ...as('manager@demo.test'), body: { dto: { name, period: 'monthly', amount, ...extra } } })).result.id;
}
const assign = (id: string, budgetId: string, who = 'buyer@demo.test', orderLineIds?: string[]) =>
  t.call('POST', `/api/v2/orders/${id}/assign-budget`, { ...as(who), body: { budgetId, ...(orderLineIds ? { orderLineIds } : {}) } });
const confirm = (id: string, who = 'buyer@demo.test') => t.call('POST', `/api/v2/orders/${id}/validate-budgets`, { ...as(who), body: {} });
const decide = (id: string, body: unknown, who = VALIDATOR) => t.call('PATCH', `/api/v2/orders/${id}/validate`, { ...as(who), body });
const current = async (budgetId: string) => ok(await t.call('POST', '/api/budget-setting/current-budget', { ...as('manager@demo.test'), body: { budgetId } })).result;
const statusOf = async (id: string) => (await t.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const lineBudgets = async (id: string) => (await t.db.selectFrom('orderLines').select('budgetId').where('orderId', '=', id).execute()).map((l) => l.budgetId);

/** An order ready for its validator: a budget on every line, confirmed. */
async function readyOrder(budgetId: string, amount = 1): Promise<string> {
  const o = await order(amount);
  ok(await assign(o.id, budgetId));
  ok(await confirm(o.id));
  return o.id;
}

beforeAll(async () => {
  t = await startTestApp();
  tenantId = await t.tenantId();
  [customerId] = await t.customerIds();
  const customer = await t.db.selectFrom('customers').select('features').where('id', '=', customerId).executeTakeFirstOrThrow();
  const features = (typeof customer.features === 'string' ? JSON.parse(customer.features) : customer.features ?? []) as string[];
  await t.db.updateTable('customers').set({ features: JSON.stringify([...new Set([...features, 'budgets'])]), financeApprovalThreshold: null } as never)
    .where('id', '=', customerId).execute();
  const supplier = await makeSupplier(t, { name: 'Budget NV' });
  article = await makeArticle(t, { supplierId: supplier, price: '100.00', stock: null });
  const validator = await addUser(VALIDATOR, ['validator']);
  holderAccess = (await addUser(HOLDER, ['user', 'creditHolder'])).accessId;
  department = (await t.db.insertInto('customerDepartments').values({ tenantId, customerId, name: 'Budgetafdeling', validatorUserId: validator.userId } as never)
    .returning('id').executeTakeFirstOrThrow()).id as string;
});
afterAll(async () => { await t?.close(); });

describe('budget settings', () => {
  test('a customer admin creates, changes and lists budgets; the list shows the current period with amount, spent and remaining', async () => {
    const id = await budget('Kantoor', '500.00');
    const view = await current(id);
    expect(view).toMatchObject({ name: 'Kantoor', period: 'monthly', amount: '500.00', spent: '0.00', remaining: '500.00' });
    expect(view.periodStart).toMatch(/^\d{4}-\d{2}-01$/);
    ok(await t.call('POST', '/api/budget-setting/update', { ...as('manager@demo.test'), body: { dto: { id, amount: '750.00', period: 'yearly' } } }));
    expect(await current(id)).toMatchObject({ amount: '750.00', period: 'yearly', remaining: '750.00' });
    expect((await current(id)).periodStart).toMatch(/^\d{4}-01-01$/);
    const page = ok(await t.call('GET', '/api/v2/budgets', { ...as('buyer@demo.test'), query: { page: '1', pageSize: '10', filter: 'kantoor' } }));
    expect(page).toMatchObject({ page: 1, pageSize: 10, total: 1 });
    expect(page.items[0]).toMatchObject({ id, name: 'Kantoor', remaining: '750.00' });
  });

  test('only a customer admin changes budgets; a buyer is refused and nothing changes', async () => {
    fails(await t.call('POST', '/api/budget-setting/create', { ...as('buyer@demo.test'), body: { dto: { name: 'Stiekem', period: 'monthly', amount: '1.00' } } }), 403, 'forbiddenAccess');
    expect(await t.db.selectFrom('budgets').select('id').where('name', '=', 'Stiekem').executeTakeFirst()).toBeUndefined();
    fails(await t.call('POST', '/api/budget-setting/create', { ...as('manager@demo.test'), body: { dto: { name: 'Zonder bedrag', period: 'monthly' } } }), 400, 'validationFailed');
    fails(await t.call('POST', '/api/budget-setting/create', { ...as('manager@demo.test'), body: { dto: { name: 'Vreemd', period: 'daily', amount: '1.00' } } }), 400, 'validationFailed');
  });

  test("a personal budget is its holder's: another buyer neither lists nor uses it", async () => {
    const personal = await budget('Persoonlijk', '300.00', { customerAccessId: holderAccess });
    const buyerList = ok(await t.call('GET', '/api/v2/budgets', { ...as('buyer@demo.test'), query: { pageSize: '100' } }));
    expect(buyerList.items.map((b: { id: string }) => b.id)).not.toContain(personal);
    const holderList = ok(await t.call('POST', '/api/budget-setting/getByCustomerAccessId', { ...as(HOLDER), body: { customerAccessId: holderAccess } })).result;
    expect(holderList.map((b: { id: string }) => b.id)).toEqual([personal]);
    fails(await t.call('POST', '/api/budget-setting/getByCustomerAccessId', { ...as('buyer@demo.test'), body: { customerAccessId: holderAccess } }), 403, 'forbiddenAccess');
    const o = await order();
    fails(await assign(o.id, personal), 404, 'BudgetNotFound');
    expect(await lineBudgets(o.id)).toEqual([null]);
  });

  test('a correction sets the spent of the current period, never below 0 (BudgetSpentBelow0)', async () => {
    const id = await budget('Correctie', '100.00');
    fails(await t.call('POST', '/api/budget-setting/update', { ...as('manager@demo.test'), body: { dto: { id, spent: '-1.00' } } }), 400, 'BudgetSpentBelow0');
    ok(await t.call('POST', '/api/budget-setting/update', { ...as('manager@demo.test'), body: { dto: { id, spent: '40.00' } } }));
    expect(await current(id)).toMatchObject({ spent: '40.00', remaining: '60.00' });
  });

  test('a budget in use cannot be removed (BudgetInUse); an unused one can', async () => {
    const used = await budget('In gebruik', '1000.00');
    const o = await order();
    ok(await assign(o.id, used));
    fails(await t.call('POST', '/api/budget-setting/harddelete', { ...as('manager@demo.test'), body: { id: used } }), 409, 'BudgetInUse');
    const unused = await budget('Ongebruikt', '10.00');
    ok(await t.call('POST', '/api/budget-setting/harddelete', { ...as('manager@demo.test'), body: { id: unused } }));
    expect(await t.db.selectFrom('budgets').select('id').where('id', '=', unused).executeTakeFirst()).toBeUndefined();
  });
});

describe('assigning budgets to an order', () => {
  test('a new order waits for budgets: the validator cannot approve it and it cannot be confirmed without budgets', async () => {
    const o = await order();
    expect(o.status).toBe('toApproveBudget');
    fails(await decide(o.id, { approve: true }), 409, 'OrderNotInStep');
    fails(await confirm(o.id), 400, 'BudgetsRequired');
    expect(await statusOf(o.id)).toBe('toApproveBudget');
  });

  test('assigning puts the budget on every line without one and the order shows what is left of it', async () => {
    const b = await budget('Toewijzing', '1000.00');
    const o = await order(3);
    const answer = ok(await assign(o.id, b)).result;
    expect(answer.orderLines.map((l: { budgetId: string }) => l.budgetId)).toEqual([b]);
    expect(answer.budgets).toEqual([expect.objectContaining({ id: b, name: 'Toewijzing', spent: '0.00', remaining: '1000.00' })]);
    expect(answer.decisions).toMatchObject({ budgets: true, confirmBudgets: true, approve: false });
    fails(await assign(o.id, b), 409, 'BudgetsAlreadyAssigned');
    fails(await assign(o.id, b, 'buyer@demo.test', []), 400, 'NoOrderLinesProvided');
    const other = await order();
    fails(await assign(o.id, b, 'buyer@demo.test', other.lines), 400, 'OrderLineNotInOrder');
  });

  test('assigning more than is left refuses and leaves the lines without the budget (BudgetNotEnough)', async () => {
    const small = await budget('Klein', '150.00');
    const o = await order(2);
    fails(await assign(o.id, small), 400, 'BudgetNotEnough');
    expect(await lineBudgets(o.id)).toEqual([null]);
  });

  test('confirming moves the order to its validator; the approval charges the budget, in one step with the status', async () => {
    const b = await budget('Goedkeuring', '1000.00');
    const id = await readyOrder(b, 3);
    expect(await statusOf(id)).toBe('toApprove');
    const approved = ok(await decide(id, { approve: true })).result;
    expect(approved.status).toBe('approved');
    expect(approved.budgets[0]).toMatchObject({ id: b, spent: '300.00', remaining: '700.00' });
    expect(await current(b)).toMatchObject({ spent: '300.00' });
  });

  test('an approval that the budget no longer covers is refused and changes nothing', async () => {
    const b = await budget('Krap', '1000.00');
    const first = await readyOrder(b, 6);
    const second = await readyOrder(b, 6);
    ok(await decide(first, { approve: true }));
    fails(await decide(second, { approve: true }), 400, 'BudgetNotEnough');
    expect(await statusOf(second)).toBe('toApprove');
    expect(await current(b)).toMatchObject({ spent: '600.00', remaining: '400.00' });
  });

  test('a rejection releases what the order had charged', async () => {
    await t.db.updateTable('customers').set({ financeApprovalThreshold: '200.00' } as never).where('id', '=', customerId).execute();
    try {
      const b = await budget('Vrijgave', '1000.00');
      const id = await readyOrder(b, 3);
      expect(ok(await decide(id, { approve: true })).result.status).toBe('financeApproval');
      expect(await current(b)).toMatchObject({ spent: '300.00' });
      expect(ok(await decide(id, { approve: false, reason: 'Te duur' }, 'finance@demo.test')).result.status).toBe('rejected');
      expect(await current(b)).toMatchObject({ spent: '0.00', remaining: '1000.00' });
    } finally {
      await t.db.updateTable('customers').set({ financeApprovalThreshold: null } as never).where('id', '=', customerId).execute();
    }
  });

  test('removing a charged budget releases it and sends the order back to the budget step', async () => {
    await t.db.updateTable('customers').set({ financeApprovalThreshold: '200.00' } as never).where('id', '=', customerId).execute();
    try {
      const b = await budget('Terug', '1000.00');
      const id = await readyOrder(b, 3);
      ok(await decide(id, { approve: true }));
      const removed = await t.call('POST', `/api/v2/orders/${id}/remove-budget`, { ...as('buyer@demo.test'), body: { budgetId: b } });
      const answer = ok(removed).result;
      expect(answer.status).toBe('toApproveBudget');
      expect(answer.budgets).toEqual([]);
      expect(await current(b)).toMatchObject({ spent: '0.00' });
      const history = ok(await t.call('GET', `/api/v2/orders/${id}/history`, as('manager@demo.test'))).result.map((h: { action: string }) => h.action);
      expect(history).toEqual(['created', 'budgetAssigned', 'statusChanged', 'statusChanged', 'budgetRemoved', 'statusChanged']);
    } finally {
      await t.db.updateTable('customers').set({ financeApprovalThreshold: null } as never).where('id', '=', customerId).execute();
    }
  });

  test('a final order keeps its budgets (OrderIsFinal)', async () => {
    const b = await budget('Definitief', '1000.00');
    const id = await readyOrder(b);
    ok(await decide(id, { approve: true }));
    fails(await t.call('POST', `/api/v2/orders/${id}/remove-budget`, { ...as('buyer@demo.test'), body: { budgetId: b } }), 409, 'OrderIsFinal');
    expect(await current(b)).toMatchObject({ spent: '100.00' });
  });
});

describe('many approvals at once against one budget', () => {
  test('50 parallel approvals never spend more than the amount, and spent is the sum of the approved orders', async () => {
    const b = await budget('Parallel', '2000.00');
    // 50 orders of EUR 100 waiting for the validator, written directly: the requests under test are the approvals.
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const o = await t.db.insertInto('orders').values({
        tenantId, customerId, orderNumber: `PAR-${i}-${Date.now()}`, orderDate: new Date(), orderedById: await t.userId('buyer@demo.test'),
        status: 'toApprove', departmentId: department, totalProductCostExcl: '100.00', totalProductCostIncl: '121.00', shippingCost: '0.00',
        shippingCostVat: '0.00', loyaltyDiscount: '0.00', totalCost: '121.00', archived: false, labels: JSON.stringify([]),
      } as never).returning('id').executeTakeFirstOrThrow();
      await t.db.insertInto('orderLines').values({
        tenantId, customerId, orderId: o.id, lineNumber: 1, lineType: 'article', supplierArticleId: article, amount: 1,
        totalLineCostExcl: '100.00', totalLineCostIncl: '121.00', budgetId: b,
      } as never).execute();
      ids.push(o.id as string);
    }
    const results = await Promise.all(ids.map((id) => decide(id, { approve: true })));
    const approved = results.filter((r) => r.statusCode === 200).length;
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.json().errorCode === 'BudgetNotEnough')).toBe(true);
    expect(approved).toBe(20);
    const approvedTotal = await t.db.selectFrom('orderLines as l').innerJoin('orders as o', 'o.id', 'l.orderId')
      .select((eb) => eb.fn.sum<string>('l.totalLineCostExcl').as('total')).where('l.budgetId', '=', b).where('o.status', '=', 'approved').executeTakeFirstOrThrow();
    const spent = (await current(b)).spent;
    expect(spent).toBe('2000.00');
    expect(Number(approvedTotal.total)).toBe(Number(spent));
  });
});

describe("the company's users (holders of personal budgets)", () => {
  test('a customer admin lists the users of the acting company with their access and roles; a buyer may not', async () => {
    const page = ok(await t.call('POST', '/api/customer-user-management/query', { ...as('manager@demo.test'), body: { query: { search: 'credit-holder' } } })).result;
    expect(page).toMatchObject({ total: 1, skip: 0, take: 20 });
    expect(page.items[0]).toMatchObject({ email: HOLDER, customerAccessId: holderAccess, roles: ['user', 'creditHolder'], active: true });
    fails(await t.call('POST', '/api/customer-user-management/query', { ...as('buyer@demo.test'), body: {} }), 403, 'forbiddenAccess');
  });
});
