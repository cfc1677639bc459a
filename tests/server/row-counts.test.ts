import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';

/**
 * Kysely's row counts (numUpdatedRows, numDeletedRows, numInsertedOrUpdatedRows) hold on both
 * databases: on PGlite the dialect maps its `affectedRows` (src/server/db/pglite-dialect.ts);
 * code such as the idempotency keys' "was this claim still mine" relies on them.
 */
let fresh: TestDatabase;
beforeAll(async () => { fresh = await createTestDatabase({ migrate: true }); });
afterAll(async () => { await fresh?.cleanup(); });

test('updates and deletes report how many rows they touched', async () => {
  const db = fresh.database.db;
  await db.insertInto('appState').values([{ key: 'count-a', value: JSON.stringify(1) }, { key: 'count-b', value: JSON.stringify(2) }] as never).execute();
  const updated = await db.updateTable('appState').set({ value: JSON.stringify(3) } as never).where('key', 'like', 'count-%').executeTakeFirst();
  expect(Number(updated.numUpdatedRows)).toBe(2);
  const none = await db.updateTable('appState').set({ value: JSON.stringify(4) } as never).where('key', '=', 'count-none').executeTakeFirst();
  expect(Number(none.numUpdatedRows)).toBe(0);
  const deleted = await db.deleteFrom('appState').where('key', '=', 'count-a').executeTakeFirst();
  expect(Number(deleted.numDeletedRows)).toBe(1);
});
