import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { line, makeArticle, makeSupplier } from './basket-helpers';
import type { OrderRecord } from '../../generated/types/index.gen';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * The dashboard's calls: GET /v2/orders/to-approve-count, GET /customer-access/tasks and the order
 * workflow (flows §4, §7; core §4 "Assigned tasks are loaded for the user").
 */

let t: TestApp;
let first: string;
let waiting: NonNullable<OrderRecord['status']>;
const orderIds: string[] = [];
beforeAll(async () => {
  t = await startTestApp();
  [first] = await t.customerIds();
  const supplier = await makeSupplier(t, { name: 'Taken NV' });
  const article = await makeArticle(t, { supplierId: supplier, price: '3.00' });
  // Two orders by the buyer: both wait (toApproveBudget where the customer has budgets, else toApprove).
  for (let i = 0; i < 2; i++) {
    ok(await t.call('PUT', '/api/v2/transporters/update', { as: 'buyer@demo.test', body: { transporter: { transporterLines: [line(article, 1 + i)] } } }));
    const placed = ok(await t.call('POST', '/api/v2/orders/transporter', { as: 'buyer@demo.test', body: {} })).result;
    orderIds.push(placed.id);
    waiting = placed.status;
  }
  expect(['toApprove', 'toApproveBudget']).toContain(waiting);
});
afterAll(async () => { await t?.close(); });

const asManager = () => ({ as: 'manager@demo.test', customerId: first });

describe('GET /v2/orders/to-approve-count', () => {
  test('counts the orders waiting for a step of the roles of a validator/admin', async () => {
    const body = ok(await t.call('GET', '/api/v2/orders/to-approve-count', asManager()));
    expect(body.result.count).toBe(2);
    expect(body.result.byStatus).toEqual({ toApprove: 0, toApproveBudget: 0, [waiting]: 2 });
    expect(body.result.byStatus).not.toHaveProperty('financeApproval');
  });

  test("a plain user (role user) decides nothing: only their own orders waiting for budgets wait for them", async () => {
    const body = ok(await t.call('GET', '/api/v2/orders/to-approve-count', { as: 'buyer@demo.test' }));
    const own = waiting === 'toApproveBudget' ? 2 : 0;
    expect(body.result).toEqual({ count: own, byStatus: { toApproveBudget: own } });
    // Another user's orders waiting for budgets are not theirs to confirm.
    expect(ok(await t.call('GET', '/api/v2/orders/to-approve-count', { as: 'finance@demo.test', customerId: first })).result.byStatus.toApproveBudget).toBe(0);
  });

  test('an order that moved on no longer counts', async () => {
    await t.db.updateTable('orders').set({ status: 'approved' }).where('id', '=', orderIds[0]!).execute();
    try {
      expect(ok(await t.call('GET', '/api/v2/orders/to-approve-count', asManager())).result.count).toBe(1);
    } finally {
      await t.db.updateTable('orders').set({ status: waiting }).where('id', '=', orderIds[0]!).execute();
    }
  });
});

describe('GET /customer-access/tasks', () => {
  test("lists the orders waiting for the user's step, oldest first, with the step and who ordered", async () => {
    const tasks = ok(await t.call('GET', `/api/customer-access/tasks?customerId=${first}`, asManager())).result;
    expect(tasks.map((x: any) => x.orderId)).toEqual(orderIds);
    expect(tasks[0]).toMatchObject({ type: 'order', action: waiting === 'toApprove' ? 'approve' : 'assignBudgets', status: waiting });
    expect(tasks[0].orderNumber).toMatch(/\d{6}$/);
    expect(tasks[0].orderedBy).toBeTruthy();
  });

  test('a user whose roles decide nothing has as tasks only their own orders waiting for budgets', async () => {
    const tasks = ok(await t.call('GET', '/api/customer-access/tasks', { as: 'buyer@demo.test' })).result;
    expect(tasks.map((x: any) => [x.orderId, x.action])).toEqual(waiting === 'toApproveBudget' ? orderIds.map((id) => [id, 'assignBudgets']) : []);
  });

  test("another company's orders are not the user's tasks", async () => {
    const [, second] = await t.customerIds();
    const tasks = ok(await t.call('GET', `/api/customer-access/tasks?customerId=${second}`, { as: 'manager@demo.test', customerId: second })).result;
    expect(tasks.filter((x: any) => orderIds.includes(x.orderId))).toEqual([]);
  });

  test('needs a signed-in user', async () => {
    fails(await t.call('GET', '/api/customer-access/tasks', {}), 401, 'unauthorized');
  });
});

describe('the order workflow', () => {
  test('states carry a display name in the caller\'s language', async () => {
    const en = ok(await t.call('GET', '/api/workflows/orders/state', { as: 'buyer@demo.test', headers: { 'accept-language': 'en' } })).result;
    expect(en).toContainEqual({ name: 'toApprove', displayName: 'To approve' });
    const fr = ok(await t.call('GET', '/api/workflows/orders/state', { as: 'buyer@demo.test', headers: { 'accept-language': 'fr-BE' } })).result;
    expect(fr).toContainEqual({ name: 'rejected', displayName: 'Refusée' });
  });

  test('the workflow lists its transitions and who takes them', async () => {
    const wf = ok(await t.call('GET', '/api/workflows/orders/workflow', { as: 'buyer@demo.test' })).result;
    expect(wf.initial).toBe('toApprove');
    expect(wf.transitions).toContainEqual(expect.objectContaining({ action: 'approveFinance', from: ['financeApproval'], to: 'approved', by: ['finance'] }));
  });
});

describe('GET /v2/orders/{id}/tasks (platform admins)', () => {
  type Step = { action: string; to: string; needsReason: boolean; roles: string[]; users: { id: string; email: string | null }[] };
  const stepsOf = async (id: string) => ok(await t.call('GET', `/api/v2/orders/${id}/tasks`, { as: 'superadmin@demo.test' })).result as { status: string; tasks: Step[] };
  const userId = async (email: string) => (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  test("lists the workflow's steps open from the order's status with the users who may take each", async () => {
    const id = orderIds[1]!;
    const prior = await t.db.selectFrom('orders').select(['status', 'departmentId']).where('id', '=', id).executeTakeFirstOrThrow();
    await t.db.updateTable('orders').set({ status: 'toApprove' }).where('id', '=', id).execute();
    try {
      const { status, tasks } = await stepsOf(id);
      expect(status).toBe('toApprove');
      expect(tasks.map((s) => s.action).sort()).toEqual(['approve', 'reject', 'requireFinance']);
      const reject = tasks.find((s) => s.action === 'reject')!;
      expect(reject).toMatchObject({ to: 'rejected', needsReason: true, roles: ['admin', 'validator'] });
      // The manager holds the admin role at the first company: they may decide; the buyer may not.
      const emails = reject.users.map((u) => u.email);
      expect(emails).toContain('manager@demo.test');
      expect(emails).not.toContain('buyer@demo.test');

      // In finance approval only users with the finance role decide.
      await t.db.updateTable('orders').set({ status: 'financeApproval' }).where('id', '=', id).execute();
      const finance = await stepsOf(id);
      expect(finance.tasks.map((s) => s.action).sort()).toEqual(['approveFinance', 'rejectFinance']);
      for (const s of finance.tasks) expect(s.users.every((u) => u.email !== 'buyer@demo.test')).toBe(true);

      // A final order waits for nobody.
      await t.db.updateTable('orders').set({ status: 'approved' }).where('id', '=', id).execute();
      expect((await stepsOf(id)).tasks).toEqual([]);
      // Waiting for budgets, the orderer is among those who may confirm them.
      await t.db.updateTable('orders').set({ status: 'toApproveBudget' }).where('id', '=', id).execute();
      const budgets = (await stepsOf(id)).tasks.find((s) => s.action === 'assignBudgets')!;
      expect(budgets.users.map((u) => u.id)).toContain(await userId('buyer@demo.test'));
      expect(prior.departmentId === null || typeof prior.departmentId === 'string').toBe(true);
    } finally {
      await t.db.updateTable('orders').set({ status: prior.status }).where('id', '=', id).execute();
    }
  });

  test('is for platform admins only, and an unknown order is not found', async () => {
    fails(await t.call('GET', `/api/v2/orders/${orderIds[0]}/tasks`, asManager()), 403, 'forbiddenAccess');
    fails(await t.call('GET', '/api/v2/orders/00000000-0000-4000-8000-000000000000/tasks', { as: 'superadmin@demo.test' }), 404, 'OrderNotFound');
    fails(await t.call('GET', '/api/v2/orders/not-an-id/tasks', { as: 'superadmin@demo.test' }), 404, 'OrderNotFound');
  });
});
