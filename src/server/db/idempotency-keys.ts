import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql, type DatabaseConnection, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The rows of idempotency_keys (infra/0004_idempotency_keys.sql) behind the Idempotency-Key header
 * (plugins/idempotency.ts). Every call is one short statement of its own, never a transaction held
 * open: on PGlite a waiting request must not keep the single connection from the request it waits
 * for. Times are the database's (now()), so several server processes agree on what has expired.
 */

/** A key means something only to the user of the tenant who sent it. */
export interface KeyScope {
  tenantId: string;
  userId: string;
  key: string;
}

/** The request a key was first used for; a repeat must be the same one. */
export interface KeyedRequest {
  method: string;
  path: string;
  requestHash: string;
}

/** The answer kept for replay: status, content type and the serialised body as sent. */
export interface KeptAnswer {
  status: number;
  contentType: string | null;
  body: string | null;
}

/** A key's row: still running (no answer yet), answered, expired, or orphaned (its request was lost). */
export interface KeyRow extends KeyedRequest {
  claimId: string;
  answer: KeptAnswer | null;
  /** Past its day: the key may be used again. */
  expired: boolean;
  /** No answer, and its claim not renewed within the lease: the request died with its process. */
  orphaned: boolean;
  /** A transaction of the request committed (markCommitted ran in it): its effect happened. */
  committed: boolean;
}

export interface KeyTimes {
  /** How long a key is remembered after its first request. */
  ttlMs: number;
  /** A claim without an answer, not renewed for this long, belongs to a request that died with its process. */
  leaseMs: number;
}

/** Run in the request's own transaction, on its connection, before COMMIT (see markCommitted). */
const MARK_COMMITTED = `update idempotency_keys set committed_at = coalesce(committed_at, now()), claimed_at = now()
  where tenant_id = $1 and user_id = $2 and key = $3 and claim_id = $4 and response_status is null`;

const millis = (ms: number) => sql`(${Math.round(ms)}::int * interval '1 millisecond')`;

/** The row of one key: that key of that user in that tenant. */
const rowOf = (scope: KeyScope) => (eb: ExpressionBuilder<DB, 'idempotencyKeys'>) =>
  eb.and({ tenantId: scope.tenantId, userId: scope.userId, key: scope.key });

export function idempotencyKeys(db: Kysely<DB>, times: KeyTimes) {
  return {
    /**
     * Takes the key for this request in one atomic statement (insert … on conflict do nothing):
     * of requests arriving together exactly one gets a claim id, the others null.
     */
    async claim(scope: KeyScope, request: KeyedRequest): Promise<string | null> {
      const claimId = randomUUID();
      const row = await db.insertInto('idempotencyKeys')
        .values({ ...scope, ...request, claimId, claimedAt: sql`now()`, expiresAt: sql`now() + ${millis(times.ttlMs)}` })
        .onConflict((oc) => oc.columns(['tenantId', 'userId', 'key']).doNothing())
        .returning('claimId').executeTakeFirst();
      return row ? claimId : null;
    },

    async find(scope: KeyScope): Promise<KeyRow | null> {
      const row = await db.selectFrom('idempotencyKeys')
        .select(['method', 'path', 'requestHash', 'claimId', 'responseStatus', 'responseContentType', 'responseBody'])
        .select(sql<boolean>`expires_at <= now()`.as('expired'))
        .select(sql<boolean>`(response_status is null and claimed_at <= now() - ${millis(times.leaseMs)})`.as('orphaned'))
        .select(sql<boolean>`committed_at is not null`.as('committed'))
        .where(rowOf(scope))
        .executeTakeFirst();
      if (!row) return null;
      return {
        method: row.method, path: row.path, requestHash: row.requestHash, claimId: row.claimId,
        expired: row.expired === true, orphaned: row.orphaned === true, committed: row.committed === true,
        answer: row.responseStatus === null ? null : { status: row.responseStatus, contentType: row.responseContentType, body: row.responseBody },
      };
    },

    /** Keeps the answer of the claim's request; false when the claim is no longer this request's. */
    async complete(scope: KeyScope, claimId: string, answer: KeptAnswer): Promise<boolean> {
      const result = await db.updateTable('idempotencyKeys')
        .set({ responseStatus: answer.status, responseContentType: answer.contentType, responseBody: answer.body })
        .where(rowOf(scope))
        .where('claimId', '=', claimId).where('responseStatus', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Notes, inside the request's transaction about to commit (on its connection), that the claim's
     * request has an effect, and renews the claim. False when the claim is no longer this request's
     * (it was taken over as orphaned, or answered): the caller must not commit.
     */
    async markCommitted(connection: DatabaseConnection, scope: KeyScope, claimId: string): Promise<boolean> {
      const result = await connection.executeQuery(CompiledQuery.raw(MARK_COMMITTED, [scope.tenantId, scope.userId, scope.key, claimId]));
      return Number(result.numAffectedRows ?? 0) === 1;
    },

    /** Keeps a running request's claim from being taken for orphaned (its process is alive). */
    async renew(scope: KeyScope, claimId: string): Promise<void> {
      await db.updateTable('idempotencyKeys').set({ claimedAt: sql`now()` })
        .where(rowOf(scope))
        .where('claimId', '=', claimId).where('responseStatus', 'is', null)
        .execute();
    },

    /** Forgets the claim (only that one: a newer claim of the same key stays), so the key can run again. */
    async release(scope: KeyScope, claimId: string): Promise<void> {
      await db.deleteFrom('idempotencyKeys').where(rowOf(scope)).where('claimId', '=', claimId).execute();
    },

    /** Removes every expired key; answers how many. */
    async sweep(): Promise<number> {
      const result = await db.deleteFrom('idempotencyKeys').where(sql<boolean>`expires_at <= now()`).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type IdempotencyKeys = ReturnType<typeof idempotencyKeys>;
