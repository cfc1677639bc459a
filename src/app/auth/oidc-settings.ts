/**
 * The parts of the sign-in client's settings that the app needs before oidc-client-ts has loaded:
 * who the provider and client are, where the browser comes back, and where the library keeps the
 * signed-in user. Free of the library, so the entry chunk can read a stored sign-in without it.
 */
import type { DomainConfig } from '../../shared/session-types';

export interface OidcAddresses {
  authority: string;
  client_id: string;
  redirect_uri: string;
  post_logout_redirect_uri: string;
}

/** The provider, client id and return addresses of a tenant on this origin. */
export function oidcAddresses(domain: DomainConfig, origin: string): OidcAddresses {
  return {
    authority: domain.idp.issuer,
    client_id: domain.idp.clientId,
    redirect_uri: `${origin}/redirect`,
    post_logout_redirect_uri: `${origin}/`,
  };
}

/**
 * The storage key of the signed-in user: oidc-client-ts's WebStorageStateStore prefixes 'oidc.' to
 * the UserManager's `user:<authority>:<client_id>`.
 */
export function storedUserKey(authority: string, clientId: string): string {
  return `oidc.user:${authority}:${clientId}`;
}
