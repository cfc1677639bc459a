/**
 * Filtering, matching, ranking and paging over the index in memory (memory-index.ts), with the
 * meaning of the SQL path in engine.ts and filters.ts.
 */
import { COLUMNS, FEATURE_ATTRIBUTE, featureEntry, type FilterNode, type NumericOp } from './filters';
import { hasObjectId, prefixIds, wordId, type ListColumn, type MemoryIndex } from './memory-index';
import type { WordMatch } from './vocabulary';

type Predicate = (i: number) => boolean;
const NEVER: Predicate = () => false;
const ALWAYS: Predicate = () => true;

const compare: Record<NumericOp, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b, '<=': (a, b) => a <= b, '=': (a, b) => a === b, '!=': (a, b) => a !== b, '>=': (a, b) => a >= b, '>': (a, b) => a > b,
};

/** Documents whose array holds `value`: per distinct array whether it does, then one lookup per document. */
function holding(column: ListColumn, value: string): Predicate {
  const holds = Uint8Array.from(column.lists, (list) => (list.includes(value) ? 1 : 0));
  const codes = column.codes;
  return (i) => holds[codes[i]] === 1;
}

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
      if (FEATURE_ATTRIBUTE.test(node.attr)) return holding(index.features, featureEntry(node.attr, node.value));
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
          if (known.col === 'object_id') return (i) => hasObjectId(index, i, value);
          const col = index.text.get(known.col)!;
          const code = col.lookup.get(value);
          return code === undefined ? NEVER : (i) => col.codes[i] === code;
        }
        case 'array': {
          if (known.col !== 'category_ids') return undefined;
          return holding(index.categoryIds, value);
        }
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

/** How many filters' document lists an index keeps (a secured key's restriction recurs on every search of its user). */
const FILTER_CACHE_SIZE = 64;
/** …and how many document numbers in all, per document of the index (8: 32 MB for a million documents). */
const FILTER_CACHE_PER_DOC = 8;

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
  let kept = 0;
  for (const l of index.accepted.values()) kept += l.length;
  for (const [oldest, l] of index.accepted) {
    if (index.accepted.size <= 1 || (index.accepted.size <= FILTER_CACHE_SIZE && kept <= FILTER_CACHE_PER_DOC * index.n)) break;
    index.accepted.delete(oldest);
    kept -= l.length;
  }
  return list;
}

/**
 * Marks in `best` (one byte per document, 6 = no match) the best rank a list of word ids gives each
 * document: `base` where the word is in its title, base + 1 elsewhere.
 */
function mark(index: MemoryIndex, ids: Iterable<number>, base: number, best: Uint8Array): void {
  const { wordStart, postings } = index;
  for (const id of ids) {
    for (let k = wordStart[id], end = wordStart[id + 1]; k < end; k++) {
      const e = postings[k];
      const d = e >> 1;
      const rank = base + 1 - (e & 1);
      if (rank < best[d]) best[d] = rank;
    }
  }
}

const idsOf = (index: MemoryIndex, words: string[]) => words.map((w) => wordId(index, w)).filter((id) => id >= 0);

/**
 * The accepted documents matching every query word (any of its exact, prefix and typo words), in
 * document number order, and for each its rank (engine.ts rankExpression: per word 0 exact in the
 * title … 5 typo elsewhere, summed; lower first). Without query words every rank is 0 (null).
 * Both arrays are views of the index's scratch arrays: valid until its next search.
 */
export function matchDocuments(index: MemoryIndex, matches: WordMatch[], accepted: Int32Array): { docs: Int32Array; ranks: Uint16Array | null } {
  if (!matches.length) return { docs: accepted, ranks: null };
  const { n, wordStart, postings } = index;
  // seen[d] = how many query words d matched so far (each word counted once per document).
  const seen = index.scratch;
  seen.fill(0, 0, n);
  matches.forEach((m, j) => {
    for (const id of idsOf(index, [...m.exact, ...m.prefix, ...m.typo])) {
      for (let k = wordStart[id], end = wordStart[id + 1]; k < end; k++) {
        const d = postings[k] >> 1;
        if (seen[d] === j) seen[d] = j + 1;
      }
    }
  });
  const all = matches.length;
  let k = 0;
  const docs = index.scratchDocs;
  for (let x = 0; x < accepted.length; x++) if (seen[accepted[x]] === all) docs[k++] = accepted[x];
  const matched = docs.subarray(0, k);
  const ranks = index.scratchRanks.subarray(0, k);
  ranks.fill(0);
  // The CASE of rankExpression takes its first true branch, which is the lowest rank that holds.
  const best = index.scratch;
  for (const m of matches) {
    best.fill(6, 0, n);
    // A long prefix list is tested with LIKE in SQL: every word with the prefix counts for the rank.
    mark(index, m.prefix.length > 30 ? prefixIds(index, m.query) : idsOf(index, m.prefix), 2, best);
    mark(index, idsOf(index, m.typo), 4, best);
    mark(index, idsOf(index, m.exact), 0, best);
    for (let x = 0; x < k; x++) ranks[x] += best[matched[x]];
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

/**
 * Positions first … first + limit of the matched documents ordered by a number column (a sort
 * replica), then by rank, then by document number; documents without a value come last in either
 * direction (SQL: `order by price asc|desc nulls last, rank, …`). A bounded heap of the best
 * first + limit (at most the pagination limit) over one pass: no sort of every match.
 */
export function sortedPageOf(docs: Int32Array, ranks: Uint16Array | null, values: Float64Array, direction: 'asc' | 'desc',
  first: number, limit: number): number[] {
  const wanted = first + limit;
  if (wanted <= 0 || !docs.length) return [];
  const sign = direction === 'asc' ? 1 : -1;
  const keyOf = (x: number) => {
    const v = values[docs[x]];
    return Number.isNaN(v) ? Infinity : sign * v;
  };
  // a before b: smaller key, then better rank, then lower document number.
  const before = (a: number, b: number) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    if (ka !== kb) return ka < kb;
    const ra = ranks ? ranks[a] : 0;
    const rb = ranks ? ranks[b] : 0;
    return ra !== rb ? ra < rb : docs[a] < docs[b];
  };
  // A max-heap (by `before`) of the best `wanted` positions seen so far: its root is the worst of them.
  const heap: number[] = [];
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < heap.length && before(heap[worst], heap[l])) worst = l;
      if (r < heap.length && before(heap[worst], heap[r])) worst = r;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst], heap[i]];
      i = worst;
    }
  };
  for (let x = 0; x < docs.length; x++) {
    if (heap.length < wanted) {
      heap.push(x);
      for (let i = heap.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (!before(heap[parent], heap[i])) break;
        [heap[parent], heap[i]] = [heap[i], heap[parent]];
        i = parent;
      }
    } else if (before(x, heap[0])) {
      heap[0] = x;
      down(0);
    }
  }
  heap.sort((a, b) => (before(a, b) ? -1 : 1));
  return heap.slice(first, wanted).map((x) => docs[x]);
}

/** A new stamp for groupSeen: no code counts as met (the array is cleared once in 2^31 searches). */
function nextStamp(index: MemoryIndex): number {
  if (index.seenStamp >= 0x7fffffff) {
    index.groupSeen.fill(0);
    index.seenStamp = 0;
  }
  return ++index.seenStamp;
}

/**
 * The matched documents one per article (Algolia's distinct): every document without an article, and
 * of each article the first document met. Its length is a distinct search's nbHits; facets declared
 * afterDistinct are counted on it (records.ts ATTRIBUTES_FOR_FACETING: attributes an article's offers
 * share, so which of its documents stands for it does not change a count). A view of the index's
 * scratch array: valid until its next search.
 */
export function distinctDocuments(index: MemoryIndex, docs: Int32Array): Int32Array {
  const stamp = nextStamp(index);
  const { group, groupSeen } = index;
  const out = index.scratchDistinct;
  let n = 0;
  for (let x = 0; x < docs.length; x++) {
    const d = docs[x];
    const g = group[d];
    if (g >= 0) {
      if (groupSeen[g] === stamp) continue;
      groupSeen[g] = stamp;
    }
    out[n++] = d;
  }
  return out.subarray(0, n);
}

/**
 * distinctDocuments of a list acceptedDocuments keeps (what a search without words matches: the
 * marketplace's first page), computed once per list and kept beside it.
 */
export function distinctAccepted(index: MemoryIndex, accepted: Int32Array): Int32Array {
  let articles = index.acceptedArticles.get(accepted);
  if (!articles) index.acceptedArticles.set(accepted, (articles = distinctDocuments(index, accepted).slice()));
  return articles;
}

/**
 * Positions first … first + limit of the matched documents with one document per article: the first
 * of each in `ordered`'s order (the best-ranked offer). `ordered(k)` answers the best k documents in
 * order (pageOf, sortedPageOf); most articles have one or two offers, so asking for twice the page
 * mostly suffices, and each shortfall asks for four times more, up to every match.
 */
export function distinctPage(index: MemoryIndex, total: number, ordered: (wanted: number) => number[], first: number, limit: number): number[] {
  const wanted = first + limit;
  if (wanted <= 0 || !total) return [];
  for (let k = Math.min(total, wanted * 2); ; k = Math.min(total, k * 4)) {
    const stamp = nextStamp(index);
    const picked: number[] = [];
    for (const d of ordered(k)) {
      const g = index.group[d];
      if (g >= 0) {
        if (index.groupSeen[g] === stamp) continue;
        index.groupSeen[g] = stamp;
      }
      picked.push(d);
      if (picked.length === wanted) break;
    }
    if (picked.length === wanted || k >= total) return picked.slice(first, wanted);
  }
}
