import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type TransactionSettings } from 'kysely';
import { beforeCommit } from './commit-guard';

/**
 * Who writes, for the audit trail's trigger (src/server/db/after/0009_audit_trail.sql,
 * docs/audit-trail.md). The request or job that runs code holds its actor here (AsyncLocalStorage);
 * each connection Kysely lends out gets it as the session setting `audit.actor` before its first
 * statement, so the trigger reads it in the very transaction of the write. Nothing held (a start-up
 * task, a script) writes as 'system'; the demo seed and the benchmarks' data are not recorded.
 */

/** A signed-in user (the real one), whom they impersonate, and the company they act for. */
export interface AuditUser { userId: string; impersonatedUserId: string | null; customerId: string | null }

const held = new AsyncLocalStorage<string>();

/** The setting the trigger reads: '<user id>|<impersonated id>|<customer id>', 'job:<name>||', '-' (not recorded) or '' ('system'). */
export function auditSetting(): string {
  return held.getStore() ?? '';
}

/** Runs `fn` (and everything it starts) writing as this user. */
export function asUser<T>(user: AuditUser, fn: () => T): T {
  return held.run(`${user.userId}|${user.impersonatedUserId ?? ''}|${user.customerId ?? ''}`, fn);
}

/** Runs `fn` writing as the job `name`. */
export function asJob<T>(name: string, fn: () => T): T {
  return held.run(`job:${name}||`, fn);
}

/** Runs `fn` without recording its writes: the demo seed and the benchmarks' generated data only. */
export function unaudited<T>(fn: () => T): T {
  return held.run('-', fn);
}

const SET = "select set_config('audit.actor', $1, false)";

/**
 * Hands each connection out with the current actor as its session setting. A connection keeps what
 * it was last given, so the statement runs only when the actor differs from that (the same user's
 * requests, and a job's statements, cost nothing more). It runs before the caller's transaction
 * begins: a rolled-back transaction cannot undo it behind the cache's back.
 */
class AuditedDriver implements Driver {
  readonly #given = new WeakMap<DatabaseConnection, string>();

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> { return this.inner.init(); }

  async acquireConnection(): Promise<DatabaseConnection> {
    const actor = auditSetting();
    const connection = await this.inner.acquireConnection();
    if (this.#given.get(connection) !== actor) {
      try {
        await connection.executeQuery(CompiledQuery.raw(SET, [actor]));
      } catch (err) {
        await this.inner.releaseConnection(connection);
        throw err;
      }
      this.#given.set(connection, actor);
    }
    return connection;
  }

  beginTransaction(c: DatabaseConnection, s: TransactionSettings): Promise<void> { return this.inner.beginTransaction(c, s); }
  /** The current request's last statement of the transaction first (commit-guard.ts); when it throws, Kysely rolls back. */
  async commitTransaction(c: DatabaseConnection): Promise<void> {
    await beforeCommit(c);
    return this.inner.commitTransaction(c);
  }

  rollbackTransaction(c: DatabaseConnection): Promise<void> { return this.inner.rollbackTransaction(c); }
  releaseConnection(c: DatabaseConnection): Promise<void> { return this.inner.releaseConnection(c); }
  destroy(): Promise<void> { return this.inner.destroy(); }
}

/** The dialect with connections that carry the actor of the code using them, and commits that run the request's guard (commit-guard.ts). */
export function auditedDialect(inner: Dialect): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new AuditedDriver(inner.createDriver()),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
  };
}

/** The statement that gives a transaction of a connection Kysely does not lend (migrations) the current actor, for that transaction only. */
export const SET_LOCAL_ACTOR = "select set_config('audit.actor', $1, true)";
