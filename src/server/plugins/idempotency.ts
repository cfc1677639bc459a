import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AfterAnswer, withCommitGuard } from '../db/commit-guard';
import { idempotencyKeys, type IdempotencyKeys, type KeyScope } from '../db/idempotency-keys';
import { ApiError, invalid } from '../errors';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The Idempotency-Key request header on the mutating calls (POST, PUT, PATCH, DELETE) of signed-in
 * users, so that a double click, a client retry after a lost answer or the same call sent ten times
 * at once has one effect. The first request with a key claims it (one atomic insert in
 * idempotency_keys) and runs; a repeat that arrives meanwhile waits for its answer, polling the row
 * (no transaction or lock is held: PGlite has a single connection), and every repeat gets that
 * answer replayed byte for byte with `Idempotency-Replayed: true`. A key is the user's within the
 * tenant, and it stands for one request: another method, path, body, acting customer or
 * impersonated user with the same key is refused (422 IdempotencyKeyReused). A 5xx answer is not
 * kept, so a retry runs again. Keys are forgotten after a day.
 *
 * A process can die between a request's commit and its kept answer. So each transaction the request
 * commits notes on the key's row, in that transaction, that the request took effect (commit-guard.ts,
 * idempotency-keys.ts markCommitted), and the running request renews its claim every third of the
 * lease. A claim not renewed within the lease is orphaned: a repeat runs the request again when none
 * of its transactions committed (nothing happened), and answers 409 IdempotencyAnswerLost when one
 * did (it happened; its answer is gone; the caller looks before sending anew). A request whose claim
 * was taken over meanwhile cannot commit (409 IdempotencyKeyInUse), so the effect happens once.
 * Writes outside a transaction (a single statement through the pool) are not noted: a request whose
 * effect must happen once writes in a transaction, as every order, decision and upload does.
 */

export interface IdempotencyOptions {
  /** How long a key is remembered after its first request. */
  ttlMs: number;
  /** How long a repeat waits for the first request's answer before giving up (409 IdempotencyKeyInUse). */
  waitMs: number;
  /** A claim without an answer, not renewed for this long, is taken to be lost with its process (renewed every third of it). */
  leaseMs: number;
  /** Expired keys are swept at most this often, by the request that finds the sweep due. */
  sweepEveryMs: number;
}

export const IDEMPOTENCY_DEFAULTS: IdempotencyOptions = {
  ttlMs: 24 * 60 * 60_000,
  waitMs: 20_000,
  leaseMs: 30_000,
  sweepEveryMs: 60_000,
};

const MUTATING: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** 1–255 visible ASCII characters (a UUID, as the app sends, is one). */
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
const FIRST_POLL_MS = 10;
const MAX_POLL_MS = 200;

/** JSON with object keys sorted, so a body means the same whatever order its keys were sent in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const entries = Object.keys(record).filter((k) => record[k] !== undefined).sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What else besides method and path makes two requests the same: the body and whom the call acts as and for. */
function requestHash(request: FastifyRequest): string {
  const auth = request.auth!;
  const what = canonicalJson({ actingUserId: auth.user.id, customerId: auth.customerId, body: request.body });
  return createHash('sha256').update(what).digest('base64url');
}

/** Runs the sweep of expired keys in the background, at most every `everyMs`; onClose waits for it. */
function sweeper(keys: IdempotencyKeys, everyMs: number) {
  let last = -Infinity;
  let running: Promise<void> | null = null;
  return {
    due(log: FastifyBaseLogger): void {
      const now = Date.now();
      if (running || now - last < everyMs) return;
      last = now;
      running = keys.sweep().then(() => undefined, (err) => log.warn({ err }, 'sweeping expired idempotency keys failed'))
        .finally(() => { running = null; });
    },
    settled: (): Promise<void> => running ?? Promise.resolve(),
  };
}

function replay(reply: FastifyReply, answer: { status: number; contentType: string | null; body: string | null }): void {
  reply.code(answer.status).header('idempotency-replayed', 'true');
  if (answer.contentType) reply.header('content-type', answer.contentType);
  // A string with a content type goes out as it is: no serializer runs again.
  reply.send(answer.body ?? undefined);
}

/** On the API scope, after auth (it needs request.auth); see the comment at the top. */
export function installIdempotency(app: FastifyInstance, db: Kysely<DB>, options: Partial<IdempotencyOptions> = {}): void {
  const settings = { ...IDEMPOTENCY_DEFAULTS, ...options };
  const keys = idempotencyKeys(db, settings);
  const sweep = sweeper(keys, settings.sweepEveryMs);
  const claims = new WeakMap<FastifyRequest, Claim>();
  app.addHook('onClose', async () => sweep.settled());

  /** A request's hold on its key while it runs: renewed, and noted in each transaction it commits. */
  interface Claim { scope: KeyScope; claimId: string; settled: boolean; renewal: NodeJS.Timeout; afterAnswer: AfterAnswer }
  function hold(request: FastifyRequest, scope: KeyScope, claimId: string): Claim {
    const renewal = setInterval(() => {
      keys.renew(scope, claimId).catch((err) => request.log.warn({ err, key: scope.key }, 'renewing an idempotency claim failed'));
    }, Math.max(1, Math.floor(settings.leaseMs / 3)));
    renewal.unref();
    const claim: Claim = { scope, claimId, settled: false, renewal, afterAnswer: new AfterAnswer() };
    claims.set(request, claim);
    return claim;
  }
  function letGo(claim: Claim): void {
    claim.settled = true;
    clearInterval(claim.renewal);
  }

  /** Claims the key (its claim: the request runs) or replays the answer it already has (null); throws a refusal. */
  async function admit(request: FastifyRequest, reply: FastifyReply, header: string | string[]): Promise<Claim | null> {
    if (typeof header !== 'string' || !KEY_FORMAT.test(header)) throw invalid('Idempotency-Key', 'invalid');
    const scope: KeyScope = { tenantId: request.tenant.id, userId: request.auth!.realUser.id, key: header };
    const keyed = { method: request.method, path: request.url, requestHash: requestHash(request) };
    sweep.due(request.log);
    const giveUpAt = Date.now() + settings.waitMs;
    let delay = FIRST_POLL_MS;
    for (;;) {
      const claimId = await keys.claim(scope, keyed);
      if (claimId) return hold(request, scope, claimId);
      const row = await keys.find(scope);
      if (!row) continue; // gone meanwhile: claim it again
      // Expired, or its process died before any of its transactions committed (nothing happened): the key is free again.
      if (row.expired || (row.orphaned && !row.committed)) {
        await keys.release(scope, row.claimId);
        continue;
      }
      if (row.method !== keyed.method || row.path !== keyed.path || row.requestHash !== keyed.requestHash) throw new ApiError('IdempotencyKeyReused');
      if (row.orphaned) throw new ApiError('IdempotencyAnswerLost');
      if (row.answer) {
        replay(reply, row.answer);
        return null;
      }
      if (Date.now() >= giveUpAt) throw new ApiError('IdempotencyKeyInUse');
      await sleep(delay);
      delay = Math.min(delay * 2, MAX_POLL_MS);
    }
  }

  /** Keeps the first request's answer for its repeats; a 5xx (or an answer that is not text) frees the key instead. */
  async function settle(request: FastifyRequest, reply: FastifyReply, claim: Claim, payload: unknown): Promise<void> {
    letGo(claim);
    try {
      const text = payload === null || payload === undefined ? null : typeof payload === 'string' ? payload : undefined;
      if (reply.statusCode >= 500 || text === undefined) return await keys.release(claim.scope, claim.claimId);
      const contentType = reply.getHeader('content-type');
      const kept = await keys.complete(claim.scope, claim.claimId, {
        status: reply.statusCode, contentType: contentType === undefined ? null : String(contentType), body: text,
      });
      if (!kept) request.log.warn({ key: claim.scope.key }, 'idempotency key was taken over before its answer was kept');
    } catch (err) {
      request.log.error({ err, key: claim.scope.key }, 'keeping the answer of an idempotency key failed');
      await keys.release(claim.scope, claim.claimId).catch(() => undefined);
    }
  }

  // Callback hooks: a request without the header (nearly all) makes no promise and no query.
  app.addHook('preValidation', (request, reply, done) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined || !MUTATING.has(request.method) || !request.auth || request.is404) return done();
    admit(request, reply, header).then((claim) => {
      if (!claim) return; // replayed
      // Every transaction the request commits notes its effect on the key, or is refused once the claim is no longer its own.
      withCommitGuard(async (connection) => {
        if (claim.settled) return; // work the request left running after its answer
        if (!await keys.markCommitted(connection, claim.scope, claim.claimId)) throw new ApiError('IdempotencyKeyInUse');
      }, done, claim.afterAnswer);
    }, done);
  });

  /** The work the request left for after its answer (commit-guard.ts, afterAnswerKept), once. */
  const followUp = (request: FastifyRequest, claim: Claim) =>
    claim.afterAnswer.run((err) => request.log.error({ err, key: claim.scope.key }, 'work after a kept idempotency answer failed'));

  // A request that ends without an answer sent (its client went away) stops renewing its claim.
  app.addHook('onResponse', (request, _reply, done) => {
    const claim = claims.get(request);
    if (!claim) return done();
    letGo(claim);
    void followUp(request, claim).then(() => done());
  });

  // Before @fastify/compress's own onSend (a route-level hook, so it runs after this one): the
  // payload is still the serialised JSON string, and a replay is compressed as its request asks.
  app.addHook('onSend', (request, reply, payload, done) => {
    const claim = claims.get(request);
    if (!claim) return done(null, payload);
    claims.delete(request);
    // The answer is kept first; what the request left for later runs before the answer leaves.
    void settle(request, reply, claim, payload).then(() => followUp(request, claim)).then(() => done(null, payload));
  });
}
