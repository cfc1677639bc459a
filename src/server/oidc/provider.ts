import type { Kysely } from 'kysely';
import Provider, { errors, interactionPolicy, type Client, type KoaContextWithOIDC } from 'oidc-provider';
import { createAdapterClass } from './adapter';
import { asOidcDb, type OidcDb } from './db-types';
import { loadKeks } from './key-encryption';
import { loadOrCreateKeys, type OidcKeys } from './keys';
import { createExtraTokenClaims, createFindAccount, createPageHooks, loadFirstPartyGrant } from './provider-hooks';
import { createOriginList, type OriginList } from './origins';
import { clientLookup } from './tenants';
import type { DB } from '../../../generated/db/database.gen';
import { createThrottle, type Throttle } from './throttle';

/** What the server needs from its configuration (ServerConfig satisfies it). */
export interface OidcOptions {
  /** Origin the server is reachable at, e.g. 'http://localhost:3000'. */
  publicUrl: string;
  /** Where the generated key-encryption key is kept when `oidcKeyEncryptionKeys` is empty. */
  dataDir?: string;
  /** OIDC_KEY_ENCRYPTION_KEY as a list, newest first (keys.ts). */
  oidcKeyEncryptionKeys?: string[];
  /** The sign-in throttle's clock (tests move it instead of sleeping). */
  now?: () => number;
  /** Lifetime of access and ID tokens in seconds (OIDC_ACCESS_TOKEN_TTL_SECONDS); default TTL.accessToken. */
  oidcAccessTokenTtlSeconds?: number;
  /** Told when the key-encryption key is generated or keys are encrypted for the first time. */
  log?: (message: string) => void;
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
  /** PUBLIC_URL's origin and the tenants' that sign in here (CORS, form-action). */
  origins: OriginList;
  throttle: Throttle;
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
  const log = options.log ?? ((message: string) => console.warn(message));
  const keks = await loadKeks(options.oidcKeyEncryptionKeys ?? [], options.dataDir, log);
  const keys = await loadOrCreateKeys(db, { keks, log });
  const pages = createPageHooks(db);
  const accessTokenTtl = options.oidcAccessTokenTtlSeconds ?? TTL.accessToken;

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
            accessTokenTTL: accessTokenTtl,
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
      AccessToken: accessTokenTtl,
      AuthorizationCode: MINUTE,
      IdToken: accessTokenTtl,
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
  // plugin.ts sets Host and X-Forwarded-* of every request the provider sees from PUBLIC_URL (and
  // the client address Fastify's trustProxy chose), so reading them is safe and makes its URLs
  // and its cookies' Secure flag follow PUBLIC_URL, not the raw request.
  provider.proxy = true;
  const origins = createOriginList(db, publicUrl, issuer);
  return { provider, issuer, audience, interactionPath, keys, db, publicUrl, origins, throttle: createThrottle(db, options.now) };
}
