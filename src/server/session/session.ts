import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { access } from '../../../model';
import type { EndSessionDto } from '../../shared/session-types';
import type { ServerConfig } from '../config';
import { authOf } from '../request-context';
import type { EndSession } from '../types';
import { issuerOf } from './domains';
import { endSessionSchema, noBody } from './schemas';
import { z } from 'zod';
import type { DB } from '../../../generated/db/database.gen';

/** The default logout address: the issuer's end-session endpoint (oidc-provider's path). */
export const defaultEndSession: EndSession = async (_claims, { issuer }) => `${issuer}/session/end`;

export function registerSessionRoutes(app: FastifyInstance, db: Kysely<DB>, config: ServerConfig, endSession: EndSession): void {
  const signedIn = { access: access.authenticated() };
  const tags = ['session'];

  app.get('/auth/end-session', { config: signedIn, schema: { summary: "The identity provider's logout address for this session.", tags, response: { 200: endSessionSchema } } }, async (request): Promise<EndSessionDto> => {
    const auth = authOf(request);
    return { logoutUrl: await endSession(auth.claims, { issuer: issuerOf(config, request.tenant), tenant: request.tenant }) };
  });

  // Sent every 10 s while signed in (core §7); records the signed-in user, not an impersonated one.
  app.put('/user-sessions/ping', {
    config: signedIn, schema: { summary: 'Records that the signed-in user is still there (sent every 10 s).', tags, body: noBody, response: { 200: z.object({ ok: z.boolean() }) } },
  }, async (request) => {
    await db.updateTable('users').set({ lastSeenAt: new Date() }).where('id', '=', authOf(request).realUser.id).execute();
    return { ok: true };
  });
}
