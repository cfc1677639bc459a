import type { FastifyInstance } from 'fastify';
import { asUser } from '../db/audit-actor';

/**
 * The signed-in caller writes what the route's handler writes (the audit trail, docs/audit-trail.md):
 * the real user, whom they impersonate (X-Impersonate-User) and the company they act for. A
 * preHandler, so the body is read and the caller known; the handler runs inside it, and so does
 * every query it starts. A public route's writes (registration) are the system's.
 */
export function installAuditActor(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const auth = request.auth;
    if (!auth) return done();
    const impersonated = auth.user.id !== auth.realUser.id ? auth.user.id : null;
    asUser({ userId: auth.realUser.id, impersonatedUserId: impersonated, customerId: auth.customerId }, done);
  });
}
