import { lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { CircularProgress } from '@mui/material';
import { AppServicesProvider, useAppServices } from './bootstrap/context';
import type { AppServices } from './bootstrap/services';
import { CallbackArea } from './areas/CallbackArea';
import { ShopArea } from './areas/ShopArea';
import { AppErrorBoundary } from './errors/AppErrorBoundary';
import { MaintenanceGate } from './maintenance/MaintenanceGate';

const AdminArea = lazy(() => import('./areas/AdminArea'));

/**
 * Routing decision: one BrowserRouter (real URLs, no '#', DESIGN §3) with two react-admin <Admin>s
 * sharing providers and store. /ycAdmin/* is the platform admin area (<Admin basename="/ycAdmin">):
 * its resources keep the model's names and mount at /ycAdmin/<name>, which one <Admin> at the root
 * cannot do (react-admin mounts resources at <basename>/<name>, and the shop's own routes such as
 * /suppliers share names with admin resources). Everything else is the shop <Admin> (basename ''),
 * except the OIDC callback /redirect (see CallbackArea).
 */
export function App({ services }: { services: AppServices }) {
  return (
    <AppServicesProvider value={services}>
      {/* No transitions: react-admin navigates (e.g. to /login on sign-out) while it clears its query
          cache; a transition-wrapped location update kept being interrupted by those re-renders, so the
          URL changed but the app never followed and signed out again and again. */}
      <BrowserRouter useTransitions={false}>
        <AppErrorBoundary>
          <MaintenanceGate>
            <Routes>
              <Route path="/redirect" element={<CallbackArea />} />
              <Route path="/ycAdmin/*" element={<AdminGate />} />
              <Route path="*" element={<ShopArea />} />
            </Routes>
          </MaintenanceGate>
        </AppErrorBoundary>
      </BrowserRouter>
    </AppServicesProvider>
  );
}

/**
 * Customer users never load the admin code: once their session is known they go to /unauthorized.
 * Signed-out visitors pass on to the admin area, whose auth check sends them to /login.
 */
function AdminGate() {
  const { session } = useAppServices();
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
    <Suspense fallback={<PageSpinner />}>
      <AdminArea />
    </Suspense>
  );
}

function PageSpinner() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', height: '100vh' }}>
      <CircularProgress />
    </div>
  );
}
