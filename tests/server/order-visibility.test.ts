import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { line, makeArticle, makeSupplier } from './basket-helpers';
import { permissionsForRoles } from '../../src/shared/access';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * Whose orders a customer user reads (the orders' ownRows, flows §4): a buyer (role user) their own,
 * in the list, the detail and the history; validators, customer admins and finance the company's.
 */

let t: TestApp;
let customerId: string;
const COLLEAGUE = 'collega@demo.test';
const mine: string[] = [];
let theirs: string;

async function placeAs(email: string, article: string): Promise<string> {
  ok(await t.call('PUT', '/api/v2/transporters/update', { as: email, customerId, body: { transporter: { transporterLines: [line(article, 1)] } } }));
  return ok(await t.call('POST', '/api/v2/orders/transporter', { as: email, customerId, body: {} })).result.id as string;
}

beforeAll(async () => {
  t = await startTestApp();
  const tenantId = await t.tenantId();
  [customerId] = await t.customerIds();
  const user = await t.db.insertInto('users').values({ tenantId, email: COLLEAGUE, displayname: 'Collega', userType: 3, active: true } as never).returning('id').executeTakeFirstOrThrow();
  await t.db.insertInto('customerAccesses').values({
    tenantId, userId: user.id, customerId, active: true, roles: JSON.stringify(['user']), permissions: JSON.stringify(permissionsForRoles(['user'])), departmentIds: JSON.stringify([]),
  } as never).execute();
  const article = await makeArticle(t, { supplierId: await makeSupplier(t, { name: 'Zicht NV' }), price: '4.00', stock: null });
  mine.push(await placeAs('buyer@demo.test', article), await placeAs('buyer@demo.test', article));
  theirs = await placeAs(COLLEAGUE, article);
});
afterAll(async () => { await t?.close(); });

const listed = async (email: string, query: Record<string, string> = {}) =>
  (ok(await t.call('GET', '/api/v2/orders', { as: email, customerId, query: { page: '1', pageSize: '100', ...query } })).items as { id: string }[]).map((o) => o.id);

describe('a buyer (role user)', () => {
  test('lists only their own orders', async () => {
    const ids = await listed('buyer@demo.test');
    expect(ids).toEqual(expect.arrayContaining(mine));
    expect(ids).not.toContain(theirs);
    expect(await listed(COLLEAGUE)).toEqual([theirs]);
  });

  test("does not find a colleague's order, its history or a decision on it", async () => {
    const as = { as: 'buyer@demo.test', customerId };
    fails(await t.call('GET', `/api/v2/orders/${theirs}`, as), 404, 'OrderNotFound');
    fails(await t.call('GET', `/api/v2/orders/${theirs}/history`, as), 404, 'OrderNotFound');
    fails(await t.call('PATCH', `/api/v2/orders/${theirs}/validate`, { ...as, body: { approve: true } }), 404, 'OrderNotFound');
    expect(ok(await t.call('GET', `/api/v2/orders/${mine[0]}`, as)).result.id).toBe(mine[0]);
  });

  test('asking for a colleague\'s orders by filter still gives none', async () => {
    const colleague = await t.userId(COLLEAGUE);
    expect(await listed('buyer@demo.test', { orderedBy: colleague })).toEqual([]);
  });
});

describe('validators, customer admins and finance', () => {
  test("read the company's orders, and filter them by who ordered", async () => {
    for (const email of ['manager@demo.test', 'finance@demo.test']) {
      const ids = await listed(email);
      expect(ids).toEqual(expect.arrayContaining([...mine, theirs]));
    }
    const buyer = await t.userId('buyer@demo.test');
    const byBuyer = await listed('manager@demo.test', { orderedBy: buyer });
    expect(byBuyer).toEqual(expect.arrayContaining(mine));
    expect(byBuyer).not.toContain(theirs);
    expect(ok(await t.call('GET', `/api/v2/orders/${theirs}`, { as: 'manager@demo.test', customerId })).result.id).toBe(theirs);
  });
});
