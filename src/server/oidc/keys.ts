import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JSONWebKeySet, type JWK } from 'jose';
import type { OidcDb } from './db-types';
import { isSealed, seal, unseal, type Kek } from './key-encryption';

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

/** The public members of a JWK (what may be published). */
export function toPublicJwk(jwk: JWK): JWK {
  const out: JWK = {};
  for (const key of PUBLIC_MEMBERS) if (jwk[key] !== undefined) (out as Record<string, unknown>)[key] = jwk[key];
  return out;
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

/** How keys are protected at rest: the KEKs (newest first) and where to say what happened. */
export interface KeyProtection {
  keks: Kek[];
  log?: (message: string) => void;
}

const aadOf = (row: { id: string; use: string }) => `${row.use}:${row.id}`;

/**
 * Loads the keys, creating them on first start. The first rows have fixed ids and are inserted with
 * ON CONFLICT DO NOTHING, so two processes starting at once end up with the same keys.
 * Every row is stored encrypted with the first KEK: a plaintext row (stored before encryption
 * existed) or one encrypted with an older KEK is rewritten on the way (migration and rotation).
 */
export async function loadOrCreateKeys(db: OidcDb, protection: KeyProtection): Promise<OidcKeys> {
  const [current] = protection.keks;
  let rows = await readKeys(db, protection);
  const create = async (id: string, use: 'sig' | 'cookie', value: unknown) => {
    await db.insertInto('oidc_keys').values({ id, use, material: JSON.stringify(seal(value, current, aadOf({ id, use }))) })
      .onConflict((oc) => oc.column('id').doNothing()).execute();
  };
  if (!rows.some((r) => r.use === 'sig')) await create('sig-initial', 'sig', await newSigningKey());
  if (!rows.some((r) => r.use === 'cookie')) await create('cookie-initial', 'cookie', { secret: randomBytes(32).toString('base64url') });
  rows = await readKeys(db, protection);
  const stale = rows.filter((r) => r.sealedWith !== current.id);
  for (const row of stale) {
    await db.updateTable('oidc_keys').set({ material: JSON.stringify(seal(row.material, current, aadOf(row))) }).where('id', '=', row.id).execute();
  }
  if (stale.length) protection.log?.(`identity provider: ${stale.length} key(s) encrypted with the current OIDC_KEY_ENCRYPTION_KEY (key id ${current.id})`);
  const signing = rows.filter((r) => r.use === 'sig').map((r) => r.material as JWK);
  const cookieKeys = rows.filter((r) => r.use === 'cookie').map((r) => (r.material as { secret: string }).secret);
  return { signing, publicJwks: { keys: signing.map(toPublicJwk) }, cookieKeys };
}

async function readKeys(db: OidcDb, { keks }: KeyProtection) {
  const rows = await db.selectFrom('oidc_keys').select(['id', 'use', 'material'])
    .orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => {
    const stored = typeof r.material === 'string' ? JSON.parse(r.material) : r.material;
    const sealed = isSealed(stored);
    return { id: r.id, use: r.use, material: sealed ? unseal(stored, keks, aadOf(r)) : stored, sealedWith: sealed ? stored.kek : null };
  });
}
