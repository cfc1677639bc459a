/**
 * The whole stack as main.ts composes it: the embedded identity provider mounted by buildApp, a real
 * sign-in (authorization code + PKCE) and the access token it issues used on the API.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app';
import { registerOidc } from '../../src/server/oidc';
import { Browser, signIn } from '../oidc/browser';
import { freePort } from '../oidc/harness';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';

let testDb: TestDatabase;
let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  testDb = await createTestDatabase({ seeded: true });
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  const config = { ...testDb.config, port, publicUrl: baseUrl };
  const db = testDb.database.db;
  app = await buildApp({ config, db, logger: false, identity: (server) => registerOidc(server, { db, config }) });
  await app.listen({ port, host: 'localhost' });
});
afterAll(async () => {
  await app?.close();
  await testDb?.cleanup();
});

test('a token from the embedded provider opens the API of its tenant only', async () => {
  const tokens = await signIn(new Browser(), {
    baseUrl, clientId: 'shop-localhost', redirectUri: `${baseUrl}/redirect`, email: 'manager@demo.test', password: 'demo',
  });
  const api = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl}/api${path}`, { headers: { authorization: `Bearer ${tokens.access_token}`, ...headers } });

  const me = await api('/users/me');
  expect(me.status).toBe(200);
  expect(await me.json()).toMatchObject({ email: 'manager@demo.test', userType: 3 });
  const warehouses = await api('/warehouses');
  expect(warehouses.status).toBe(200);

  const elsewhere = await api('/users/me', { 'x-hostname': 'acme.localhost' });
  expect(elsewhere.status).toBe(401);
  expect((await elsewhere.json()).errorCode).toBe('unauthorized');

  const logout = await api('/auth/end-session');
  expect(logout.status).toBe(200);
  const { logoutUrl } = (await logout.json()) as { logoutUrl: string };
  expect(logoutUrl.startsWith(`${baseUrl}/oidc/session/end`)).toBe(true);
  expect(new URL(logoutUrl).searchParams.get('client_id')).toBe('shop-localhost');
});
