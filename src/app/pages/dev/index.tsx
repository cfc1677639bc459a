import { lazy, Suspense } from 'react';
import { Loading } from 'react-admin';

// Developer pages load on demand: the model's resource definitions stay out of the shop's bundle.
// A chunk that is gone after a deployment fails the import; the layout's ErrorPage reloads once.
const LazyTypes = lazy(() => import('./TypesPage'));
const LazyLibrary = lazy(() => import('./ComponentLibraryPage'));

/** /types: the model's resources and error codes. */
export const TypesRoute = () => (
  <Suspense fallback={<Loading />}>
    <LazyTypes />
  </Suspense>
);

/** /component-library: the design system. */
export const ComponentLibraryRoute = () => (
  <Suspense fallback={<Loading />}>
    <LazyLibrary />
  </Suspense>
);
