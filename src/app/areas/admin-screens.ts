import type { AdminScreenEntry, AdminScreenSet } from '../../shared/generated-contract';

const RELOAD_KEY = 'procurement-shop.chunk-reload';

/**
 * core §4: a failed chunk load (a new deployment removed the old files) reloads the page, at most
 * once per minute so a real outage does not loop.
 */
export function reloadOnceAfterChunkFailure(error: unknown): never {
  const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  if (Date.now() - last > 60_000) {
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    location.reload();
  }
  throw error;
}

export interface LoadedScreens { entry: AdminScreenEntry; set: AdminScreenSet }

let loading: Promise<LoadedScreens[]> | null = null;

/**
 * Every admin screen set, loaded in parallel when the admin area opens. Each set stays its own chunk;
 * loading them up front lets each <Resource> declare exactly the views it has (edit/show/create
 * buttons depend on that) and its recordRepresentation.
 */
export function loadAdminScreens(entries: readonly AdminScreenEntry[]): Promise<LoadedScreens[]> {
  loading ??= Promise.all(entries.map(async (entry) => ({ entry, set: (await entry.load()).default })))
    .catch((error: unknown) => {
      loading = null;
      return reloadOnceAfterChunkFailure(error);
    });
  return loading;
}
