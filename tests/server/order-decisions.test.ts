import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { line, makeArticle, makeSupplier } from './basket-helpers';
import { permissionsForRoles } from '../../src/shared/access';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * flows §4, the decision on an order (PATCH /v2/orders/{orderId}/validate {approve, reason}): the
 * validator of the order's department or a customer admin approves or rejects in toApprove; above
 * the customer's finance threshold approval goes to financeApproval, where the finance role decides;
 * a rejection needs a reason. Every step lands in the order's history, and the to-approve counts
 * follow. A refused decision changes nothing.
 */

let t: TestApp;
let customerId: string;
let tenantId: string;
let article: string;
let departmentA: string;
let departmentB: string;
const VALIDATOR = 'validator-a@demo.test';
const OTHER_VALIDATOR = 'validator-b@demo.test';

async function addUser(email: string, roles: string[]): Promise<string> {
  const user = await t.db.insertInto('users').values({ tenantId, email, displayname: email.split('@')[0], userType: 3, active: true } as never)
    .returning('id').executeTakeFirstOrThrow();
  await t.db.insertInto('customerAccesses').values({
    tenantId, userId: user.id, customerId, active: true, roles: JSON.stringify(roles), permissions: JSON.stringify(permissionsForRoles(roles)), departmentIds: JSON.stringify([]),
  } as never).execute();
  return user.id as string;
}

/** An order of the buyer for `amount` articles of EUR 100 (excl. VAT) in department `departmentId`. */
async function order(amount = 1, departmentId = departmentA): Promise<string> {
  ok(await t.call('PUT', '/api/v2/transporters/update', { as: 'buyer@demo.test', body: { transporter: { transporterLines: [line(article, amount)] } } }));
  const placed = ok(await t.call('POST', '/api/v2/orders/transporter', { as: 'buyer@demo.test', body: {} })).result;
  // The department is the basket's shipping choice; set here so each test picks its department.
  await t.db.updateTable('orders').set({ departmentId }).where('id', '=', placed.id).execute();
  expect(placed.status).toBe('toApprove');
  return placed.id as string;
}

const as = (email: string) => ({ as: email, customerId });
const decide = (id: string, email: string, body: unknown) => t.call('PATCH', `/api/v2/orders/${id}/validate`, { ...as(email), body });
const statusOf = async (id: string) => (await t.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const historyOf = async (id: string, email = 'manager@demo.test') => ok(await t.call('GET', `/api/v2/orders/${id}/history`, as(email))).result as {
  action: string; userName: string | null; fromStatus: string | null; toStatus: string | null; reason: string | null; createdAt: string;
}[];

beforeAll(async () => {
  t = await startTestApp();
  tenantId = await t.tenantId();
  [customerId] = await t.customerIds();
  // Without the budgets feature a new order starts in toApprove (budgets come with their own step).
  const customer = await t.db.selectFrom('customers').select('features').where('id', '=', customerId).executeTakeFirstOrThrow();
  const features = (typeof customer.features === 'string' ? JSON.parse(customer.features) : customer.features ?? []) as string[];
  await t.db.updateTable('customers').set({ features: JSON.stringify(features.filter((f) => f !== 'budgets')), financeApprovalThreshold: null } as never)
    .where('id', '=', customerId).execute();
  const supplier = await makeSupplier(t, { name: 'Beslissing NV' });
  article = await makeArticle(t, { supplierId: supplier, price: '100.00', stock: null });
  const validatorA = await addUser(VALIDATOR, ['validator']);
  const validatorB = await addUser(OTHER_VALIDATOR, ['validator']);
  const department = async (name: string, validatorUserId: string) => (await t.db.insertInto('customerDepartments')
    .values({ tenantId, customerId, name, validatorUserId } as never).returning('id').executeTakeFirstOrThrow()).id as string;
  departmentA = await department('Aankoop', validatorA);
  departmentB = await department('Logistiek', validatorB);
});
afterAll(async () => { await t?.close(); });

describe('approving', () => {
  test("the validator of the order's department approves; the history says who, when and from which status", async () => {
    const id = await order();
    const answer = ok(await decide(id, VALIDATOR, { approve: true })).result;
    expect(answer).toMatchObject({ id, status: 'approved', rejectionReason: null });
    const history = await historyOf(id);
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus])).toEqual([['created', null, 'toApprove'], ['approved', 'toApprove', 'approved']]);
    expect(history[1]!.userName).toBe('validator-a');
    expect(Date.parse(history[1]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(history[0]!.createdAt));
  });

  test("a validator of another department may not decide, and nothing changes", async () => {
    const id = await order();
    // GET /v2/orders/{id} says which decisions are the caller's, so the page offers only those
    const seen = async (email: string) => ok(await t.call('GET', `/api/v2/orders/${id}`, as(email))).result.decisions;
    expect(await seen(VALIDATOR)).toMatchObject({ approve: true, reject: true });
    expect(await seen(OTHER_VALIDATOR)).toMatchObject({ approve: false, reject: false });
    expect(await seen('buyer@demo.test')).toMatchObject({ approve: false, reject: false });
    fails(await decide(id, OTHER_VALIDATOR, { approve: true }), 403, 'UnauthorizedRole');
    fails(await decide(id, OTHER_VALIDATOR, { approve: false, reason: 'Niet nodig' }), 403, 'UnauthorizedRole');
    expect(await statusOf(id)).toBe('toApprove');
    expect((await historyOf(id)).map((h) => h.action)).toEqual(['created']);
  });

  test('a customer admin decides for every department; a plain user and finance do not take the first step', async () => {
    const id = await order(1, departmentB);
    fails(await decide(id, 'buyer@demo.test', { approve: true }), 403, 'UnauthorizedRole');
    fails(await decide(id, 'finance@demo.test', { approve: true }), 403, 'UnauthorizedRole');
    expect(ok(await decide(id, 'manager@demo.test', { approve: true })).result.status).toBe('approved');
  });

  test('a decided order is not decided again (OrderNotInStep), also not by a super admin', async () => {
    const id = await order();
    ok(await decide(id, VALIDATOR, { approve: true }));
    fails(await decide(id, VALIDATOR, { approve: true }), 409, 'OrderNotInStep');
    fails(await decide(id, 'manager@demo.test', { approve: false, reason: 'Te laat' }), 409, 'OrderNotInStep');
    expect(await statusOf(id)).toBe('approved');
    expect((await historyOf(id)).map((h) => h.action)).toEqual(['created', 'approved']);
  });

  test('an order without lines cannot be approved (EmptyOrderCantBeApproved)', async () => {
    const id = await order();
    await t.db.deleteFrom('orderLines').where('orderId', '=', id).execute();
    fails(await decide(id, VALIDATOR, { approve: true }), 400, 'EmptyOrderCantBeApproved');
    expect(await statusOf(id)).toBe('toApprove');
  });

  test("another company's order is not found, and a malformed id neither", async () => {
    const id = await order();
    const [, second] = await t.customerIds();
    fails(await t.call('PATCH', `/api/v2/orders/${id}/validate`, { as: 'manager@demo.test', customerId: second, body: { approve: true } }), 404, 'OrderNotFound');
    fails(await decide('not-a-uuid', 'manager@demo.test', { approve: true }), 404, 'OrderNotFound');
    expect(await statusOf(id)).toBe('toApprove');
  });
});

describe('at once', () => {
  test('ten decisions on one order at the same moment: exactly one is taken, the others find it decided', async () => {
    const id = await order();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) =>
      i % 2 ? decide(id, VALIDATOR, { approve: true }) : decide(id, 'manager@demo.test', { approve: false, reason: `Nee ${i}` })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 200).every((a) => a.statusCode === 409 && a.json().errorCode === 'OrderNotInStep')).toBe(true);
    const decided = (await historyOf(id)).filter((h) => h.action !== 'created');
    expect(decided).toHaveLength(1);
    expect(await statusOf(id)).toBe(decided[0]!.toStatus);
  });
});

describe('rejecting', () => {
  test('needs a reason, kept on the order and in the history', async () => {
    const id = await order();
    fails(await decide(id, VALIDATOR, { approve: false }), 400, 'validationFailed');
    fails(await decide(id, VALIDATOR, { approve: false, reason: '   ' }), 400, 'validationFailed');
    expect(await statusOf(id)).toBe('toApprove');
    const answer = ok(await decide(id, VALIDATOR, { approve: false, reason: ' Dubbel besteld ' })).result;
    expect(answer).toMatchObject({ status: 'rejected', rejectionReason: 'Dubbel besteld' });
    expect((await historyOf(id)).at(-1)).toMatchObject({ action: 'rejected', fromStatus: 'toApprove', toStatus: 'rejected', reason: 'Dubbel besteld' });
  });

  test('refuses a body that is no decision', async () => {
    const id = await order();
    fails(await decide(id, VALIDATOR, { approve: 'yes' }), 400, 'validationFailed');
    fails(await decide(id, VALIDATOR, {}), 400, 'validationFailed');
    fails(await decide(id, VALIDATOR, { approve: false, reason: 'x'.repeat(2001) }), 400, 'validationFailed');
    expect(await statusOf(id)).toBe('toApprove');
  });
});

describe('finance approval above the threshold', () => {
  test('reaching the threshold (excl. VAT) sends the approval to finance, who approves', async () => {
    await t.db.updateTable('customers').set({ financeApprovalThreshold: '500.00' } as never).where('id', '=', customerId).execute();
    try {
      const below = await order(4); // EUR 400
      expect(ok(await decide(below, VALIDATOR, { approve: true })).result.status).toBe('approved');

      const id = await order(5); // EUR 500: reaches it
      const sent = ok(await decide(id, VALIDATOR, { approve: true })).result;
      expect(sent).toMatchObject({ status: 'financeApproval', decisions: { approve: false, reject: false } });
      expect(ok(await t.call('GET', `/api/v2/orders/${id}`, as('finance@demo.test'))).result.decisions).toMatchObject({ approve: true, reject: true });
      // the validator's step is taken; finance's is not theirs, nor the admin's
      fails(await decide(id, VALIDATOR, { approve: true }), 403, 'UnauthorizedRole');
      fails(await decide(id, 'manager@demo.test', { approve: true }), 403, 'UnauthorizedRole');
      expect(ok(await decide(id, 'finance@demo.test', { approve: true })).result.status).toBe('approved');
      expect((await historyOf(id)).map((h) => [h.action, h.toStatus])).toEqual([['created', 'toApprove'], ['statusChanged', 'financeApproval'], ['approved', 'approved']]);
    } finally {
      await t.db.updateTable('customers').set({ financeApprovalThreshold: null } as never).where('id', '=', customerId).execute();
    }
  });

  test('finance rejects with a reason', async () => {
    await t.db.updateTable('customers').set({ financeApprovalThreshold: '100.00' } as never).where('id', '=', customerId).execute();
    try {
      const id = await order(1);
      ok(await decide(id, VALIDATOR, { approve: true }));
      fails(await decide(id, 'finance@demo.test', { approve: false }), 400, 'validationFailed');
      expect(ok(await decide(id, 'finance@demo.test', { approve: false, reason: 'Geen budget dit kwartaal' })).result)
        .toMatchObject({ status: 'rejected', rejectionReason: 'Geen budget dit kwartaal' });
    } finally {
      await t.db.updateTable('customers').set({ financeApprovalThreshold: null } as never).where('id', '=', customerId).execute();
    }
  });
});

describe('what waits for whom', () => {
  test("a validator counts and gets as tasks only their department's orders; finance only what reached them", async () => {
    const mine = await order(1, departmentA);
    const theirs = await order(1, departmentB);
    const count = async (email: string) => ok(await t.call('GET', '/api/v2/orders/to-approve-count', as(email))).result;
    const tasks = async (email: string) => (ok(await t.call('GET', `/api/customer-access/tasks?customerId=${customerId}`, as(email))).result as { orderId: string }[]).map((x) => x.orderId);
    expect(await tasks(VALIDATOR)).toContain(mine);
    expect(await tasks(VALIDATOR)).not.toContain(theirs);
    expect(await tasks(OTHER_VALIDATOR)).toContain(theirs);
    expect(await tasks(OTHER_VALIDATOR)).not.toContain(mine);
    const before = (await count(VALIDATOR)).byStatus.toApprove;
    ok(await decide(mine, VALIDATOR, { approve: true }));
    expect((await count(VALIDATOR)).byStatus.toApprove).toBe(before - 1);
    expect((await count('finance@demo.test')).byStatus).toEqual({ financeApproval: 0 });
  });
});

test('the history of an order needs access to it', async () => {
  const id = await order();
  const [, second] = await t.customerIds();
  fails(await t.call('GET', `/api/v2/orders/${id}/history`, { as: 'manager@demo.test', customerId: second }), 404, 'OrderNotFound');
  fails(await t.call('GET', `/api/v2/orders/${id}/history`, {}), 401, 'unauthorized');
});
