/**
 * The words (and category values) of an index, kept in memory: a query's last word is expanded to the words it prefixes
 * and every word to the words within its allowed typos, the way Algolia matches. Each search checks
 * the index's counters (one primary-key read), so a change made by another process is seen at once;
 * only the words added since are loaded.
 */
import { sql, type Kysely } from 'kysely';
import { allowedTypos, typoDistance } from './fold';
import type { DB } from '../../../generated/db/database.gen';

export interface Vocabulary {
  generation: number;
  version: number;
  seq: number;
  /** All words, sorted (binary search for prefixes). */
  sorted: string[];
  set: Set<string>;
  /** Words with a letter, by length (typo candidates). */
  byLength: Map<number, string[]>;
  /** Category key → the hierarchical values of the records under it ({nl: {lvl0, lvl1, lvl2}, …}). */
  categories: Map<string, Record<string, Record<string, string>>>;
}

const EMPTY: Vocabulary = { generation: -1, version: -1, seq: 0, sorted: [], set: new Set(), byLength: new Map(), categories: new Map() };
const caches = new WeakMap<object, Map<string, Vocabulary>>();

function addWords(v: Vocabulary, words: string[]): void {
  const fresh = words.filter((w) => !v.set.has(w));
  if (!fresh.length) return;
  for (const w of fresh) {
    v.set.add(w);
    if (/[a-z]/.test(w)) {
      const list = v.byLength.get(w.length) ?? [];
      list.push(w);
      v.byLength.set(w.length, list);
    }
  }
  v.sorted = v.sorted.concat(fresh).sort();
}

export async function vocabularyFor(db: Kysely<DB>, indexName: string): Promise<Vocabulary> {
  const state = (await sql<{ generation: number; version: string | number }>`select generation, version from search_indexes where index_name = ${indexName}`.execute(db)).rows[0];
  if (!state) return EMPTY;
  let perDb = caches.get(db);
  if (!perDb) caches.set(db, (perDb = new Map()));
  const version = Number(state.version);
  let v = perDb.get(indexName);
  if (v && v.generation === state.generation && v.version === version) return v;
  if (!v || v.generation !== state.generation) v = { generation: state.generation, version, seq: 0, sorted: [], set: new Set(), byLength: new Map(), categories: new Map() };
  const rows = (await sql<{ word: string; seq: string | number }>`select word, seq from search_words where index_name = ${indexName} and seq > ${v.seq}`.execute(db)).rows;
  addWords(v, rows.map((r) => r.word));
  for (const r of rows) v.seq = Math.max(v.seq, Number(r.seq));
  const categories = (await sql<{ categoryKey: string; categories: unknown }>`select category_key, categories from search_categories where index_name = ${indexName}`.execute(db)).rows;
  v.categories = new Map(categories.map((c) => [c.categoryKey, (typeof c.categories === 'string' ? JSON.parse(c.categories) : c.categories) as Record<string, Record<string, string>>]));
  v.version = version;
  perDb.set(indexName, v);
  return v;
}

/** How a query word matches: the words it matches exactly, as a prefix and with typos. */
export interface WordMatch {
  query: string;
  exact: string[];
  prefix: string[];
  typo: string[];
}

/** Every vocabulary word starting with `prefix`, in sorted order (a binary search, then a scan). */
function allPrefixed(v: Pick<Vocabulary, 'sorted'>, prefix: string): string[] {
  let lo = 0;
  let hi = v.sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (v.sorted[mid] < prefix) lo = mid + 1; else hi = mid;
  }
  const out: string[] = [];
  for (let i = lo; i < v.sorted.length && v.sorted[i].startsWith(prefix); i++) out.push(v.sorted[i]);
  return out;
}

/** Words a prefix expands to: at most `limit`, shortest first (closest to what was typed). */
function prefixed(v: Vocabulary, prefix: string, limit: number): string[] {
  const out = allPrefixed(v, prefix);
  if (out.length > limit) out.sort((a, b) => a.length - b.length || (a < b ? -1 : 1)).length = limit;
  return out.filter((w) => w !== prefix);
}

/**
 * Words within the allowed typos. A typo must leave the first letter alone: otherwise 'hand' would
 * find every 'and' of the English descriptions (Algolia ranks such matches low; counting them would
 * swamp the hit count).
 */
function typos(v: Vocabulary, word: string): string[] {
  const max = allowedTypos(word);
  if (!max) return [];
  const out: string[] = [];
  for (let len = word.length - max; len <= word.length + max; len++) {
    for (const candidate of v.byLength.get(len) ?? []) {
      if (candidate !== word && candidate[0] === word[0] && typoDistance(word, candidate, max) <= max) out.push(candidate);
    }
  }
  return out;
}

/** Expansions of a prefix (Algolia caps them too); the GIN index takes them in one lookup. */
export const PREFIX_LIMIT = 1000;

/** Expands query words (the last one also as a prefix, as Algolia's prefixLast). */
export function matchWords(v: Vocabulary, queryWords: string[]): WordMatch[] {
  return queryWords.map((q, i) => ({
    query: q,
    exact: v.set.has(q) ? [q] : [],
    prefix: i === queryWords.length - 1 ? prefixed(v, q, PREFIX_LIMIT) : [],
    typo: typos(v, q),
  }));
}
