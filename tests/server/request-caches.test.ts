import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { tableChangesOf, type TableChange } from '../../src/server/db/table-changes';
import { RIGHTS_CACHE_MS } from '../../src/server/plugins/auth';
import { TENANT_CACHE_MS } from '../../src/server/plugins/tenant';
import { changeDrivenCache } from '../../src/server/ttl-cache';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * What every API request reads before its own work, the tenant of its host and the signed-in user
 * with their rights, is kept in memory for a moment (src/server/plugins/tenant.ts, auth.ts): a write
 * of this process drops it at once, another process's write (here: raw SQL, which the watcher does
 * not see) is seen once it expires.
 */
let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t?.close(); });
afterEach(() => { vi.useRealTimers(); });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the watcher of writes (src/server/db/table-changes.ts)', () => {
  test('tells each successful insert, update and delete with its table, and an update with its columns; reads and failed writes tell nothing', async () => {
    const seen: TableChange[] = [];
    const changes = tableChangesOf(t.db);
    expect(changes).toBeDefined();
    const stop = changes!.subscribe((c) => seen.push(c));
    try {
      const tenantId = await t.tenantId();
      const [customerId] = await t.customerIds();
      await t.db.selectFrom('warehouses').selectAll().execute();
      expect(seen).toEqual([]);
      const { id } = await t.db.insertInto('projects').values({ tenantId, customerId, name: 'Watched' }).returning('id').executeTakeFirstOrThrow();
      await t.db.updateTable('projects as p').set({ name: 'Watched again' }).where('p.id', '=', id).execute();
      await t.db.deleteFrom('projects').where('id', '=', id).execute();
      expect(seen).toEqual([
        { table: 'projects', columns: null },
        { table: 'projects', columns: ['name'] },
        { table: 'projects', columns: null },
      ]);
      await expect(t.db.insertInto('projects').values({ tenantId: 'not a uuid', customerId, name: 'x' }).execute()).rejects.toThrow();
      expect(seen).toHaveLength(3);
      // A transaction's instance carries the same watcher.
      await t.db.transaction().execute(async (trx) => {
        expect(tableChangesOf(trx)).toBe(changes);
        await trx.updateTable('tenants').set({ updatedAt: new Date() }).where('id', '=', tenantId).execute();
      });
      expect(seen[3]).toEqual({ table: 'tenants', columns: ['updatedAt'] });
    } finally {
      stop();
    }
  });
});

describe('changeDrivenCache (src/server/ttl-cache.ts)', () => {
  const projectsOnly = (c: TableChange) => c.table === 'projects';

  test('keeps a value for its time, drops it on a write it depends on, not on others', async () => {
    let now = 0;
    const cache = changeDrivenCache<string, { n: number }>({ ttlMs: 1000, max: 10, changes: tableChangesOf(t.db), staleAfter: projectsOnly, now: () => now });
    let reads = 0;
    const read = async () => ({ n: ++reads });
    try {
      expect((await cache.get('k', read)).n).toBe(1);
      expect((await cache.get('k', read)).n).toBe(1);
      now = 999;
      expect((await cache.get('k', read)).n).toBe(1);
      now = 1000;
      expect((await cache.get('k', read)).n).toBe(2);
      await t.db.updateTable('warehouses').set({ updatedAt: new Date() }).where('id', '=', '00000000-0000-4000-8000-000000000000').execute();
      expect((await cache.get('k', read)).n).toBe(2);
      await t.db.updateTable('projects').set({ updatedAt: new Date() }).where('id', '=', '00000000-0000-4000-8000-000000000000').execute();
      expect((await cache.get('k', read)).n).toBe(3);
    } finally {
      cache.close();
    }
  });

  test('does not keep a read that a write overtook, freezes what it keeps, and keeps nothing without a watcher', async () => {
    const cache = changeDrivenCache<string, { list: number[] }>({ ttlMs: 60_000, max: 10, changes: tableChangesOf(t.db), staleAfter: projectsOnly });
    try {
      let reads = 0;
      const slowRead = async () => {
        reads++;
        await t.db.updateTable('projects').set({ updatedAt: new Date() }).where('id', '=', '00000000-0000-4000-8000-000000000000').execute();
        return { list: [reads] };
      };
      await cache.get('k', slowRead);
      await cache.get('k', slowRead);
      expect(reads).toBe(2);
      const kept = await cache.get('frozen', async () => ({ list: [1] }));
      expect(() => kept.list.push(2)).toThrow(TypeError);
    } finally {
      cache.close();
    }
    const uncached = changeDrivenCache<string, number>({ ttlMs: 60_000, max: 10, changes: undefined, staleAfter: () => true });
    let n = 0;
    await uncached.get('k', async () => ++n);
    await uncached.get('k', async () => ++n);
    expect(n).toBe(2);
  });
});

describe('the tenant and the rights of a request', () => {
  test('a request after the first reads neither the tenant nor the user again', async () => {
    await t.call('GET', '/api/v2/suppliers', { as: 'buyer@demo.test' });
    const { result, queries } = await t.countQueries(() => t.call('GET', '/api/v2/suppliers', { as: 'buyer@demo.test' }));
    ok(result);
    // The page with its total, nothing else.
    expect(queries).toBe(1);
  });

  test("an access revoked through this process is refused on the very next request; another process's write once the cache expires", async () => {
    const buyer = await t.userId('buyer@demo.test');
    const [first] = await t.customerIds();
    ok(await t.call('GET', '/api/v2/suppliers', { as: 'buyer@demo.test', customerId: first }));
    try {
      await t.db.updateTable('customerAccesses').set({ active: false }).where('userId', '=', buyer).execute();
      fails(await t.call('GET', '/api/v2/suppliers', { as: 'buyer@demo.test', customerId: first }), 403, 'NoAccessToCustomer');
      await t.db.updateTable('customerAccesses').set({ active: true }).where('userId', '=', buyer).execute();
      ok(await t.call('GET', '/api/v2/suppliers', { as: 'buyer@demo.test', customerId: first }));

      // Raw SQL stands for a write of another server process: the watcher does not see it.
      await sql`update customer_accesses set active = false where user_id = ${buyer}`.execute(t.db);
      ok(await t.call('GET', '/api/v2/suppliers', { as: 'buyer@demo.test', customerId: first }));
      // The ping writes lastSeenAt on every signed-in page; it is no change of rights and drops nothing.
      ok(await t.call('PUT', '/api/user-sessions/ping', { as: 'buyer@demo.test', body: {} }));
      ok(await t.call('GET', '/api/v2/suppliers', { as: 'buyer@demo.test', customerId: first }));
      await sleep(RIGHTS_CACHE_MS + 100);
      fails(await t.call('GET', '/api/v2/suppliers', { as: 'buyer@demo.test', customerId: first }), 403, 'NoAccessToCustomer');
    } finally {
      await t.db.updateTable('customerAccesses').set({ active: true }).where('userId', '=', buyer).execute();
    }
    ok(await t.call('GET', '/api/v2/suppliers', { as: 'buyer@demo.test', customerId: first }));
  });

  test("a tenant's change applies at once from this process, within the cache's time from another", async () => {
    const id = await t.tenantId();
    const currency = async () => ok(await t.call('GET', '/api/tenant-settings', { as: 'buyer@demo.test' })).currency as string;
    expect(await currency()).toBe('EUR');
    try {
      await t.db.updateTable('tenants').set({ currency: 'POINTS' }).where('id', '=', id).execute();
      expect(await currency()).toBe('POINTS');
      await sql`update tenants set currency = 'EUR' where id = ${id}`.execute(t.db);
      expect(await currency()).toBe('POINTS');
      await sleep(TENANT_CACHE_MS + 100);
      expect(await currency()).toBe('EUR');
    } finally {
      await t.db.updateTable('tenants').set({ currency: 'EUR' }).where('id', '=', id).execute();
    }
  });
});
