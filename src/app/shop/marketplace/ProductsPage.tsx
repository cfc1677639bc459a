import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useAppTranslate } from '../../i18n/react';
import { Configure, InstantSearch } from 'react-instantsearch';
import { lightPageOf } from '../../light/light-page';
import { useAppLocation, useAppNavigate } from '../../navigation/context';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { useShopLanguage } from '../hooks';
import { getShopSearch, type ShopSearch } from '../search/client';
import { CategoryTabs } from './CategoryTabs';
import { categoryAttributes, createNavigationRouter, stateMapping } from './routing';
import { CategoryMenu, FacetList, HitsGrid, PriceRange, ShopPagination, ShopSearchBox, ShopStats, SortSelect } from './widgets';

/** The search client for the acting customer, or the failure. */
function useShopSearch() {
  const { http } = useCoreServices();
  const customerId = useSession().activeCustomerId;
  const [state, setState] = useState<{ search?: ShopSearch; failed?: boolean }>({});
  useEffect(() => {
    let live = true;
    setState({});
    getShopSearch(http).then((search) => live && setState({ search }), () => live && setState({ failed: true }));
    return () => { live = false; };
  }, [http, customerId]);
  return state;
}

/** Whether a path is the marketplace's own (not an article's). */
const isMarketplacePath = (pathname: string) => lightPageOf(pathname).page === 'products';

/** InstantSearch on the index, its state kept in the URL (search, categories, page). */
function Marketplace({ search, language }: { search: ShopSearch; language: string }) {
  const navigate = useAppNavigate();
  const location = useAppLocation();
  const current = useRef(location.search);
  if (isMarketplacePath(location.pathname)) current.current = location.search;
  const routing = useMemo(() => {
    // shown: the browser's URL at the moment, not this render's (a hidden marketplace may not re-render).
    const bridge = createNavigationRouter({ navigate: (url) => navigate(url), currentSearch: () => current.current, shown: () => isMarketplacePath(window.location.pathname) });
    return { bridge, routing: { router: bridge.router, stateMapping: stateMapping(search.indexName, language) } };
    // One router per mounted InstantSearch: it reads the routing option only once.
  }, [search, language]);
  useEffect(() => routing.bridge.locationChanged(location.search), [location.search, routing]);
  useEffect(() => () => routing.bridge.stop(), [routing]);
  const attributes = categoryAttributes(language);
  return (
    <InstantSearch searchClient={search.client} indexName={search.indexName} routing={routing.routing} future={{ preserveSharedStateOnUnmount: true }}>
      <Configure hitsPerPage={CONSTANTS.searchHitsPerPage} />
      <ShopSearchBox />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' } }}>
        <Box component="aside">
          <CategoryMenu attributes={attributes} />
          <FacetList attribute="brand" titleKey="shop.marketplace.brand" />
          <FacetList attribute="supplierName" titleKey="shop.marketplace.supplier" />
          <FacetList attribute={`features.${language}`} titleKey="shop.marketplace.features" />
          <PriceRange />
        </Box>
        <Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <ShopStats />
            <SortSelect indexName={search.indexName} />
          </Box>
          <HitsGrid />
          <ShopPagination />
        </Box>
      </Box>
    </InstantSearch>
  );
}

/** /products (core §2): the marketplace search with the category tabs above it. Loaded lazily. */
export default function ProductsPage() {
  const translate = useAppTranslate();
  const language = useShopLanguage();
  const { search, failed } = useShopSearch();
  return (
    <Box sx={{ p: 2 }}>
      <CategoryTabs />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>{translate('shop.marketplace.title')}</Typography>
      {failed && <Alert severity="error">{translate('shop.marketplace.loadFailed')}</Alert>}
      {!search && !failed && <CircularProgress aria-label={translate('app.common.loading')} />}
      {/* Another language means other facet attributes: a fresh InstantSearch. */}
      {search && <Marketplace key={`${search.indexName}/${language}`} search={search} language={language} />}
    </Box>
  );
}
