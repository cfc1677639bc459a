import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { access } from '../../../model';
import type { EndSessionDto } from '../../shared/session-types';
import type { ServerConfig } from '../config';
import { authOf } from '../plugins/auth';
import type { EndSession } from '../types';
import { issuerOf } from './domains';
import type { DB } from '../../../generated/db/database.gen';

/** The default logout address: the issuer's end-session endpoint (oidc-provider's path). */
export const defaultEndSession: EndSession = async (_claims, { issuer }) => `${issuer}/session/end`;

export function registerSessionRoutes(app: FastifyInstance, db: Kysely<DB>, config: ServerConfig, endSession: EndSession): void {
  const signedIn = { config: { access: access.authenticated() } };

  app.get('/auth/end-session', signedIn, async (request): Promise<EndSessionDto> => {
    const auth = authOf(request);
    return { logoutUrl: await endSession(auth.claims, { issuer: issuerOf(config, request.tenant), tenant: request.tenant }) };
  });

  // Sent every 10 s while signed in (core §7); records the signed-in user, not an impersonated one.
  app.put('/user-sessions/ping', signedIn, async (request) => {
    await db.updateTable('users').set({ lastSeenAt: new Date() }).where('id', '=', authOf(request).realUser.id).execute();
    return { ok: true };
  });
}
