/**
 * The shop pages of issue 4 as pages/registry.tsx registers them. The marketplace search is loaded
 * lazily: InstantSearch and algoliasearch stay out of the chunks of every other page.
 */
import { lazy, Suspense } from 'react';
import { CircularProgress } from '@mui/material';
import { ProductPage } from './marketplace/ProductPage';
import { OrderDetailPage } from './orders/OrderDetailPage';
import { OrdersPage } from './orders/OrdersPage';
import { TransporterPage } from './transporter/TransporterPage';

const LazyProductsPage = lazy(() => import('./marketplace/ProductsPage'));

export function ProductsRoute() {
  return (
    <Suspense fallback={<CircularProgress sx={{ m: 2 }} />}>
      <LazyProductsPage />
    </Suspense>
  );
}

export { OrderDetailPage, OrdersPage, ProductPage, TransporterPage };
