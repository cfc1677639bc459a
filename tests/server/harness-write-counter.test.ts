import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'kysely';
import { changed, tableState } from './harness/db-state';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * The route harness's "a refused call changes nothing" rests on the write counter of
 * harness/db-state.ts: committed writes to any model table show, rolled-back ones do not.
 */
let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t?.close(); });

test('a committed insert, update or delete shows on its table; a rolled-back one does not', async () => {
  const tenantId = await t.tenantId();
  const start = await tableState(t.db);

  await t.db.transaction().execute(async (trx) => {
    await trx.insertInto('referralPartners').values({ tenantId, name: 'Rolled back BV' } as never).execute();
    await sql`select 1`.execute(trx);
  }).catch(() => undefined);
  await expect(t.db.transaction().execute(async (trx) => {
    await trx.insertInto('referralPartners').values({ tenantId, name: 'Rolled back BV' } as never).execute();
    throw new Error('refused');
  })).rejects.toThrow('refused');
  const afterRollback = await tableState(t.db);
  // The first transaction committed its insert; the second one's is gone with it.
  expect(changed(start, afterRollback)).toEqual([`referral_partners: 0 → 1 rows written`]);

  const row = await t.db.insertInto('referralPartners').values({ tenantId, name: 'Kept BV' } as never).returning('id').executeTakeFirstOrThrow();
  await t.db.updateTable('referralPartners').set({ name: 'Kept NV' } as never).where('id', '=', row.id).execute();
  await t.db.deleteFrom('referralPartners').where('id', '=', row.id).execute();
  expect(changed(afterRollback, await tableState(t.db))).toEqual([`referral_partners: 1 → 4 rows written`]);
  // Reading writes nothing.
  const quiet = await tableState(t.db);
  await t.db.selectFrom('referralPartners').selectAll().execute();
  expect(changed(quiet, await tableState(t.db))).toEqual([]);
});
