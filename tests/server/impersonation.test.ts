import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eventually } from './helpers/eventually';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

const LOGIN = '/api/usermanagement/loginbyuserid';
let t: TestApp;
let tenantId: string;
let first: string;
beforeAll(async () => {
  t = await startTestApp();
  tenantId = await t.tenantId();
  [first] = await t.customerIds();
});
afterAll(async () => { await t?.close(); });

/** A user of the development tenant, with one access to the first company when `access` is given. */
async function makeUser(email: string, userType: number, access?: { active: boolean; permissions: string[] }, platformPermissions: string[] = []) {
  const { id } = await t.db.insertInto('users').values({ tenantId, email, displayname: email, userType, active: true, platformPermissions: JSON.stringify(platformPermissions) })
    .returning('id').executeTakeFirstOrThrow();
  if (access) {
    await t.db.insertInto('customerAccesses').values({ tenantId, userId: id, customerId: first, active: access.active, roles: '[]', permissions: JSON.stringify(access.permissions), departmentIds: '[]' }).execute();
  }
  return id;
}
/** A sign-in account of the embedded identity provider (the hash is never checked here). */
const makeAccount = (email: string) => t.db.insertInto('idpAccounts').values({ email, passwordHash: 'x', displayname: `Account ${email}` }).execute();

const impersonate = (userId: unknown, as = 'superadmin@demo.test') => t.call('POST', LOGIN, { as, body: { userId }, headers: { 'accept-language': 'en' } });
const logRows = (impersonatedUserId: string) => t.db.selectFrom('impersonationLog').selectAll().where('impersonatedUserId', '=', impersonatedUserId).orderBy('at').execute();

describe('POST /usermanagement/loginbyuserid', () => {
  test('a super admin gets the identity-provider view and the user as GET /users/me shapes it', async () => {
    const buyer = await t.userId('buyer@demo.test');
    const res = ok(await impersonate(buyer));
    expect(res.userToImpersonateAuth0).toEqual({ userId: buyer, email: 'buyer@demo.test', displayname: 'Demo Buyer', accountId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(res.userToImpersonate).toEqual(ok(await t.call('GET', '/api/users/me', { as: 'buyer@demo.test' })));
    // Platform users may be impersonated too: they need no customer access, only rights.
    expect(ok(await impersonate(await t.userId('admin@demo.test'))).userToImpersonate.userType).toBe(2);
  });

  test('only super admins: 403 for platform admins and customer users, 401 without a token', async () => {
    const buyer = await t.userId('buyer@demo.test');
    fails(await impersonate(buyer, 'admin@demo.test'), 403, 'forbiddenAccess');
    fails(await impersonate(buyer, 'manager@demo.test'), 403, 'forbiddenAccess');
    fails(await t.call('POST', LOGIN, { body: { userId: buyer } }), 401, 'unauthorized');
  });

  test('an unknown user, a user of another tenant or an inactive user is 404; no id is 400', async () => {
    fails(await impersonate('5b0c3c1e-0000-4000-8000-000000000000'), 404, 'UserNotFound');
    fails(await impersonate(await t.userId('buyer@demo.test', 'acme.localhost')), 404, 'UserNotFound');
    const inactive = await makeUser('inactive@demo.test', 3, { active: true, permissions: ['orders:R'] });
    await makeAccount('inactive@demo.test');
    await t.db.updateTable('users').set({ active: false }).where('id', '=', inactive).execute();
    fails(await impersonate(inactive), 404, 'UserNotFound');
    fails(await t.call('POST', LOGIN, { as: 'superadmin@demo.test', body: {} }), 400, 'validationFailed');
  });

  test("the spec's login errors, in this order: not in the identity provider, no active access, no permissions", async () => {
    const noAccount = await makeUser('noaccount@demo.test', 3, { active: true, permissions: ['orders:RC'] });
    expect(fails(await impersonate(noAccount), 400, 'UserNotInIdentityProvider').message).toBe('User is either not yet created in auth0 or has no active customer access');

    const inactiveAccess = await makeUser('inactiveaccess@demo.test', 3, { active: false, permissions: ['orders:RC'] });
    await makeAccount('inactiveaccess@demo.test');
    expect(fails(await impersonate(inactiveAccess), 400, 'NoActiveCustomerAccess').message).toBe('No active customer access found');
    const noAccess = await makeUser('noaccess@demo.test', 3);
    await makeAccount('noaccess@demo.test');
    fails(await impersonate(noAccess), 400, 'NoActiveCustomerAccess');

    const noLetters = await makeUser('noletters@demo.test', 3, { active: true, permissions: [] });
    await makeAccount('noletters@demo.test');
    expect(fails(await impersonate(noLetters), 400, 'UserHasNoPermissions').message).toBe('User has no permissions.');
    const bareAdmin = await makeUser('bareadmin@demo.test', 2, undefined, []);
    await makeAccount('bareadmin@demo.test');
    fails(await impersonate(bareAdmin), 400, 'UserHasNoPermissions');

    await makeAccount('noaccount@demo.test');
    ok(await impersonate(noAccount));
  });

  test('a tenant with its own identity provider: the users row stands in for the account', async () => {
    const user = await makeUser('external@demo.test', 3, { active: true, permissions: ['orders:R'] });
    fails(await impersonate(user), 400, 'UserNotInIdentityProvider');
    await t.db.updateTable('tenants').set({ idpIssuer: 'https://idp.example.com' }).where('id', '=', tenantId).execute();
    try {
      expect(ok(await impersonate(user)).userToImpersonateAuth0).toEqual({ userId: user, email: 'external@demo.test', displayname: 'external@demo.test', accountId: null });
    } finally {
      await t.db.updateTable('tenants').set({ idpIssuer: null }).where('id', '=', tenantId).execute();
    }
  });
});

describe('impersonation log', () => {
  test('the start and every call while impersonating are recorded with both identities and the status', async () => {
    const real = await t.userId('superadmin@demo.test');
    const finance = await t.userId('finance@demo.test');
    ok(await impersonate(finance));
    const as = { as: 'superadmin@demo.test', headers: { 'x-impersonate-user': finance } };
    expect(ok(await t.call('GET', '/api/users/me', as)).email).toBe('finance@demo.test');
    fails(await t.call('POST', '/api/admin/offers/query', { ...as, body: { query: {} } }), 403, 'forbiddenAccess');
    ok(await t.call('GET', '/api/users/me', { as: 'superadmin@demo.test' })); // not impersonating: not recorded
    const rows = await eventually(async () => {
      const r = await logRows(finance);
      expect(r).toHaveLength(3);
      return r;
    });
    expect(rows.map((r) => [r.realUserId, r.tenantId, r.method, r.path, r.statusCode])).toEqual([
      [real, tenantId, 'POST', LOGIN, 200],
      [real, tenantId, 'GET', '/api/users/me', 200],
      [real, tenantId, 'POST', '/api/admin/offers/query', 403],
    ]);
  });

  test('super admins read it through POST /admin/impersonation-log/query, per tenant; nobody else does', async () => {
    const manager = await t.userId('manager@demo.test');
    ok(await t.call('GET', '/api/users/me', { as: 'superadmin@demo.test', headers: { 'x-impersonate-user': manager } }));
    const page = await eventually(async () => {
      const p = ok(await t.call('POST', '/api/admin/impersonation-log/query', { as: 'superadmin@demo.test', body: { query: { impersonatedUserId: manager } } })).result;
      expect(p.total).toBe(1);
      return p;
    });
    expect(page.items[0]).toMatchObject({ realUserId: await t.userId('superadmin@demo.test'), impersonatedUserId: manager, method: 'GET', path: '/api/users/me', statusCode: 200 });
    expect(Date.parse(page.items[0].at)).not.toBeNaN();
    expect(ok(await t.call('POST', '/api/admin/impersonation-log/query', { as: 'superadmin@demo.test', host: 'acme.localhost', body: { query: {} } })).result.total).toBe(0);
    fails(await t.call('POST', '/api/admin/impersonation-log/query', { as: 'admin@demo.test', body: { query: {} } }), 403, 'forbiddenAccess');
  });

  test('a failed log write does not fail the call', async () => {
    const buyer = await t.userId('buyer@demo.test');
    const before = (await logRows(buyer)).length;
    await t.db.schema.alterTable('impersonation_log').renameTo('impersonation_log_away').execute();
    try {
      expect(ok(await t.call('GET', '/api/users/me', { as: 'superadmin@demo.test', headers: { 'x-impersonate-user': buyer } })).email).toBe('buyer@demo.test');
      await new Promise((r) => setTimeout(r, 100)); // let the hook's write fail before the table comes back
    } finally {
      await t.db.schema.alterTable('impersonation_log_away').renameTo('impersonation_log').execute();
    }
    expect(await logRows(buyer)).toHaveLength(before);
    ok(await t.call('GET', '/api/users/me', { as: 'superadmin@demo.test', headers: { 'x-impersonate-user': buyer } }));
    await eventually(async () => expect(await logRows(buyer)).toHaveLength(before + 1));
  });
});
