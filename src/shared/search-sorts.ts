/**
 * The marketplace's sort orders besides relevance (core §3 search query: sort fields). Each is a
 * replica of the tenant's index named `<index>_<id>`, as Algolia sorts: a standard replica whose
 * ranking starts with the attribute, relevance deciding among equal values; articles without the
 * attribute come last in either direction. The server's engine has these replicas built in and the
 * indexing job configures them on Algolia (src/server/search); the marketplace offers them.
 */
export const SEARCH_SORTS = [
  { id: 'price_asc', attribute: 'price', direction: 'asc' },
  { id: 'price_desc', attribute: 'price', direction: 'desc' },
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export type SearchSortId = SearchSort['id'];

/** The replica index of a primary index for a sort. */
export const replicaName = (indexName: string, sort: SearchSortId) => `${indexName}_${sort}`;

/** The replica index names of a primary index, in SEARCH_SORTS order. */
export const replicaNames = (indexName: string) => SEARCH_SORTS.map((s) => replicaName(indexName, s.id));

/** A sort replica's index name → its primary and sort; null for any other name. */
export function replicaOf(indexName: string): { primary: string; sort: SearchSort } | null {
  const sort = SEARCH_SORTS.find((s) => indexName.endsWith(`_${s.id}`) && indexName.length > s.id.length + 1);
  return sort ? { primary: indexName.slice(0, -(sort.id.length + 1)), sort } : null;
}

/** A sort id from a URL, or undefined when it names none. */
export const sortIdOf = (value: string | null | undefined): SearchSortId | undefined => SEARCH_SORTS.find((s) => s.id === value)?.id;
