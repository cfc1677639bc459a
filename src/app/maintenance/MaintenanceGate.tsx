import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useAppServices, useSession } from '../bootstrap/context';
import { Navigate, useLocation } from 'react-router-dom';
import { readMaintenance, subscribeMaintenance, watchMaintenance, type MaintenanceState } from './state';

/** Sign-in stays reachable during maintenance, so a super admin can come in and switch it off. */
const EXEMPT = /^\/(maintenance|login|redirect|auth-callback|auth-error)(\/|$)|^\/ycAdmin\/login(\/|$)/;

/**
 * Where maintenance sends a path (core §4): every route to /maintenance while it is on (super admins
 * excepted), /maintenance back to / once it is off; null to stay.
 */
export function maintenanceRedirect(state: MaintenanceState, pathname: string, superAdmin: boolean): string | null {
  if (!state.known) return null;
  if (pathname === '/maintenance') return state.on ? null : '/';
  return state.on && !superAdmin && !EXEMPT.test(pathname) ? '/maintenance' : null;
}

export function useMaintenance(): MaintenanceState {
  return useSyncExternalStore(subscribeMaintenance, readMaintenance, readMaintenance);
}

/** Watches the platform settings while the app is open and redirects by maintenanceRedirect. */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { http } = useAppServices();
  useEffect(() => watchMaintenance(http), [http]);
  const state = useMaintenance();
  const session = useSession();
  const { pathname } = useLocation();
  const target = maintenanceRedirect(state, pathname, session.user?.userType === 1);
  // Keyed by the target: a new redirect when maintenance sends elsewhere.
  return target ? <Navigate key={target} to={target} replace /> : <>{children}</>;
}
