import { Suspense, useEffect, useMemo } from 'react';
import { CircularProgress, CssBaseline } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { I18nContext, type I18nProvider } from 'ra-core';
import { useCoreServices } from '../bootstrap/context';
import { useAppLocale, useAppTranslate } from '../i18n/react';
import { Outlet, useMatch } from 'react-router-dom';
import { PAGES } from '../../../generated/app/pages.gen';
import { preloadPageView } from '../pages/page-routes';
import { RequireAuth } from './auth';
import { LightLayout } from './LightLayout';
import { LightPageGuard } from './LightPageGuard';

function Loading() {
  const translate = useAppTranslate();
  return <CircularProgress aria-label={translate('app.common.loading')} sx={{ m: 2 }} />;
}

/** The page the router chose (App.tsx: the model's light pages, or 404 under them). */
function LightPage() {
  const onMarketplace = useMatch(PAGES.products!.path) !== null;
  // The marketplace's next page is an article: its chunk loads once the marketplace is up.
  useEffect(() => {
    if (onMarketplace) preloadPageView('products-id');
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
  const { theme, i18n } = useCoreServices();
  const locale = useAppLocale();
  const muiTheme = useMemo(() => createTheme(theme), [theme]);
  // ra-core's bare i18n context for shared pages that read it (404, error page): a new value per
  // language, so that they follow a switch as they do under react-admin.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const raI18n = useMemo<I18nProvider>(() => ({ ...i18n.i18nProvider }), [i18n, locale]);
  return (
    <ThemeProvider theme={muiTheme}>
      <CssBaseline />
      <I18nContext.Provider value={raI18n}>
        <RequireAuth>
          <LightLayout>
            <LightPageGuard>
              <Suspense fallback={<Loading />}>
                <LightPage />
              </Suspense>
            </LightPageGuard>
          </LightLayout>
        </RequireAuth>
      </I18nContext.Provider>
    </ThemeProvider>
  );
}
