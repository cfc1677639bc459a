import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useAppServices, useSession } from '../bootstrap/context';
import { Navigate, useLocation } from 'react-router';
import { platformSettingsGet } from '../../../generated/app/calls/platform-settings.gen';
import { callApi } from '../data/call-api';
import { useAppQuery } from '../data/query-client';
import { applyPlatformSettings, POLL_MS, readMaintenance, subscribeMaintenance, type MaintenanceState } from './state';

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

/**
 * The platform settings, read at start and every POLL_MS while the app is open (also in a tab in the
 * background, so that it redirects before the user comes back). A failed read changes nothing: the
 * API may be unreachable, and a 503 maintenance already reported itself (data/http).
 */
function useMaintenanceWatch() {
  const { http } = useAppServices();
  const { data, dataUpdatedAt } = useAppQuery({
    queryKey: ['app', 'platform-settings'],
    queryFn: ({ signal }) => callApi(http, platformSettingsGet, {}, { signal }),
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: true,
  });
  // Every answer counts, also one equal to the last (a 503 may have switched maintenance on meanwhile).
  useEffect(() => {
    if (dataUpdatedAt) applyPlatformSettings(data);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataUpdatedAt]);
}

/** Watches the platform settings while the app is open and redirects by maintenanceRedirect. */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  useMaintenanceWatch();
  const state = useMaintenance();
  const session = useSession();
  const { pathname } = useLocation();
  const target = maintenanceRedirect(state, pathname, session.user?.userType === 1);
  // Keyed by the target: a new redirect when maintenance sends elsewhere.
  return target ? <Navigate key={target} to={target} replace /> : <>{children}</>;
}
