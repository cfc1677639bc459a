/**
 * Security headers on every kind of answer: an API answer, an error, an SPA page, a static file,
 * the identity provider's login page and its own (Koa) answers. And the CSP fits the app: the
 * provider on PUBLIC_URL, Algolia when it hosts the search, tenants' own issuers.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildWithProvider } from './helpers/test-app';
import type { ServerConfig } from '../../src/server/config';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';
import { createTestVerifier } from './helpers/test-verifier';

let testDb: TestDatabase;
let appDir: string;
const apps: FastifyInstance[] = [];

async function start(overrides: Partial<ServerConfig> = {}): Promise<FastifyInstance> {
  const { verifier } = await createTestVerifier();
  const config: ServerConfig = { ...testDb.config, ...overrides };
  const db = testDb.database.db;
  const app = await buildWithProvider(db, config, verifier, { appDir });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  testDb = await createTestDatabase({ seeded: true });
  appDir = await fs.mkdtemp(path.join(os.tmpdir(), 'spa-'));
  await fs.mkdir(path.join(appDir, 'assets'));
  await fs.writeFile(path.join(appDir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/a.js"></script></head><body></body></html>');
  await fs.writeFile(path.join(appDir, 'assets', 'a.js'), 'console.log(1)');
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await testDb?.cleanup();
  await fs.rm(appDir, { recursive: true, force: true });
});

/** The CSP as a map of directive → sources. */
function csp(res: LightMyRequestResponse): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(header.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name, ...sources] = d.split(/\s+/);
    return [name, sources];
  }));
}

function expectHardened(res: LightMyRequestResponse) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toMatch(/^(DENY|SAMEORIGIN)$/);
  expect(csp(res)['frame-ancestors']).toEqual(["'none'"]);
  expect(res.headers['referrer-policy']).toBe('no-referrer');
}

describe('the app and the API (PUBLIC_URL over plain http)', () => {
  let app: FastifyInstance;
  beforeAll(async () => { app = await start(); });

  test('an API answer, an error answer, an SPA page and a static file all carry the headers', async () => {
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/api/domains/localhost' }),
      app.inject({ method: 'GET', url: '/api/users/me' }),
      app.inject({ method: 'GET', url: '/api/no-such-call' }),
      app.inject({ method: 'GET', url: '/products' }),
      app.inject({ method: 'GET', url: '/assets/a.js' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 200, 200]);
    for (const res of answers) expectHardened(res);
  });

  test("the SPA's policy: own scripts only, inline styles (emotion), images from anywhere, the provider reachable", async () => {
    const policy = csp(await app.inject({ method: 'GET', url: '/products' }));
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https:', 'http:']));
    expect(policy['connect-src']).toEqual(expect.arrayContaining(["'self'", 'http://localhost:3000']));
    expect(policy['connect-src'].some((s) => s.includes('algolia'))).toBe(false);
    expect(policy['object-src']).toEqual(["'none'"]);
    // Over plain http this would break the demo: never sent.
    expect(policy).not.toHaveProperty('upgrade-insecure-requests');
    expect((await app.inject({ method: 'GET', url: '/products' })).headers['strict-transport-security']).toBeUndefined();
  });

  test("the provider's own answers (discovery, its error page) carry the headers and the provider pages' policy", async () => {
    const discovery = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(200);
    expectHardened(discovery);
    const error = await app.inject({ method: 'GET', url: '/oidc/auth?client_id=nobody' });
    expect(error.statusCode).toBeGreaterThanOrEqual(400);
    expectHardened(error);
    expect(csp(error)['script-src']?.[0]).toMatch(/^'sha256-/);
    expect(csp(error)['form-action']).toEqual(expect.arrayContaining(["'self'", 'http://localhost:3000', 'http://acme.localhost:3000']));
  });

  test('the login page: no script at all, forms only to the provider and the shops', async () => {
    const auth = await app.inject({
      method: 'GET',
      url: `/oidc/auth?client_id=shop-localhost&response_type=code&scope=openid&redirect_uri=${encodeURIComponent('http://localhost:3000/redirect')}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`,
    });
    expect(auth.statusCode).toBe(303);
    const cookie = ([auth.headers['set-cookie']].flat().filter(Boolean) as string[]).map((c) => c.split(';')[0]).join('; ');
    const page = await app.inject({ method: 'GET', url: new URL(String(auth.headers.location), 'http://localhost:3000').pathname, headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expectHardened(page);
    const policy = csp(page);
    expect(policy['default-src']).toEqual(["'none'"]);
    expect(page.body).not.toContain('<script');
    expect(policy['form-action']).toEqual(expect.arrayContaining(["'self'", 'http://localhost:3000', 'http://globex.localhost:3000']));
  });
});

describe('production settings', () => {
  test('over https: upgrade-insecure-requests and HSTS; no plain-http images; Algolia and tenant issuers may be fetched', async () => {
    const db = testDb.database.db;
    await db.updateTable('tenants').set({ idpIssuer: 'https://login.globex.example/realms/shop' }).where('hostname', '=', 'globex.localhost').execute();
    try {
      const app = await start({
        publicUrl: 'https://shop.example.com',
        search: { ...testDb.config.search, provider: 'algolia', appId: 'APP', searchKey: 'k', adminKey: 'a' },
      });
      const res = await app.inject({ method: 'GET', url: '/products' });
      const policy = csp(res);
      expect(policy).toHaveProperty('upgrade-insecure-requests');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(policy['img-src']).not.toContain('http:');
      expect(policy['connect-src']).toEqual(expect.arrayContaining([
        "'self'", 'https://shop.example.com', 'https://*.algolia.net', 'https://*.algolianet.com', 'https://login.globex.example',
      ]));
    } finally {
      await db.updateTable('tenants').set({ idpIssuer: null }).where('hostname', '=', 'globex.localhost').execute();
    }
  });
});
