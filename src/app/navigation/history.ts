/**
 * The browser's location as a small store, for the parts of the app that run without react-router:
 * App's choice of area and the light shop (issue 4's JavaScript budget: react-router is ~30 KB gzip
 * and only the react-admin areas need it). Entries are written in react-router's own history.state
 * shape ({ usr, key, idx }), so a react-admin area that mounts later reads the state a light page
 * navigated with (e.g. /login's nextPathname) and its back/forward arithmetic stays right.
 */
export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
  /** The state the entry was navigated to with (react-router's location.state). */
  state: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: AppLocation | null = null;

function read(): AppLocation {
  const { pathname, search, hash } = window.location;
  const entry = window.history.state as { usr?: unknown } | null;
  return { pathname, search, hash, state: entry?.usr ?? null };
}

function same(a: AppLocation, b: AppLocation): boolean {
  return a.pathname === b.pathname && a.search === b.search && a.hash === b.hash && a.state === b.state;
}

/**
 * The current location; the same object until it changes (useSyncExternalStore). Read afresh each
 * time, so a change nobody announced (a test's replaceState) is seen at the next render.
 */
export function browserLocation(): AppLocation {
  const next = read();
  if (!current || !same(current, next)) current = next;
  return current;
}

function emit(): void {
  const before = current;
  if (before === browserLocation()) return;
  for (const listener of [...listeners]) listener();
}

/** Called on every location change: back/forward, a light page's navigation, a react-router one (syncBrowserLocation). */
export function subscribeBrowserLocation(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('popstate', emit);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', emit);
  };
}

/** Re-reads the location after someone else changed it (react-router inside an area, see areas/RouterNavigation). */
export function syncBrowserLocation(): void {
  emit();
}

/** Goes to `to` (a path with its query), as a new history entry or in place of the current one. */
export function navigateBrowser(to: string, options: NavigateOptions = {}): void {
  const previous = window.history.state as { idx?: number } | null;
  const idx = typeof previous?.idx === 'number' ? previous.idx : 0;
  const entry = { usr: options.state ?? null, key: Math.random().toString(36).slice(2, 10), idx: options.replace ? idx : idx + 1 };
  if (options.replace) window.history.replaceState(entry, '', to);
  else window.history.pushState(entry, '', to);
  emit();
}
