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

/**
 * Follow-up work of a keyed request that may wait until its answer is kept: between the request's
 * commit and its kept answer a process that dies loses the answer (409 IdempotencyAnswerLost), so
 * nothing avoidable belongs there. The idempotency plugin runs the queue once the answer is kept,
 * before the answer leaves, so the caller still sees the work done when it reads its answer.
 */
export class AfterAnswer {
  #work: Array<() => Promise<void>> = [];
  #done = false;

  /** Queues `work`; false once the queue has run (the answer is kept: the caller runs it itself). */
  add(work: () => Promise<void>): boolean {
    if (this.#done) return false;
    this.#work.push(work);
    return true;
  }

  /** Runs the queued work in order, once; a failure is the work's own to handle and is passed to `failed`. */
  async run(failed: (err: unknown) => void): Promise<void> {
    this.#done = true;
    for (let work = this.#work.shift(); work; work = this.#work.shift()) {
      await work().catch(failed);
    }
  }
}

interface Held { guard: CommitGuard; afterAnswer?: AfterAnswer }
const held = new AsyncLocalStorage<Held>();

/** Runs `fn` (and everything it starts) with `guard` before each of its commits, and `afterAnswer` collecting work for later. */
export function withCommitGuard<T>(guard: CommitGuard, fn: () => T, afterAnswer?: AfterAnswer): T {
  return held.run({ guard, afterAnswer }, fn);
}

/** Runs the current guard, if any, on the connection about to commit. */
export async function beforeCommit(connection: DatabaseConnection): Promise<void> {
  await held.getStore()?.guard(connection);
}

/**
 * Runs `work` once the current request's answer is kept, when the request is a keyed one still
 * running (it is queued: the call returns at once); otherwise runs it now and waits for it.
 */
export async function afterAnswerKept(work: () => Promise<void>): Promise<void> {
  if (held.getStore()?.afterAnswer?.add(work)) return;
  await work();
}
