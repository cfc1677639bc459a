import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConnection } from 'kysely';

/**
 * A statement that must run inside every transaction the current request commits, just before its
 * COMMIT, on that transaction's connection: the Idempotency-Key of a request notes there that the
 * request's effect is committed (src/server/plugins/idempotency.ts), so that the note and the effect
 * are kept or lost together. Held per request (AsyncLocalStorage), like the audit trail's actor; the
 * driver that lends connections runs it (audit-actor.ts, AuditedDriver.commitTransaction). A guard
 * that throws refuses the commit: Kysely rolls the transaction back and the error reaches the caller.
 */
export type CommitGuard = (connection: DatabaseConnection) => Promise<void>;

const held = new AsyncLocalStorage<CommitGuard>();

/** Runs `fn` (and everything it starts) with `guard` before each of its commits. */
export function withCommitGuard<T>(guard: CommitGuard, fn: () => T): T {
  return held.run(guard, fn);
}

/** Runs the current guard, if any, on the connection about to commit. */
export async function beforeCommit(connection: DatabaseConnection): Promise<void> {
  await held.getStore()?.(connection);
}
