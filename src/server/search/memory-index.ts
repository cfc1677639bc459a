/**
 * An in-memory copy of an index's search_documents (posting lists per word, dictionary-coded facet
 * columns), so that matching, counting nbHits and facets and choosing the page of a query take one
 * pass over arrays instead of SQL that reads and groups thousands of rows. The engine uses it for the
 * requests it can answer exactly (filters and facets on search_documents' own columns) and keeps SQL
 * for the rest; both give the same answers.
 *
 * It is tagged with the index's (generation, version) as read before loading: any write bumps the
 * version (index-sync.ts touch), so the next search loads the index again and never answers from
 * stale rows. Indexes above MEMORY_INDEX_MAX_DOCS stay in SQL (a million documents would hold
 * hundreds of MB per process).
 */
import { sql, type Kysely } from 'kysely';
import { COLUMNS, type FilterNode, type NumericOp } from './filters';
import { allPrefixed, type Vocabulary, type WordMatch } from './vocabulary';

export const MEMORY_INDEX_MAX_DOCS = 300_000;
/** Indexes kept per database (the tests make hundreds of tenants; the app has a few). */
const MAX_INDEXES = 32;

/** A text column: a code per document (-1 for null) into its distinct values. */
export interface TextColumn { codes: Int32Array; values: string[]; lookup: Map<string, number> }
/** A number column: the value (NaN for null) and its text as PostgreSQL prints it (facet values). */
export interface NumberColumn { values: Float64Array; text: TextColumn; scale: number }

export interface MemoryIndex {
  generation: number;
  version: number;
  n: number;
  /** Object ids by document number, in (promoted desc, sort_key, object_id) order: a lower number ranks first among equals. */
  ids: string[];
  words: Map<string, Int32Array>;
  titleWords: Map<string, Int32Array>;
  text: Map<string, TextColumn>;
  numbers: Map<string, NumberColumn>;
  promoted: Uint8Array;
  categoryIds: string[][];
  categoryKey: TextColumn;
  /** acceptedDocuments' lists by filter, most recently used last. */
  accepted: Map<string, Int32Array>;
  /** A per-document scratch array for matching (searches run one at a time: no await inside). */
  scratch: Uint8Array;
}


const TEXT_COLUMNS = Object.values(COLUMNS).filter((c) => c.kind === 'text' && c.col !== 'object_id').map((c) => c.col);

function textColumn(n: number): TextColumn {
  return { codes: new Int32Array(n).fill(-1), values: [], lookup: new Map() };
}
function put(c: TextColumn, i: number, v: string | null): void {
  if (v === null || v === undefined) return;
  let code = c.lookup.get(v);
  if (code === undefined) { code = c.values.length; c.values.push(v); c.lookup.set(v, code); }
  c.codes[i] = code;
}

function postings(lists: Map<string, number[]>): Map<string, Int32Array> {
  const out = new Map<string, Int32Array>();
  for (const [w, l] of lists) out.set(w, Int32Array.from(l));
  return out;
}

/** Rows per query while loading: PGlite runs in this process, so other requests get their turn between chunks. */
const CHUNK = 5000;

async function currentVersion(db: Kysely<any>, indexName: string): Promise<string> {
  const row = (await sql<{ generation: number; version: string | number }>`select generation, version from search_indexes where index_name = ${indexName}`.execute(db)).rows[0];
  return row ? `${row.generation}/${row.version}` : '';
}

/**
 * Reads the index's documents in (promoted desc, sort_key, object_id) order, CHUNK rows at a time
 * along the primary ordering index. Gives up (null) when the index is too large or when a write
 * moved the version on meanwhile (the rows read would mix versions; the next search loads again).
 */
async function load(db: Kysely<any>, indexName: string, vocabulary: Vocabulary): Promise<MemoryIndex | null> {
  const tag = `${vocabulary.generation}/${vocabulary.version}`;
  const count = Number((await sql<{ n: number }>`select count(*)::int as n from search_documents where index_name = ${indexName}`.execute(db)).rows[0].n);
  if (count > MEMORY_INDEX_MAX_DOCS) return null;
  // One JSON text per chunk: PGlite's protocol parser costs far more per field than JSON.parse.
  const rows: unknown[][] = [];
  const promotedCount = { true: 0, false: 0 };
  for (const promoted of [true, false]) {
    let after: [string, string] | null = null;
    for (;;) {
      const json: string | null | undefined = (await sql<{ rows: string | null }>`select json_agg(json_build_array(object_id, sort_key, ${sql.raw(TEXT_COLUMNS.map((c) => `${c}, `).join(''))}
          price::text, stock::text, category_key, category_ids, array_to_string(words, ' '), array_to_string(title_words, ' ')))::text as rows
        from (select * from search_documents where index_name = ${indexName} and promoted = ${promoted}
          ${after ? sql`and (sort_key, object_id) > (${after[0]}, ${after[1]})` : sql``}
          order by sort_key, object_id limit ${CHUNK}) s`.execute(db)).rows[0]?.rows;
      const chunk: unknown[][] = json ? (JSON.parse(json) as unknown[][]) : [];
      for (const row of chunk) rows.push(row);
      promotedCount[`${promoted}`] += chunk.length;
      if (chunk.length < CHUNK) break;
      const last: unknown[] = chunk[chunk.length - 1];
      after = [String(last[1]), String(last[0])];
      if (rows.length > MEMORY_INDEX_MAX_DOCS || (await currentVersion(db, indexName)) !== tag) return null;
    }
  }
  if ((await currentVersion(db, indexName)) !== tag) return null;
  const n = rows.length;
  const index: MemoryIndex = {
    generation: vocabulary.generation, version: vocabulary.version, n, ids: new Array(n), words: new Map(), titleWords: new Map(),
    text: new Map(TEXT_COLUMNS.map((c) => [c, textColumn(n)])),
    numbers: new Map(['price', 'stock'].map((c) => [c, { values: new Float64Array(n).fill(NaN), text: textColumn(n), scale: 0 }])),
    promoted: new Uint8Array(n), categoryIds: new Array(n), categoryKey: textColumn(n), accepted: new Map(), scratch: new Uint8Array(n),
  };
  const words = new Map<string, number[]>();
  const titleWords = new Map<string, number[]>();
  const add = (lists: Map<string, number[]>, joined: unknown, i: number) => {
    if (typeof joined !== 'string' || !joined) return;
    for (const w of joined.split(' ')) {
      const l = lists.get(w);
      if (l) l.push(i); else lists.set(w, [i]);
    }
  };
  const at = 2 + TEXT_COLUMNS.length;
  // Each row's category ids parse as new strings; a few hundred distinct ones are shared instead.
  const interned = new Map<string, string>();
  const intern = (id: string) => interned.get(id) ?? (interned.set(id, id), id);
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    index.ids[i] = String(r[0]);
    TEXT_COLUMNS.forEach((c, k) => put(index.text.get(c)!, i, r[2 + k] as string | null));
    index.promoted[i] = i < promotedCount.true ? 1 : 0;
    (['price', 'stock'] as const).forEach((c, k) => {
      const v = r[at + k];
      if (v === null || v === undefined) return;
      const col = index.numbers.get(c)!;
      col.values[i] = Number(v);
      put(col.text, i, String(v));
      const dot = String(v).indexOf('.');
      if (dot >= 0) col.scale = Math.max(col.scale, String(v).length - dot - 1);
    });
    put(index.categoryKey, i, String(r[at + 2] ?? ''));
    index.categoryIds[i] = Array.isArray(r[at + 3]) ? (r[at + 3] as unknown[]).map((id) => intern(String(id))) : [];
    add(words, r[at + 4], i);
    add(titleWords, r[at + 5], i);
  }
  index.words = postings(words);
  index.titleWords = postings(titleWords);
  return index;
}

type Entry = { tag: string; loading: Promise<MemoryIndex | null>; ready?: MemoryIndex | null };
const caches = new WeakMap<object, Map<string, Entry>>();

/**
 * The index in memory for the version the caller read (vocabulary.ts), or null: when it is too large,
 * or — unless `wait` — while it is still loading (the caller answers from SQL meanwhile, so a write
 * never makes searches wait for a reload). At most one load per index is under way.
 */
export async function memoryIndexFor(db: Kysely<any>, indexName: string, vocabulary: Vocabulary, wait = false): Promise<MemoryIndex | null> {
  if (vocabulary.version < 0) return null;
  let perDb = caches.get(db);
  if (!perDb) caches.set(db, (perDb = new Map()));
  const tag = `${vocabulary.generation}/${vocabulary.version}`;
  let entry = perDb.get(indexName);
  const stale = !entry || entry.tag !== tag;
  if (stale && (!entry || entry.ready !== undefined)) {
    const fresh: Entry = { tag, loading: load(db, indexName, vocabulary) };
    fresh.loading.then((index) => { fresh.ready = index; }, () => { fresh.ready = null; if (perDb!.get(indexName) === fresh) perDb!.delete(indexName); });
    entry = fresh;
  } else if (stale && !wait) {
    return null; // an older version is still loading; it gives up when it sees the change
  }
  perDb.delete(indexName);
  perDb.set(indexName, entry!);
  if (perDb.size > MAX_INDEXES) perDb.delete(perDb.keys().next().value!);
  if (entry!.tag !== tag) return (await entry!.loading.catch(() => null), memoryIndexFor(db, indexName, vocabulary, wait));
  if (entry!.ready !== undefined) return entry!.ready;
  return wait ? entry!.loading.catch(() => null) : null;
}

// ---- filters ------------------------------------------------------------------------------------

type Predicate = (i: number) => boolean;
const NEVER: Predicate = () => false;
const ALWAYS: Predicate = () => true;

const compare: Record<NumericOp, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b, '<=': (a, b) => a <= b, '=': (a, b) => a === b, '!=': (a, b) => a !== b, '>=': (a, b) => a >= b, '>': (a, b) => a > b,
};

/**
 * A filter tree as a predicate over document numbers, with SQL's meaning (compileFilter: a missing
 * value never matches, NOT of it does); undefined when it names an attribute without a column.
 */
export function compilePredicate(node: FilterNode, index: MemoryIndex, categoryKeys: (attr: string, value: string) => string[] | null): Predicate | undefined {
  switch (node.kind) {
    case 'const': return node.value ? ALWAYS : NEVER;
    case 'and': case 'or': {
      const items = node.items.map((x) => compilePredicate(x, index, categoryKeys));
      if (items.some((x) => !x)) return undefined;
      const ps = items as Predicate[];
      return node.kind === 'and' ? (i) => ps.every((p) => p(i)) : (i) => ps.some((p) => p(i));
    }
    case 'not': {
      const p = compilePredicate(node.item, index, categoryKeys);
      return p && ((i) => !p(i));
    }
    case 'numeric': case 'range': {
      const known = COLUMNS[node.attr];
      if (!known) return undefined;
      if (known.kind !== 'number') return NEVER;
      const values = index.numbers.get(known.col)!.values;
      if (node.kind === 'range') { const { lo, hi } = node; return (i) => values[i] >= lo && values[i] <= hi; }
      const op = compare[node.op];
      const v = node.value;
      return (i) => !Number.isNaN(values[i]) && op(values[i], v);
    }
    case 'facet': {
      const keys = categoryKeys(node.attr, node.value);
      if (keys) {
        const codes = new Set(keys.map((k) => index.categoryKey.lookup.get(k)).filter((c) => c !== undefined));
        const col = index.categoryKey.codes;
        return codes.size ? (i) => codes.has(col[i]) : NEVER;
      }
      const known = COLUMNS[node.attr];
      if (!known) return undefined;
      const value = node.value;
      switch (known.kind) {
        case 'text': {
          if (known.col === 'object_id') return (i) => index.ids[i] === value;
          const col = index.text.get(known.col)!;
          const code = col.lookup.get(value);
          return code === undefined ? NEVER : (i) => col.codes[i] === code;
        }
        case 'array': return known.col === 'category_ids' ? (i) => index.categoryIds[i].includes(value) : undefined;
        case 'bool': {
          if (value !== 'true' && value !== 'false') return NEVER;
          const want = value === 'true' ? 1 : 0;
          return (i) => index.promoted[i] === want;
        }
        case 'number': {
          if (!/^-?\d+(\.\d+)?$/.test(value)) return NEVER;
          const values = index.numbers.get(known.col)!.values;
          const v = Number(value);
          return (i) => values[i] === v;
        }
      }
    }
  }
  return undefined;
}

// ---- matching and ranking -----------------------------------------------------------------------


/** How many filters' document lists an index keeps (a secured key's restriction recurs on every search of its user). */
const FILTER_CACHE_SIZE = 64;

/**
 * The documents a filter accepts, in document number order (the whole index for no filter). Kept per
 * filter for this version of the index: the same restriction comes with every search of a user, and
 * evaluating it over every document would cost more than the rest of the query.
 */
export function acceptedDocuments(index: MemoryIndex, key: string, predicate: Predicate | null): Int32Array {
  const cached = index.accepted.get(key);
  if (cached) {
    index.accepted.delete(key);
    index.accepted.set(key, cached);
    return cached;
  }
  const docs = new Int32Array(index.n);
  let k = 0;
  for (let i = 0; i < index.n; i++) if (!predicate || predicate(i)) docs[k++] = i;
  const list = docs.slice(0, k);
  index.accepted.set(key, list);
  if (index.accepted.size > FILTER_CACHE_SIZE) index.accepted.delete(index.accepted.keys().next().value!);
  return list;
}

/**
 * The accepted documents matching every query word (any of its exact, prefix and typo words), in
 * document number order, and for each its rank (engine.ts rankExpression: per word 0 exact in the
 * title … 5 typo elsewhere, summed; lower first). Without query words every rank is 0 (null).
 */
export function matchDocuments(index: MemoryIndex, v: Vocabulary, matches: WordMatch[], accepted: Int32Array): { docs: Int32Array; ranks: Uint16Array | null } {
  if (!matches.length) return { docs: accepted, ranks: null };
  const n = index.n;
  // seen[d] = how many query words d matched so far (each word counted once per document).
  const seen = index.scratch;
  seen.fill(0);
  matches.forEach((m, j) => {
    for (const w of [...m.exact, ...m.prefix, ...m.typo]) {
      const list = index.words.get(w);
      if (!list) continue;
      for (let k = 0; k < list.length; k++) if (seen[list[k]] === j) seen[list[k]] = j + 1;
    }
  });
  const all = matches.length;
  let k = 0;
  const docs = new Int32Array(Math.min(n, accepted.length));
  for (let x = 0; x < accepted.length; x++) if (seen[accepted[x]] === all) docs[k++] = accepted[x];
  const matched = docs.subarray(0, k);
  const ranks = new Uint16Array(k);
  const wordRank = index.scratch;
  for (const m of matches) {
    wordRank.fill(6);
    // Worst first: a better rank overwrites.
    const mark = (lists: Map<string, Int32Array>, list: string[], rank: number) => {
      for (const w of list) {
        const p = lists.get(w);
        if (p) for (let x = 0; x < p.length; x++) wordRank[p[x]] = rank;
      }
    };
    const prefix = m.prefix.length > 30 ? allPrefixed(v, m.query) : m.prefix;
    mark(index.words, m.typo, 5);
    mark(index.titleWords, m.typo, 4);
    mark(index.words, prefix, 3);
    mark(index.titleWords, prefix, 2);
    mark(index.words, m.exact, 1);
    mark(index.titleWords, m.exact, 0);
    for (let x = 0; x < k; x++) ranks[x] += wordRank[matched[x]];
  }
  return { docs: matched, ranks };
}

/** Positions first … first + limit of the matched documents in (rank, document number) order. */
export function pageOf(docs: Int32Array, ranks: Uint16Array | null, first: number, limit: number): number[] {
  const wanted = first + limit;
  if (wanted <= 0 || !docs.length) return [];
  if (!ranks) return [...docs.subarray(first, wanted)];
  let maxRank = 0;
  for (let x = 0; x < ranks.length; x++) if (ranks[x] > maxRank) maxRank = ranks[x];
  const histogram = new Int32Array(maxRank + 1);
  for (let x = 0; x < ranks.length; x++) histogram[ranks[x]]++;
  let cut = 0;
  let below = 0;
  for (; cut < maxRank && below + histogram[cut] < wanted; cut++) below += histogram[cut];
  // Every document ranked better than `cut`, and the first of those ranked `cut` (documents are in number order).
  let atCut = wanted - below;
  const picked: number[] = [];
  for (let x = 0; x < docs.length; x++) {
    if (ranks[x] < cut) picked.push(x);
    else if (ranks[x] === cut && atCut > 0) { picked.push(x); atCut--; }
  }
  picked.sort((a, b) => ranks[a] - ranks[b] || a - b);
  return picked.slice(first, wanted).map((x) => docs[x]);
}
