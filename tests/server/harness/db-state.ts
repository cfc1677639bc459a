/** Cheap before/after state of the model's tables, and readback of rows the harness wrote to. */
import { sql, type Kysely } from 'kysely';
import { RESOURCES } from '../../../model';

/** Row count and last change of every model table in one statement: equal means nothing was written. */
export async function tableState(db: Kysely<any>): Promise<Record<string, string>> {
  const parts = RESOURCES.map((r) => `select '${r.table}' as t, count(*)::text as n, coalesce(max(updated_at)::text, '') as last from ${r.table}`);
  const { rows } = await sql<{ t: string; n: string; last: string }>`${sql.raw(parts.join(' union all '))}`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.t, `${r.n}/${r.last}`]));
}

/** The tables whose state differs. */
export function changed(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((k) => before[k] !== after[k]).map((k) => `${k}: ${before[k]} → ${after[k]}`);
}
