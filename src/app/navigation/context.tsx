/**
 * How app code reads the location and navigates, whichever shell it renders in: the light shop
 * (browser history, history.ts) or a react-admin area (react-router, areas/RouterNavigation). Code
 * that renders in both (header, menu, marketplace, product page, error pages) uses these hooks and
 * <AppLink>, never react-router, so the light pages load without it.
 */
import { createContext, forwardRef, useContext, useEffect, useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { browserLocation, navigateBrowser, subscribeBrowserLocation, type AppLocation, type NavigateOptions } from './history';

export type { AppLocation, NavigateOptions } from './history';
export type AppNavigate = (to: string, options?: NavigateOptions) => void;

export interface Navigation {
  useLocation(): AppLocation;
  useNavigate(): AppNavigate;
}

function useBrowserLocation(): AppLocation {
  return useSyncExternalStore(subscribeBrowserLocation, browserLocation, browserLocation);
}

/** The browser-history navigation: the light shop's, and the default outside any area. */
export const BROWSER_NAVIGATION: Navigation = {
  useLocation: useBrowserLocation,
  useNavigate: () => navigateBrowser,
};

export const NavigationContext = createContext<Navigation>(BROWSER_NAVIGATION);

/** The current location (pathname, search, hash, state), re-rendering when it changes. */
export function useAppLocation(): AppLocation {
  return useContext(NavigationContext).useLocation();
}

/** navigate(to, { replace, state }). */
export function useAppNavigate(): AppNavigate {
  return useContext(NavigationContext).useNavigate();
}

/** Navigates once rendered (react-router's <Navigate>). */
export function AppRedirect({ to, replace = true, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useAppNavigate();
  useEffect(() => {
    navigate(to, { replace, state });
    // Once, as <Navigate>: a redirect that re-ran on every render could loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean; state?: unknown };

/**
 * A link that navigates within the app: a real <a href> (open in a new tab, copy the address), and a
 * plain left click navigates without reloading. Usable as MUI's `component={AppLink}`.
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink({ to, replace, state, onClick, target, ...rest }, ref) {
  const navigate = useAppNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to, { replace, state });
  };
  return <a ref={ref} href={to} target={target} onClick={handleClick} {...rest} />;
});
