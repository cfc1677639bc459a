/**
 * Loads the embedded search's indexes into memory at start (src/server/search/memory-cache.ts), so
 * the first marketplace searches after a deploy are answered from memory rather than SQL. Searches
 * are answered meanwhile (from SQL); readiness waits for it (src/server/ops/health.ts).
 */
import { sql, type Kysely } from 'kysely';
import { memoryIndexFor } from '../search/memory-cache';
import { vocabularyFor } from '../search/vocabulary';
import type { DB } from '../../../generated/db/database.gen';

/** Loads every tenant's index, one after the other (each load reads in chunks and lets requests run between them); answers how many it loaded. */
export async function warmSearchIndexes(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ indexName: string }>`select index_name from search_indexes order by index_name`.execute(db);
  let loaded = 0;
  for (const { indexName } of rows) {
    const index = await memoryIndexFor(db, indexName, await vocabularyFor(db, indexName), true);
    if (index) loaded++;
  }
  return loaded;
}
