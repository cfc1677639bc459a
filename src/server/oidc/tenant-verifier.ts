import type { OidcDb } from './db-types';
import { createRemoteVerifier, TokenVerificationError, unverifiedIssuer, type AccessTokenVerifier } from './verifier';

/** A tenant that signs in with another OpenID provider (tenants.idp_issuer, idp_audience). */
export interface ExternalTenant {
  hostname: string;
  audience: string;
}

/**
 * One verifier for every tenant: tokens of the embedded provider go to the local verifier; a token
 * of another issuer is accepted only when a tenant names that issuer, checked against that tenant's
 * audience, and it then carries that tenant's hostname as `tenant` (so it opens no other tenant).
 */
export function createTenantVerifier(
  local: { issuer: string; verifier: AccessTokenVerifier },
  externalTenants: (issuer: string) => Promise<ExternalTenant[]>,
): AccessTokenVerifier {
  const remote = new Map<string, AccessTokenVerifier>();
  const remoteFor = (issuer: string, audience: string) => {
    const key = `${issuer} ${audience}`;
    let verifier = remote.get(key);
    if (!verifier) remote.set(key, (verifier = createRemoteVerifier(issuer, audience)));
    return verifier;
  };
  return {
    async verify(token) {
      const issuer = unverifiedIssuer(token);
      if (!issuer) throw new TokenVerificationError('the access token is not a JWT');
      if (issuer === local.issuer) return local.verifier.verify(token);
      const tenants = await externalTenants(issuer);
      if (!tenants.length) throw new TokenVerificationError('the access token comes from an unknown issuer');
      let lastError: unknown;
      for (const audience of new Set(tenants.map((t) => t.audience))) {
        let claims;
        try {
          claims = await remoteFor(issuer, audience).verify(token);
        } catch (err) {
          lastError = err;
          continue;
        }
        const candidates = tenants.filter((t) => t.audience === audience).map((t) => t.hostname);
        if (claims.tenant) {
          if (!candidates.includes(claims.tenant)) throw new TokenVerificationError('the access token names another tenant', 'claims');
          return claims;
        }
        if (candidates.length !== 1) throw new TokenVerificationError('the access token fits several tenants', 'claims');
        return { ...claims, tenant: candidates[0] };
      }
      throw lastError;
    },
  };
}

/** Tenants that name `issuer` as their identity provider (trailing slashes ignored). */
export function externalTenantsFrom(db: OidcDb) {
  return async (issuer: string): Promise<ExternalTenant[]> => {
    const wanted = issuer.replace(/\/+$/, '');
    const rows = await db.selectFrom('tenants').select(['hostname', 'idp_issuer', 'idp_audience'])
      .where('idp_issuer', 'is not', null).where('idp_audience', 'is not', null).execute();
    return rows
      .filter((r) => r.idp_issuer!.replace(/\/+$/, '') === wanted)
      .map((r) => ({ hostname: r.hostname, audience: r.idp_audience! }));
  };
}
