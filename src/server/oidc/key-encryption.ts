import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Encryption at rest of the identity provider's keys (AES-256-GCM). The key-encryption keys (KEKs)
 * come from OIDC_KEY_ENCRYPTION_KEY ("new,old,…": the first encrypts, any decrypts), or, when it is
 * unset, from a file in the data directory — never from the database that holds what they protect.
 */

export interface Kek {
  /** A short fingerprint stored with each row, so the right key is found and a wrong one named. */
  id: string;
  key: Buffer;
}

/** What an encrypted row's material column holds. */
export interface SealedMaterial {
  enc: 'A256GCM';
  kek: string;
  iv: string;
  tag: string;
  data: string;
}

export const KEY_FILE = 'oidc-key-encryption.key';

/** One configured key: 32 bytes as 64 hex digits or base64/base64url. */
export function parseKek(text: string): Kek {
  const t = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32 || !/^[A-Za-z0-9+/_=-]+$/.test(t)) {
    throw new Error('OIDC_KEY_ENCRYPTION_KEY: each key must be 32 random bytes, as 64 hex digits or base64 (e.g. `openssl rand -base64 32`)');
  }
  return { id: createHash('sha256').update(key).digest('base64url').slice(0, 12), key };
}

/**
 * The configured keys, newest first; when none is configured, the data directory's key file,
 * created on first start (two processes racing both end up with the file's one key).
 */
export async function loadKeks(configured: readonly string[], dataDir: string | undefined, log: (m: string) => void): Promise<Kek[]> {
  if (configured.length) return configured.map(parseKek);
  if (!dataDir) throw new Error('the identity provider needs OIDC_KEY_ENCRYPTION_KEY or a data directory for its key file');
  const file = path.join(dataDir, KEY_FILE);
  await fs.mkdir(dataDir, { recursive: true });
  try {
    await fs.writeFile(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    log(`OIDC_KEY_ENCRYPTION_KEY is not set: generated a key in ${file} to encrypt the identity provider's keys. Production must set OIDC_KEY_ENCRYPTION_KEY (see docs/configuration.md, Security).`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return [parseKek(await fs.readFile(file, 'utf8'))];
}

export const isSealed = (material: unknown): material is SealedMaterial =>
  typeof material === 'object' && material !== null && (material as SealedMaterial).enc === 'A256GCM';

/** Encrypts a row's material; `aad` (the row's id and use) ties the ciphertext to its row. */
export function seal(value: unknown, kek: Kek, aad: string): SealedMaterial {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', kek.key, iv).setAAD(Buffer.from(aad));
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return { enc: 'A256GCM', kek: kek.id, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
}

/** Decrypts with the key whose fingerprint the row names; a missing key is a clear start-up error. */
export function unseal(sealed: SealedMaterial, keks: readonly Kek[], aad: string): unknown {
  const kek = keks.find((k) => k.id === sealed.kek);
  if (!kek) {
    throw new Error(`OIDC_KEY_ENCRYPTION_KEY does not hold the key the identity provider's keys were encrypted with (key id ${sealed.kek}). `
      + 'Set that key (to rotate: "new,old").');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', kek.key, Buffer.from(sealed.iv, 'base64')).setAAD(Buffer.from(aad));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return JSON.parse(Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8'));
  } catch {
    throw new Error(`the identity provider's key ${aad} does not decrypt with OIDC_KEY_ENCRYPTION_KEY (key id ${kek.id}): it was altered`);
  }
}
