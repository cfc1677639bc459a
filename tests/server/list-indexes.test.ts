import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listedByPlatformAdmins, RESOURCES } from '../../model';
import { listQueries } from '../../src/server/crud/list';
import { kindOf } from '../../src/shared/field-kinds';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';

/**
 * Every list's default page is read in the order of an index the generator derived from the model
 * (generator/db/schema.ts queryIndexes), so the database never sorts the table: the index must match
 * the ORDER BY listRows writes (lower() on texts, id tie-break) and the scope it filters on.
 */
let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t?.cleanup(); });

const owner = { tenantId: '00000000-0000-4000-8000-000000000001', customerId: '00000000-0000-4000-8000-000000000002', side: 'customer' as const };

type Resource = (typeof RESOURCES)[number];

async function plan(resource: Resource, filters: Record<string, unknown> = {}, side: 'customer' | 'platform' = 'customer'): Promise<string> {
  const { page } = listQueries(t.database.db, resource, { ...owner, side }, { filters, offset: 40, limit: 20 });
  const compiled = page.compile();
  // One connection, so the settings hold for the EXPLAIN: with sorting and table scans priced out,
  // a plan still sorts (or scans) only when no index can give the rows in order.
  return t.database.db.connection().execute(async (conn) => {
    await conn.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
    await conn.executeQuery(CompiledQuery.raw('set enable_sort = off'));
    try {
      const { rows } = await conn.executeQuery<Record<string, string>>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
      return rows.map((r) => Object.values(r)[0]).join('\n');
    } finally {
      await conn.executeQuery(CompiledQuery.raw('reset enable_seqscan'));
      await conn.executeQuery(CompiledQuery.raw('reset enable_sort'));
    }
  });
}

const sortable = RESOURCES.filter((r) => !r.list.sort.field.includes('.'));

describe('list indexes', () => {
  test.each(sortable.map((r) => [r.name, r] as const))('%s: the default page is read in index order, never sorted', async (_, resource) => {
    const text = await plan(resource);
    expect(text, text).not.toMatch(/Sort|Seq Scan/);
    // The list's own sort index, or (orders) one that also carries the sort after other equality columns.
    expect(text, text).toMatch(new RegExp(`Index Scan( Backward)? using ${resource.table}_\\w+ on ${resource.table}`));
  });

  /**
   * The planner's choice between indexes of equal cost on these empty tables is arbitrary, so the
   * indexes that serve a filtered page and the platform admins' list are checked as the migrated
   * database defines them: the equality columns, then the default sort, then id (the bench
   * bench/orders-list.ts shows them chosen at a million orders).
   */
  const definitions = async (table: string) => {
    const { rows } = await t.database.db.executeQuery<{ indexname: string; indexdef: string }>(
      CompiledQuery.raw(`select indexname, indexdef from pg_indexes where tablename = $1`, [table]));
    return new Map(rows.map((r) => [r.indexname, r.indexdef.replace(/^.* USING btree /, '')]));
  };
  const sortKey = (resource: Resource): string => {
    const column = snake(resource.list.sort.field);
    const f = resource.fields[resource.list.sort.field];
    const key = f && kindOf(f).sort === 'text' ? `lower(${column})` : column;
    return column === 'id' ? '' : `${key}${resource.list.sort.order === 'DESC' ? ' DESC' : ''}, `;
  };
  const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const scopeOf = (resource: Resource) => (resource.scope === 'customer' ? 'tenant_id, customer_id, ' : resource.scope === 'platform' ? '' : 'tenant_id, ');
  const eqFilters = sortable.flatMap((r) => Object.entries(r.filters)
    .filter(([, f]) => f.kind === 'eq' && !f.field.includes('.') && r.fields[f.field])
    .map(([name, f]) => [`${r.name}?${name}`, r, (f as { field: string }).field] as const));

  test('orders filter on their status, who ordered and who follows them up', () => {
    expect(eqFilters.filter(([, r]) => r.name === 'orders').map(([, , field]) => field)).toEqual(['status', 'orderedById', 'assignedToId']);
  });

  test.each(eqFilters)('%s: an eq filter has an index of its own that reads its page in the list order', async (_, resource, field) => {
    const name = `${resource.table}_${snake(field)}_idx`;
    expect((await definitions(resource.table)).get(name)).toBe(`(${scopeOf(resource)}${snake(field)}, ${sortKey(resource)}id)`);
  });

  const platformRead = sortable.filter((r) => r.scope === 'customer' && listedByPlatformAdmins(r.endpoints));

  test('orders are among the customer resources platform admins list across customers', () => {
    expect(platformRead.map((r) => r.name)).toContain('orders');
  });

  test.each(platformRead.map((r) => [r.name, r] as const))('%s: the platform admins\' list over the whole tenant is read in index order', async (_, resource) => {
    const text = await plan(resource, {}, 'platform');
    expect(text, text).not.toMatch(/Sort|Seq Scan/);
    expect(text, text).toMatch(new RegExp(`Index Scan( Backward)? using ${resource.table}_tenant_sort_\\w+ on ${resource.table}`));
    const column = snake(resource.list.sort.field);
    // A soft-deleting resource (invoices) lists only rows that are not deleted: that equality comes before the sort.
    const deleted = resource.softDelete ? 'deleted, ' : '';
    expect((await definitions(resource.table)).get(`${resource.table}_tenant_sort_${column}_idx`)).toBe(`(tenant_id, ${deleted}${sortKey(resource)}id)`);
  });
});
