import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Typography, useMediaQuery, useTheme } from '@mui/material';
import Tune from '@mui/icons-material/Tune';
import type { TranslateFunction } from 'ra-core';
import { Configure, InstantSearch, useCurrentRefinements } from 'react-instantsearch';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { useTranslate } from 'ra-core';
import { PAGES } from '../../../../generated/app/pages.gen';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { useAppQuery } from '../../data/query-client';
import { useShopLanguage, useWarmPriceFormat } from '../../common/hooks';
import { getShopSearch, type ShopSearch } from './search/client';
import { CategoryTabs } from './CategoryTabs';
import { categoryAttributes, createNavigationRouter, stateMapping } from './routing';
import { ActiveRefinements, CategoryMenu, FacetList, HitsGrid, PriceRange, ShopPagination, ShopSearchBox, ShopStats, SortSelect } from './widgets';

/** The search client for the acting customer, or the failure. */
function useShopSearch() {
  const { http } = useCoreServices();
  const customerId = useSession().activeCustomerId;
  // getShopSearch keeps its client per company itself: the query only waits for it.
  const { data: search, isError: failed } = useAppQuery({
    queryKey: ['app', 'shop-search', customerId],
    queryFn: () => getShopSearch(http),
    // A search client, not JSON: kept as it is.
    structuralSharing: false,
  });
  const state: { search?: ShopSearch; failed?: boolean } = failed ? { failed: true } : { search };
  return state;
}

/** Whether a path is the marketplace's own (not an article's). */
const isMarketplacePath = (pathname: string) => matchPath(PAGES.products!.path, pathname) !== null;

/** The refinements (categories, brands, suppliers, features, price): beside the results, or above them when opened on a narrow screen. */
function Refinements({ language }: { language: string }) {
  const attributes = categoryAttributes(language);
  return (
    <>
      <CategoryMenu attributes={attributes} />
      <FacetList attribute="brand" titleKey="shop.marketplace.brand" />
      <FacetList attribute="supplierName" titleKey="shop.marketplace.supplier" />
      <FacetList attribute={`features.${language}`} titleKey="shop.marketplace.features" />
      <PriceRange />
    </>
  );
}

/** The button that shows the refinements on a narrow screen, with how many are in use. */
function RefinementsButton({ open, onToggle, translate }: { open: boolean; onToggle: () => void; translate: TranslateFunction }) {
  const count = useCurrentRefinements().items.reduce((n, item) => n + item.refinements.length, 0);
  return (
    <Button variant={open ? 'contained' : 'outlined'} startIcon={<Tune />} aria-expanded={open} aria-controls="marketplace-refinements" onClick={onToggle}>
      {count ? translate('shop.marketplace.filtersActive', { smart_count: count }) : translate('shop.marketplace.filters')}
    </Button>
  );
}

/**
 * InstantSearch on the index, its state kept in the URL (search, categories, page). Below the md
 * width (768 px) the results come first and the refinements open from a button above them.
 */
function Marketplace({ search, language, translate }: { search: ShopSearch; language: string; translate: TranslateFunction }) {
  const navigate = useNavigate();
  const location = useLocation();
  // react-router gives a new navigate after each move; the router below is made once and calls the latest.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const current = useRef(location.search);
  if (isMarketplacePath(location.pathname)) current.current = location.search;
  const routing = useMemo(() => {
    // shown: the browser's URL at the moment, not this render's (a hidden marketplace may not re-render).
    const bridge = createNavigationRouter({ navigate: (url) => navigateRef.current(url), currentSearch: () => current.current, shown: () => isMarketplacePath(window.location.pathname) });
    return { bridge, routing: { router: bridge.router, stateMapping: stateMapping(search.indexName, language) } };
    // One router per mounted InstantSearch: it reads the routing option only once.
  }, [search, language]);
  useEffect(() => routing.bridge.locationChanged(location.search), [location.search, routing]);
  useEffect(() => () => routing.bridge.stop(), [routing]);
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const [refining, setRefining] = useState(false);
  const toolbar = (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
      <ShopStats />
      {narrow && <RefinementsButton open={refining} onToggle={() => setRefining(!refining)} translate={translate} />}
      <SortSelect indexName={search.indexName} />
    </Box>
  );
  return (
    <InstantSearch searchClient={search.client} indexName={search.indexName} routing={routing.routing} future={{ preserveSharedStateOnUnmount: true }}>
      <Configure hitsPerPage={CONSTANTS.searchHitsPerPage} />
      <ShopSearchBox />
      {narrow && toolbar}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' } }}>
        {/* Hidden, not unmounted, while closed: an unmounted widget would drop its refinement. */}
        <Box component="aside" id="marketplace-refinements" sx={{ display: narrow && !refining ? 'none' : 'block' }}>
          <Refinements language={language} />
        </Box>
        <Box>
          {!narrow && toolbar}
          <ActiveRefinements />
          <HitsGrid />
          <ShopPagination />
        </Box>
      </Box>
    </InstantSearch>
  );
}

/** /products (core §2): the marketplace search with the category tabs above it. Loaded lazily. */
export default function ProductsPage() {
  const translate = useTranslate();
  const language = useShopLanguage();
  useWarmPriceFormat();
  const { search, failed } = useShopSearch();
  return (
    <Box sx={{ p: 2 }}>
      <CategoryTabs />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>{translate('shop.marketplace.title')}</Typography>
      {failed && <Alert severity="error">{translate('shop.marketplace.loadFailed')}</Alert>}
      {!search && !failed && <CircularProgress aria-label={translate('app.common.loading')} />}
      {/* Another language means other facet attributes: a fresh InstantSearch. */}
      {search && <Marketplace key={`${search.indexName}/${language}`} search={search} language={language} translate={translate} />}
    </Box>
  );
}
