/** Cheap before/after state of the model's tables: how many rows each has had written, committed. */
import { sql, type Kysely } from 'kysely';
import { RESOURCES } from '../../../model';
import type { DB } from '../../../generated/db/database.gen';

const installed = new WeakSet<object>();

/**
 * Counts every row written to a model table (insert, update, delete) in `harness_writes`, one row per
 * table, by a trigger on each table. The count changes in the writing transaction, so a write that was
 * rolled back leaves it as it was. Reading it is one small query where counting every table's rows
 * and last change took some fifty times as long as the call under test.
 */
async function installWriteCounter(db: Kysely<DB>): Promise<void> {
  if (installed.has(db)) return;
  await sql`create table if not exists harness_writes (t text primary key, n bigint not null)`.execute(db);
  await sql`create or replace function harness_count_write() returns trigger language plpgsql as $$
    begin
      insert into harness_writes (t, n) values (TG_TABLE_NAME, 1) on conflict (t) do update set n = harness_writes.n + 1;
      return null;
    end $$`.execute(db);
  for (const r of RESOURCES) {
    await sql.raw(`create or replace trigger harness_count_write after insert or update or delete on ${r.table} for each row execute function harness_count_write()`).execute(db);
  }
  installed.add(db);
}

/** The rows written per model table so far (committed): equal before and after means nothing was written. */
export async function tableState(db: Kysely<DB>): Promise<Record<string, string>> {
  await installWriteCounter(db);
  const { rows } = await sql<{ t: string; n: string }>`select t, n::text as n from harness_writes`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.t, r.n]));
}

/** The tables written to between the two states. */
export function changed(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((k) => before[k] !== after[k]).map((k) => `${k}: ${before[k] ?? 0} → ${after[k]} rows written`);
}
