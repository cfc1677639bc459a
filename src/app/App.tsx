import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { CircularProgress } from '@mui/material';
import { AppServicesProvider, useCoreServices } from './bootstrap/context';
import type { CoreServices } from './bootstrap/core';
import { AppErrorBoundary } from './errors/AppErrorBoundary';
import { MaintenanceGate } from './maintenance/MaintenanceGate';
import { AppToasts } from './notify/AppToasts';

const AdminArea = lazy(() => import('./areas/AdminArea'));
const ShopArea = lazy(() => import('./areas/ShopArea'));
const CallbackArea = lazy(() => import('./areas/CallbackArea'));
const LightShop = lazy(() => import('./light/LightShop'));

/**
 * Routing decision: one BrowserRouter (real URLs, no '#', DESIGN §3). /ycAdmin/* is the platform
 * admin area (<Admin basename="/ycAdmin">): its resources keep the model's names and mount at
 * /ycAdmin/<name>, which one <Admin> at the root cannot do (react-admin mounts resources at
 * <basename>/<name>, and the shop's own routes such as /suppliers share names with admin resources).
 * /products and /products/{id} are the light shop (light/LightShop: the shop's header and sidebar
 * without react-admin), so the marketplace opens without loading react-admin (issue 4's budget,
 * scripts/bundle-budget.ts). Everything else is the shop <Admin> (basename ''), except the OIDC
 * callback /redirect (see CallbackArea). Each area is a lazy chunk.
 */
export function App({ services }: { services: CoreServices }) {
  return (
    <AppServicesProvider value={services}>
      {/* No transitions: react-admin navigates (e.g. to /login on sign-out) while it clears its query
          cache; a transition-wrapped location update kept being interrupted by those re-renders, so the
          URL changed but the app never followed and signed out again and again. */}
      <BrowserRouter useTransitions={false}>
        <AppErrorBoundary>
          <MaintenanceGate>
            <Routes>
              <Route path="/redirect" element={<Area><CallbackArea /></Area>} />
              <Route path="/ycAdmin/*" element={<AdminGate />} />
              <Route path="/products/*" element={<Area><LightShop /></Area>} />
              <Route path="*" element={<Area><ShopArea /></Area>} />
            </Routes>
          </MaintenanceGate>
          <AppToasts />
        </AppErrorBoundary>
      </BrowserRouter>
    </AppServicesProvider>
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
  const { session } = useCoreServices();
  const [verdict, setVerdict] = useState<'pending' | 'enter' | 'refuse'>('pending');
  useEffect(() => {
    let live = true;
    session.ensure().then(
      (s) => live && setVerdict(s.user?.userType === 1 || s.user?.userType === 2 ? 'enter' : 'refuse'),
      () => live && setVerdict('enter'),
    );
    return () => {
      live = false;
    };
  }, [session]);
  if (verdict === 'pending') return <PageSpinner />;
  if (verdict === 'refuse') return <Navigate to="/unauthorized" replace />;
  return (
    <Area>
      <AdminArea />
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
