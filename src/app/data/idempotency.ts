/**
 * Idempotency-Key for the calls whose repetition would do something twice (placing an order, a
 * decision on an order): the server runs a key's request once and answers every repeat with the
 * first answer (src/server/plugins/idempotency.ts). One key per user action: a second click while
 * the first call is under way, or a retry after an answer that never arrived (network error, a
 * proxy's 502/504), sends the same key, so the server places one order. Once the server has
 * answered for good (success or a refusal) the key is spent, and the next attempt, e.g. after the
 * user fixed the basket, is a new request with a new key.
 */
import { useMemo, useRef } from 'react';
import { HttpError } from 'ra-core';

/** The request header that carries the key. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A random UUID v4; crypto.randomUUID exists only in secure contexts (https, localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether an attempt's outcome is the server's last word on the request: any answer below 500,
 * except that the first attempt is still running (409 IdempotencyKeyInUse). A network error or a
 * 5xx may hide a request that did run, so its retry must carry the same key.
 */
export function isFinalAnswer(error: unknown): boolean {
  if (!(error instanceof HttpError)) return false;
  const code = (error.body as { errorCode?: unknown } | undefined)?.errorCode;
  return error.status < 500 && code !== 'IdempotencyKeyInUse';
}

export interface IdempotencyKeys {
  /**
   * One attempt at `request` (anything JSON that tells requests apart: path and body): `call` gets
   * the header with the pending key when it is the same request, else with a new key, and the
   * outcome settles the key (a final answer spends it).
   */
  send<T>(request: unknown, call: (headers: Record<string, string>) => Promise<T>): Promise<T>;
}

/** Keys for one kind of action of a component (see above). */
export function useIdempotencyKeys(): IdempotencyKeys {
  const pending = useRef<{ key: string; request: string } | null>(null);
  return useMemo(() => ({
    async send<T>(request: unknown, call: (headers: Record<string, string>) => Promise<T>): Promise<T> {
      const text = JSON.stringify(request);
      if (pending.current?.request !== text) pending.current = { key: newIdempotencyKey(), request: text };
      const attempt = pending.current;
      const spend = () => { if (pending.current === attempt) pending.current = null; };
      try {
        const answer = await call({ [IDEMPOTENCY_HEADER]: attempt.key });
        spend();
        return answer;
      } catch (error) {
        if (isFinalAnswer(error)) spend();
        throw error;
      }
    },
  }), []);
}
