import { sql } from 'kysely';
import type { AccessTokenClaims } from '../../shared/session-types';
import { revokeGrant } from './adapter';
import type { OidcRuntime } from './provider';
import { findTenantByHostname, tenantOrigin, usesLocalProvider } from './tenants';

/** The tenant as the server core passes it (TenantRow, camelCase); only these fields are read. */
export interface EndSessionTenant {
  hostname: string;
  idpClientId?: string | null;
  idpIssuer?: string | null;
}

export class EndSessionError extends Error {
  readonly statusCode = 400;
}

/**
 * Sign-out (GET /auth/end-session): revokes every grant the account holds for the tenant's client —
 * with it each refresh token, which outlives the provider's session because it is offline_access —
 * and returns where the browser goes to end the provider's session and come back to the shop root.
 */
export function createEndSession(runtime: OidcRuntime) {
  const { db, issuer, publicUrl } = runtime;
  return async (claims: Pick<AccessTokenClaims, 'sub' | 'tenant'>, context?: { tenant?: EndSessionTenant }): Promise<string> => {
    const given = context?.tenant;
    const tenant = given
      ? { hostname: given.hostname, idp_client_id: given.idpClientId ?? null, idp_issuer: given.idpIssuer ?? null }
      : await findTenantByHostname(db, claims.tenant);
    if (!tenant || !usesLocalProvider(tenant, issuer)) {
      throw new EndSessionError(`tenant ${claims.tenant} does not sign in with ${issuer}`);
    }
    const clientId = tenant.idp_client_id!;
    const grants = await db.selectFrom('oidc_payloads').select('id')
      .where('kind', '=', 'Grant')
      .where(sql<string>`payload->>'accountId'`, '=', claims.sub)
      .where(sql<string>`payload->>'clientId'`, '=', clientId)
      .execute();
    for (const { id } of grants) await revokeGrant(db, id);
    const url = new URL(`${issuer}/session/end`);
    url.searchParams.set('client_id', clientId);
    url.searchParams.set('post_logout_redirect_uri', `${tenantOrigin(tenant.hostname, publicUrl)}/`);
    return url.href;
  };
}
