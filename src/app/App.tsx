import { Suspense, type ReactNode } from 'react';
import { CircularProgress } from '@mui/material';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppServicesProvider } from './bootstrap/context';
import type { CoreServices } from './bootstrap/core';
import { AppErrorBoundary } from './errors/AppErrorBoundary';
import { AppI18nProvider } from './i18n/context';
import { MaintenanceGate } from './maintenance/MaintenanceGate';
import { AppToasts } from './notify/AppToasts';
import { builtPages, isLightPage } from './shell/pages/built-pages';
import { NotFoundPage } from './shell/pages/NotFoundPage';
import { pageRoutes } from './shell/pages/page-routes';
import { useEnsuredSession } from './session/useLoadedSession';
import { preloadableLazy } from './common/preloadable-lazy';
import { AdminArea, LightShop, ShopArea } from './shell/areas/lazy-areas';

/** /redirect, the OIDC callback: main.tsx loads it before the first render there. */
export const CallbackPage = preloadableLazy(() => import('./shell/pages/CallbackPage').then((m) => m.default));

/** The light shell's pages (the marketplace and the article page) and the paths under them, which are its 404s. */
const LIGHT_PAGES = builtPages(isLightPage);
const LIGHT_PREFIXES = [...new Set(LIGHT_PAGES.map((page) => page.path.split('/')[1]!))];

/**
 * The app's one router (real URLs, no '#', DESIGN §3): react-router's browser router around every
 * page, with the react-admin areas mounted inside it (react-admin sees the router and uses it, with
 * its `basename`). No transitions: react-admin navigates (e.g. to /login on sign-out) while it clears
 * its query cache; a transition-wrapped location update kept being interrupted by those re-renders,
 * so the URL changed but the app never followed and signed out again and again.
 */
export function App({ services }: { services: CoreServices }) {
  return (
    <AppServicesProvider value={services}>
      {/* The one query client: the light pages and gates read through it; the areas hand it to <Admin>. */}
      <QueryClientProvider client={services.queryClient}>
        <AppI18nProvider i18n={services.i18n}>
          <BrowserRouter useTransitions={false}>
            <AppErrorBoundary>
              <MaintenanceGate>
                <AppRoutes />
              </MaintenanceGate>
              <AppToasts />
            </AppErrorBoundary>
          </BrowserRouter>
        </AppI18nProvider>
      </QueryClientProvider>
    </AppServicesProvider>
  );
}

/**
 * Which area draws a path; each area is a lazy chunk.
 * - /redirect: the OIDC callback (pages/CallbackPage, no react-admin: main.tsx starts it before the first render).
 * - /ycAdmin/*: the platform admin area (<Admin basename="/ycAdmin">): its resources keep the model's
 *   names and mount at /ycAdmin/<name>, which one <Admin> at the root cannot do (the shop's own pages
 *   such as /suppliers share names with admin resources). Customer users never load it (AdminGate).
 * - The light pages (the model's 'marketplace' pages: /products, /products/{id}) in the light shell
 *   (light/LightShop: the shop's header and sidebar without react-admin), so the marketplace opens
 *   without loading react-admin (scripts/bundle-budget.ts); a deeper path under them is its 404.
 * - Everything else: the shop <Admin> (areas/ShopArea), with its pages, session routes and 404.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/redirect/*" element={<Area><CallbackPage.Component /></Area>} />
      <Route path="/ycAdmin/*" element={<AdminGate />} />
      <Route element={<Area><LightShop.Component /></Area>}>
        {pageRoutes(LIGHT_PAGES)}
        {LIGHT_PREFIXES.map((prefix) => <Route key={prefix} path={`/${prefix}/*`} element={<NotFoundPage />} />)}
      </Route>
      <Route path="*" element={<Area><ShopArea.Component /></Area>} />
    </Routes>
  );
}

/** A lazily loaded area; a spinner while its chunk loads. */
function Area({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}

/**
 * Customer users never load the admin code: once their session is known they go to /unauthorized.
 * Signed-out visitors pass on to the admin area, whose auth check sends them to /login.
 */
function AdminGate() {
  const { data, isError, isPending } = useEnsuredSession();
  if (isPending) return <PageSpinner />;
  const platformUser = data?.user?.userType === 1 || data?.user?.userType === 2;
  if (!isError && !platformUser) return <Navigate to="/unauthorized" replace />;
  return (
    <Area>
      <AdminArea.Component />
    </Area>
  );
}

function PageSpinner() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', height: '100vh' }}>
      <CircularProgress />
    </div>
  );
}
