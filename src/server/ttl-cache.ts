/**
 * A value read again at most once per `ttlMs`; callers arriving during a read share it. `peek` answers
 * the last value read (or `initial`) without reading, for code that cannot wait.
 */
export function ttlCached<T>(ttlMs: number, read: () => Promise<T>, initial: T, now: () => number = Date.now) {
  let value = initial;
  let readAt = -Infinity;
  let reading: Promise<T> | null = null;
  return {
    peek: (): T => value,
    async get(): Promise<T> {
      if (now() - readAt < ttlMs) return value;
      reading ??= read().then((v) => { value = v; readAt = now(); return v; }).finally(() => { reading = null; });
      return reading;
    },
  };
}
