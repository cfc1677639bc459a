import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';

/**
 * The embedded database's dialect (src/server/db/pglite-dialect.ts) against what Kysely promises on
 * PostgreSQL. Kysely's row counts (numUpdatedRows, numDeletedRows, numInsertedOrUpdatedRows) hold on both
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

test('concurrent transactions stay apart: one rolling back does not undo the other', async () => {
  // PGlite is one session; a dialect that lent it to both at once would run B inside A's
  // transaction, and B's rollback would take A's insert with it.
  const db = fresh.database.db;
  let openGate!: () => void;
  const gate = new Promise<void>((resolve) => { openGate = resolve; });
  const a = db.transaction().execute(async (trx) => {
    await trx.insertInto('appState').values({ key: 'apart-a', value: JSON.stringify(1) } as never).execute();
    await gate;
  });
  const b = db.transaction().execute(async (trx) => {
    await trx.insertInto('appState').values({ key: 'apart-b', value: JSON.stringify(2) } as never).execute();
    throw new Error('B rolls back');
  }).catch((err: Error) => err.message);
  setTimeout(openGate, 50);
  await a;
  expect(await b).toBe('B rolls back');
  const keys = await db.selectFrom('appState').select('key').where('key', 'like', 'apart-%').orderBy('key').execute();
  expect(keys.map((r) => r.key)).toEqual(['apart-a']);
});

test('a transaction runs at the isolation level asked for', async () => {
  const level = await fresh.database.db.transaction().setIsolationLevel('serializable').execute(async (trx) =>
    (await sql<{ level: string }>`select current_setting('transaction_isolation') as level`.execute(trx)).rows[0]?.level);
  expect(level).toBe('serializable');
});
