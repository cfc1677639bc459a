import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * flows §7 and §2: the platform admins' orders (POST /admin/orders/query, GET /admin/orders/{id},
 * the /ycAdmin/orders screens) across the tenant's customers, and POST /admin/orders/validate,
 * which takes an order's due step on the customer's behalf.
 */

let t: TestApp;
let first: string;
let second: string;
let buyer: string;
const placed: Record<string, string> = {};

async function add(key: string, customerId: string, values: Record<string, unknown> = {}, host = 'localhost') {
  const row = await t.db.insertInto('orders').values({
    tenantId: await t.tenantId(host), customerId, orderNumber: `ADM-${key}`, orderedById: buyer, status: 'toApprove', archived: false,
    labels: JSON.stringify([]), totalCost: '10.00', totalProductCostExcl: '10.00', shippingCost: '0.00', orderDate: new Date(), ...values,
  } as never).returning('id').executeTakeFirstOrThrow();
  await t.db.insertInto('orderLines').values({ tenantId: await t.tenantId(host), customerId, orderId: row.id, lineNumber: 1, amount: 1, totalLineCostExcl: '10.00' } as never).execute();
  placed[key] = row.id as string;
}

beforeAll(async () => {
  t = await startTestApp();
  [first, second] = await t.customerIds();
  buyer = await t.userId('buyer@demo.test');
  await add('a', first);
  await add('b', second, { archived: true });
  await add('c', second, { status: 'toApproveBudget' });
  const [globex] = await t.customerIds('globex.localhost');
  buyer = await t.userId('buyer@demo.test', 'globex.localhost');
  await add('other-tenant', globex, {}, 'globex.localhost');
});
afterAll(async () => { await t?.close(); });

const query = async (q: Record<string, unknown> = {}) =>
  (ok(await t.call('POST', '/api/admin/orders/query', { as: 'admin@demo.test', body: { query: { take: 100, gcoNumber: 'ADM-', ...q } } })).result.items as { orderNumber: string }[])
    .map((o) => o.orderNumber).sort();

describe('the platform admins\' orders', () => {
  test('every customer of the tenant, none of another tenant; excludeInactive leaves archived ones out', async () => {
    expect(await query()).toEqual(['ADM-a', 'ADM-b', 'ADM-c']);
    expect(await query({ excludeInactive: true })).toEqual(['ADM-a', 'ADM-c']);
    expect(await query({ orderState: 'ToAssignBudget' })).toEqual(['ADM-c']);
    const one = ok(await t.call('GET', `/api/admin/orders/${placed.b}`, { as: 'admin@demo.test' }));
    expect(one.result).toMatchObject({ orderNumber: 'ADM-b', archived: true });
    fails(await t.call('POST', '/api/admin/orders/query', { as: 'manager@demo.test', body: { query: {} } }), 403, 'forbiddenAccess');
  });

  test('the names behind the references come from /admin/users', async () => {
    const users = ok(await t.call('POST', '/api/admin/users/query', { as: 'admin@demo.test', body: { query: { ids: [await t.userId('buyer@demo.test')] } } })).result.items;
    expect(users.map((u: { displayname: string }) => u.displayname)).toEqual(['Bert Buyer']);
  });
});

describe("the company's order page for a platform admin (/ycAdmin/orders/{id} reads the company's calls for the order's company)", () => {
  test("the order, its history, supplier orders, conversation and PDF answer the admin acting for the order's company; another tenant's admin is refused", async () => {
    const forCompany = { as: 'admin@demo.test', customerId: second };
    const order = ok(await t.call('GET', `/api/v2/orders/${placed.c}`, forCompany)).result;
    expect(order).toMatchObject({ orderNumber: 'ADM-c', orderLines: [expect.objectContaining({ lineNumber: 1 })] });
    expect(ok(await t.call('GET', `/api/v2/orders/${placed.c}/history`, forCompany)).result).toEqual(expect.any(Array));
    ok(await t.call('POST', '/api/supplier-orders/query', { ...forCompany, body: { query: { orderId: placed.c } } }));
    ok(await t.call('GET', `/api/v2/orders/${placed.c}/conversation`, forCompany));
    expect((await t.call('GET', `/api/v2/orders/${placed.c}/pdf`, forCompany)).headers['content-type']).toBe('application/pdf');
    // the order is the company's: read for another company it is not found, as for anyone
    fails(await t.call('GET', `/api/v2/orders/${placed.c}`, { as: 'admin@demo.test', customerId: first }), 404, 'OrderNotFound');
    const [globex] = await t.customerIds('globex.localhost');
    expect((await t.call('GET', `/api/v2/orders/${placed.c}`, { as: 'admin@demo.test', customerId: globex })).statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('POST /admin/orders/validate', () => {
  test('a platform admin approves on the customer\'s behalf; the history names them', async () => {
    const answer = ok(await t.call('POST', '/api/admin/orders/validate', { as: 'admin@demo.test', body: { orderId: placed.a, approve: true } })).result;
    expect(answer.status).toBe('approved');
    const history = await t.db.selectFrom('orderHistory').select(['action', 'userId']).where('orderId', '=', placed.a).execute();
    expect(history).toEqual([{ action: 'approved', userId: await t.userId('admin@demo.test') }]);
  });

  test('a rejection needs a reason; an order that waits for budgets has no approval to take; another tenant\'s order is not found', async () => {
    fails(await t.call('POST', '/api/admin/orders/validate', { as: 'admin@demo.test', body: { orderId: placed.b, approve: false } }), 400, 'validationFailed');
    fails(await t.call('POST', '/api/admin/orders/validate', { as: 'admin@demo.test', body: { orderId: placed.c, approve: true } }), 409, 'OrderNotInStep');
    fails(await t.call('POST', '/api/admin/orders/validate', { as: 'admin@demo.test', body: { orderId: placed['other-tenant'], approve: true } }), 404, 'OrderNotFound');
    fails(await t.call('POST', '/api/admin/orders/validate', { as: 'manager@demo.test', body: { orderId: placed.b, approve: true } }), 403, 'forbiddenAccess');
    expect((await t.db.selectFrom('orders').select('status').where('id', '=', placed.b).executeTakeFirstOrThrow()).status).toBe('toApprove');
  });
});
