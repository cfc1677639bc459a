import {
  createLocalJWKSet, createRemoteJWKSet, decodeJwt, errors as joseErrors, jwtVerify,
  type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey,
} from 'jose';
import type { AccessTokenClaims, UserType } from '../../shared/session-types';

/** Why a bearer token was refused; the server answers 401 for it. */
export class TokenVerificationError extends Error {
  readonly statusCode = 401;
  readonly errorCode = 'unauthorized';
  constructor(message: string, readonly reason: 'expired' | 'invalid' | 'claims' = 'invalid', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TokenVerificationError';
  }
}

export interface AccessTokenVerifier {
  verify(token: string): Promise<AccessTokenClaims>;
}

export interface VerifierOptions {
  issuer: string;
  audience: string;
}

const strings = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

/** The spec claims (core §3) out of a verified payload; a token without them opens nothing. */
export function toAccessTokenClaims(payload: JWTPayload): AccessTokenClaims {
  const p = payload as Record<string, unknown>;
  const ok = typeof p.sub === 'string' && typeof p.userId === 'string'
    && [0, 1, 2, 3].includes(p.userType as number)
    && strings(p.customerIds) && strings(p.supplierIds) && strings(p.permissions) && strings(p.departements)
    && typeof p.active === 'boolean' && (p.tenant === undefined || typeof p.tenant === 'string');
  if (!ok) throw new TokenVerificationError('the access token lacks the shop claims', 'claims');
  return {
    sub: p.sub as string,
    userId: p.userId as string,
    userType: p.userType as UserType,
    customerIds: p.customerIds as string[],
    supplierIds: p.supplierIds as string[],
    permissions: p.permissions as string[],
    departements: p.departements as string[],
    active: p.active as boolean,
    tenant: (p.tenant as string | undefined) ?? '',
  };
}

async function verifyWith(keys: JWTVerifyGetKey, token: string, options: VerifierOptions & { typ?: string }) {
  try {
    const { payload } = await jwtVerify(token, keys, {
      issuer: options.issuer,
      audience: options.audience,
      typ: options.typ,
      algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA'],
      requiredClaims: ['exp', 'sub'],
    });
    return toAccessTokenClaims(payload);
  } catch (err) {
    if (err instanceof TokenVerificationError) throw err;
    if (err instanceof joseErrors.JWTExpired) throw new TokenVerificationError('the access token has expired', 'expired', { cause: err });
    throw new TokenVerificationError('the access token is not valid', 'invalid', { cause: err });
  }
}

/**
 * Verifies tokens of the embedded provider against its public keys in memory: no HTTP call to
 * ourselves. Accepts the public JWKS itself or anything carrying it (the OidcRuntime's keys).
 */
export function createLocalVerifier(
  source: JSONWebKeySet | { publicJwks: JSONWebKeySet } | { keys: { publicJwks: JSONWebKeySet } },
  options: VerifierOptions,
): AccessTokenVerifier {
  const jwks = 'publicJwks' in source ? source.publicJwks
    : Array.isArray((source as JSONWebKeySet).keys) ? source as JSONWebKeySet
    : (source as { keys: { publicJwks: JSONWebKeySet } }).keys.publicJwks;
  const keys = createLocalJWKSet(jwks);
  // 'at+jwt' (RFC 9068) keeps an ID token from being replayed as an access token.
  return { verify: (token) => verifyWith(keys, token, { ...options, typ: 'at+jwt' }) };
}

/**
 * For tenants whose issuer is another OpenID provider: its keys come from its discovery document's
 * jwks_uri (fetched once, then jose caches and refreshes the key set).
 */
export function createRemoteVerifier(issuer: string, audience: string, options: { jwksUri?: string } = {}): AccessTokenVerifier {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const load = async (): Promise<JWTVerifyGetKey> => {
    let uri = options.jwksUri;
    if (!uri) {
      const response = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
      if (!response.ok) throw new Error(`discovery of ${issuer} answered ${response.status}`);
      uri = ((await response.json()) as { jwks_uri?: string }).jwks_uri;
      if (!uri) throw new Error(`discovery of ${issuer} names no jwks_uri`);
    }
    return createRemoteJWKSet(new URL(uri));
  };
  return {
    async verify(token) {
      keys ??= load().catch((err) => { keys = undefined; throw err; });
      let getKey: JWTVerifyGetKey;
      try {
        getKey = await keys;
      } catch (err) {
        throw new TokenVerificationError(`the keys of ${issuer} are unavailable`, 'invalid', { cause: err });
      }
      return verifyWith(getKey, token, { issuer, audience });
    },
  };
}

/** The issuer a token claims, unverified: only to pick the verifier that then checks it. */
export function unverifiedIssuer(token: string): string | undefined {
  try {
    const iss = decodeJwt(token).iss;
    return typeof iss === 'string' ? iss : undefined;
  } catch {
    return undefined;
  }
}
