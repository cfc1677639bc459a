/**
 * InstantSearch state ↔ the /products URL (core §2: search and categories query parameters, and here
 * the sort order and the refinements too, so that a link or the back button brings the same results
 * back; DESIGN §6: the URL's page counts from 1 — InstantSearch's uiState page does too, Algolia's own from 0).
 * A small router on react-router's navigation: the URL stays the one source, so the
 * header's Enter, the category tabs and the back button all move the search.
 */
import type { UiState } from 'instantsearch.js';
import type { Router, StateMapping } from 'instantsearch.js/es/types/router';
import { replicaName, replicaOf, sortIdOf, type SearchSortId } from '../../../shared/search-sorts';

export interface ProductsRoute {
  search?: string;
  categories?: string;
  page?: number;
  /** A sort besides relevance (src/shared/search-sorts.ts): InstantSearch searches its replica index. */
  sort?: SearchSortId;
  /** Refinements: brands, suppliers and features chosen (each repeated in the URL), and a price range 'min:max'. */
  brand?: string[];
  supplier?: string[];
  features?: string[];
  price?: string;
}

/** The refinement lists kept in the URL: parameter → facet attribute (features in the interface language). */
const LISTS = { brand: () => 'brand', supplier: () => 'supplierName', features: (language: string) => `features.${language}` } as const;
type ListParam = keyof typeof LISTS;
const LIST_PARAMS = Object.keys(LISTS) as ListParam[];
/** 'min:max' with either side open: '10:', ':25.5', '10:25'. */
const PRICE_RE = /^(\d+(?:\.\d+)?)?:(\d+(?:\.\d+)?)?$/;

export const CATEGORY_SEPARATOR = ' > ';

/** The hierarchical facet attributes of one language: categories.{lang}.lvl0..2. */
export const categoryAttributes = (language: string) => [0, 1, 2].map((level) => `categories.${language}.lvl${level}`);

export function parseProductsQuery(search: string): ProductsRoute {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  const listOf = (p: ListParam) => { const values = params.getAll(p).filter(Boolean); return values.length ? values : undefined; };
  const price = params.get('price') ?? '';
  return {
    search: params.get('search') || undefined,
    categories: params.get('categories') || undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
    sort: sortIdOf(params.get('sort')),
    ...Object.fromEntries(LIST_PARAMS.map((p) => [p, listOf(p)])),
    price: PRICE_RE.test(price) && price !== ':' ? price : undefined,
  };
}

export function productsUrl(route: ProductsRoute): string {
  const params = new URLSearchParams();
  if (route.search) params.set('search', route.search);
  if (route.categories) params.set('categories', route.categories);
  for (const p of LIST_PARAMS) for (const value of route[p] ?? []) params.append(p, value);
  if (route.price) params.set('price', route.price);
  if (route.sort) params.set('sort', route.sort);
  if (route.page && route.page > 1) params.set('page', String(route.page));
  const text = params.toString();
  return text ? `/products?${text}` : '/products';
}

export function stateMapping(indexName: string, language: string): StateMapping<UiState, ProductsRoute> {
  const [lvl0] = categoryAttributes(language);
  return {
    stateToRoute(uiState) {
      const state = uiState[indexName] ?? {};
      return {
        search: state.query || undefined,
        categories: state.hierarchicalMenu?.[lvl0]?.join(CATEGORY_SEPARATOR) || undefined,
        page: state.page && state.page > 1 ? state.page : undefined,
        sort: state.sortBy ? replicaOf(state.sortBy)?.sort.id : undefined,
        ...Object.fromEntries(LIST_PARAMS.map((p) => [p, state.refinementList?.[LISTS[p](language)]?.length ? state.refinementList[LISTS[p](language)] : undefined])),
        price: state.range?.price || undefined,
      };
    },
    routeToState(route) {
      return {
        [indexName]: {
          query: route.search ?? '',
          hierarchicalMenu: route.categories ? { [lvl0]: route.categories.split(CATEGORY_SEPARATOR) } : {},
          page: route.page ?? 1,
          sortBy: route.sort ? replicaName(indexName, route.sort) : indexName,
          refinementList: Object.fromEntries(LIST_PARAMS.filter((p) => route[p]?.length).map((p) => [LISTS[p](language), route[p]!])),
          range: route.price ? { price: route.price } : ({} as Record<string, string>),
        },
      };
    },
  };
}

/**
 * The router InstantSearch writes to and reads from. `navigate` and `currentSearch` are late-bound
 * (the app's navigation hooks); `locationChanged` is called by the page when the URL's query changes.
 * `shown` says, when asked, whether the URL is the marketplace's: not while another page is on its
 * way (the product page's chunk loading, the marketplace mounted but hidden by Suspense, seeing the
 * product's URL), when nothing the marketplace does may move or follow the URL.
 */
export function createNavigationRouter(deps: { navigate: (url: string) => void; currentSearch: () => string; shown: () => boolean }) {
  let listener: ((route: ProductsRoute) => void) | null = null;
  let lastWritten: string | null = null;
  let active = true;
  const router: Router<ProductsRoute> = {
    $$type: 'app-navigation',
    read: () => parseProductsQuery(deps.currentSearch()),
    write(route) {
      const url = productsUrl(route);
      // Written a tick later, and only while the marketplace is shown: leaving the page (a product
      // link) unmounts the widgets, which clears their refinements and writes once more — that write
      // must not pull the user back to /products.
      setTimeout(() => {
        if (!active || !deps.shown()) return;
        lastWritten = url;
        if (url !== productsUrl(parseProductsQuery(deps.currentSearch()))) deps.navigate(url);
      }, 0);
    },
    createURL: (route) => productsUrl(route),
    onUpdate(callback) {
      listener = callback;
    },
    dispose() {
      listener = null;
    },
  };
  return {
    router,
    /** The marketplace has left the page: nothing more is written, whatever the URL is by then. */
    stop() {
      active = false;
    },
    /** The URL changed outside InstantSearch (header search, tabs, back button): follow it. */
    locationChanged(search: string) {
      if (!active || !deps.shown()) return;
      const url = productsUrl(parseProductsQuery(search));
      if (url === lastWritten) return;
      lastWritten = url;
      listener?.(parseProductsQuery(search));
    },
  };
}
