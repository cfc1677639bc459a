/**
 * A search answered from the index in memory (memory-index.ts): the documents the filters accept and
 * the words match, their facet counts (memory-counts.ts) and the page, as engine.ts's SQL answers them.
 */
import { and, CATEGORY_ATTRIBUTE, COLUMNS, FEATURE_ATTRIBUTE, featurePrefix, type FilterContext, type FilterNode } from './filters';
import { countListEntries, countPromoted, countText, numberStats } from './memory-counts';
import { objectId, type MemoryIndex } from './memory-index';
import { acceptedDocuments, compilePredicate, distinctAccepted, distinctDocuments, distinctPage, matchDocuments, pageOf, sortedPageOf } from './memory-match';
import type { SearchSort } from '../../shared/search-sorts';
import type { WordMatch } from './vocabulary';

/**
 * nbHits, facet values and the page's object ids from the index in memory, with the same meaning as
 * engine.ts's SQL (`context`: its category names); undefined when a filter or facet reads an attribute without a column of its own
 * (those are read from the records, in SQL).
 */
export function countInMemory(index: MemoryIndex, context: FilterContext, matches: WordMatch[], filters: FilterNode[], facets: string[], first: number, limit: number,
  sort: SearchSort | undefined, distinct: boolean, afterDistinct: (facet: string) => boolean) {
  const predicate = filters.length ? compilePredicate(and(filters), index, (attr, value) => (CATEGORY_ATTRIBUTE.test(attr) ? context.categoryKeys(attr, value) : null)) : null;
  if (predicate === undefined) return undefined;
  const facetSupported = (f: string) => CATEGORY_ATTRIBUTE.test(f) || FEATURE_ATTRIBUTE.test(f) || (COLUMNS[f] !== undefined && COLUMNS[f].col !== 'object_id');
  if (!facets.every(facetSupported)) return undefined;
  const accepted = acceptedDocuments(index, JSON.stringify(filters), predicate);
  const { docs, ranks } = matchDocuments(index, matches, accepted);
  // One document per article: what a distinct search counts, and the facets counted after distinct.
  const articles = !distinct ? docs : docs === accepted ? distinctAccepted(index, accepted) : distinctDocuments(index, docs);
  const on = (f: string) => (afterDistinct(f) ? articles : docs);
  const values = new Map<string, [string, number][]>();
  const stats = new Map<string, { min: number; max: number; avg: number; sum: number }>();
  let perKey: [string, number][] = [];
  for (const f of facets) {
    if (CATEGORY_ATTRIBUTE.test(f)) {
      if (!perKey.length) perKey = countText(index.categoryKey, on(f));
      continue;
    }
    if (FEATURE_ATTRIBUTE.test(f)) {
      values.set(f, countListEntries(index.features, on(f), featurePrefix(f)));
      continue;
    }
    const known = COLUMNS[f];
    if (known.kind === 'text') values.set(f, countText(index.text.get(known.col)!, on(f)));
    else if (known.kind === 'bool') values.set(f, countPromoted(index, on(f)));
    else if (known.kind === 'number') {
      const column = index.numbers.get(known.col)!;
      values.set(f, countText(column.text, on(f)));
      const s = numberStats(column, on(f));
      if (s) stats.set(f, s);
    }
  }
  const ordered = (wanted: number) => (sort
    ? sortedPageOf(docs, ranks, index.numbers.get(COLUMNS[sort.attribute].col)!.values, sort.direction, 0, wanted)
    : pageOf(docs, ranks, 0, wanted));
  const nbHits = articles.length;
  const page = limit <= 0 || nbHits <= first ? []
    : distinct ? distinctPage(index, docs.length, ordered, first, limit)
    : ordered(first + limit).slice(first);
  const ids = page.map((i) => objectId(index, i));
  return { nbHits, values, stats, perKey, ids };
}
