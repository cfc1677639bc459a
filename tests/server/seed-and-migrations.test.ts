import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrate } from '../../src/server/db/migrate';
import { seed } from '../../src/server/demo/seed';
import { DEMO_USERS } from '../../src/server/demo/seed-data';
import { JOBS } from '../../src/server/job-registry';
import { ALL_PERMISSIONS, permissionsForRoles } from '../../src/shared/access';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createTestDatabase } from './helpers/test-db';
import type { DB } from '../../generated/db/database.gen';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t?.close(); });

const count = async (table: keyof DB) => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('seed', () => {
  test('runs once per database: a second run changes nothing', async () => {
    const tables = ['tenants', 'users', 'customers', 'suppliers', 'customerAccesses'] as const;
    const before = await Promise.all(tables.map(count));
    expect(await seed(t.db)).toBe(false);
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });

  test('three tenants with their own language, environment and client id', async () => {
    const tenants = await t.db.selectFrom('tenants').select(['hostname', 'environment', 'defaultLanguage', 'idpClientId', 'defaultContractsCustomerId']).orderBy('hostname').execute();
    expect(tenants.map((x) => [x.hostname, x.environment, x.defaultLanguage, x.idpClientId])).toEqual([
      ['acme.localhost', 'production', 'EN', 'shop-acme.localhost'],
      ['globex.localhost', 'acceptance', 'FR', 'shop-globex.localhost'],
      ['localhost', 'development', 'NL', 'shop-localhost'],
    ]);
    expect(tenants.every((x) => x.defaultContractsCustomerId)).toBe(true);
  });

  test('each tenant has the six demo users with the roles of DESIGN §4', async () => {
    for (const host of ['localhost', 'acme.localhost', 'globex.localhost']) {
      const tenantId = await t.tenantId(host);
      const users = await t.db.selectFrom('users').selectAll().where('tenantId', '=', tenantId).execute();
      expect(users.map((u) => u.email).sort()).toEqual(DEMO_USERS.map((u) => u.email).sort());
      const byEmail = Object.fromEntries(users.map((u) => [u.email, u]));
      expect(byEmail['superadmin@demo.test'].userType).toBe(1);
      expect(byEmail['admin@demo.test']).toMatchObject({ userType: 2, platformPermissions: ALL_PERMISSIONS });
      expect(byEmail['supplier@demo.test'].supplierIds).toHaveLength(1);
      const accesses = await t.db.selectFrom('customerAccesses').selectAll().where('tenantId', '=', tenantId).execute();
      const of = (email: string) => accesses.filter((a) => a.userId === byEmail[email].id);
      expect(of('buyer@demo.test').map((a) => [a.roles, a.permissions])).toEqual([[['user'], permissionsForRoles(['user'])]]);
      expect(of('manager@demo.test')).toHaveLength(2);
      expect(of('manager@demo.test').every((a) => JSON.stringify(a.permissions) === JSON.stringify(permissionsForRoles(['admin', 'validator'])))).toBe(true);
      expect(of('finance@demo.test').map((a) => a.roles)).toEqual([['finance']]);
      expect(of('superadmin@demo.test')).toEqual([]);
    }
  });

  test('tenant data differs per tenant and customers have different features', async () => {
    const names = async (host: string) => (await t.db.selectFrom('customers').select(['name', 'features']).where('tenantId', '=', await t.tenantId(host)).execute());
    const dev = await names('localhost');
    const acme = await names('acme.localhost');
    expect(dev.map((c) => c.name)).not.toEqual(acme.map((c) => c.name));
    expect(JSON.stringify(dev.map((c) => c.features))).not.toEqual(JSON.stringify(acme.map((c) => c.features)));
    const platformSuppliers = await t.db.selectFrom('suppliers').select('id').where('customerId', 'is', null).where('tenantId', '=', await t.tenantId('acme.localhost')).execute();
    const ownSuppliers = await t.db.selectFrom('suppliers').select('id').where('customerId', 'is not', null).where('tenantId', '=', await t.tenantId('acme.localhost')).execute();
    expect(platformSuppliers.length).toBeGreaterThan(0);
    expect(ownSuppliers.length).toBeGreaterThan(0);
    for (const table of ['articleCategoryGroups', 'articleCategories', 'referralPartners', 'offers', 'warehouses', 'customerDepartments'] as const) {
      expect(await count(table), table).toBeGreaterThanOrEqual(3);
    }
  });

  test('the demo sign-in accounts exist (password demo)', async () => {
    const rows = await sql<{ email: string }>`select email from idp_accounts`.execute(t.db);
    expect(rows.rows.map((r) => r.email).sort()).toEqual(DEMO_USERS.map((u) => u.email).sort());
  });
});

describe('migrations', () => {
  test('each file is applied once and recorded; running again applies nothing', async () => {
    const applied = await t.db.selectFrom('schemaMigrations').select('name').orderBy('name').execute();
    const names = applied.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['infra/0001_app_state.sql', 'infra/0002_oidc.sql']));
    expect(names.some((n) => n.startsWith('generated/'))).toBe(true);
    expect(await migrate(t.testDb.database)).toEqual([]);
  });

  test('two processes migrating one fresh database at once apply each file once', async () => {
    const fresh = await createTestDatabase({ migrate: false });
    try {
      const [a, b] = await Promise.all([migrate(fresh.database), migrate(fresh.database)]);
      expect([a.length > 0, b.length > 0].sort()).toEqual([false, true]);
      const recorded = await fresh.database.db.selectFrom('schemaMigrations').select('name').execute();
      expect(recorded.map((r) => r.name).sort()).toEqual([...a, ...b].sort());
    } finally {
      await fresh.cleanup();
    }
  });

  test('the job queues are created with the registry the caller hands in (the composition root\'s), only pg-boss\'s schema without one', async () => {
    const fresh = await createTestDatabase({ migrate: false });
    try {
      const queues = async () => (await sql<{ name: string }>`select name from pgboss.queue`.execute(fresh.database.db)).rows.map((r) => r.name).sort();
      await migrate(fresh.database);
      expect(await queues()).toEqual([]);
      await migrate(fresh.database, { jobs: JOBS });
      expect(await queues()).toEqual(Object.keys(JOBS).sort());
    } finally {
      await fresh.cleanup();
    }
  });

  test('a failing migration changes nothing and is not recorded', async () => {
    const dir = await fs.mkdtemp(path.join(t.testDb.config.dataDir, 'bad-'));
    await fs.writeFile(path.join(dir, '0001_bad.sql'), 'create table half_done (id int);\nselect * from no_such_table;\n');
    await expect(migrate(t.testDb.database, { sources: [{ prefix: 'bad', dir }] })).rejects.toThrow(/bad\/0001_bad.sql/);
    const table = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_name = 'half_done'`.execute(t.db);
    expect(table.rows[0].n).toBe(0);
    expect(await t.db.selectFrom('schemaMigrations').select('name').where('name', '=', 'bad/0001_bad.sql').executeTakeFirst()).toBeUndefined();
  });
});
