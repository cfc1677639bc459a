import type { Kysely } from 'kysely';
import Provider, { errors, interactionPolicy, type Client, type KoaContextWithOIDC } from 'oidc-provider';
import { createAdapterClass } from './adapter';
import { asOidcDb, type OidcDb } from './db-types';
import { loadOrCreateKeys, type OidcKeys } from './keys';
import { createExtraTokenClaims, createFindAccount, createPageHooks, loadFirstPartyGrant } from './provider-hooks';
import { clientLookup } from './tenants';
import type { DB } from '../../../generated/db/database.gen';

/** What the server needs from its configuration (ServerConfig satisfies it). */
export interface OidcOptions {
  /** Origin the server is reachable at, e.g. 'http://localhost:3000'. */
  publicUrl: string;
}

export interface OidcRuntime {
  provider: Provider;
  /** `${publicUrl}/oidc` */
  issuer: string;
  /** `${publicUrl}/api`: the one resource server, and the `aud` of every access token. */
  audience: string;
  /** Path of the interaction pages, e.g. '/oidc/interaction'. */
  interactionPath: string;
  keys: OidcKeys;
  db: OidcDb;
  publicUrl: string;
}

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;
export const TTL = { accessToken: 10 * MINUTE, refreshToken: 14 * DAY, session: 14 * DAY, interaction: 60 * MINUTE } as const;

/** Scope of the API resource server; clients ask 'openid profile email offline_access api'. */
export const API_SCOPE = 'api';

/** The embedded OpenID Connect provider: one public client per tenant, JWT access tokens for the API. */
export async function createOidcProvider(database: Kysely<DB>, options: OidcOptions): Promise<OidcRuntime> {
  const db = asOidcDb(database);
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const issuer = `${publicUrl}/oidc`;
  const audience = `${publicUrl}/api`;
  const interactionPath = `${new URL(issuer).pathname}/interaction`;
  const keys = await loadOrCreateKeys(db);
  const pages = createPageHooks(db);

  // A login check of our own: a session whose account has no active user in this client's tenant
  // (findAccount then answers nothing) must sign in again instead of failing later at the token endpoint.
  const policy = interactionPolicy.base();
  policy.get('login')!.checks.add(new interactionPolicy.Check(
    'tenant_user_missing', 'the signed-in account has no active user in this shop', 'login_required',
    (ctx) => Boolean(ctx.oidc.session?.accountId && !ctx.oidc.account),
  ));

  const provider = new Provider(issuer, {
    adapter: createAdapterClass(db, clientLookup(db, publicUrl, issuer)),
    clients: [],
    jwks: { keys: keys.signing },
    cookies: {
      keys: keys.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    scopes: ['openid', 'offline_access', 'profile', 'email', API_SCOPE],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: true, logoutSource: pages.logoutSource, postLogoutSuccessSource: pages.postLogoutSuccessSource },
      resourceIndicators: {
        enabled: true,
        // A client that names no resource still gets a JWT for the API (never an opaque token).
        defaultResource: (_ctx: unknown, _client: unknown, oneOf?: string | string[]) =>
          (Array.isArray(oneOf) ? oneOf[0] : oneOf) ?? audience,
        // oidc-client-ts sends no resource at the token endpoint: use the one granted at /auth.
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          if (indicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience,
            accessTokenTTL: TTL.accessToken,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    pkce: { required: () => true },
    interactions: {
      policy,
      url: (_ctx: unknown, interaction: { uid: string }) => `${interactionPath}/${interaction.uid}`,
    },
    findAccount: createFindAccount(db),
    extraTokenClaims: createExtraTokenClaims(db),
    loadExistingGrant: loadFirstPartyGrant,
    // oidc-provider drops offline_access unless prompt=consent (OIDC Core §11), and the shop never
    // asks for consent: every shop client, allowed the refresh_token grant, gets a refresh token.
    issueRefreshToken: (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) => client.grantTypeAllowed('refresh_token'),
    // Public clients rotate on every use; reusing an old refresh token revokes the grant (theft signal).
    rotateRefreshToken: () => true,
    // CORS for the token and revocation endpoints: only from the origins of the client's own redirect URIs.
    clientBasedCORS: (_ctx: unknown, origin: string, client: Client) =>
      client.redirectUris.some((uri) => new URL(uri).origin === origin),
    renderError: pages.renderError,
    ttl: {
      AccessToken: TTL.accessToken,
      AuthorizationCode: MINUTE,
      IdToken: TTL.accessToken,
      Interaction: TTL.interaction,
      Session: TTL.session,
      Grant: TTL.refreshToken,
      // A rotated token keeps the first one's end: 14 days after sign-in, not 14 days after last use.
      RefreshToken: (ctx: KoaContextWithOIDC) => {
        const rotated = ctx?.oidc?.entities as { RotatedRefreshToken?: { remainingTTL: number } } | undefined;
        return rotated?.RotatedRefreshToken?.remainingTTL ?? TTL.refreshToken;
      },
    },
  });
  // Behind a TLS-terminating proxy the provider must trust X-Forwarded-Proto to set secure cookies.
  provider.proxy = publicUrl.startsWith('https:');
  return { provider, issuer, audience, interactionPath, keys, db, publicUrl };
}
