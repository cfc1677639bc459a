import { Suspense, type ComponentType } from 'react';
import { CircularProgress } from '@mui/material';
import { Route } from 'react-router';
import { PAGE_VIEWS } from '../../../../generated/app/page-views.gen';
import type { PageEntry } from '../../../shared/generated-contract';
import { preloadableLazy, type PreloadableLazy } from '../../common/preloadable-lazy';

const views = new Map<string, PreloadableLazy<ComponentType>>();

function viewOf(name: string): PreloadableLazy<ComponentType> {
  let view = views.get(name);
  if (!view) {
    const load = PAGE_VIEWS[name];
    if (!load) throw new Error(`Page ${name} has no view in the model`);
    view = preloadableLazy(load);
    views.set(name, view);
  }
  return view;
}

/** A built page's component, loaded when first drawn (one lazy component per page, kept); at once when preloaded. */
export function pageView(name: string) {
  return viewOf(name).Component;
}

/** Starts loading a page's code ahead of its first visit (e.g. the article after the marketplace, the page a sign-in goes on to); resolves once it is in or failed. */
export function preloadPageView(name: string): Promise<void> {
  return name in PAGE_VIEWS ? viewOf(name).preload().then(() => undefined, () => undefined) : Promise.resolve();
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
