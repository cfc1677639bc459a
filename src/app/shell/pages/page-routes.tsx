import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { CircularProgress } from '@mui/material';
import { Route } from 'react-router';
import { PAGE_VIEWS } from '../../../../generated/app/page-views.gen';
import type { PageEntry } from '../../../shared/generated-contract';

const views = new Map<string, LazyExoticComponent<ComponentType>>();

/** A built page's component, loaded when first drawn (one lazy component per page, kept). */
export function pageView(name: string): LazyExoticComponent<ComponentType> {
  let view = views.get(name);
  if (!view) {
    const load = PAGE_VIEWS[name];
    if (!load) throw new Error(`Page ${name} has no view in the model`);
    view = lazy(() => load().then((component) => ({ default: component })));
    views.set(name, view);
  }
  return view;
}

/** Starts loading a page's code ahead of its first visit (e.g. the article after the marketplace). */
export function preloadPageView(name: string): void {
  void PAGE_VIEWS[name]?.();
}

/**
 * One <Route> per page, at `path(page)` (the model's path, or the path inside an area's basename).
 * The element is the page's lazy view in a Suspense boundary of its own: while a page's code loads
 * for the first time only the page's room shows a spinner, and the header, menu and assistant around
 * it stay as they are (with the area's boundary the whole screen blanked, and the focus was lost).
 */
export function pageRoutes(pages: readonly PageEntry[], path: (page: PageEntry) => string = (page) => page.path) {
  return pages.map((page) => {
    const View = pageView(page.name);
    return <Route key={page.name} path={path(page)} element={<Suspense fallback={<CircularProgress sx={{ m: 2 }} />}><View /></Suspense>} />;
  });
}
