import { useCallback, useMemo, type ReactNode } from 'react';
import {
  unstable_HistoryRouter as HistoryRouter, UNSAFE_createBrowserHistory as createBrowserHistory, useLocation, useNavigate, type HistoryRouterProps,
} from 'react-router-dom';
import { NavigationContext, type AppLocation, type AppNavigate, type Navigation } from '../navigation/context';
import { syncBrowserLocation } from '../navigation/history';

function useRouterLocation(): AppLocation {
  const { pathname, search, hash, state } = useLocation();
  return useMemo(() => ({ pathname, search, hash, state: state ?? null }), [pathname, search, hash, state]);
}

function useRouterNavigate(): AppNavigate {
  const navigate = useNavigate();
  return useCallback<AppNavigate>((to, options) => navigate(to, options), [navigate]);
}

const ROUTER_NAVIGATION: Navigation = { useLocation: useRouterLocation, useNavigate: useRouterNavigate };

type History = HistoryRouterProps['history'];
type Listener = Parameters<History['listen']>[0];

/**
 * The one history of every react-admin area. An area can navigate just as it unmounts (a dialog that
 * signs in as another user and goes home while the admin area's guard sends the now customer user
 * away): with a router per area, the later of the two moves went to a router nobody listened to any
 * more, and the page stayed on the earlier one. With one history, every move of every router reaches
 * the router that is mounted and App (navigation/history), which switches areas when a move crosses.
 * react-router's browser history takes one listener; this one fans out.
 */
function createAppHistory(): History {
  const browser = createBrowserHistory({ v5Compat: true });
  const listeners = new Set<Listener>();
  browser.listen((update) => {
    listeners.forEach((listener) => listener(update));
    syncBrowserLocation();
  });
  return {
    get action() { return browser.action; },
    get location() { return browser.location; },
    createHref: (to) => browser.createHref(to),
    createURL: (to) => browser.createURL(to),
    encodeLocation: (to) => browser.encodeLocation(to),
    push: (to, state) => browser.push(to, state),
    replace: (to, state) => browser.replace(to, state),
    go: (n) => browser.go(n),
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

let appHistory: History | null = null;

/** App code under a react-router router navigates with it (navigation/context). */
export function RouterNavigation({ children }: { children: ReactNode }) {
  return <NavigationContext.Provider value={ROUTER_NAVIGATION}>{children}</NavigationContext.Provider>;
}

/**
 * The router of a react-admin area (shop, admin, OIDC callback): react-router is theirs alone, so
 * the light shop loads without it (App.tsx). Real URLs, no '#' (DESIGN §3). No transitions: react-admin
 * navigates (e.g. to /login on sign-out) while it clears its query cache; a transition-wrapped location
 * update kept being interrupted by those re-renders, so the URL changed but the app never followed and
 * signed out again and again.
 */
export function RouterShell({ children }: { children: ReactNode }) {
  return (
    <HistoryRouter history={(appHistory ??= createAppHistory())} useTransitions={false}>
      <RouterNavigation>{children}</RouterNavigation>
    </HistoryRouter>
  );
}
