/**
 * Loads an index's search_documents into the compact in-memory form of memory-index.ts. Rows are
 * read and folded into typed arrays chunk by chunk (a million rows as JS objects would take gigabytes);
 * each document's word ids go to one flat list first and become per-word posting lists at the end.
 */
import { sql, type Kysely } from 'kysely';
import { COLUMNS } from './filters';
import type { ListColumn, MemoryIndex, TextColumn } from './memory-index';
import type { Vocabulary } from './vocabulary';
import type { DB } from '../../../generated/db/database.gen';

const TEXT_COLUMNS = Object.values(COLUMNS).filter((c) => c.kind === 'text' && c.col !== 'object_id').map((c) => c.col);
const NUMBER_COLUMNS = ['price', 'stock'] as const;

/** Rows per query while loading: PGlite runs in this process, so other requests get their turn between chunks. */
const CHUNK = 5000;

/** An Int32Array that grows as values are appended. */
class IntList {
  data: Int32Array;
  length = 0;
  constructor(capacity: number) { this.data = new Int32Array(Math.max(16, capacity)); }
  push(v: number): void {
    if (this.length === this.data.length) this.grow(this.length + 1);
    this.data[this.length++] = v;
  }
  grow(size: number): void {
    if (size <= this.data.length) return;
    const bigger = new Int32Array(Math.max(size, Math.ceil(this.data.length * 1.5)));
    bigger.set(this.data.subarray(0, this.length));
    this.data = bigger;
  }
}

function textColumn(n: number): TextColumn {
  return { codes: new Int32Array(n).fill(-1), values: [], lookup: new Map() };
}
function put(c: TextColumn, i: number, v: unknown): void {
  if (v === null || v === undefined) { c.codes[i] = -1; return; }
  const s = String(v);
  let code = c.lookup.get(s);
  if (code === undefined) { code = c.values.length; c.values.push(s); c.lookup.set(s, code); }
  c.codes[i] = code;
}

/** An array value of a document (its JSON text is the column's value, its list kept parsed beside it). */
function putList(c: ListColumn, i: number, v: unknown): void {
  const list = Array.isArray(v) ? v.map(String) : [];
  const key = JSON.stringify(list);
  if (!c.lookup.has(key)) c.lists.push(list);
  put(c, i, key);
}

/**
 * A document row as loadIndex and patches read it: [object_id, sort_key, ...TEXT_COLUMNS, price, stock,
 * category_key, category_ids, words, title words, promoted, features, distinct_key] (json_build_array, one JSON text per chunk).
 */
export const ROW_SQL = sql.raw(`json_build_array(object_id, sort_key, ${TEXT_COLUMNS.map((c) => `${c}, `).join('')}
  price::text, stock::text, category_key, category_ids, array_to_string(words, ' '), array_to_string(title_words, ' '), promoted, features, distinct_key)`);
const AT = 2 + TEXT_COLUMNS.length;

/** FNV-1a over a string from `seed`: two seeds give the 64 bits a document's shape is compared by. */
function fnv(text: string, seed: number): number {
  let h = seed;
  for (let k = 0; k < text.length; k++) {
    h ^= text.charCodeAt(k);
    h = Math.imul(h, 16777619);
  }
  return h | 0;
}
export const idHashOf = (objectId: string): number => fnv(objectId, 2166136261);

/** What places a row among the words and the ranking: a change to it needs the index loaded again. */
function shapeOf(r: unknown[]): string {
  return [r[1], r[AT + 2], JSON.stringify(r[AT + 3] ?? []), r[AT + 4], r[AT + 5], r[AT + 6], r[AT + 8]].map((v) => String(v ?? '')).join('\u0001');
}
/** Whether row `r` has the shape document `i` was loaded with. */
export function sameShape(index: Pick<MemoryIndex, 'shape'>, i: number, r: unknown[]): boolean {
  const shape = shapeOf(r);
  return index.shape[2 * i] === fnv(shape, 2166136261) && index.shape[2 * i + 1] === fnv(shape, 0x9747b28c);
}

/** Sets document `i`'s facet, number and features columns from row `r` (loading, and patches of loaded documents). */
export function putColumns(index: Pick<MemoryIndex, 'text' | 'numbers' | 'features'>, i: number, r: unknown[]): void {
  TEXT_COLUMNS.forEach((c, k) => put(index.text.get(c)!, i, r[2 + k]));
  putList(index.features, i, r[AT + 7]);
  NUMBER_COLUMNS.forEach((c, k) => {
    const v = r[AT + k];
    const col = index.numbers.get(c)!;
    put(col.text, i, v);
    if (v === null || v === undefined) { col.values[i] = NaN; return; }
    col.values[i] = Number(v);
    const dot = String(v).indexOf('.');
    if (dot >= 0) col.scale = Math.max(col.scale, String(v).length - dot - 1);
  });
}

/** Collects rows in document number order and builds the index at the end. */
class Builder {
  n = 0;
  private readonly ids: string[] = [];
  private readonly idParts: string[] = [];
  private readonly idStart: Int32Array;
  private readonly words: Map<string, number>;
  private readonly extraWords = new Map<string, number>();
  private wordCount: number;
  /** Each document's postings, (word id << 1) | title, documents one after the other from docStart[d]. */
  private readonly entries: IntList;
  private readonly docStart: Int32Array;
  private readonly perWord: IntList;
  /** titleStamp[word id] = document number + 1 while that document's title words are marked. */
  private readonly titleStamp: IntList;
  /** The code of each distinct_key met so far (dropped with the builder: the index keeps the codes only). */
  private readonly groups = new Map<string, number>();
  private readonly index: Omit<MemoryIndex, 'generation' | 'version' | 'idText' | 'idStart' | 'wordStart' | 'postings' | 'groupSeen' | 'seenStamp'>;

  constructor(private readonly capacity: number, sortedWords: string[]) {
    this.idStart = new Int32Array(capacity + 1);
    this.docStart = new Int32Array(capacity + 1);
    this.words = new Map();
    for (let w = 0; w < sortedWords.length; w++) this.words.set(sortedWords[w], w);
    this.wordCount = sortedWords.length;
    this.entries = new IntList(capacity * 16);
    this.perWord = new IntList(this.wordCount);
    this.perWord.length = this.wordCount;
    this.titleStamp = new IntList(this.wordCount);
    this.titleStamp.length = this.wordCount;
    this.index = {
      n: 0, sortedWords, extraWords: this.extraWords,
      text: new Map(TEXT_COLUMNS.map((c) => [c, textColumn(capacity)])),
      numbers: new Map(NUMBER_COLUMNS.map((c) => [c, { values: new Float64Array(capacity).fill(NaN), text: textColumn(capacity), scale: 0 }])),
      promoted: new Uint8Array(capacity), idHash: new Int32Array(capacity), shape: new Int32Array(2 * capacity), categoryIds: { ...textColumn(capacity), lists: [] }, categoryKey: textColumn(capacity), features: { ...textColumn(capacity), lists: [] },
      group: new Int32Array(capacity).fill(-1),
      accepted: new Map(), acceptedArticles: new WeakMap(), scratch: new Uint8Array(capacity), scratchDocs: new Int32Array(capacity), scratchRanks: new Uint16Array(capacity),
      scratchDistinct: new Int32Array(capacity),
    };
  }

  private idOf(word: string): number {
    const known = this.words.get(word) ?? this.extraWords.get(word);
    if (known !== undefined) return known;
    const id = this.wordCount++;
    this.extraWords.set(word, id);
    this.perWord.push(0);
    this.titleStamp.push(0);
    return id;
  }

  /** Adds a row (json_build_array of load's select); false when there are more rows than counted. */
  add(r: unknown[], promoted: boolean): boolean {
    const i = this.n;
    if (i >= this.capacity) return false;
    const { index } = this;
    this.ids.push(String(r[0]));
    this.idStart[i + 1] = this.idStart[i] + String(r[0]).length;
    putColumns(index, i, r);
    index.promoted[i] = promoted ? 1 : 0;
    index.idHash[i] = idHashOf(String(r[0]));
    const shape = shapeOf(r);
    index.shape[2 * i] = fnv(shape, 2166136261);
    index.shape[2 * i + 1] = fnv(shape, 0x9747b28c);
    put(index.categoryKey, i, r[AT + 2] ?? '');
    const key = r[AT + 8];
    if (typeof key === 'string' && key) {
      let code = this.groups.get(key);
      if (code === undefined) this.groups.set(key, (code = this.groups.size));
      index.group[i] = code;
    }
    putList(index.categoryIds, i, r[AT + 3]);
    // Postings come from `words`, flagged when the word is among the title words too (documentRow
    // makes title_words a subset of words; matching reads `words` alone, as the SQL does).
    const title = r[AT + 5];
    if (typeof title === 'string' && title) {
      for (const w of title.split(' ')) {
        // The id first: a new word grows titleStamp, and `titleStamp.data[idOf(w)]` would have read
        // the array before it grew, writing the mark into the one thrown away.
        const id = this.idOf(w);
        this.titleStamp.data[id] = i + 1;
      }
    }
    const all = r[AT + 4];
    if (typeof all === 'string' && all) {
      for (const w of all.split(' ')) {
        const id = this.idOf(w);
        this.entries.push((id << 1) | (this.titleStamp.data[id] === i + 1 ? 1 : 0));
        this.perWord.data[id]++;
      }
    }
    this.docStart[i + 1] = this.entries.length;
    this.n++;
    return true;
  }

  /** Ends a chunk: its ids become one string (a million separate strings would cost far more). */
  endChunk(): void {
    this.idParts.push(this.ids.join(''));
    this.ids.length = 0;
  }

  finish(generation: number, version: number): MemoryIndex {
    this.endChunk();
    const words = this.wordCount;
    const wordStart = new Int32Array(words + 1);
    for (let w = 0; w < words; w++) wordStart[w + 1] = wordStart[w] + this.perWord.data[w];
    const cursor = wordStart.slice(0, words);
    const postings = new Int32Array(this.entries.length);
    const entries = this.entries.data;
    for (let d = 0; d < this.n; d++) {
      for (let k = this.docStart[d]; k < this.docStart[d + 1]; k++) postings[cursor[entries[k] >> 1]++] = (d << 1) | (entries[k] & 1);
    }
    // Only articles with more than one document keep a code (dense from 0): most articles have one
    // offer, and a search then touches groupSeen for the few that have several (it stays in the cache).
    const members = new Int32Array(this.groups.size);
    for (let d = 0; d < this.n; d++) if (this.index.group[d] >= 0) members[this.index.group[d]]++;
    const dense = new Int32Array(this.groups.size).fill(-1);
    let shared = 0;
    for (let g = 0; g < members.length; g++) if (members[g] > 1) dense[g] = shared++;
    for (let d = 0; d < this.n; d++) if (this.index.group[d] >= 0) this.index.group[d] = dense[this.index.group[d]];
    return {
      ...this.index, generation, version, n: this.n, idText: this.idParts.join(''), idStart: this.idStart, wordStart, postings,
      groupSeen: new Int32Array(shared), seenStamp: 0,
    };
  }
}

/** The index's (generation, version) now, or null when it has none. */
export async function currentTag(db: Kysely<DB>, indexName: string): Promise<{ generation: number; version: number } | null> {
  const row = (await sql<{ generation: number; version: string | number }>`select generation, version from search_indexes where index_name = ${indexName}`.execute(db)).rows[0];
  return row ? { generation: Number(row.generation), version: Number(row.version) } : null;
}

/**
 * Reads the index's documents in (promoted desc, sort_key, object_id) order, CHUNK rows at a time
 * along the primary ordering index, and tags them with the vocabulary's (generation, version), read
 * before loading. Writes made meanwhile may or may not be in the rows: the caller brings the index up
 * to date from the change log (memory-patch.ts), or drops it. Gives up (null) when the index holds
 * more than `maxDocs`, or when it was cleared meanwhile.
 */
export async function loadIndex(db: Kysely<DB>, indexName: string, vocabulary: Vocabulary, maxDocs: number): Promise<MemoryIndex | null> {
  const count = Number((await sql<{ n: number }>`select count(*)::int as n from search_documents where index_name = ${indexName}`.execute(db)).rows[0].n);
  if (count > maxDocs) return null;
  const builder = new Builder(count, vocabulary.sorted);
  for (const promoted of [true, false]) {
    let after: [string, string] | null = null;
    for (;;) {
      // One JSON text per chunk: PGlite's protocol parser costs far more per field than JSON.parse.
      const json: string | null | undefined = (await sql<{ rows: string | null }>`select json_agg(${ROW_SQL})::text as rows
        from (select * from search_documents where index_name = ${indexName} and promoted = ${promoted}
          ${after ? sql`and (sort_key, object_id) > (${after[0]}, ${after[1]})` : sql``}
          order by sort_key, object_id limit ${CHUNK}) s`.execute(db)).rows[0]?.rows;
      const chunk: unknown[][] = json ? (JSON.parse(json) as unknown[][]) : [];
      for (const row of chunk) if (!builder.add(row, promoted)) return null;
      builder.endChunk();
      if (chunk.length < CHUNK) break;
      const last: unknown[] = chunk[chunk.length - 1];
      after = [String(last[1]), String(last[0])];
      if ((await currentTag(db, indexName))?.generation !== vocabulary.generation) return null;
    }
  }
  return builder.finish(vocabulary.generation, vocabulary.version);
}
