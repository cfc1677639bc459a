import { Suspense, useEffect, useMemo } from 'react';
import { CircularProgress, CssBaseline } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { useTranslate } from 'ra-core';
import { useCoreServices } from '../../bootstrap/context';
import { Outlet, useMatch } from 'react-router';
import { PAGES } from '../../../../generated/app/pages.gen';
import { preloadPageView } from '../pages/page-routes';
import { RequireAuth } from './auth';
import { LightLayout } from './LightLayout';
import { LightPageGuard } from './LightPageGuard';

function Loading() {
  const translate = useTranslate();
  return <CircularProgress aria-label={translate('app.common.loading')} sx={{ m: 2 }} />;
}

/** The page the router chose (App.tsx: the model's light pages, or 404 under them). */
function LightPage() {
  const onMarketplace = useMatch(PAGES.products!.path) !== null;
  // The marketplace's next page is an article: its chunk loads once the marketplace is up.
  useEffect(() => {
    if (onMarketplace) void preloadPageView('products-id');
  }, [onMarketplace]);
  return <Outlet />;
}

/**
 * The light shop (issue 4 "Proof and figures"): the layout route of the model's 'marketplace' pages
 * (/products and /products/{id}, App.tsx) without react-admin, so the marketplace is usable after
 * about a third of the JavaScript a react-admin page needs (scripts/bundle-budget.ts); react-router
 * is the one router of every page. The same header, sidebar, guards (sign-in, page access with its
 * registered-customer rule, maintenance in App) and session upkeep as the react-admin shop
 * (areas/ShopArea); everything else stays there and loads when the user goes to it.
 */
export default function LightShop() {
  const { theme } = useCoreServices();
  const muiTheme = useMemo(() => createTheme(theme), [theme]);
  return (
    <ThemeProvider theme={muiTheme}>
      <CssBaseline />
      <RequireAuth>
        <LightLayout>
          <LightPageGuard>
            <Suspense fallback={<Loading />}>
              <LightPage />
            </Suspense>
          </LightPageGuard>
        </LightLayout>
      </RequireAuth>
    </ThemeProvider>
  );
}
