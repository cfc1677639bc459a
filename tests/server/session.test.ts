import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FEATURES } from '../../model';
import { buildApp } from '../../src/server/app';
import { ALL_PERMISSIONS, permissionsForRoles } from '../../src/shared/access';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createTestVerifier } from './helpers/test-verifier';

let t: TestApp;
let first: string;
let second: string;
beforeAll(async () => {
  t = await startTestApp();
  [first, second] = await t.customerIds();
});
afterAll(async () => { await t?.close(); });

describe('GET /api/domains/{hostname} (public)', () => {
  test("a tenant's configuration: theme, languages (default first), API and identity provider", async () => {
    const config = ok(await t.call('GET', '/api/domains/acme.localhost'));
    expect(config).toMatchObject({
      hostname: 'acme.localhost', name: 'Acme Procurement', environment: 'production',
      serverUrl: 'http://acme.localhost:3000/api', languages: ['en', 'nl', 'fr'], defaultLanguage: 'en',
      idp: { issuer: 'http://localhost:3000/oidc', clientId: 'shop-acme.localhost', audience: 'http://localhost:3000/api', scope: 'openid profile email offline_access' },
    });
    expect(config.theme.colors).toMatchObject({ primary: '#1d4ed8', secondary: '#f97316' });
    expect(config.theme.screens).toEqual({ sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 });
    const globex = ok(await t.call('GET', '/api/domains/globex.localhost'));
    expect(globex).toMatchObject({ languages: ['fr', 'nl', 'en'], environment: 'acceptance' });
    expect(globex.theme.colors.primary).toBe('#166534');
    expect(globex.links).toEqual({ assetManagementUrl: 'https://assets.globex.example', termsUrl: 'https://globex.example/conditions' });
    expect(config.links).toEqual({ assetManagementUrl: null, termsUrl: 'https://acme.example/terms' });
  });

  test('an unknown host gets the development tenant, served on PUBLIC_URL (never on the asked host)', async () => {
    const config = ok(await t.call('GET', '/api/domains/shop.example.org'));
    expect(config).toMatchObject({ hostname: 'localhost', environment: 'development', serverUrl: 'http://localhost:3000/api', defaultLanguage: 'nl' });
  });
});

describe('tenant and user', () => {
  test('GET /api/tenant-settings', async () => {
    const settings = ok(await t.call('GET', '/api/tenant-settings', { as: 'buyer@demo.test', host: 'globex.localhost' }));
    const [globexFirst] = await t.customerIds('globex.localhost');
    expect(settings).toEqual({ defaultContractsCustomerId: globexFirst, supportedLanguages: ['FR', 'NL', 'EN'], currency: 'EUR' });
    fails(await t.call('GET', '/api/tenant-settings'), 401, 'unauthorized');
  });

  test('GET /api/users/me: the user with each customer access and its customer', async () => {
    const me = ok(await t.call('GET', '/api/users/me', { as: 'manager@demo.test' }));
    expect(me).toMatchObject({ email: 'manager@demo.test', userType: 3, landingPage: 'dashboard', languageCode: 'NL', displayname: 'Mia Manager' });
    expect(me.customerAccess.map((a: any) => [a.customerId, a.customer.name, a.active, a.roles])).toEqual([
      [first, 'Bakkerij Janssens BV', true, ['admin', 'validator']],
      [second, 'Gemeente Melle', true, ['admin', 'validator']],
    ]);
    const acme = ok(await t.call('GET', '/api/users/me', { as: 'manager@demo.test', host: 'acme.localhost' }));
    expect(acme.customerAccess.map((a: any) => a.customer.name)).toEqual(['Acme Logistics NV', 'Acme Retail BV']);
    expect(acme.languageCode).toBe('EN');
  });

  test('GET /api/users/{id}/permissions: own rights for the acting customer; others only for platform admins', async () => {
    const buyer = await t.userId('buyer@demo.test');
    expect(ok(await t.call('GET', `/api/users/${buyer}/permissions`, { as: 'buyer@demo.test' }))).toEqual({ customerId: first, permissions: permissionsForRoles(['user']) });
    const manager = await t.userId('manager@demo.test');
    fails(await t.call('GET', `/api/users/${manager}/permissions`, { as: 'buyer@demo.test' }), 403, 'forbiddenAccess');
    expect(ok(await t.call('GET', `/api/users/${buyer}/permissions`, { as: 'admin@demo.test' })).permissions).toEqual(permissionsForRoles(['user']));
    expect(ok(await t.call('GET', `/api/users/${manager}/permissions`, { as: 'admin@demo.test', customerId: second }))).toEqual({ customerId: second, permissions: permissionsForRoles(['admin', 'validator']) });
    const superadmin = await t.userId('superadmin@demo.test');
    expect(ok(await t.call('GET', `/api/users/${superadmin}/permissions`, { as: 'superadmin@demo.test' })).permissions).toEqual(ALL_PERMISSIONS);
    fails(await t.call('GET', `/api/users/${await t.userId('buyer@demo.test', 'acme.localhost')}/permissions`, { as: 'admin@demo.test' }), 404, 'UserNotFound');
  });
});

describe('user settings', () => {
  test('GET and PUT /api/user-settings', async () => {
    expect(ok(await t.call('GET', '/api/user-settings', { as: 'finance@demo.test' }))).toEqual({ languageCode: 'NL', phoneNumber: null, landingPage: 'dashboard', listFilters: {} });
    const saved = ok(await t.call('PUT', '/api/user-settings', { as: 'finance@demo.test', body: { languageCode: 'EN', phoneNumber: '+32 9 123 45 67', landingPage: 'orders' } }));
    expect(saved).toEqual({ languageCode: 'EN', phoneNumber: '+32 9 123 45 67', landingPage: 'orders', listFilters: {} });
    expect(ok(await t.call('GET', '/api/user-settings', { as: 'finance@demo.test' })).languageCode).toBe('EN');
  });

  test('a list\'s default filters are saved per list, replaced by the next save of that list and forgotten with an empty object', async () => {
    const put = (listFilters: unknown) => t.call('PUT', '/api/user-settings', { as: 'manager@demo.test', body: { listFilters } });
    expect(ok(await put({ orders: { orderState: 'toApprove', excludeInactive: true } })).listFilters).toEqual({ orders: { orderState: 'toApprove', excludeInactive: true } });
    expect(ok(await put({ budgets: { filter: 'kantoor' } })).listFilters).toEqual({ orders: { orderState: 'toApprove', excludeInactive: true }, budgets: { filter: 'kantoor' } });
    expect(ok(await put({ orders: { orderedBy: 'x' } })).listFilters.orders).toEqual({ orderedBy: 'x' });
    expect(ok(await put({ orders: {} })).listFilters).toEqual({ budgets: { filter: 'kantoor' } });
    expect(ok(await t.call('GET', '/users/me'.replace('/users', '/api/users'), { as: 'manager@demo.test' })).listFilters).toEqual({ budgets: { filter: 'kantoor' } });
    fails(await put({ orders: { orderState: { nested: true } } }), 400, 'validationFailed');
    fails(await put({ 'Bad list!': { a: 'b' } }), 400, 'validationFailed');
  });

  test('PUT /api/user-settings validates the language, landing page and phone and stores nothing on failure', async () => {
    for (const [body, path, rule] of [
      [{ languageCode: 'DE' }, 'languageCode', 'choice'],
      [{ landingPage: 'secret' }, 'landingPage', 'choice'],
      [{ phoneNumber: 'call me' }, 'phoneNumber', 'phone'],
    ] as const) {
      const error = fails(await t.call('PUT', '/api/user-settings', { as: 'buyer@demo.test', body: { ...body, languageCode: body.languageCode ?? 'FR' } }), 400, 'validationFailed');
      expect(error.details).toEqual([expect.objectContaining({ path, rule })]);
    }
    expect(ok(await t.call('GET', '/api/user-settings', { as: 'buyer@demo.test' })).languageCode).toBe('NL');
  });

  test('PUT /api/user-settings/{userId}: yourself or a platform admin ({payload} or a bare body)', async () => {
    const buyer = await t.userId('buyer@demo.test');
    expect(ok(await t.call('PUT', `/api/user-settings/${buyer}`, { as: 'admin@demo.test', body: { payload: { languageCode: 'FR' } } })).languageCode).toBe('FR');
    expect(ok(await t.call('PUT', `/api/user-settings/${buyer}`, { as: 'buyer@demo.test', body: { landingPage: 'products' } })).landingPage).toBe('products');
    fails(await t.call('PUT', `/api/user-settings/${buyer}`, { as: 'manager@demo.test', body: { languageCode: 'EN' } }), 403, 'forbiddenAccess');
    expect(ok(await t.call('GET', '/api/user-settings', { as: 'buyer@demo.test' }))).toMatchObject({ languageCode: 'FR', landingPage: 'products' });
  });
});

describe('customer features, logout and ping', () => {
  test('GET /api/customers/{id}/features: every feature with whether it is on, for customers the user may act for', async () => {
    const features = ok(await t.call('GET', `/api/customers/${first}/features`, { as: 'buyer@demo.test' }));
    expect(features.customerId).toBe(first);
    expect(Object.keys(features.features).sort()).toEqual([...FEATURES].sort());
    expect(features.features).toMatchObject({ budgets: true, contracts: true, clicx: false, government: false });
    fails(await t.call('GET', `/api/customers/${second}/features`, { as: 'buyer@demo.test' }), 403, 'NoAccessToCustomer');
    expect(ok(await t.call('GET', `/api/customers/${second}/features`, { as: 'admin@demo.test' })).features.government).toBe(true);
    fails(await t.call('GET', '/api/customers/00000000-0000-4000-8000-000000000000/features', { as: 'admin@demo.test' }), 404, 'CustomerNotFound');
  });

  test("GET /api/auth/end-session: the identity provider's logout URL", async () => {
    expect(ok(await t.call('GET', '/api/auth/end-session', { as: 'buyer@demo.test' }))).toEqual({ logoutUrl: 'http://localhost:3000/oidc/session/end' });
    fails(await t.call('GET', '/api/auth/end-session'), 401, 'unauthorized');
  });

  test('PUT /api/user-sessions/ping records when the user was last seen', async () => {
    const id = await t.userId('finance@demo.test');
    await t.db.updateTable('users').set({ lastSeenAt: null }).where('id', '=', id).execute();
    expect(ok(await t.call('PUT', '/api/user-sessions/ping', { as: 'finance@demo.test', body: {} }))).toEqual({ ok: true });
    const row = await t.db.selectFrom('users').select('lastSeenAt').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Date.now() - row.lastSeenAt!.getTime()).toBeLessThan(60_000);
  });
});

describe('injected parts: end-session function, SPA; the OpenAPI document at both addresses', () => {
  test('the injected endSession decides the logout URL; openapi.json is served twice; the SPA comes from its files', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-spa-'));
    await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><title>shop</title>');
    const { verifier, sign } = await createTestVerifier();
    const app = await buildApp({
      config: t.testDb.config, db: t.db, verifier, logger: false, appDir: dir,
      endSession: async (claims, { tenant }) => `https://idp.example/logout?user=${claims.userId}&tenant=${tenant.hostname}`,
    });
    try {
      const buyer = await t.userId('buyer@demo.test');
      const token = await sign({ userId: buyer, userType: 3, tenant: 'localhost', active: true });
      const logout = await app.inject({ url: '/api/auth/end-session', headers: { host: 'localhost', authorization: `Bearer ${token}` } });
      expect(logout.json()).toEqual({ logoutUrl: `https://idp.example/logout?user=${buyer}&tenant=localhost` });
      for (const url of ['/openapi.json', '/api/openapi.json']) expect((await app.inject({ url, headers: { host: 'localhost' } })).json().openapi).toBe('3.1.0');
      const page = await app.inject({ url: '/invoices/123', headers: { host: 'localhost' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>shop</title>');
      expect((await app.inject({ url: '/assets/missing.js', headers: { host: 'localhost' } })).statusCode).toBe(404);
      fails(await app.inject({ url: '/api/nothing', headers: { host: 'localhost' } }), 404, 'notFound');
    } finally {
      await app.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  test('without a built SPA every page path is a 503 page that says how to build it', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-nospa-'));
    const { verifier } = await createTestVerifier();
    const app = await buildApp({ config: t.testDb.config, db: t.db, verifier, logger: false, appDir: dir });
    try {
      const page = await app.inject({ url: '/products', headers: { host: 'localhost' } });
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain('npm run build');
    } finally {
      await app.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
