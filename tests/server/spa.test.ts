import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { compressAssets } from '../../scripts/compress-assets';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';
import { createTestVerifier } from './helpers/test-verifier';

describe('the built app is served on every page path (real URLs, no #)', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let appDir: string;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    appDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-spa-'));
    await fs.mkdir(path.join(appDir, 'assets'));
    await fs.writeFile(path.join(appDir, 'index.html'), '<!doctype html><title>shop</title><div id="root"></div>');
    await fs.writeFile(path.join(appDir, 'assets', 'app-1234.js'), 'console.log(1)');
    await fs.writeFile(path.join(appDir, 'assets', 'big-5678.js'), `console.log(${JSON.stringify('shop '.repeat(2000))})`);
    compressAssets(appDir);
    const { verifier } = await createTestVerifier();
    app = await buildApp({ config: testDb.config, db: testDb.database.db, verifier, appDir, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
    await fs.rm(appDir, { recursive: true, force: true });
  });

  test.each(['/', '/ycAdmin/suppliers', '/invoices', '/redirect?code=x&state=y'])('GET %s answers the app', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
  });

  test('fingerprinted assets are served with a long cache; a missing one is a 404, not the app', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/assets/gone-999.js' })).statusCode).toBe(404);
  });

  test('the build\'s compressed copies are sent to clients that accept them, the file itself to others', async () => {
    const url = '/assets/big-5678.js';
    const original = await fs.readFile(path.join(appDir, 'assets', 'big-5678.js'));
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(original.length / 10);
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(original)).toBe(true);
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original)).toBe(true);
    // Small files are not worth copies.
    await expect(fs.stat(path.join(appDir, 'assets', 'app-1234.js.br'))).rejects.toThrow();
  });

  test('an unknown API path stays a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('notFound');
  });
});
