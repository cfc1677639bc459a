/**
 * Brings an index in memory (memory-index.ts) forward to the index's current version without loading
 * it again, when every document written since its version keeps its words, categories and place in
 * the ranking: an order that takes stock, a new price, another supplier name. Loading a million
 * documents takes the better part of a minute, with SQL answering meanwhile; a patch takes a few
 * milliseconds. index-sync.ts logs the object ids each version wrote or removed (search_changes).
 *
 * Anything else — a new or removed document, changed words or ranking, a gap in the log, a clear —
 * answers false: the caller loads the index again, as before there was a log.
 */
import { sql, type Kysely } from 'kysely';
import type { MemoryIndex } from './memory-index';
import { currentTag, idHashOf, putColumns, ROW_SQL, sameShape } from './memory-load';
import type { DB } from '../../../generated/db/database.gen';

/** More documents changed than this since the index's version: loading again is as cheap. */
export const PATCH_MAX_DOCUMENTS = 2000;

/** Document numbers of object ids, by one pass over the id hashes; null when one is not in the index. */
function documentsOf(index: MemoryIndex, ids: string[]): number[] | null {
  const byHash = new Map<number, number[]>();
  ids.forEach((id, k) => byHash.set(idHashOf(id), [...(byHash.get(idHashOf(id)) ?? []), k]));
  const docs = new Array<number>(ids.length).fill(-1);
  let found = 0;
  for (let i = 0; i < index.n && found < ids.length; i++) {
    const candidates = byHash.get(index.idHash[i]);
    if (!candidates) continue;
    for (const k of candidates) if (docs[k] < 0 && index.idStart[i + 1] - index.idStart[i] === ids[k].length && index.idText.startsWith(ids[k], index.idStart[i])) { docs[k] = i; found++; }
  }
  return found === ids.length ? docs : null;
}

/**
 * Applies the changes logged since `index.version` to the index in place and moves its version on;
 * false (nothing changed) when they cannot be applied in place. The rows are read after the version:
 * they may already hold later writes, which the next patch applies again.
 */
export async function patchIndex(db: Kysely<DB>, indexName: string, index: MemoryIndex): Promise<boolean> {
  const now = await currentTag(db, indexName);
  if (!now || now.generation !== index.generation) return false;
  if (now.version <= index.version) return now.version === index.version;
  const log = (await sql<{ version: string; objectId: string }>`select version::text, object_id from search_changes
    where index_name = ${indexName} and version > ${index.version} and version <= ${now.version}`.execute(db)).rows;
  if (new Set(log.map((r) => r.version)).size !== now.version - index.version) return false; // pruned, or from before the log
  const ids = [...new Set(log.map((r) => r.objectId))];
  if (ids.includes('*') || ids.length > PATCH_MAX_DOCUMENTS) return false;
  const json = (await sql<{ rows: string | null }>`select json_agg(${ROW_SQL})::text as rows from search_documents
    where index_name = ${indexName} and object_id = any(${ids}::text[])`.execute(db)).rows[0]?.rows;
  const rows: unknown[][] = json ? JSON.parse(json) : [];
  if (rows.length !== ids.length) return false; // removed documents
  const docs = documentsOf(index, rows.map((r) => String(r[0])));
  if (!docs || rows.some((r, k) => !sameShape(index, docs[k], r))) return false;
  // Nothing awaited from here on: a search sees the index before or after the whole patch.
  rows.forEach((r, k) => putColumns(index, docs[k], r));
  index.accepted.clear();
  index.version = now.version;
  return true;
}
