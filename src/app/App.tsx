import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { CircularProgress } from '@mui/material';
import { AppServicesProvider, useCoreServices } from './bootstrap/context';
import type { CoreServices } from './bootstrap/core';
import { AppErrorBoundary } from './errors/AppErrorBoundary';
import { AppI18nProvider } from './i18n/context';
import { MaintenanceGate } from './maintenance/MaintenanceGate';
import { AppRedirect, useAppLocation } from './navigation/context';
import { AppToasts } from './notify/AppToasts';

const AdminArea = lazy(() => import('./areas/AdminArea'));
const ShopArea = lazy(() => import('./areas/ShopArea'));
const CallbackArea = lazy(() => import('./areas/CallbackArea'));
const LightShop = lazy(() => import('./light/LightShop'));

/** The area a path belongs to; react-router's matching, which ignores case. */
export function areaOf(pathname: string): 'callback' | 'admin' | 'light' | 'shop' {
  const under = (prefix: string) => new RegExp(`^${prefix}(/|$)`, 'i').test(pathname);
  if (under('/redirect')) return 'callback';
  if (under('/ycAdmin')) return 'admin';
  if (under('/products')) return 'light';
  return 'shop';
}

/**
 * Routing decision (real URLs, no '#', DESIGN §3), on the browser's location (navigation/history):
 * /ycAdmin/* is the platform admin area (<Admin basename="/ycAdmin">): its resources keep the model's
 * names and mount at /ycAdmin/<name>, which one <Admin> at the root cannot do (react-admin mounts
 * resources at <basename>/<name>, and the shop's own routes such as /suppliers share names with admin
 * resources). /products and /products/{id} are the light shop (light/LightShop: the shop's header and
 * sidebar without react-admin or react-router), so the marketplace opens without loading them (issue
 * 4's budget, scripts/bundle-budget.ts). Everything else is the shop <Admin> (basename ''), except
 * the OIDC callback /redirect (see CallbackArea). Each area is a lazy chunk; the react-admin ones bring
 * their own router (areas/RouterShell), which reports its navigations back here.
 */
export function App({ services }: { services: CoreServices }) {
  return (
    <AppServicesProvider value={services}>
      <AppI18nProvider i18n={services.i18n}>
        <AppErrorBoundary>
          <MaintenanceGate>
            <CurrentArea />
          </MaintenanceGate>
          <AppToasts />
        </AppErrorBoundary>
      </AppI18nProvider>
    </AppServicesProvider>
  );
}

function CurrentArea() {
  const { pathname } = useAppLocation();
  switch (areaOf(pathname)) {
    case 'callback': return <Area><CallbackArea /></Area>;
    case 'admin': return <AdminGate />;
    case 'light': return <Area><LightShop /></Area>;
    default: return <Area><ShopArea /></Area>;
  }
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
  if (verdict === 'refuse') return <AppRedirect to="/unauthorized" />;
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
