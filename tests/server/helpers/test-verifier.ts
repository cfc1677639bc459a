import { generateKeyPair, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import type { TokenVerifier } from '../../../src/server/types';
import type { AccessTokenClaims } from '../../../src/shared/session-types';

const ISSUER = 'http://localhost:3000/oidc';
const AUDIENCE = 'http://localhost:3000/api';

/**
 * Real signed JWTs with a key made for the test run, checked like the identity module checks them
 * (signature, issuer, audience, expiry), so the server's auth path runs unmocked.
 */
export async function createTestVerifier() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const verifier: TokenVerifier = {
    async verify(token) {
      const { payload } = await jwtVerify(token, publicKey as CryptoKey, { issuer: ISSUER, audience: AUDIENCE });
      return payload as unknown as AccessTokenClaims;
    },
  };
  const sign = (claims: Partial<AccessTokenClaims>, opts: { expiresIn?: string; key?: CryptoKey } = {}) =>
    new SignJWT({ ...claims }).setProtectedHeader({ alg: 'ES256' }).setIssuer(ISSUER).setAudience(AUDIENCE)
      .setSubject(claims.sub ?? claims.userId ?? 'nobody').setIssuedAt().setExpirationTime(opts.expiresIn ?? '10m')
      .sign(opts.key ?? privateKey);
  return { verifier, sign, otherKey: async () => (await generateKeyPair('ES256')).privateKey };
}
