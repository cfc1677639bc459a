/**
 * The embedded search engine: one Algolia search request over search_documents, answered in
 * Algolia's response shape. Matching: every query word must match (exactly, as a prefix for the
 * last word, or within its allowed typos); ranking: exact before prefix before typo, title before
 * description, then promoted articles, then article number. Matching, nbHits, facet counts and the
 * page's ids come from the index in memory (memory-index.ts) once it is loaded for the index's
 * current version, else from SQL: one grouping-sets statement for the counts and an ordered query
 * for the page. Both answer the same; the records of the page are always read from search_records.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { words } from './fold';
import { escapeNothing, highlight, highlightPrefixes, pickAttributes } from './highlight';
import {
  and, CATEGORY_ATTRIBUTE, COLUMNS, compileFilter, facetExpression, FEATURE_ATTRIBUTE, featurePrefix, FilterSyntaxError, numericExpression, parseFacetFilters, parseFilterString,
  parseNumericFilters, type FilterContext, type FilterNode,
} from './filters';
import { countInMemory } from './memory-search';
import { memoryIndexFor } from './memory-cache';
import { replicaOf } from '../../shared/search-sorts';
import { countedAfterDistinct, INDEX_SETTINGS, LANGUAGES } from './records';
import { DEFAULT_HITS_PER_PAGE, echoParams, facetList, int, PAGINATION_LIMIT, requestParams } from './request';
import { matchWords, vocabularyFor, type Vocabulary, type WordMatch } from './vocabulary';
import type { DB } from '../../../generated/db/database.gen';

const NUMERIC_FACETS = new Set(['price', 'stock', 'priceQuantity', 'minOrderQuant', 'tax', 'estimateDeliveryDays']);

export interface SearchResponse {
  hits: Record<string, unknown>[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  facets: Record<string, Record<string, number>>;
  facets_stats?: Record<string, { min: number; max: number; avg: number; sum: number }>;
  exhaustiveNbHits: true;
  exhaustiveFacetsCount: true;
  exhaustive: { nbHits: true; facetsCount: true };
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
}

/**
 * Rank of a document for the query words (lower is better): per word 0 exact in the title, 1 exact
 * elsewhere, 2 prefix in the title, 3 prefix elsewhere, 4 typo in the title, 5 typo elsewhere.
 * A prefix with many expansions is tested with LIKE on the joined words (an array overlap costs
 * words × expansions per row); short lists (exact words, typos, most prefixes) by overlap.
 */
function rankExpression(matches: WordMatch[]): RawBuilder<unknown> {
  const parts = matches.map((m) => {
    const cases: RawBuilder<unknown>[] = [];
    const overlap = (list: string[], base: number) => {
      if (list.length) cases.push(sql`when d.title_words && ${list}::text[] then ${sql.raw(String(base))} when d.words && ${list}::text[] then ${sql.raw(String(base + 1))}`);
    };
    overlap(m.exact, 0);
    if (m.prefix.length > 30) {
      const pattern = `% ${m.query}%`; // query words are [a-z0-9]+: nothing to escape
      cases.push(sql`when (' ' || array_to_string(d.title_words, ' ')) like ${pattern} then 2 when (' ' || array_to_string(d.words, ' ')) like ${pattern} then 3`);
    } else {
      overlap(m.prefix, 2);
    }
    overlap(m.typo, 4);
    return sql`(case ${sql.join(cases, sql` `)} else 6 end)`;
  });
  return sql`(${sql.join(parts, sql` + `)})`;
}

/**
 * The page of a one-word query, bucket by bucket in rank order (exact in the title, exact elsewhere,
 * prefix in the title, …), each bucket in (promoted, article number) order. Each bucket is a plain
 * ordered query that PostgreSQL can answer from the (index_name, promoted, sort_key) index and stop
 * after the page, instead of ranking and sorting every matching row (tens of thousands for a
 * two-letter prefix). Reads at most first + limit ids (≤ 1000, the pagination limit).
 */
async function pageByBuckets(db: Kysely<DB>, where: RawBuilder<unknown>, m: WordMatch, first: number, limit: number): Promise<string[]> {
  const long = m.prefix.length > 30;
  const pattern = `% ${m.query}%`;
  const title = (list: string[]) => sql`d.title_words && ${list}::text[]`;
  const anywhere = (list: string[]) => sql`d.words && ${list}::text[]`;
  const predicates: RawBuilder<unknown>[] = [];
  if (m.exact.length) predicates.push(title(m.exact), anywhere(m.exact));
  if (m.prefix.length) {
    predicates.push(long ? sql`(' ' || array_to_string(d.title_words, ' ')) like ${pattern}` : title(m.prefix));
    predicates.push(long ? sql`(' ' || array_to_string(d.words, ' ')) like ${pattern}` : anywhere(m.prefix));
  }
  if (m.typo.length) predicates.push(title(m.typo), anywhere(m.typo));
  const ids: string[] = [];
  const wanted = first + limit;
  for (let k = 0; k < predicates.length && ids.length < wanted; k++) {
    const earlier = predicates.slice(0, k).map((p) => sql`not coalesce(${p}, false)`);
    const rows = await sql<{ objectId: string }>`select d.object_id from search_documents d
      where ${where} and ${predicates[k]}${earlier.length ? sql` and ${sql.join(earlier, sql` and `)}` : sql``}
      order by d.promoted desc, d.sort_key, d.object_id limit ${wanted - ids.length}`.execute(db);
    ids.push(...rows.rows.map((r) => r.objectId));
  }
  return ids.slice(first, wanted);
}

const levelOf = (attr: string) => {
  const [, lang, n] = CATEGORY_ATTRIBUTE.exec(attr)!;
  return { lang, lvl: `lvl${n}` };
};

/** Category attributes filter on the keys whose value matches. */
function categoryContext(v: Vocabulary): FilterContext {
  return {
    categoryKeys(attr, value) {
      const { lang, lvl } = levelOf(attr);
      return [...v.categories].filter(([, c]) => c?.[lang]?.[lvl] === value).map(([key]) => key);
    },
  };
}

/** Counts of one hierarchical level, summed over the category keys under each value; highest first. */
function categoryCounts(v: Vocabulary, perKey: [string, number][], attr: string, max: number): Record<string, number> {
  const { lang, lvl } = levelOf(attr);
  const counts = new Map<string, number>();
  for (const [key, n] of perKey) {
    const value = v.categories.get(key)?.[lang]?.[lvl];
    if (typeof value === 'string' && value) counts.set(value, (counts.get(value) ?? 0) + n);
  }
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, max));
}

/**
 * A boolean search parameter (Algolia's `distinct`): false, 0 or their text
 * (as `params` sends them) is off, any other value on, and a missing one takes `fallback`.
 */
function flagOf(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null || value === '') return fallback;
  return !(value === false || value === 0 || value === '0' || value === 'false');
}

/**
 * Answers already computed for the current version of an index (the marketplace's first page is the
 * same request for every user with the same rules). A write bumps the version, so nothing stale is
 * served; the answers of the older version are dropped then (issue 30: under orders every few
 * seconds, up to RESULT_CACHE_SIZE answers of versions no search reads any more stayed in memory,
 * tens of MB of records per process, until newer answers pushed them out).
 */
const RESULT_CACHE_SIZE = 500;
interface ResultCache {
  answers: Map<string, SearchResponse>;
  /** The newest version of each index (generation, version) the cache has seen: answers are kept for it alone. */
  versions: Map<string, [number, number]>;
}
const resultCaches = new WeakMap<object, ResultCache>();

/** Whether the cache keeps answers of `indexName` at this version: once it is the newest seen, older answers go. */
function keepsVersion(cache: ResultCache, indexName: string, generation: number, version: number): boolean {
  const seen = cache.versions.get(indexName);
  if (seen && seen[0] === generation && seen[1] === version) return true;
  // A search that read an older version than another one already did (they ran side by side) is not kept.
  if (seen && (generation < seen[0] || (generation === seen[0] && version < seen[1]))) return false;
  cache.versions.set(indexName, [generation, version]);
  for (const [key, answer] of cache.answers) if (answer.index === indexName) cache.answers.delete(key);
  return true;
}

/** How many answers the result cache of a database keeps (tests). */
export const cachedAnswers = (db: object): number => resultCaches.get(db)?.answers.size ?? 0;

/**
 * Runs one search request on an index, or on one of its sort replicas (src/shared/search-sorts.ts: the
 * primary's documents in the replica's order). `restriction` is what the caller's key forces (secured key
 * filters); it is ANDed with the request's own filters, so a request cannot widen it. Options (for
 * tests and the benchmark): `cache: false` computes the answer even when the result cache holds it,
 * `memory: false` answers from SQL alone instead of the index in memory (memory-index.ts).
 */
export async function searchIndex(db: Kysely<DB>, indexName: string, request: Record<string, unknown>, restriction: FilterNode | null,
  options: { cache?: boolean; memory?: boolean } = {}): Promise<SearchResponse> {
  const started = performance.now();
  const replica = replicaOf(indexName);
  const sort = replica?.sort;
  // The index whose documents are searched: the primary of a replica.
  const searched = replica ? replica.primary : indexName;
  const p = requestParams(request);
  const query = typeof p.query === 'string' ? p.query.slice(0, 512) : '';
  const hitsPerPage = int(p.hitsPerPage ?? (p.length !== undefined ? p.length : undefined), 'hitsPerPage', DEFAULT_HITS_PER_PAGE, 0, 1000);
  const offset = p.offset !== undefined ? int(p.offset, 'offset', 0, 0, PAGINATION_LIMIT) : undefined;
  const page = offset !== undefined && hitsPerPage ? Math.floor(offset / hitsPerPage) : int(p.page, 'page', 0, 0, 100_000);
  const maxValues = int(p.maxValuesPerFacet, 'maxValuesPerFacet', 100, 1, 1000);
  const facets = facetList(p.facets);
  const filters = [parseFilterString(p.filters), parseFacetFilters(p.facetFilters), parseNumericFilters(p.numericFilters), restriction]
    .filter((f): f is FilterNode => f !== null);
  const pre = typeof p.highlightPreTag === 'string' ? p.highlightPreTag : '<em>';
  const post = typeof p.highlightPostTag === 'string' ? p.highlightPostTag : '</em>';

  const queryWords = words(query).slice(0, 10);
  const vocabulary = await vocabularyFor(db, searched);
  let cache = resultCaches.get(db);
  if (!cache) resultCaches.set(db, (cache = { answers: new Map(), versions: new Map() }));
  // The version this answer is computed for (vocabularyFor brings the shared vocabulary forward in place meanwhile).
  const { generation, version } = vocabulary;
  const cacheKey = JSON.stringify([indexName, generation, version, p, restriction]);
  const cached = options.cache === false ? undefined : cache.answers.get(cacheKey);
  if (cached) {
    cache.answers.delete(cacheKey);
    cache.answers.set(cacheKey, cached);
    return { ...cached, processingTimeMS: Math.max(1, Math.round(performance.now() - started)) };
  }
  const matches = matchWords(vocabulary, queryWords);
  const base: Omit<SearchResponse, 'processingTimeMS'> = {
    hits: [], nbHits: 0, page, nbPages: 0, hitsPerPage, facets: {}, exhaustiveNbHits: true, exhaustiveFacetsCount: true,
    exhaustive: { nbHits: true, facetsCount: true }, query, params: echoParams(p), index: indexName,
  };
  if (matches.some((m) => !m.exact.length && !m.prefix.length && !m.typo.length)) {
    return { ...base, processingTimeMS: Math.round(performance.now() - started) };
  }

  const conditions: RawBuilder<unknown>[] = [sql`d.index_name = ${searched}`];
  for (const m of matches) conditions.push(sql`d.words && ${[...m.exact, ...m.prefix, ...m.typo]}::text[]`);
  if (filters.length) conditions.push(compileFilter(and(filters), categoryContext(vocabulary)));
  const categoryFacets = facets.filter((f) => CATEGORY_ATTRIBUTE.test(f));
  const where = sql.join(conditions, sql` and `);
  // The page's order, as (expression, direction) pairs: a replica's attribute, the rank of the query
  // words (without words every hit ranks the same), then promoted, sort key and id.
  const orderParts: [RawBuilder<unknown>, string][] = [
    ...(sort ? [[sql.ref(`d.${COLUMNS[sort.attribute].col}`), `${sort.direction} nulls last`] as [RawBuilder<unknown>, string]] : []),
    ...(matches.length ? [[rankExpression(matches), 'asc'] as [RawBuilder<unknown>, string]] : []),
    [sql`d.promoted`, 'desc'], [sql`d.sort_key`, 'asc'], [sql`d.object_id`, 'asc'],
  ];
  const order = sql.join(orderParts.map(([e, dir]) => sql`${e} ${sql.raw(dir)}`));
  // One hit per article (on by the index's settings: records.ts INDEX_SETTINGS); the facets of
  // product data (declared afterDistinct) then count articles, the others offers.
  const distinct = flagOf(p.distinct, INDEX_SETTINGS.distinct);
  const afterDistinct = (f: string) => distinct && countedAfterDistinct(f);
  const first = page * hitsPerPage;
  const limit = Math.max(0, Math.min(hitsPerPage, PAGINATION_LIMIT - first));

  // Counting: one pass over the matching rows, every facet a grouping set; () is the total.
  // (Hierarchical category facets are counted once per category key and named in JS.)
  const plain = facets.filter((f) => !CATEGORY_ATTRIBUTE.test(f) && !FEATURE_ATTRIBUTE.test(f));
  const featureFacets = facets.filter((f) => FEATURE_ATTRIBUTE.test(f));
  const numeric = plain.filter((f) => NUMERIC_FACETS.has(f));
  const groupExpressions = plain.map((f) => (NUMERIC_FACETS.has(f) ? numericExpression(f) : facetExpression(f)));
  if (categoryFacets.length) groupExpressions.push(sql`d.category_key`);
  // Facets of record attributes are computed once per row in a subquery: such an expression carries
  // its own parameters, so PostgreSQL would not see its copies in GROUPING and the grouping sets as
  // one. Column facets group directly (the plan PostgreSQL runs fastest).
  const readsRecords = plain.some((f) => !COLUMNS[f]);
  const source = (e: RawBuilder<unknown>, name: string) => (readsRecords ? sql.ref(`s.${name}`) : e);
  const grouped = groupExpressions.map((e, i) => source(e, `v${i}`));
  const stats = numeric.map((f, n) => {
    const e = source(numericExpression(f), `n${n}`);
    return sql`min(${e}) as ${sql.ref(`min${n}`)}, max(${e}) as ${sql.ref(`max${n}`)}, avg(${e}) as ${sql.ref(`avg${n}`)}, sum(${e}) as ${sql.ref(`sum${n}`)}`;
  });
  // The article of a document (itself when it has none): a distinct search counts these.
  const articleKey = sql`coalesce(d.distinct_key, d.object_id)`;
  const valueColumns = [
    ...groupExpressions.map((e, i) => sql`${e}::text as ${sql.ref(`v${i}`)}`),
    ...numeric.map((f, n) => sql`${numericExpression(f)} as ${sql.ref(`n${n}`)}`),
    sql`${articleKey} as k`,
  ];
  const articles = distinct ? sql`, count(distinct ${readsRecords ? sql.ref('s.k') : articleKey})::int as a` : sql``;
  const from = readsRecords ? sql`(select ${sql.join(valueColumns)} from search_documents d where ${where}) s` : sql`search_documents d where ${where}`;
  const counted = groupExpressions.length
    ? sql<Record<string, unknown>>`select grouping(${sql.join(grouped)})::int as g, ${sql.join(grouped.map((v, i) => sql`${v}::text as ${sql.ref(`v${i}`)}`))},
        count(*)::int as c${articles}${stats.length ? sql`, ${sql.join(stats)}` : sql``}
        from ${from} group by grouping sets ((), ${sql.join(grouped.map((v) => sql`(${v})`))})`
    : sql<Record<string, unknown>>`select 0 as g, count(*)::int as c${articles} from search_documents d where ${where}`;
  const memory = options.memory === false ? null : await memoryIndexFor(db, searched, vocabulary);
  const fromMemory = memory ? countInMemory(memory, categoryContext(vocabulary), matches, filters, facets, first, limit, sort, distinct, afterDistinct) : undefined;
  let nbHits: number;
  let facetValues: (f: string) => [string, number][];
  let perKey: [string, number][] = [];
  let statsOf: (f: string) => { min: number; max: number; avg: number; sum: number } | null;
  let ids: string[] = [];
  if (fromMemory) {
    ({ nbHits, perKey } = fromMemory);
    facetValues = (f) => fromMemory.values.get(f) ?? [];
    statsOf = (f) => fromMemory.stats.get(f) ?? null;
    ids = fromMemory.ids;
  } else {
    const groups = (await counted.execute(db)).rows;
    const all = (1 << groupExpressions.length) - 1;
    const total = (groups.find((g) => Number(g.g) === all) ?? { c: 0 }) as Record<string, unknown>;
    nbHits = Number(distinct ? total.a ?? 0 : total.c);
    // A facet's count: its documents, or their articles when it is counted after distinct.
    const countOf = (f: string) => (afterDistinct(f) ? 'a' : 'c');
    const valuesOf = (i: number, count: 'a' | 'c') => {
      const bit = 1 << (groupExpressions.length - 1 - i);
      return groups.filter((g) => (Number(g.g) & bit) === 0 && g[`v${i}`] !== null).map((g) => [String(g[`v${i}`]), Number(g[count])] as [string, number]);
    };
    // Features: one entry per language and value in one array column, counted by unnesting it.
    const entries = featureFacets.length
      ? (await sql<{ e: string; c: number; a?: number }>`select e, count(*)::int as c${articles} from search_documents d, unnest(d.features) e where ${where} group by e`.execute(db)).rows
      : [];
    facetValues = (f) => {
      if (!FEATURE_ATTRIBUTE.test(f)) return valuesOf(plain.indexOf(f), countOf(f));
      const prefix = featurePrefix(f);
      return entries.filter((r) => r.e.startsWith(prefix)).map((r) => [r.e.slice(prefix.length), Number(r[countOf(f)])] as [string, number]);
    };
    if (categoryFacets.length) perKey = valuesOf(groupExpressions.length - 1, countOf(categoryFacets[0]!));
    statsOf = (f) => {
      const n = numeric.indexOf(f);
      if (n < 0 || total[`min${n}`] === null || total[`min${n}`] === undefined) return null;
      return { min: Number(total[`min${n}`]), max: Number(total[`max${n}`]), avg: Number(total[`avg${n}`]), sum: Number(total[`sum${n}`]) };
    };
    if (limit > 0 && nbHits > first) {
      ids = distinct
        // The best document of each article (distinct on its key, in the page's order), then those in the page's order.
        ? (await sql<{ objectId: string }>`select x.object_id from (
            select distinct on (coalesce(d.distinct_key, d.object_id)) d.object_id, ${sql.join(orderParts.map(([e], i) => sql`${e} as ${sql.ref(`k${i}`)}`))}
            from search_documents d where ${where} order by coalesce(d.distinct_key, d.object_id), ${order}) x
            order by ${sql.join(orderParts.map(([, dir], i) => sql`${sql.ref(`x.k${i}`)} ${sql.raw(dir)}`))} limit ${limit} offset ${first}`.execute(db)).rows.map((r) => r.objectId)
        : matches.length === 1 && !sort
          ? await pageByBuckets(db, where, matches[0], first, limit)
          : (await sql<{ objectId: string }>`select d.object_id from search_documents d where ${where} order by ${order} limit ${limit} offset ${first}`.execute(db)).rows.map((r) => r.objectId);
    }
  }
  const top = (pairs: [string, number][]) => Object.fromEntries(pairs.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, maxValues));

  let records: Record<string, unknown>[] = [];
  if (ids.length) {
    const found = await sql<{ objectId: string; record: unknown }>`select object_id, record from search_records where index_name = ${searched} and object_id = any(${ids}::text[])`.execute(db);
    const byId = new Map(found.rows.map((r) => [r.objectId, (typeof r.record === 'string' ? JSON.parse(r.record) : r.record) as Record<string, unknown>]));
    records = ids.map((id) => byId.get(id)).filter((r): r is Record<string, unknown> => r !== undefined);
  }
  const result: SearchResponse = {
    ...base, nbHits, nbPages: hitsPerPage ? Math.ceil(Math.min(nbHits, PAGINATION_LIMIT) / hitsPerPage) : 0,
    hits: records.map((record) => {
      const title = (record.title ?? {}) as Record<string, unknown>;
      // The record was read for this answer alone: the hit is made of it, not of a copy.
      const hit = pickAttributes(record, p.attributesToRetrieve);
      hit._highlightResult = {
        title: Object.fromEntries(LANGUAGES.map((l) => [l, highlight(escapeNothing(title[l]), matches, pre, post)])),
        articleNumberSupplier: highlight(escapeNothing(record.articleNumberSupplier), matches, pre, post),
      };
      return hit;
    }),
    processingTimeMS: 0,
  };
  for (const f of facets) {
    if (CATEGORY_ATTRIBUTE.test(f)) {
      result.facets[f] = categoryCounts(vocabulary, perKey, f, maxValues);
      continue;
    }
    result.facets[f] = top(facetValues(f));
    const stats = NUMERIC_FACETS.has(f) ? statsOf(f) : null;
    if (stats) (result.facets_stats ??= {})[f] = stats;
  }
  result.processingTimeMS = Math.max(1, Math.round(performance.now() - started));
  if (options.cache !== false && vocabulary.version >= 0 && keepsVersion(cache, indexName, generation, version)) {
    cache.answers.set(cacheKey, result);
    if (cache.answers.size > RESULT_CACHE_SIZE) cache.answers.delete(cache.answers.keys().next().value!);
  }
  return result;
}

export interface FacetHitsResponse {
  facetHits: { value: string; highlighted: string; count: number }[];
  exhaustiveFacetsCount: true;
  processingTimeMS: number;
}

/**
 * Search for facet values (InstantSearch's searchable refinement lists): the values of `facet` among
 * the request's hits whose words start with the words of `facetQuery`, most frequent first.
 */
export async function searchFacetValues(db: Kysely<DB>, indexName: string, request: Record<string, unknown>, restriction: FilterNode | null): Promise<FacetHitsResponse> {
  const started = performance.now();
  const p = requestParams(request);
  const facet = typeof p.facet === 'string' ? p.facet : '';
  if (!facet) throw new FilterSyntaxError('facet is required');
  const wanted = words(typeof p.facetQuery === 'string' ? p.facetQuery : '');
  const max = int(p.maxFacetHits, 'maxFacetHits', 10, 1, 100);
  const pre = typeof p.highlightPreTag === 'string' ? p.highlightPreTag : '<em>';
  const post = typeof p.highlightPostTag === 'string' ? p.highlightPostTag : '</em>';
  const { facets } = await searchIndex(db, indexName, { ...p, facet: undefined, facetQuery: undefined, maxFacetHits: undefined, facets: [facet], hitsPerPage: 0, maxValuesPerFacet: 1000 }, restriction);
  const matches: WordMatch[] = wanted.map((w) => ({ query: w, exact: [], prefix: [w], typo: [] }));
  const facetHits = Object.entries(facets[facet] ?? {})
    .filter(([value]) => {
      const valueWords = words(value);
      return wanted.every((w) => valueWords.some((v) => v.startsWith(w)));
    })
    .slice(0, max)
    .map(([value, count]) => ({ value, count, highlighted: wanted.length ? highlightPrefixes(value, matches, pre, post) : value }));
  return { facetHits, exhaustiveFacetsCount: true, processingTimeMS: Math.max(1, Math.round(performance.now() - started)) };
}
