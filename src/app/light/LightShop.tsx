import { lazy, Suspense, useEffect, useMemo } from 'react';
import { CircularProgress, CssBaseline } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { useTranslate } from 'ra-core';
import { useCoreServices } from '../bootstrap/context';
import { useAppLocation } from '../navigation/context';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RequireAuth } from './auth';
import { LightLayout } from './LightLayout';
import { LightPageGuard } from './LightPageGuard';
import { lightPageOf } from './light-page';

const ProductsPage = lazy(() => import('../shop/marketplace/ProductsPage'));
const loadProductPage = () => import('../shop/marketplace/ProductPage').then((m) => ({ default: m.ProductPage }));
const ProductPage = lazy(loadProductPage);

function Loading() {
  const translate = useTranslate();
  return <CircularProgress aria-label={translate('app.common.loading')} sx={{ m: 2 }} />;
}

function LightPage() {
  const target = lightPageOf(useAppLocation().pathname);
  // The marketplace's next page is an article: its chunk loads once the marketplace is up.
  useEffect(() => {
    if (target.page === 'products') void loadProductPage();
  }, [target.page]);
  if (target.page === 'products') return <ProductsPage />;
  // Keyed by the article: another article is a new page (its own loading state).
  if (target.page === 'product') return <ProductPage key={target.id} id={target.id} />;
  return <NotFoundPage />;
}

/**
 * The light shop (issue 4 "Proof and figures"): /products and /products/{id} without react-admin, so
 * the marketplace is usable after about a third of the JavaScript a react-admin page needs
 * (scripts/bundle-budget.ts). The same header, sidebar, guards (sign-in, page access with its
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
