import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadAfterChunkFailure } from '../../src/app/errors/chunk-reload';
import { statusOf } from '../../src/app/errors/ErrorPage';

describe('chunk load failures (core §4)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.useFakeTimers({ now: new Date('2026-01-05T10:00:00Z') });
  });
  afterEach(() => vi.useRealTimers());

  it('recognises a failed dynamic import', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/A.js'))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });

  it('reloads at most once per 60 s, remembering the last reload in sessionStorage', () => {
    const reload = vi.fn();
    expect(reloadAfterChunkFailure({ reload })).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe(String(Date.now()));
    vi.advanceTimersByTime(59_999);
    expect(reloadAfterChunkFailure({ reload })).toBe(false); // the error page shows instead
    vi.advanceTimersByTime(1);
    expect(reloadAfterChunkFailure({ reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('shows the status an error carries, else 500', () => {
    expect(statusOf({ status: 403 })).toBe(403);
    expect(statusOf(new Error('boom'))).toBe(500);
    expect(statusOf(null)).toBe(500);
  });
});
