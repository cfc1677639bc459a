import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ALL_PERMISSIONS } from '../../src/shared/access';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let first: string;
let second: string;
beforeAll(async () => {
  t = await startTestApp();
  [first, second] = await t.customerIds();
});
afterAll(async () => { await t?.close(); });

describe('authentication (401)', () => {
  test('no token, a malformed token, a token of another key and an expired token are 401 unauthorized', async () => {
    fails(await t.call('GET', '/api/users/me'), 401, 'unauthorized');
    fails(await t.call('GET', '/api/users/me', { token: 'garbage' }), 401, 'unauthorized');
    fails(await t.call('GET', '/api/users/me', { headers: { authorization: 'Basic abc' } }), 401, 'unauthorized');
    const buyer = await t.userId('buyer@demo.test');
    const claims = { userId: buyer, userType: 3 as const, tenant: 'localhost', active: true };
    fails(await t.call('GET', '/api/users/me', { token: await t.sign(claims, { key: await t.otherKey() }) }), 401, 'unauthorized');
    fails(await t.call('GET', '/api/users/me', { token: await t.sign(claims, { expiresIn: '-1m' }) }), 401, 'unauthorized');
    ok(await t.call('GET', '/api/users/me', { token: await t.sign(claims) }));
  });

  test("a token of another tenant opens nothing here, not even with that tenant's user id", async () => {
    const acmeToken = await t.tokenFor('buyer@demo.test', 'acme.localhost');
    fails(await t.call('GET', '/api/users/me', { token: acmeToken }), 401, 'unauthorized');
    const acmeUser = await t.userId('buyer@demo.test', 'acme.localhost');
    const forged = await t.sign({ userId: acmeUser, userType: 3, tenant: 'localhost', active: true });
    fails(await t.call('GET', '/api/users/me', { token: forged }), 401, 'unauthorized');
    ok(await t.call('GET', '/api/users/me', { token: acmeToken, host: 'acme.localhost' }));
  });

  test('an inactive user is 401', async () => {
    const id = await t.userId('finance@demo.test');
    const token = await t.tokenFor('finance@demo.test');
    ok(await t.call('GET', '/api/users/me', { token }));
    await t.db.updateTable('users').set({ active: false }).where('id', '=', id).execute();
    try {
      fails(await t.call('GET', '/api/users/me', { token }), 401, 'unauthorized');
    } finally {
      await t.db.updateTable('users').set({ active: true }).where('id', '=', id).execute();
    }
  });

  test('messages follow Accept-Language (nl by default, en, fr)', async () => {
    expect(fails(await t.call('GET', '/api/users/me'), 401, 'unauthorized').message).toBe('Je sessie is verlopen. Meld je opnieuw aan.');
    expect(fails(await t.call('GET', '/api/users/me', { headers: { 'accept-language': 'en-GB,en;q=0.9' } }), 401, 'unauthorized').message).toBe('Your session has expired. Please sign in again.');
    expect(fails(await t.call('GET', '/api/users/me', { headers: { 'accept-language': 'de, fr;q=0.5' } }), 401, 'unauthorized').message).toBe('Votre session a expiré. Veuillez vous reconnecter.');
  });
});

describe('acting customer and permissions (403)', () => {
  test('customer users act for their first active access, or the one in X-Customer-Id when they have it', async () => {
    const perms = ok(await t.call('GET', `/api/users/${await t.userId('manager@demo.test')}/permissions`, { as: 'manager@demo.test' }));
    expect(perms.customerId).toBe(first);
    const chosen = ok(await t.call('GET', `/api/users/${await t.userId('manager@demo.test')}/permissions`, { as: 'manager@demo.test', customerId: second }));
    expect(chosen.customerId).toBe(second);
    fails(await t.call('GET', '/api/v2/suppliers', { as: 'buyer@demo.test', customerId: second }), 403, 'NoAccessToCustomer');
    fails(await t.call('GET', '/api/v2/suppliers', { as: 'buyer@demo.test', customerId: 'nonsense' }), 403, 'NoAccessToCustomer');
  });

  test('an inactive access does not count; with none left a customer route says noActiveCustomer', async () => {
    const buyer = await t.userId('buyer@demo.test');
    await t.db.updateTable('customerAccesses').set({ active: false }).where('userId', '=', buyer).execute();
    try {
      fails(await t.call('GET', '/api/v2/suppliers', { as: 'buyer@demo.test', customerId: first }), 403, 'NoAccessToCustomer');
      fails(await t.call('GET', '/api/v2/suppliers', { as: 'buyer@demo.test' }), 400, 'noActiveCustomer');
      ok(await t.call('GET', '/api/users/me', { as: 'buyer@demo.test' }));
    } finally {
      await t.db.updateTable('customerAccesses').set({ active: true }).where('userId', '=', buyer).execute();
    }
  });

  test('platform users may act for any customer of the tenant; an unknown one is 404 CustomerNotFound', async () => {
    const page = ok(await t.call('GET', '/api/warehouses', { as: 'admin@demo.test', customerId: first, query: { pageSize: '100' } }));
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((w: any) => w.customerId === first)).toBe(true);
    const [acmeCustomer] = await t.customerIds('acme.localhost');
    fails(await t.call('GET', '/api/warehouses', { as: 'admin@demo.test', customerId: acmeCustomer }), 404, 'CustomerNotFound');
    fails(await t.call('GET', '/api/warehouses', { as: 'superadmin@demo.test', customerId: 'x' }), 404, 'CustomerNotFound');
    // Without a header: the tenant's default contracts customer (the first one in the seed).
    expect(ok(await t.call('GET', '/api/warehouses', { as: 'superadmin@demo.test', query: { pageSize: '1' } })).items[0].customerId).toBe(first);
  });

  test('every required letter must be present: a platform admin with article-categories:R may read, not create', async () => {
    const admin = await t.userId('admin@demo.test');
    await t.db.updateTable('users').set({ platformPermissions: JSON.stringify(['article-categories:R']) }).where('id', '=', admin).execute();
    try {
      ok(await t.call('POST', '/api/admin/article-categories/query', { as: 'admin@demo.test', body: { query: {} } }));
      fails(await t.call('POST', '/api/admin/article-categories/create', { as: 'admin@demo.test', body: { dto: { name: 'Nee' } } }), 403, 'forbiddenAccess');
      ok(await t.call('POST', '/api/admin/article-categories/create', { as: 'superadmin@demo.test', body: { dto: { name: 'Super mag alles' } } }));
    } finally {
      await t.db.updateTable('users').set({ platformPermissions: JSON.stringify(ALL_PERMISSIONS) }).where('id', '=', admin).execute();
    }
  });

  test('customer users never pass platform-admin routes, whatever their letters', async () => {
    fails(await t.call('POST', '/api/admin/suppliers/query', { as: 'manager@demo.test', body: { query: {} } }), 403, 'forbiddenAccess');
  });

  test('X-Impersonate-User: super admins act as that user; anybody else is refused', async () => {
    const buyer = await t.userId('buyer@demo.test');
    const me = ok(await t.call('GET', '/api/users/me', { as: 'superadmin@demo.test', headers: { 'x-impersonate-user': buyer } }));
    expect(me).toMatchObject({ id: buyer, email: 'buyer@demo.test', userType: 3 });
    fails(await t.call('GET', '/api/users/me', { as: 'admin@demo.test', headers: { 'x-impersonate-user': buyer } }), 403, 'forbiddenAccess');
    fails(await t.call('GET', '/api/users/me', { as: 'superadmin@demo.test', headers: { 'x-impersonate-user': await t.userId('buyer@demo.test', 'acme.localhost') } }), 404, 'UserNotFound');
  });
});

describe('request shape', () => {
  test('an unknown /api path is a JSON 404, with or without a token', async () => {
    fails(await t.call('GET', '/api/does-not-exist'), 404, 'notFound');
    fails(await t.call('POST', '/api/admin/nothing/query', { as: 'admin@demo.test', body: {} }), 404, 'notFound');
  });

  test('malformed JSON is 400 validationFailed and not a 500', async () => {
    const r = await t.app.inject({
      method: 'POST', url: '/api/admin/offers/create', payload: '{"dto": {',
      headers: { host: 'localhost', 'content-type': 'application/json', authorization: `Bearer ${await t.tokenFor('admin@demo.test')}` },
    });
    fails(r, 400, 'validationFailed');
  });

  test('a body of the wrong shape is 400, never 500', async () => {
    const admin = { as: 'admin@demo.test' };
    fails(await t.call('POST', '/api/admin/offers/create', { ...admin, body: { dto: 'text' } }), 400, 'validationFailed');
    fails(await t.call('POST', '/api/admin/offers/create', { ...admin, body: [1, 2] }), 400, 'validationFailed');
    fails(await t.call('POST', '/api/admin/offers/query', { ...admin, body: { query: { take: 'many' } } }), 400, 'validationFailed');
    fails(await t.call('POST', '/api/admin/offers/query', { ...admin, body: { query: { skip: -1 } } }), 400, 'validationFailed');
    fails(await t.call('GET', '/api/warehouses', { as: 'manager@demo.test', query: { page: '0' } }), 400, 'validationFailed');
  });

  test('concurrent writes stay isolated: one failing request does not undo the others', async () => {
    const admin = { as: 'admin@demo.test' };
    const names = Array.from({ length: 8 }, (_, i) => `Parallel ${i}`);
    const responses = await Promise.all([
      ...names.map((name) => t.call('POST', '/api/admin/article-categories/create', { ...admin, body: { dto: { name } } })),
      t.call('POST', '/api/admin/article-categories/create', { ...admin, body: { dto: { name: 'Bad ref', groupId: '00000000-0000-4000-8000-000000000000' } } }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([...names.map(() => 200), 400]);
    const stored = await t.db.selectFrom('articleCategories').select('name').where('name', 'like', 'Parallel %').execute();
    expect(stored.map((r) => r.name).sort()).toEqual(names);
  });
});
