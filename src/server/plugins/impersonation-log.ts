import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../generated/db/database.gen';

/** Who acted as whom on a request: set by authenticate() (X-Impersonate-User) or by loginbyuserid. */
interface Impersonation { realUserId: string; impersonatedUserId: string }

// Set by the loginbyuserid handler: the call that starts an impersonation carries no header yet.
const started = new WeakMap<FastifyRequest, string>();

/** Records the start of an impersonation on this request (written with its final status). */
export function markImpersonationStart(request: FastifyRequest, impersonatedUserId: string): void {
  started.set(request, impersonatedUserId);
}

function impersonationOf(request: FastifyRequest): Impersonation | null {
  const auth = request.auth;
  if (!auth) return null;
  const target = started.get(request) ?? (auth.user.id !== auth.realUser.id ? auth.user.id : null);
  return target ? { realUserId: auth.realUser.id, impersonatedUserId: target } : null;
}

/**
 * Every call made while impersonating is recorded with both identities (table impersonation_log).
 * onResponse: the status is final and the caller already has the answer, so a failed write is only
 * logged; it never turns a good answer into an error.
 */
export function installImpersonationLog(app: FastifyInstance, db: Kysely<DB>): void {
  // A callback hook: the calls of a user who impersonates nobody (nearly all) make no promise.
  app.addHook('onResponse', (request, reply, done) => {
    const who = impersonationOf(request);
    if (!who) return done();
    void record(request, reply, who).finally(() => done());
  });
  async function record(request: FastifyRequest, reply: FastifyReply, who: Impersonation) {
    try {
      await db.insertInto('impersonationLog').values({
        tenantId: request.tenant.id, ...who, method: request.method, path: request.url.slice(0, 2048),
        statusCode: reply.statusCode, at: new Date(),
      }).execute();
    } catch (err) {
      request.log.error({ err, ...who, method: request.method, path: request.url }, 'impersonation log write failed');
    }
  }
}
