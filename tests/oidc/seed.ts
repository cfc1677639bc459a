import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { CustomerAccessesTable, DB, TenantsTable, UsersTable } from '../../generated/db/database.gen';

/** Tenants, users and customer accesses for the sign-in tests (through the camelCase db, as the core writes). */
export interface Seeded {
  tenants: { localhost: string; acme: string; external: string };
  users: { buyer: string; manager: string; superadmin: string; finance: string; acmeManager: string };
  customers: { c1: string; c2: string };
  departments: { d1: string; d2: string };
}

export async function seed(db: Kysely<DB>): Promise<Seeded> {
  const tenant = async (hostname: string, values: Omit<Insertable<TenantsTable>, 'hostname'>) =>
    (await db.insertInto('tenants').values({ hostname, ...values }).returning('id').executeTakeFirstOrThrow()).id;
  const tenants = {
    localhost: await tenant('localhost', {
      name: 'Development Shop', idpClientId: 'shop-localhost', defaultLanguage: 'NL', supportedLanguages: JSON.stringify(['NL', 'FR', 'EN']),
      theme: JSON.stringify({ primary: '#123456', secondary: '#654321', danger: '#aa0000', logoMain: null }),
    }),
    acme: await tenant('acme.localhost', {
      name: 'ACME Procurement', idpClientId: 'shop-acme', defaultLanguage: 'EN', supportedLanguages: JSON.stringify(['EN', 'FR']),
      theme: JSON.stringify({ primary: '#0a7f3f' }),
    }),
    // Signs in elsewhere: its client id must not be served by the embedded provider.
    external: await tenant('globex.localhost', {
      name: 'Globex', idpClientId: 'shop-globex', idpIssuer: 'https://idp.example.com/', idpAudience: 'https://api.globex.example',
    }),
  };
  const user = async (tenantId: string, email: string, values: Partial<Insertable<UsersTable>> = {}) =>
    (await db.insertInto('users').values({ tenantId, email, ...values }).returning('id').executeTakeFirstOrThrow()).id;
  const users = {
    // E-mail in mixed case: matching the sign-in account must ignore case.
    buyer: await user(tenants.localhost, 'Buyer@Demo.test', { displayname: 'Bea Buyer', userType: 3 }),
    manager: await user(tenants.localhost, 'manager@demo.test', { displayname: 'Max Manager', userType: 3 }),
    superadmin: await user(tenants.localhost, 'superadmin@demo.test', { userType: 1 }),
    finance: await user(tenants.localhost, 'finance@demo.test', { userType: 3, active: false }),
    acmeManager: await user(tenants.acme, 'manager@demo.test', { userType: 2, platformPermissions: JSON.stringify(['orders:R', 'orders:W', 'bogus:RW']) }),
  };
  const customers = { c1: randomUUID(), c2: randomUUID() };
  const departments = { d1: randomUUID(), d2: randomUUID() };
  const access = (userId: string, customerId: string, values: Partial<Insertable<CustomerAccessesTable>>) =>
    db.insertInto('customerAccesses').values({ tenantId: tenants.localhost, userId, customerId, ...values }).execute();
  await access(users.buyer, customers.c1, { roles: JSON.stringify(['user']), permissions: JSON.stringify(['reports:R']), departmentIds: JSON.stringify([departments.d1]) });
  // Disabled access: gives no customer, right or department.
  await access(users.buyer, customers.c2, { active: false, roles: JSON.stringify(['admin']), departmentIds: JSON.stringify([departments.d2]) });
  await access(users.manager, customers.c1, { roles: JSON.stringify(['admin', 'validator']) });
  await access(users.manager, customers.c2, { roles: JSON.stringify(['validator']), departmentIds: JSON.stringify([departments.d2]) });
  return { tenants, users, customers, departments };
}
