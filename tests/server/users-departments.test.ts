import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { fails, ok } from './helpers/expect';
import { buildWithProvider, startTestApp, type TestApp } from './helpers/test-app';
import { addUser } from './mail-helpers';
import { verifyPassword } from '../../src/server/oidc/accounts';
import type { FastifyInstance } from 'fastify';
import { ERRORS } from '../../model';

/**
 * Users, departments and accesses (flows §4, §5 Users, §7 Users and Departments): the invitation and
 * its password link on the identity provider, the one-role rule, duplicate e-mails, one validator
 * per department, members and the platform's customer accesses. One app (and one with the identity
 * provider's pages) for the file; workers are off, the test reads the queued mail jobs.
 */

let t: TestApp;
let provider: FastifyInstance;
let customerId: string;
let otherCustomerId: string;
let tenantId: string;
const admin = 'manager@demo.test';

const call = (method: 'POST' | 'GET', url: string, body?: unknown, as = admin, query?: Record<string, string>) =>
  t.call(method, `/api${url}`, { as, customerId, body, query });

/** The secret of the newest password mail queued for the user. */
async function linkTokenOf(userId: string): Promise<string> {
  const rows = (await sql<{ data: { recipientUserId: string; mail: { kind: string; token: string } } }>`select data from pgboss.job where name = 'mail.send' and data->>'recipientUserId' = ${userId} order by created_on desc`.execute(t.db)).rows;
  const mail = rows.map((r) => r.data.mail).find((m) => m.kind === 'passwordLink');
  if (!mail) throw new Error('no password mail queued');
  return mail.token;
}

const setPassword = (token: string, password: string, confirm = password) => provider.inject({
  method: 'POST', url: '/account/set-password', headers: { host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams({ token, password, confirm, lang: 'en' }).toString(),
});

let department: string;
let secondDepartment: string;

beforeAll(async () => {
  t = await startTestApp();
  provider = await buildWithProvider(t.db, t.testDb.config, { verify: async () => { throw new Error('not used'); } } as never);
  await provider.ready();
  tenantId = await t.tenantId();
  [customerId, otherCustomerId] = await t.customerIds();
  department = ok(await call('POST', '/customerDepartment/create', { dto: { name: 'Inkoop', costCenter: 'KP-1' } })).result.id;
  secondDepartment = ok(await call('POST', '/customerDepartment/create', { dto: { name: 'Onderhoud' } })).result.id;
});
afterAll(async () => { await provider?.close(); await t?.close(); });

describe('inviting a user', () => {
  let invited: string;
  test('creates the user and access with roles, departments and landing page, and queues a link to set a password', async () => {
    const body = { email: 'New.Colleague@demo.test', firstname: 'Nora', lastname: 'Nieuw', roleIds: ['user', 'validator'], departmentIds: [department], landingPage: 'orders' };
    const user = ok(await call('POST', '/customers/inviteUser', body)).result;
    invited = user.id;
    expect(user).toMatchObject({ email: 'new.colleague@demo.test', displayname: 'Nora Nieuw', roles: ['user', 'validator'], departmentIds: [department], landingPage: 'orders', customerId });
    // The validator role took the department, which had none.
    const row = await t.db.selectFrom('customerDepartments').select('validatorUserId').where('id', '=', department).executeTakeFirstOrThrow();
    expect(row.validatorUserId).toBe(invited);
    const token = await linkTokenOf(invited);
    const stored = await t.db.selectFrom('passwordLinks').select('tokenHash').where('userId', '=', invited).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toBe(token);
  });

  test('a known e-mail is refused (duplicate_email) and nothing is written', async () => {
    const before = await t.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('tenantId', '=', tenantId).executeTakeFirstOrThrow();
    const body = fails(await call('POST', '/customers/inviteUser', { email: 'BUYER@demo.test', roleIds: ['user'] }), 409, 'duplicate_email');
    expect(ERRORS.duplicate_email.message.en).toBe('A user with that email already exists.');
    expect(body.message).toBe(ERRORS.duplicate_email.message.nl);
    const after = await t.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('tenantId', '=', tenantId).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  test('an invitation without a role is refused', async () => {
    const body = fails(await call('POST', '/customers/inviteUser', { email: 'norole@demo.test', roleIds: [] }), 400, 'UserRoleRequired');
    expect(ERRORS.UserRoleRequired.message.en).toBe('An user requires at least one role.');
    expect(body.message).toBe(ERRORS.UserRoleRequired.message.nl);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'norole@demo.test').executeTakeFirst()).toBeUndefined();
  });

  test('a second validator for the same department is refused and changes nothing', async () => {
    const body = fails(await call('POST', '/customers/inviteUser', { email: 'second-validator@demo.test', roleIds: ['validator'], departmentIds: [department] }), 409, 'DuplicateRoleDepartment');
    expect(body.message).toBe(ERRORS.DuplicateRoleDepartment.message.nl);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'second-validator@demo.test').executeTakeFirst()).toBeUndefined();
    const existing = await addUser(t, 'validator-two@demo.test', { roles: ['validator'] });
    const update = { dto: { userId: existing, roleIds: ['validator'], departmentIds: [department] } };
    fails(await call('POST', '/customer-user-management/update', update), 409, 'DuplicateRoleDepartment');
    fails(await call('POST', '/customerDepartment/update', { dto: { id: department, validatorUserId: existing } }), 409, 'DuplicateRoleDepartment');
    const row = await t.db.selectFrom('customerDepartments').select('validatorUserId').where('id', '=', department).executeTakeFirstOrThrow();
    expect(row.validatorUserId).toBe(invited);
  });

  test('the link sets a password once; the person then signs in with it; a used, unknown or expired link is invalid', async () => {
    const token = await linkTokenOf(invited);
    const page = await provider.inject({ method: 'GET', url: `/account/set-password?token=${token}&lang=en`, headers: { host: 'localhost:3000' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('new.colleague@demo.test');
    expect((await setPassword(token, 'short')).statusCode).toBe(400);
    expect((await setPassword(token, 'a-long-password', 'another-one')).body).toContain('not the same');
    const done = await setPassword(token, 'a-long-password');
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your password is set');
    expect(await verifyPassword(t.db, 'new.colleague@demo.test', 'a-long-password')).toMatchObject({ email: 'new.colleague@demo.test' });
    const again = await setPassword(token, 'yet-another-password');
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('Reset link invalid');
    expect(await verifyPassword(t.db, 'new.colleague@demo.test', 'yet-another-password')).toBeUndefined();
    // A new link, expired: refused as well.
    ok(await call('POST', '/customer-user-management/resendInvite', { id: invited }));
    const fresh = await linkTokenOf(invited);
    await t.db.updateTable('passwordLinks').set({ expiresAt: new Date(Date.now() - 1000) }).where('userId', '=', invited).where('usedAt', 'is', null).execute();
    expect((await setPassword(fresh, 'yet-another-password')).body).toContain('Reset link invalid');
    expect((await provider.inject({ method: 'GET', url: `/account/set-password?token=${'x'.repeat(43)}`, headers: { host: 'localhost:3000' } })).statusCode).toBe(400);
  });

  test('an update needs at least one role; it sets roles, departments, landing page and activation; the validator gives a department up', async () => {
    fails(await call('POST', '/customer-user-management/update', { dto: { userId: invited, roleIds: [] } }), 400, 'UserRoleRequired');
    const changed = ok(await call('POST', '/customer-user-management/update', {
      dto: { userId: invited, roleIds: ['user'], departmentIds: [secondDepartment], landingPage: 'products', active: false },
    })).result;
    expect(changed).toMatchObject({ roles: ['user'], departmentIds: [secondDepartment], landingPage: 'products', accessActive: false });
    const row = await t.db.selectFrom('customerDepartments').select('validatorUserId').where('id', '=', department).executeTakeFirstOrThrow();
    expect(row.validatorUserId).toBeNull();
    const read = ok(await call('POST', '/customer-user-management/byid', { query: { id: invited, customerId } })).result;
    expect(read.permissions).toBeUndefined();
    expect(read.roles).toEqual(['user']);
  });

  test("an update without roles, or with a key the call does not know, is refused and changes nothing (flows §3 field names, §5 'An user requires at least one role.')", async () => {
    const before = ok(await call('POST', '/customer-user-management/byid', { query: { id: invited, customerId } })).result;
    const refusals: [unknown, number, string][] = [
      [{ dto: { userId: invited, roleIds: [], landingPage: 'orders', firstname: 'Changed' } }, 400, 'UserRoleRequired'],
      [{ dto: { userId: invited, landingPage: 'orders', firstname: 'Changed' } }, 400, 'validationFailed'],
      // The old names are unknown keys now: refused, never dropped silently.
      [{ dto: { id: invited, roles: ['admin'], firstname: 'Changed' } }, 400, 'validationFailed'],
      [{ dto: { userId: invited, roleIds: ['admin'], firstname: 'Changed', isSuperAdmin: true } }, 400, 'validationFailed'],
      [{ dto: { userId: invited, roleIds: ['admin'], firstname: 'Changed' }, extra: 1 }, 400, 'validationFailed'],
      [{ dto: { userId: invited, roleIds: ['admin'], firstname: 'Changed', customerId: otherCustomerId } }, 403, 'NoAccessToCustomer'],
    ];
    for (const [body, status, code] of refusals) fails(await call('POST', '/customer-user-management/update', body), status, code);
    const after = ok(await call('POST', '/customer-user-management/byid', { query: { id: invited, customerId } })).result;
    expect(after).toEqual(before);
    const changed = ok(await call('POST', '/customer-user-management/update', { dto: { userId: invited, customerId, roleIds: ['user'], firstname: 'Nora' } })).result;
    expect(changed).toMatchObject({ firstname: 'Nora', roles: ['user'] });
  });

  test('a buyer may not invite, and another company\'s user is not found', async () => {
    fails(await t.call('POST', '/api/customers/inviteUser', { as: 'buyer@demo.test', body: { email: 'x@demo.test', roleIds: ['user'] } }), 403, 'forbiddenAccess');
    const other = await addUser(t, 'elsewhere@demo.test', { customerId: otherCustomerId });
    fails(await call('POST', '/customer-user-management/byid', { query: { id: other } }), 404, 'UserNotFound');
    fails(await call('POST', '/customer-user-management/byid', { query: { id: other, customerId: otherCustomerId } }), 403, 'NoAccessToCustomer');
  });
});

describe('departments', () => {
  test('members are the users whose access holds the department; the validator must have the role and becomes a member', async () => {
    const member = await addUser(t, 'dept-member@demo.test', { roles: ['user'] });
    const validator = await addUser(t, 'dept-validator@demo.test', { roles: ['validator'] });
    fails(await call('POST', '/customerDepartment/create', { dto: { name: 'X', validatorUserId: member } }), 400, 'ValidatorNotOfCustomer');
    const created = ok(await call('POST', '/customerDepartment/create', { dto: { name: 'Logistiek', validatorUserId: validator, memberUserIds: [member] } })).result;
    expect(created.memberUserIds.sort()).toEqual([member, validator].sort());
    const cleared = ok(await call('POST', '/customerDepartment/update', { dto: { id: created.id, validatorUserId: null, memberUserIds: [] } })).result;
    expect(cleared).toMatchObject({ validatorUserId: null, memberUserIds: [] });
    fails(await call('POST', '/customerDepartment/create', { dto: { name: '' } }), 400, 'validationFailed');
    fails(await call('POST', '/customerDepartment/create', { dto: { name: 'B', budgetId: created.id } }), 404, 'BudgetNotFound');
  });
});

describe('catalogue rules of a user, set by the company admin', () => {
  test('the admin sets and reads the rules of their company\'s user; unknown ids and another company\'s user are refused', async () => {
    const buyer = await t.userId('buyer@demo.test');
    const [marketplace] = await t.db.selectFrom('marketplaces').select('id').where('tenantId', '=', tenantId).limit(1).execute();
    const path = `/customer-user-management/catalog-rules/${buyer}`;
    const set = ok(await t.call('PUT', `/api${path}`, { as: admin, customerId, body: { excludeMarketPlaces: [marketplace!.id], includeFamilies: ['Papier'] } })).result;
    expect(set).toMatchObject({ excludeMarketPlaces: [marketplace!.id], includeFamilies: ['Papier'], includeSuppliers: [] });
    expect(ok(await t.call('GET', `/api/catalog-rules/user/${buyer}`, { as: 'buyer@demo.test' })).result.includeFamilies).toEqual(['Papier']);
    fails(await t.call('PUT', `/api${path}`, { as: admin, customerId, body: { includeSuppliers: [department] } }), 400, 'validationFailed');
    expect(ok(await call('GET', path)).result.includeFamilies).toEqual(['Papier']);
    const other = await addUser(t, 'rules-elsewhere@demo.test', { customerId: otherCustomerId });
    fails(await call('GET', `/customer-user-management/catalog-rules/${other}`), 404, 'UserNotFound');
    fails(await t.call('PUT', `/api${path}`, { as: 'buyer@demo.test', customerId, body: {} }), 403, 'forbiddenAccess');
  });
});

describe('platform users and customer accesses', () => {
  test('a platform admin creates a user with the password mail; a known e-mail is refused; administrators are for super admins', async () => {
    const user = ok(await t.call('POST', '/api/usermanagement/createAndSentPasswordMail', { as: 'admin@demo.test', body: { email: 'platform-made@demo.test', firstname: 'Pim' } })).result;
    expect(user).toMatchObject({ email: 'platform-made@demo.test', userType: 3 });
    await linkTokenOf(user.id);
    fails(await t.call('POST', '/api/usermanagement/createAndSentPasswordMail', { as: 'admin@demo.test', body: { email: 'platform-made@demo.test' } }), 409, 'duplicate_email');
    fails(await t.call('POST', '/api/usermanagement/createAndSentPasswordMail', { as: 'admin@demo.test', body: { email: 'adm@demo.test', userType: 2 } }), 403, 'UnauthorizedRole');
    ok(await t.call('POST', '/api/usermanagement/createAndSentPasswordMail', { as: 'superadmin@demo.test', body: { email: 'adm@demo.test', userType: 2, platformPermissions: ['users:R'] } }));
    const read = ok(await t.call('GET', '/api/usermanagement/byid', { as: 'admin@demo.test', query: { userid: user.id } })).result;
    expect(read.email).toBe('platform-made@demo.test');
    const admins = ok(await t.call('POST', '/api/usermanagement/query', { as: 'admin@demo.test', body: { query: { take: 100, administrators: true } } })).result.items;
    expect(admins.map((u: { email: string }) => u.email)).toEqual(expect.arrayContaining(['adm@demo.test', 'superadmin@demo.test']));
    expect(admins.every((u: { userType: number }) => u.userType === 1 || u.userType === 2)).toBe(true);
    const others = ok(await t.call('POST', '/api/usermanagement/query', { as: 'admin@demo.test', body: { query: { take: 100, administrators: false } } })).result.items;
    expect(others.some((u: { userType: number }) => u.userType === 1 || u.userType === 2)).toBe(false);
    const customers = ok(await t.call('GET', '/api/admin/customer-accesses/customers', { as: 'admin@demo.test', query: { search: '' } })).result;
    expect(customers.map((c: { id: string }) => c.id)).toContain(customerId);
    const changed = ok(await t.call('POST', '/api/usermanagement/update', { as: 'admin@demo.test', body: { userId: user.id, landingPage: 'deliveries', active: false } })).result;
    expect(changed).toMatchObject({ landingPage: 'deliveries', active: false });

    fails(await t.call('POST', '/api/admin/customer-accesses/create', { as: 'admin@demo.test', body: { userId: user.id, customerId, roles: [] } }), 400, 'UserRoleRequired');
    const access = ok(await t.call('POST', '/api/admin/customer-accesses/create', { as: 'admin@demo.test', body: { userId: user.id, customerId, roles: ['finance'] } })).result;
    expect(access).toMatchObject({ customerId, roles: ['finance'], active: true });
    const stored = await t.db.selectFrom('customerAccesses').select('permissions').where('id', '=', access.id).executeTakeFirstOrThrow();
    expect(stored.permissions).toContain('invoices:RWCDX');
    fails(await t.call('POST', '/api/admin/customer-accesses/create', { as: 'admin@demo.test', body: { userId: user.id, customerId, roles: ['user'] } }), 409, 'CustomerAccessExists');
    const updated = ok(await t.call('POST', '/api/admin/customer-accesses/update', { as: 'admin@demo.test', body: { id: access.id, roles: ['user'], active: false } })).result;
    expect(updated).toMatchObject({ roles: ['user'], active: false });
    ok(await t.call('POST', '/api/admin/customer-accesses/delete', { as: 'admin@demo.test', body: { id: access.id } }));
    expect(await t.db.selectFrom('customerAccesses').select('id').where('id', '=', access.id).executeTakeFirst()).toBeUndefined();
    fails(await t.call('POST', '/api/admin/customer-accesses/delete', { as: 'manager@demo.test', customerId, body: { id: access.id } }), 403, 'forbiddenAccess');
  });
});

describe("the platform's user update (POST /usermanagement/update)", () => {
  test("takes flows §3's names (userId, roleIds), refuses an empty role list and unknown keys, and then changes nothing", async () => {
    const userId = await addUser(t, 'platform-updated@demo.test', { roles: ['user'] });
    const update = (body: Record<string, unknown>, as = 'admin@demo.test') => t.call('POST', '/api/usermanagement/update', { as, body });
    const state = async () => ({
      user: await t.db.selectFrom('users').select(['firstname', 'landingPage', 'active']).where('id', '=', userId).executeTakeFirstOrThrow(),
      access: await t.db.selectFrom('customerAccesses').select(['roles', 'departmentIds']).where('userId', '=', userId).where('customerId', '=', customerId).executeTakeFirstOrThrow(),
    });
    const before = await state();
    fails(await update({ userId, customerId, roleIds: [], firstname: 'Changed', landingPage: 'orders' }), 400, 'UserRoleRequired');
    fails(await update({ id: userId, firstname: 'Changed' }), 400, 'validationFailed');
    fails(await update({ userId, roleIds: [], firstname: 'Changed' }), 400, 'UserRoleRequired');
    fails(await update({ userId, firstname: 'Changed', roles: ['admin'] }), 400, 'validationFailed');
    fails(await update({ userId, roleIds: ['admin'], firstname: 'Changed' }), 400, 'validationFailed');
    fails(await update({ userId, customerId: otherCustomerId, roleIds: ['admin'], firstname: 'Changed' }), 403, 'NoAccessToCustomer');
    expect(await state()).toEqual(before);
    const changed = ok(await update({ userId, customerId, roleIds: ['admin', 'finance'], departmentIds: [secondDepartment], firstname: 'Pia' })).result;
    expect(changed.firstname).toBe('Pia');
    expect(changed.customerAccess.find((a: { customerId: string }) => a.customerId === customerId).roles).toEqual(['admin', 'finance']);
    const after = await state();
    expect(after.access.departmentIds).toEqual([secondDepartment]);
  });
});
