import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JSONWebKeySet, type JWK } from 'jose';
import type { OidcDb } from './db-types';

/** Keys of the embedded provider: the private signing JWKS, its public half, and cookie secrets. */
export interface OidcKeys {
  /** Private keys, newest first (the first one signs). Never published. */
  signing: JWK[];
  /** What /oidc/jwks publishes and what the local verifier checks tokens against. */
  publicJwks: JSONWebKeySet;
  /** Cookie signing secrets, newest first. */
  cookieKeys: string[];
}

const PUBLIC_MEMBERS = ['kty', 'kid', 'alg', 'use', 'n', 'e', 'crv', 'x', 'y'] as const;

export function toPublicJwk(jwk: JWK): JWK {
  const out: JWK = {};
  for (const key of PUBLIC_MEMBERS) if (jwk[key] !== undefined) (out as Record<string, unknown>)[key] = jwk[key];
  return out;
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

/**
 * Loads the keys, creating them on first start. The first rows have fixed ids and are inserted with
 * ON CONFLICT DO NOTHING, so two processes starting at once end up with the same keys.
 */
export async function loadOrCreateKeys(db: OidcDb): Promise<OidcKeys> {
  let rows = await readKeys(db);
  if (!rows.some((r) => r.use === 'sig')) {
    await db.insertInto('oidc_keys')
      .values({ id: 'sig-initial', use: 'sig', material: JSON.stringify(await newSigningKey()) })
      .onConflict((oc) => oc.column('id').doNothing()).execute();
  }
  if (!rows.some((r) => r.use === 'cookie')) {
    await db.insertInto('oidc_keys')
      .values({ id: 'cookie-initial', use: 'cookie', material: JSON.stringify({ secret: randomBytes(32).toString('base64url') }) })
      .onConflict((oc) => oc.column('id').doNothing()).execute();
  }
  rows = await readKeys(db);
  const signing = rows.filter((r) => r.use === 'sig').map((r) => r.material as JWK);
  const cookieKeys = rows.filter((r) => r.use === 'cookie').map((r) => (r.material as { secret: string }).secret);
  return { signing, publicJwks: { keys: signing.map(toPublicJwk) }, cookieKeys };
}

async function readKeys(db: OidcDb) {
  const rows = await db.selectFrom('oidc_keys').select(['use', 'material'])
    .orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => ({ use: r.use, material: typeof r.material === 'string' ? JSON.parse(r.material) : r.material }));
}
