import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RESOURCES } from '../../model';
import { listQueries } from '../../src/server/crud/list';
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

async function plan(resource: (typeof RESOURCES)[number]): Promise<string> {
  const { page } = listQueries(t.database.db, resource, owner, { filters: {}, offset: 40, limit: 20 });
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
    expect(text).not.toMatch(/Sort|Seq Scan/);
    expect(text).toMatch(new RegExp(`Index Scan( Backward)? using ${resource.table}_sort_\\w+ on ${resource.table}`));
  });
});
