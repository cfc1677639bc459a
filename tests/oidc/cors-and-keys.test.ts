/**
 * The provider's CORS answers only the shops' own origins, and its keys are stored encrypted with
 * the configured key (OIDC_KEY_ENCRYPTION_KEY): plaintext rows of an older version are encrypted
 * on start, a "new,old" list rotates, a wrong key stops the start with a clear message.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KEY_FILE, parseKek } from '../../src/server/oidc/key-encryption';
import { createStore, freePort, startServer, type RunningServer, type Store } from './harness';
import { seed } from './seed';
import { asOidcDb } from '../../src/server/oidc/db-types';

let store: Store;
let server: RunningServer;
let port: number;
const keyA = randomBytes(32).toString('base64');
const keyB = randomBytes(32).toString('hex');

/** The stored rows as text, exactly as the database holds them. */
async function storedKeys(db: RunningServer['db']) {
  return (await sql<{ id: string; material: string }>`select id, material::text as material from oidc_keys order by id`.execute(db)).rows;
}

beforeAll(async () => {
  store = await createStore();
  port = await freePort();
  // An older version's database: a plaintext signing key already stored.
  const conn = await store.open();
  const { migrate } = await import('./harness');
  await migrate(conn.exec);
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  await asOidcDb(conn.db).insertInto('oidc_keys')
    .values({ id: 'sig-initial', use: 'sig', material: JSON.stringify({ ...(await exportJWK(privateKey)), kid: 'legacy', alg: 'RS256', use: 'sig' }) }).execute();
  await conn.close();
  server = await startServer(store, port, { oidc: { oidcKeyEncryptionKeys: [keyA] } });
  await seed(server.db);
});
afterAll(async () => {
  await server?.stop();
  await store?.cleanup();
});

describe('CORS', () => {
  const preflight = (origin: string) => fetch(`${server.baseUrl}/oidc/token`, {
    method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' },
  });

  test('a foreign origin gets no CORS permission, on the token preflight or on public documents', async () => {
    const evil = 'https://evil.example';
    const answers = [
      await preflight(evil),
      await fetch(`${server.baseUrl}/oidc/.well-known/openid-configuration`, { headers: { origin: evil } }),
      await fetch(`${server.baseUrl}/oidc/jwks`, { headers: { origin: evil } }),
    ];
    for (const res of answers) {
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-methods')).toBeNull();
    }
  });

  test('the discovery document may be kept by the browser for ten minutes, per origin; the keys, a token answer are not', async () => {
    const discovery = await fetch(`${server.baseUrl}/oidc/.well-known/openid-configuration`, { headers: { origin: server.baseUrl } });
    expect(discovery.status).toBe(200);
    expect(discovery.headers.get('cache-control')).toBe('public, max-age=600');
    expect(discovery.headers.get('vary')).toMatch(/origin/i);
    expect((await fetch(`${server.baseUrl}/oidc/jwks`)).headers.get('cache-control') ?? '').not.toContain('max-age=600');
    const refused = await fetch(`${server.baseUrl}/oidc/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=authorization_code' });
    expect(refused.headers.get('cache-control')).toMatch(/no-store/);
  });

  test("the shops' own origins (PUBLIC_URL's and each tenant's that signs in here) keep theirs", async () => {
    for (const origin of [server.baseUrl, `http://acme.localhost:${port}`]) {
      const res = await preflight(origin);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      const discovery = await fetch(`${server.baseUrl}/oidc/.well-known/openid-configuration`, { headers: { origin } });
      expect(discovery.headers.get('access-control-allow-origin')).toBe(origin);
    }
    // globex signs in at its own provider: not an origin of this one.
    expect((await preflight(`http://globex.localhost:${port}`)).headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('signing keys at rest', () => {
  test('no row holds plaintext key material; the legacy key was encrypted on start and still signs', async () => {
    const rows = await storedKeys(server.db);
    expect(rows.map((r) => r.id)).toEqual(['cookie-initial', 'sig-initial']);
    const secret = server.oidc.keys.signing[0].d!;
    for (const row of rows) {
      expect(JSON.parse(row.material)).toMatchObject({ enc: 'A256GCM' });
      expect(row.material).not.toMatch(/"(d|p|q|dp|dq|qi|secret)"/);
      expect(row.material).not.toContain(secret);
      expect(row.material).not.toContain(server.oidc.keys.cookieKeys[0]);
    }
    expect(server.oidc.keys.publicJwks.keys[0].kid).toBe('legacy');
  });

  test('rotation: "new,old" decrypts with the old key and re-encrypts with the new; then the old key alone is refused', async () => {
    const before = server.oidc.keys;
    await server.stop();
    server = await startServer(store, port, { oidc: { oidcKeyEncryptionKeys: [keyB, keyA] } });
    expect(server.oidc.keys).toEqual(before);
    const afterRotation = await storedKeys(server.db);
    await server.stop();
    server = await startServer(store, port, { oidc: { oidcKeyEncryptionKeys: [keyB] } });
    expect(server.oidc.keys).toEqual(before);
    expect(await storedKeys(server.db)).toEqual(afterRotation);
    await server.stop();
    await expect(startServer(store, port, { oidc: { oidcKeyEncryptionKeys: [keyA] } }))
      .rejects.toThrow(/OIDC_KEY_ENCRYPTION_KEY does not hold the key/);
    server = await startServer(store, port, { oidc: { oidcKeyEncryptionKeys: [keyB] } });
  });

  test('a malformed key is refused with what is expected', () => {
    expect(() => parseKek('short')).toThrow(/32 random bytes/);
    expect(() => parseKek('x'.repeat(64))).toThrow(/32 random bytes/);
    expect(parseKek(keyA).id).not.toBe(parseKek(keyB).id);
    expect(parseKek(keyB).key).toEqual(Buffer.from(keyB, 'hex'));
  });

  test('without a configured key, one is generated into the data directory (not the database) and kept', async () => {
    const file = path.join(store.dir, KEY_FILE);
    await expect(fs.access(file)).rejects.toThrow();
    await server.stop();
    // The rows are still under keyB: without it the start fails, clearly.
    await expect(startServer(store, port)).rejects.toThrow(/OIDC_KEY_ENCRYPTION_KEY/);
    const generated = (await fs.readFile(file, 'utf8')).trim();
    expect(Buffer.from(generated, 'base64')).toHaveLength(32);
    expect((await fs.stat(file)).mode & 0o077).toBe(0);
    // Rotating from keyB to the generated key ("new,old"), then the file alone serves.
    server = await startServer(store, port, { oidc: { oidcKeyEncryptionKeys: [generated, keyB] } });
    await server.stop();
    server = await startServer(store, port);
    expect(server.oidc.keys.publicJwks.keys[0].kid).toBe('legacy');
    expect(JSON.stringify(await storedKeys(server.db))).not.toContain(generated);
  });
});
