/**
 * The in-memory indexes of a database (memory-index.ts), by index name: each brought forward to the
 * version a search read, by a patch (memory-patch.ts) or a load (memory-load.ts), at most one at a
 * time per index, the least recently searched dropped first.
 */
import type { Kysely } from 'kysely';
import { MEMORY_INDEX_MAX_DOCS, type MemoryIndex } from './memory-index';
import { loadIndex } from './memory-load';
import { patchIndex } from './memory-patch';
import type { Vocabulary } from './vocabulary';
import type { DB } from '../../../generated/db/database.gen';

/** Indexes kept per database (the tests make hundreds of tenants; the app has a few). */
const MAX_INDEXES = 32;
/** Documents kept in memory per database over all its indexes: beyond it, the least recently searched ones go first. */
const MAX_DOCS_IN_MEMORY = MEMORY_INDEX_MAX_DOCS;

/**
 * An index's load (or patch) for a tag. `quick` is what a search that cannot wait for a load may
 * await: a patch of the index already in memory, which takes milliseconds; null when loading.
 */
type Entry = { tag: string; loading: Promise<MemoryIndex | null>; quick: Promise<MemoryIndex | null> | null; ready?: MemoryIndex | null };
const caches = new WeakMap<object, Map<string, Entry>>();

/** Drops the least recently searched indexes while more than MAX_INDEXES or MAX_DOCS_IN_MEMORY documents are kept. */
function evict(perDb: Map<string, Entry>): void {
  let docs = 0;
  for (const e of perDb.values()) docs += e.ready?.n ?? 0;
  for (const [name, e] of perDb) {
    if (perDb.size <= 1 || (perDb.size <= MAX_INDEXES && docs <= MAX_DOCS_IN_MEMORY)) break;
    perDb.delete(name);
    docs -= e.ready?.n ?? 0;
  }
}

/**
 * The index in memory for the version the caller read (vocabulary.ts), or null: when it is too large,
 * or — unless `wait` — while it is still loading (the caller answers from SQL meanwhile, so a write
 * never makes searches wait for a reload; they do wait for a patch, which takes milliseconds). At
 * most one load or patch per index is under way.
 */
export async function memoryIndexFor(db: Kysely<DB>, indexName: string, vocabulary: Vocabulary, wait = false): Promise<MemoryIndex | null> {
  if (vocabulary.version < 0) return null;
  let perDb = caches.get(db);
  if (!perDb) caches.set(db, (perDb = new Map()));
  const tag = `${vocabulary.generation}/${vocabulary.version}`;
  let entry = perDb.get(indexName);
  const stale = !entry || entry.tag !== tag;
  if (stale && (!entry || entry.ready !== undefined)) {
    const fresh = refresh(db, indexName, vocabulary, tag, entry?.ready ?? null);
    fresh.loading.then((index) => { fresh.ready = index; evict(perDb!); }, () => { fresh.ready = null; if (perDb!.get(indexName) === fresh) perDb!.delete(indexName); });
    entry = fresh;
  } else if (stale && !wait) {
    return null; // an older version is still loading (or patching); the search after it brings it forward
  }
  perDb.delete(indexName);
  perDb.set(indexName, entry!);
  evict(perDb);
  if (entry!.tag !== tag) return (await entry!.loading.catch(() => null), memoryIndexFor(db, indexName, vocabulary, wait));
  if (entry!.ready !== undefined) return entry!.ready;
  if (wait) return entry!.loading.catch(() => null);
  return entry!.quick ? entry!.quick.catch(() => null) : null;
}

/**
 * The entry for a new tag: the index in memory patched forward when it can be, else loaded again.
 * A fresh load is patched forward too, for the writes made while it read the rows.
 */
function refresh(db: Kysely<DB>, indexName: string, vocabulary: Vocabulary, tag: string, previous: MemoryIndex | null): Entry {
  const load = async () => {
    const index = await loadIndex(db, indexName, vocabulary, MEMORY_INDEX_MAX_DOCS);
    return index && (await patchIndex(db, indexName, index)) ? index : null;
  };
  if (!previous || previous.generation !== vocabulary.generation) return { tag, loading: load(), quick: null };
  const patched = patchIndex(db, indexName, previous);
  return {
    tag,
    quick: patched.then((ok) => (ok ? previous : null)),
    loading: patched.then((ok) => (ok ? previous : load())),
  };
}
