/**
 * core §4: a failed chunk load (a new deployment removed the old files) reloads the page, at most
 * once per CONSTANTS.chunkReloadGuardMs (60 s) so a real outage does not loop; the time of the last
 * reload lives in sessionStorage (per tab, survives the reload).
 */
import { CONSTANTS } from '../../../model/catalogue/constants';

export const CHUNK_RELOAD_KEY = 'procurement-shop.chunk-reload';

/** Vite/webpack/browser wordings of "the module file could not be fetched". */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /ChunkLoadError|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading (CSS )?chunk \S+ failed/i.test(text);
}

/** Reloads the page when the last chunk reload is at least 60 s ago; answers whether it reloads. */
export function reloadAfterChunkFailure(
  deps: { now?: () => number; storage?: Pick<Storage, 'getItem' | 'setItem'>; reload?: () => void } = {},
): boolean {
  const now = deps.now?.() ?? Date.now();
  const storage = deps.storage ?? sessionStorage;
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0) || 0;
  if (now - last < CONSTANTS.chunkReloadGuardMs) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  (deps.reload ?? (() => location.reload()))();
  return true;
}
