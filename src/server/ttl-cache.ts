import type { TableChange, TableChanges } from './db/table-changes';

/**
 * A value read again at most once per `ttlMs`; callers arriving during a read share it. `peek` answers
 * the last value read (or `initial`) without reading, for code that cannot wait; `fresh` says whether
 * `get` would answer without reading (a hook on every request then need not wait for a promise).
 */
export function ttlCached<T>(ttlMs: number, read: () => Promise<T>, initial: T, now: () => number = Date.now) {
  let value = initial;
  let readAt = -Infinity;
  let reading: Promise<T> | null = null;
  return {
    peek: (): T => value,
    fresh: (): boolean => now() - readAt < ttlMs,
    async get(): Promise<T> {
      if (now() - readAt < ttlMs) return value;
      reading ??= read().then((v) => { value = v; readAt = now(); return v; }).finally(() => { reading = null; });
      return reading;
    },
  };
}

/** Freezes a value and everything in it, so that a value shared between requests cannot be changed by one of them. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

export interface ChangeDrivenCacheOptions {
  /** How long a value is kept at most: the time another server process's write may take to be seen. */
  ttlMs: number;
  /** Entries kept at most; past it the cache starts over. */
  max: number;
  /** The writes of this process (src/server/db/table-changes.ts); without it nothing is kept. */
  changes: TableChanges | undefined;
  /** Whether a write makes the values stale (then every value is dropped). */
  staleAfter: (change: TableChange) => boolean;
  now?: () => number;
}

/**
 * Values read from the database per key, kept `ttlMs` and dropped at once when this process writes
 * a table they were read from. A read that started before such a write is not kept, so it cannot
 * put back what the write made stale. Values are frozen: every request gets the same object.
 */
export function changeDrivenCache<K, V>(options: ChangeDrivenCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<K, { value: V; until: number }>();
  let generation = 0;
  const unsubscribe = options.changes?.subscribe((change) => {
    if (!options.staleAfter(change)) return;
    generation++;
    entries.clear();
  });
  /** The kept value of `key` while it is fresh (nothing is kept without a watcher). */
  const peek = (key: K): { value: V } | undefined => {
    const hit = entries.get(key);
    return hit && hit.until > now() ? { value: hit.value } : undefined;
  };
  return {
    /** The kept value of `key` while it is fresh, without reading (a hook can then answer at once). */
    peek,
    async get(key: K, read: () => Promise<V>): Promise<V> {
      const kept = peek(key);
      if (kept) return kept.value;
      if (!options.changes) return read();
      const started = generation;
      const value = deepFreeze(await read());
      if (started === generation) {
        if (entries.size >= options.max) entries.clear();
        entries.set(key, { value, until: now() + options.ttlMs });
      }
      return value;
    },
    /** Stops listening to writes (when the app closes). */
    close(): void { unsubscribe?.(); entries.clear(); },
  };
}
