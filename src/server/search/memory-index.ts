/**
 * An in-memory copy of an index's search_documents, so that matching, counting nbHits and facets and
 * choosing the page of a query take one pass over typed arrays instead of SQL that reads and groups
 * hundreds of thousands of rows. The engine uses it for the requests it can answer exactly (filters
 * and facets on search_documents' own columns) and keeps SQL for the rest; both give the same answers.
 *
 * It is compact enough for a million documents (about 260 MB, see docs/benchmarks.md, "Marketplace search"):
 * no object per document. Words are ids into the vocabulary's sorted word list with one flat posting
 * array (CSR: a start offset per word id); facet columns are dictionary codes in Int32Arrays; object
 * ids are one concatenated string with offsets. Loading (memory-load.ts) reads the rows in chunks.
 *
 * It is tagged with the index's (generation, version): any write bumps the version (index-sync.ts
 * touch), and the next search brings the index up to date before it answers from it. Writes that keep
 * every document's words and rank (stock, prices) are patched in place from the change log
 * (memory-patch.ts); others load the index again, in the background while SQL answers, so it never
 * answers from stale rows (memory-cache.ts keeps the indexes and brings them forward). Indexes above
 * MEMORY_INDEX_MAX_DOCS stay in SQL.
 *
 * This module is the structure and its lookups; loading, patching and the cache build on it.
 */
/**
 * Largest index held in memory. `npm run bench:search` measures about 260 MB per million documents of
 * the demo catalogue (plus its vocabulary, which the SQL path holds too: about 110 MB).
 */
export const MEMORY_INDEX_MAX_DOCS = 2_000_000;

/** A text column: a code per document (-1 for null) into its distinct values. */
export interface TextColumn { codes: Int32Array; values: string[]; lookup: Map<string, number> }
/** An array column: a code per document into its distinct arrays (`values` as JSON, `lists` parsed). */
export type ListColumn = TextColumn & { lists: string[][] };
/** A number column: the value (NaN for null) and its text as PostgreSQL prints it (facet values). */
export interface NumberColumn { values: Float64Array; text: TextColumn; scale: number }

export interface MemoryIndex {
  generation: number;
  version: number;
  /** Documents; column arrays may be longer (sized by the count read before loading). */
  n: number;
  /**
   * Object ids by document number, in (promoted desc, sort_key, object_id) order (a lower number ranks
   * first among equals): document i's is idText.slice(idStart[i], idStart[i + 1]) (objectId()).
   */
  idText: string;
  idStart: Int32Array;
  /**
   * Word ids: positions in `sortedWords` (the vocabulary's sorted list when loading started, shared
   * with it), then `extraWords` for words of rows written after that list was read.
   */
  sortedWords: string[];
  extraWords: Map<string, number>;
  /** Postings of word id w: postings[wordStart[w]] … postings[wordStart[w + 1] - 1], each (document << 1) | (1 in its title words). */
  wordStart: Int32Array;
  postings: Int32Array;
  text: Map<string, TextColumn>;
  numbers: Map<string, NumberColumn>;
  promoted: Uint8Array;
  /** A hash of each document's object id, to find a document by id in one pass (memory-patch.ts). */
  idHash: Int32Array;
  /** Two hashes per document of what places it among words and ranks: a patch may not change it. */
  shape: Int32Array;
  /** category_ids as a code per document into the distinct arrays (`lists`, parsed from the column's values). */
  categoryIds: ListColumn;
  categoryKey: TextColumn;
  /** The features column (filters.ts FEATURE_ATTRIBUTE) as a code per document into its distinct arrays, like categoryIds. */
  features: ListColumn;
  /**
   * The article of each document (search_documents.distinct_key) as a dense code, -1 for none or for an
   * article with no other document here (it is distinct by itself): a search
   * with `distinct` answers one document per code (memory-match.ts distinctPage, distinctCount). The
   * codes are made while loading and kept without their keys: a write that changes a document's
   * article changes its shape, so the index is loaded again rather than patched.
   */
  group: Int32Array;
  /** groupSeen[code] === seenStamp while a search has met the code (one array for every search). */
  groupSeen: Int32Array;
  seenStamp: number;
  /** acceptedDocuments' lists by filter, most recently used last. */
  accepted: Map<string, Int32Array>;
  /** One document per article of such a list (a distinct search without words), kept while the list is. */
  acceptedArticles: WeakMap<Int32Array, Int32Array>;
  /**
   * Per-document scratch arrays for matching, so that a search allocates nothing in proportion to the
   * index (with millions of strings in the vocabulary, each major collection is costly). Searches
   * use them one at a time: no await between matching and reading the result.
   */
  scratch: Uint8Array;
  scratchDocs: Int32Array;
  scratchRanks: Uint16Array;
  /** The documents a `distinct` search counts (memory-match.ts distinctDocuments): one per article. */
  scratchDistinct: Int32Array;
}

/** The object id of document `i`. */
export const objectId = (index: MemoryIndex, i: number): string => index.idText.slice(index.idStart[i], index.idStart[i + 1]);

/** Whether document `i`'s object id is `id` (without building the string). */
export const hasObjectId = (index: MemoryIndex, i: number, id: string): boolean =>
  index.idStart[i + 1] - index.idStart[i] === id.length && index.idText.startsWith(id, index.idStart[i]);

/** First position in a sorted list whose word is not below `word`. */
export function lowerBound(sorted: string[], word: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < word) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/** The id of a word, -1 when no document has it. */
export function wordId(index: MemoryIndex, word: string): number {
  const at = lowerBound(index.sortedWords, word);
  if (at < index.sortedWords.length && index.sortedWords[at] === word) return at;
  return index.extraWords.get(word) ?? -1;
}

/** Ids of every word starting with `prefix` (a range of the sorted list, plus matching extra words). */
export function prefixIds(index: MemoryIndex, prefix: string): number[] {
  const ids: number[] = [];
  for (let at = lowerBound(index.sortedWords, prefix); at < index.sortedWords.length && index.sortedWords[at].startsWith(prefix); at++) ids.push(at);
  for (const [w, id] of index.extraWords) if (w.startsWith(prefix)) ids.push(id);
  return ids;
}
