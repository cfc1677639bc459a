/**
 * The session calls (src/shared/contracts/session.ts) bound to their handlers: the user's own
 * (users.ts), departments (departments.ts), configuration (domains.ts) and the session's upkeep here.
 */
import { sessionContracts } from '../../shared/contracts/session';
import { implement } from '../actions/define';
import { authOf } from '../request-context';
import type { EndSession } from '../types';
import { departmentHandlers } from './departments';
import { domainHandlers, issuerOf } from './domains';
import { userHandlers } from './users';

/** The default logout address: the issuer's end-session endpoint (oidc-provider's path). */
export const defaultEndSession: EndSession = async (_claims, { issuer }) => `${issuer}/session/end`;

export const sessionActions = implement(sessionContracts, {
  ...userHandlers,
  ...departmentHandlers,
  ...domainHandlers,
  endSession: async ({ request, services }) => {
    const auth = authOf(request);
    return { logoutUrl: await services.endSession(auth.claims, { issuer: issuerOf(services.config, request.tenant), tenant: request.tenant }) };
  },
  // Sent every 10 s while signed in (core §7); records the signed-in user, not an impersonated one.
  ping: async ({ db, request }) => {
    await db.updateTable('users').set({ lastSeenAt: new Date() }).where('id', '=', authOf(request).realUser.id).execute();
    return { ok: true };
  },
});
