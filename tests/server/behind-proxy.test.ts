/**
 * The app as it runs behind a TLS-terminating load balancer: PUBLIC_URL=https://shop.example.com,
 * the balancer rewrites Host to an inner address and adds X-Forwarded-*. Every URL the answers
 * carry is PUBLIC_URL-based; forwarded values count only where TRUST_PROXY says so.
 */
import type { FastifyInstance } from 'fastify';
import type { TokenVerifier } from '../../src/server/types';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildWithProvider } from './helpers/test-app';
import { loadConfig, parseTrustProxy, type ServerConfig } from '../../src/server/config';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';
import { createTestVerifier } from './helpers/test-verifier';
import type { UserType } from '../../src/shared/session-types';

const PUBLIC = 'https://shop.example.com';
const PROXIED = { host: '10.0.0.7:4302', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example.net', 'x-forwarded-for': '203.0.113.9' };

let testDb: TestDatabase;
let token: string;
const apps: FastifyInstance[] = [];

async function start(overrides: Partial<ServerConfig>, verifier: TokenVerifier): Promise<FastifyInstance> {
  const config: ServerConfig = { ...testDb.config, publicUrl: PUBLIC, ...overrides };
  const db = testDb.database.db;
  const app = await buildWithProvider(db, config, verifier);
  apps.push(app);
  return app;
}

beforeAll(async () => {
  testDb = await createTestDatabase({ seeded: true });
});

/** A token of buyer@demo.test in `host`'s tenant, signed by the test verifier's key. */
async function tokenOf(sign: Awaited<ReturnType<typeof createTestVerifier>>['sign'], host: string): Promise<string> {
  const user = await testDb.database.db.selectFrom('users').innerJoin('tenants', 'tenants.id', 'users.tenantId')
    .select(['users.id', 'users.userType']).where('tenants.hostname', '=', host).where('users.email', '=', 'buyer@demo.test').executeTakeFirstOrThrow();
  return sign({ userId: user.id, userType: user.userType as UserType, customerIds: [], supplierIds: [], permissions: [], departements: [], active: true, tenant: host });
}
afterAll(async () => {
  for (const app of apps) await app.close();
  await testDb?.cleanup();
});

/** Every http(s) URL anywhere in a JSON answer. */
function urlsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string' && /^https?:\/\//.test(value)) out.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) urlsIn(v, out);
  return out;
}

describe('without TRUST_PROXY', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const { verifier, sign } = await createTestVerifier();
    app = await start({ trustProxy: false }, verifier);
    token = await tokenOf(sign, 'localhost');
  });

  test('the search credentials name https://shop.example.com, not the rewritten Host or the forwarded one', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/search/credentials', headers: { ...PROXIED, authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.hosts).toEqual([{ url: 'shop.example.com/api/search', protocol: 'https', accept: 'read' }]);
  });

  test('the domain configuration and the OIDC discovery are PUBLIC_URL-based throughout', async () => {
    const domain = await app.inject({ method: 'GET', url: '/api/domains/10.0.0.7', headers: PROXIED });
    expect(domain.statusCode).toBe(200);
    const discovery = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration', headers: PROXIED });
    expect(discovery.statusCode).toBe(200);
    // The tenant's links (asset management, terms) are addresses elsewhere by design; every URL of the product's own is on PUBLIC_URL.
    const urls = [...urlsIn({ ...(domain.json() as object), links: null }), ...urlsIn(discovery.json())];
    expect(urls.length).toBeGreaterThan(10);
    for (const url of urls) expect(url.startsWith(`${PUBLIC}/`), url).toBe(true);
    expect(discovery.json().token_endpoint).toBe(`${PUBLIC}/oidc/token`);
  });

  test("the provider's redirect to its login page stays on PUBLIC_URL", async () => {
    const res = await app.inject({
      method: 'GET', headers: PROXIED,
      url: `/oidc/auth?client_id=shop-localhost&response_type=code&scope=openid&redirect_uri=${encodeURIComponent('https://localhost/redirect')}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^(\/oidc\/interaction\/|https:\/\/shop\.example\.com\/oidc\/interaction\/)/);
    for (const cookie of [res.headers['set-cookie']].flat().filter(Boolean) as string[]) expect(cookie).toMatch(/secure/i);
  });

  test('forwarded headers do not choose the tenant', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/domains/acme.localhost', headers: { ...PROXIED, 'x-forwarded-host': 'acme.localhost' } });
    expect(res.json().serverUrl).toBe('https://acme.localhost/api');
    const who = await app.inject({ method: 'GET', url: '/api/search/credentials', headers: { ...PROXIED, 'x-forwarded-host': 'acme.localhost', authorization: `Bearer ${token}` } });
    // The token is the localhost tenant's: it still opens localhost, because X-Forwarded-Host is ignored.
    expect(who.json().result.indexName).toBe('articles_localhost_development');
  });
});

describe('with TRUST_PROXY naming the balancer', () => {
  test('parses the setting: off, everyone, or a list of addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16')).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => parseTrustProxy('2')).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1' }).trustProxy).toEqual(['10.0.0.1']);
  });

  test('X-Forwarded-Host chooses the tenant only from the trusted address, and URLs stay PUBLIC_URL-based', async () => {
    const { verifier, sign } = await createTestVerifier();
    const app = await start({ trustProxy: ['10.0.0.1'] }, verifier);
    const acmeToken = await tokenOf(sign, 'acme.localhost');
    const headers = { ...PROXIED, 'x-forwarded-host': 'acme.localhost', authorization: `Bearer ${acmeToken}` };
    const fromProxy = await app.inject({ method: 'GET', url: '/api/search/credentials', headers, remoteAddress: '10.0.0.1' });
    expect(fromProxy.statusCode).toBe(200);
    expect(fromProxy.json().result).toMatchObject({
      indexName: 'articles_acme.localhost_production', hosts: [{ url: 'acme.localhost/api/search', protocol: 'https', accept: 'read' }],
    });
    // The same headers from any other peer: X-Forwarded-Host is ignored, the acme token fits no tenant here.
    const fromElsewhere = await app.inject({ method: 'GET', url: '/api/search/credentials', headers, remoteAddress: '192.0.2.1' });
    expect(fromElsewhere.statusCode).toBe(401);
    const discovery = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration', headers, remoteAddress: '10.0.0.1' });
    for (const url of urlsIn(discovery.json())) expect(url.startsWith(`${PUBLIC}/`), url).toBe(true);
  });
});
