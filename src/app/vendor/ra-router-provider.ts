/**
 * A stand-in for ra-core's `routing/adapters/reactRouterProvider.js` (ra-core 5.15), which the app's
 * build substitutes for it (vite.config.ts).
 *
 * Why: react-router ships as one module, so a bundler cannot put part of it in a lazy chunk; whatever
 * any page of the app uses of it lands in the first load of every page. ra-core's adapter renders a
 * data router (`createHashRouter` + `RouterProvider`) when <Admin> is mounted outside any router.
 * The app never does that (App.tsx mounts both react-admin areas inside its one browser router), but
 * the reference alone kept react-router's whole data-router machinery (createRouter, loaders,
 * actions, fetchers, <Form>, prefetching: about 15 KB gzip) in the marketplace's first load.
 *
 * This is the same adapter, hook for hook and component for component (tests/app/ra-router-provider
 * .test.ts holds it to ra-core's), except that outside a router it falls back to react-router's plain
 * <HashRouter>, which react-admin's own hash URLs also work with, instead of a data router.
 */
import { createElement, Fragment, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import {
  HashRouter,
  Link,
  matchPath,
  Navigate,
  Outlet,
  Route,
  Routes,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  useBlocker,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate as useReactRouterNavigate,
  useParams,
} from 'react-router';
import type { RouterProvider } from 'ra-core';

/** Blocking navigation (unsaved-changes warnings) needs a data router; the adapter reports whether there is one. */
const useCanBlock = () => {
  const dataRouterContext = useContext(UNSAFE_DataRouterContext);
  const dataRouterStateContext = useContext(UNSAFE_DataRouterStateContext);
  return !!(dataRouterContext && dataRouterStateContext);
};

/** A navigate function that stays the same across renders and always uses the latest location (as ra-core's). */
const useNavigate = () => {
  const navigate = useReactRouterNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  return useCallback((...args: Parameters<typeof navigate>) => navigateRef.current(...args), []);
};

/** Inside a router (always, in this app): the children as they are; outside one: a hash router. */
const RouterWrapper = ({ basename, children }: { basename?: string; children: ReactNode }) => {
  const isInRouter = useInRouterContext();
  if (isInRouter) return createElement(Fragment, null, children);
  return createElement(HashRouter, { basename }, children);
};

export const reactRouterProvider: RouterProvider = {
  // Hooks
  useNavigate: useNavigate as RouterProvider['useNavigate'],
  useLocation,
  useParams: useParams as RouterProvider['useParams'],
  useBlocker,
  useMatch,
  useInRouterContext,
  useCanBlock,
  // Components
  Link,
  Navigate,
  Route: Route as RouterProvider['Route'],
  Routes,
  Outlet,
  // Router creation
  RouterWrapper,
  // Utilities
  matchPath,
};
