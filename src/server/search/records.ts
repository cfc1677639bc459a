/**
 * The search record of an article (shop contract, "Index record") and the row the embedded engine
 * stores for it. The same record goes to Algolia in production, so both engines answer the same hits.
 */
import type { Kysely } from 'kysely';
import type { SearchSort } from '../../shared/search-sorts';
import { words } from './fold';
import type { DB } from '../../../generated/db/database.gen';

export const LANGUAGES = ['nl', 'en', 'fr'] as const;
export type Lang = (typeof LANGUAGES)[number];
type PerLang = Record<Lang, string>;

/** The hierarchical facet values of one language: 'Top', 'Top > Second', 'Top > Second > Leaf'. */
export interface CategoryLevels { lvl0?: string; lvl1?: string; lvl2?: string }

export interface SearchRecord {
  objectID: string;
  /** Rule attributes: the secured key's filters restrict on these (filter-only facets in Algolia). */
  tenantId: string;
  /** 'platform' for the tenant's articles, else the id of the customer owning the article. */
  ownerCustomerId: string;
  supplierId: string;
  /**
   * The article this record offers (articles, issue 28): the index's attributeForDistinct, so a search
   * answers each article once, by its best-ranked offer the user may see.
   */
  articleId: string | null;
  marketplaceId: string | null;
  categoryId: string | null;
  /** The article's category and its ancestors, so a rule on a category covers its descendants. */
  categoryIds: string[];
  family: string | null;
  articleNumberSupplier: string;
  title: PerLang;
  shortDescription: PerLang;
  brand: string | null;
  manufacturer: string | null;
  supplierName: string | null;
  marketplaceName: string | null;
  price: number;
  priceText: string;
  priceQuantity: number;
  minOrderQuant: number;
  currency: string;
  tax: number;
  stock: number | null;
  estimateDeliveryDays: number;
  type: string;
  image: string | null;
  available: boolean;
  promoted: boolean;
  ean: string | null;
  keywords: string[];
  categories: Record<Lang, CategoryLevels>;
  /** The article's attributes as facet values per language ('Colour: black'): the marketplace's features. */
  features: Record<Lang, string[]>;
}

export const PLATFORM_OWNER = 'platform';

/** Attributes searched, in order of importance (Algolia's searchableAttributes). */
export const SEARCHABLE_ATTRIBUTES = [
  'title.nl', 'title.en', 'title.fr', 'articleNumberSupplier', 'brand', 'ean',
  'unordered(shortDescription.nl)', 'unordered(shortDescription.en)', 'unordered(shortDescription.fr)', 'keywords', 'manufacturer', 'supplierName',
];

/** Facets (shop contract) and the filter-only attributes the secured keys use. */
export const ATTRIBUTES_FOR_FACETING = [
  // Product data, which every offer of an article shares, is counted per article when a search is
  // distinct (afterDistinct); the supplier and the price are the offer's own, counted per offer.
  'searchable(supplierName)', 'afterDistinct(searchable(brand))', 'afterDistinct(marketplaceName)', 'price',
  ...LANGUAGES.map((l) => `afterDistinct(features.${l})`),
  ...LANGUAGES.flatMap((l) => [0, 1, 2].map((n) => `afterDistinct(categories.${l}.lvl${n})`)),
  'filterOnly(tenantId)', 'filterOnly(ownerCustomerId)', 'filterOnly(supplierId)', 'filterOnly(marketplaceId)',
  'filterOnly(categoryId)', 'filterOnly(categoryIds)', 'filterOnly(family)', 'filterOnly(type)', 'filterOnly(promoted)',
];

/** The facets declared afterDistinct (Algolia's modifier, which may wrap searchable()). */
const AFTER_DISTINCT = new Set(ATTRIBUTES_FOR_FACETING.map((a) => /^afterDistinct\((?:searchable\()?([^()]+)\)+$/.exec(a)?.[1]).filter((a): a is string => !!a));

/** Whether a distinct search counts a facet once per article (its attribute is declared afterDistinct). */
export const countedAfterDistinct = (attribute: string): boolean => AFTER_DISTINCT.has(attribute);

/** Algolia's default ranking criteria, which a sort replica's attribute goes before. */
const RELEVANCE = ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'];

/** The settings of a sort replica (Algolia's `ranking`: asc(price) first, then relevance). */
export const replicaSettings = (sort: SearchSort) => ({ ranking: [`${sort.direction}(${sort.attribute})`, ...RELEVANCE] });

/** Index settings pushed to Algolia (and accepted by the embedded write side). */
export const INDEX_SETTINGS = {
  /**
   * One hit per article (its best-ranked offer the user may see) unless a request sends
   * `distinct: false`; nbHits counts articles, and the facets of product data count articles too
   * (afterDistinct above), so a value's count is what choosing it finds. The card shows that offer
   * and its product page opens on it, with the article's other offers listed beside it.
   */
  attributeForDistinct: 'articleId',
  distinct: true,
  searchableAttributes: SEARCHABLE_ATTRIBUTES,
  attributesForFaceting: ATTRIBUTES_FOR_FACETING,
  customRanking: ['desc(promoted)'],
  typoTolerance: true,
  minWordSizefor1Typo: 4,
  minWordSizefor2Typos: 8,
  maxValuesPerFacet: 1000,
  hitsPerPage: 30,
} as const;

const perLang = (v: unknown): PerLang => {
  const o = (typeof v === 'string' ? safeJson(v) : v) as Record<string, unknown> | null;
  const pick = (l: Lang) => (o && typeof o[l] === 'string' ? (o[l] as string) : '');
  return { nl: pick('nl'), en: pick('en'), fr: pick('fr') };
};
function safeJson(v: string): unknown {
  try { return JSON.parse(v); } catch { return null; }
}
const stringList = (v: unknown): string[] => {
  const a = typeof v === 'string' ? safeJson(v) : v;
  return Array.isArray(a) ? a.filter((x): x is string => typeof x === 'string') : [];
};
const int = (v: unknown, fallback: number) => (v === null || v === undefined ? fallback : Number(v));

/** A tenant's category tree as paths: id → ancestors (root first) with names. */
export interface CategoryPath { ids: string[]; names: PerLang[] }

export async function categoryPaths(db: Kysely<DB>, tenantId: string): Promise<Map<string, CategoryPath>> {
  const rows = await db.selectFrom('productCategories').select(['id', 'parentId', 'name']).where('tenantId', '=', tenantId).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const paths = new Map<string, CategoryPath>();
  const pathOf = (id: string, seen = new Set<string>()): CategoryPath => {
    const known = paths.get(id);
    if (known) return known;
    const row = byId.get(id)!;
    const parent = row.parentId && byId.has(row.parentId) && !seen.has(row.parentId) ? pathOf(row.parentId, seen.add(id)) : { ids: [], names: [] };
    const path = { ids: [...parent.ids, id], names: [...parent.names, perLang(row.name)] };
    paths.set(id, path);
    return path;
  };
  for (const id of byId.keys()) pathOf(id);
  return paths;
}

function levels(path: CategoryPath | undefined, lang: Lang): CategoryLevels {
  const out: CategoryLevels = {};
  if (!path) return out;
  const names = path.names.slice(0, 3).map((n) => n[lang] || n.nl || n.en || n.fr);
  names.forEach((_, i) => { (out as Record<string, string>)[`lvl${i}`] = names.slice(0, i + 1).join(' > '); });
  return out;
}

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/**
 * An article's attributes as facet values of one language: 'Name: value' ('Couleur : noir' in French),
 * the value alone when it already starts with the name ('Size S'), capitalised; each value once.
 */
export function featuresOf(attributes: unknown, lang: Lang): string[] {
  const list = (typeof attributes === 'string' ? safeJson(attributes) : attributes) as unknown;
  if (!Array.isArray(list)) return [];
  const out = new Set<string>();
  for (const a of list as { name?: unknown; description?: unknown }[]) {
    const value = perLang(a?.description)[lang].trim();
    if (!value) continue;
    const name = perLang(a?.name)[lang].trim();
    const named = !name || value.toLocaleLowerCase().startsWith(name.toLocaleLowerCase()) ? value : `${name}${lang === 'fr' ? ' : ' : ': '}${value}`;
    out.add(capitalise(named));
  }
  return [...out];
}

/** Builds the record of one supplier_articles row joined with its supplier and marketplace names. */
export function recordOf(a: Record<string, any>, paths: Map<string, CategoryPath>): SearchRecord {
  const path = a.categoryId ? paths.get(a.categoryId) : undefined;
  const priceText = String(a.price);
  return {
    objectID: a.id,
    tenantId: a.tenantId,
    ownerCustomerId: a.customerId ?? PLATFORM_OWNER,
    supplierId: a.supplierId,
    articleId: a.articleId ?? null,
    marketplaceId: a.marketplaceId ?? null,
    categoryId: a.categoryId ?? null,
    categoryIds: path ? path.ids : [],
    family: a.family ?? null,
    articleNumberSupplier: a.articleNumberSupplier,
    title: perLang(a.title),
    shortDescription: perLang(a.shortDescription),
    brand: a.brand ?? null,
    manufacturer: a.manufacturer ?? null,
    supplierName: a.supplierName ?? null,
    marketplaceName: a.marketplaceName ?? null,
    price: Number(priceText),
    priceText,
    priceQuantity: int(a.priceQuantity, 1),
    minOrderQuant: int(a.minOrderQuant, 1),
    currency: a.currency ?? 'EUR',
    tax: int(a.tax, 21),
    stock: a.stock === null || a.stock === undefined ? null : Number(a.stock),
    estimateDeliveryDays: int(a.estimateDeliveryDays, 1),
    type: a.type ?? 'Regular',
    image: a.image ?? null,
    available: a.available !== false,
    promoted: a.promoted === true,
    ean: a.ean ?? null,
    keywords: stringList(a.keywords),
    categories: { nl: levels(path, 'nl'), en: levels(path, 'en'), fr: levels(path, 'fr') },
    features: { nl: featuresOf(a.attributes, 'nl'), en: featuresOf(a.attributes, 'en'), fr: featuresOf(a.attributes, 'fr') },
  };
}

/** The article columns a record is made of (long descriptions are not searched; attributes are facets). */
const RECORD_COLUMNS = ['id', 'tenantId', 'customerId', 'supplierId', 'articleId', 'marketplaceId', 'categoryId', 'family', 'articleNumberSupplier', 'title',
  'shortDescription', 'brand', 'manufacturer', 'price', 'priceQuantity', 'minOrderQuant', 'currency', 'tax', 'stock', 'estimateDeliveryDays',
  'type', 'image', 'available', 'promoted', 'ean', 'keywords', 'attributes'] as const;

/**
 * Loads the records of a tenant's articles: the given ids, or a page of all of them ordered by id
 * (after `afterId`). Unavailable articles come back too: the caller removes them from the index.
 */
export async function loadRecords(db: Kysely<DB>, tenantId: string, paths: Map<string, CategoryPath>,
  select: { ids: readonly string[] } | { afterId: string | null; limit: number }): Promise<SearchRecord[]> {
  let q = db.selectFrom('supplierArticles as a')
    .leftJoin('suppliers as s', (j) => j.onRef('s.id', '=', 'a.supplierId').on('s.tenantId', '=', tenantId))
    .leftJoin('marketplaces as m', (j) => j.onRef('m.id', '=', 'a.marketplaceId').on('m.tenantId', '=', tenantId))
    .select(RECORD_COLUMNS.map((c) => `a.${c}` as const)).select(['s.name as supplierName', 'm.name as marketplaceName'])
    .where('a.tenantId', '=', tenantId);
  if ('ids' in select) {
    if (!select.ids.length) return [];
    q = q.where('a.id', 'in', [...select.ids]);
  } else {
    if (select.afterId) q = q.where('a.id', '>', select.afterId);
    q = q.orderBy('a.id').limit(select.limit);
  }
  const rows = await q.execute();
  return rows.map((r) => recordOf(r, paths));
}

/** The key under which a record's hierarchical category values are kept (its categoryId). */
export const categoryKeyOf = (r: Partial<SearchRecord>) => (r.categoryId ? String(r.categoryId) : '');

/** The record's row in search_documents: the record itself plus the columns the engine filters, counts and ranks on. */
export function documentRow(indexName: string, r: SearchRecord): Record<string, unknown> {
  const titleWords = new Set([...LANGUAGES.flatMap((l) => words(r.title?.[l])), ...words(r.brand), ...words(r.articleNumberSupplier), ...words(r.ean)]);
  const all = new Set([
    ...titleWords, ...LANGUAGES.flatMap((l) => words(r.shortDescription?.[l])),
    ...(r.keywords ?? []).flatMap((k) => words(k)), ...words(r.manufacturer), ...words(r.supplierName),
  ]);
  const row: Record<string, unknown> = {
    indexName, objectId: String(r.objectID),
    tenantId: r.tenantId ?? null, owner: r.ownerCustomerId ?? null, supplierId: r.supplierId ?? null, marketplaceId: r.marketplaceId ?? null,
    categoryId: r.categoryId ?? null, categoryIds: Array.isArray(r.categoryIds) ? r.categoryIds.map(String) : [], family: r.family ?? null,
    supplierName: r.supplierName ?? null, brand: r.brand ?? null, manufacturer: r.manufacturer ?? null, marketplaceName: r.marketplaceName ?? null,
    type: r.type ?? null, currency: r.currency ?? null, promoted: r.promoted === true,
    price: typeof r.price === 'number' && Number.isFinite(r.price) ? r.price : null,
    stock: typeof r.stock === 'number' && Number.isInteger(r.stock) ? r.stock : null,
    titleWords: [...titleWords], words: [...all],
    sortKey: (r.articleNumberSupplier ?? '').toString().toLowerCase(),
    distinctKey: r.articleId ? String(r.articleId) : null,
    categoryKey: categoryKeyOf(r),
    features: featureEntries(r.features),
  };
  return row;
}

/**
 * The features of every language in one column of search_documents: 'en:Colour: black'. A facet
 * `features.<lang>` filters and counts the entries of its language (filters.ts FEATURE_ATTRIBUTE).
 */
export function featureEntries(features: Partial<Record<Lang, unknown>> | null | undefined): string[] {
  return LANGUAGES.flatMap((l) => {
    const list = features?.[l];
    return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string' && v !== '').map((v) => `${l}:${v}`) : [];
  });
}

/** Every distinct word of some rows (for the vocabulary the engine expands prefixes and typos from). */
export const vocabularyOf = (rows: Record<string, unknown>[]) => [...new Set(rows.flatMap((r) => r.words as string[]))];

