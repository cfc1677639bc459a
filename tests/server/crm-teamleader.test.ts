import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * The CRM integration (flows §7 Invoices admin calls) against a local fake of Teamleader Focus that
 * checks requests as the real one does (grant type, client credentials, code, redirect URI; the
 * bearer token on API calls; a refresh token good for one use) and answers its shapes. Never the
 * real cloud.
 */

const CLIENT = { id: 'shop-client-id', secret: 'shop-client-secret' };
const GOOD_CODE = 'good-code';

interface Fake {
  url: string;
  server: FastifyInstance;
  hooks: { url: string; types: string[] }[];
  validAccess: Set<string>;
  validRefresh: Set<string>;
  tokenRequests: Record<string, unknown>[];
  expiresIn: number;
}

async function fakeTeamleader(): Promise<Fake> {
  const server = Fastify();
  let n = 0;
  const fake: Fake = { url: '', server, hooks: [], validAccess: new Set(), validRefresh: new Set(), tokenRequests: [], expiresIn: 3600 };
  const issue = () => {
    n++;
    const tokens = { token_type: 'Bearer', access_token: `access-${n}`, refresh_token: `refresh-${n}`, expires_in: fake.expiresIn };
    fake.validAccess.add(tokens.access_token);
    fake.validRefresh.add(tokens.refresh_token);
    return tokens;
  };
  server.post('/oauth2/access_token', async (request, reply) => {
    const b = request.body as Record<string, string>;
    fake.tokenRequests.push(b);
    if (b.client_id !== CLIENT.id || b.client_secret !== CLIENT.secret) return reply.code(401).send({ errors: [{ title: 'invalid_client' }] });
    if (b.grant_type === 'authorization_code') {
      if (b.code !== GOOD_CODE || !b.redirect_uri?.endsWith('/crm-integration')) return reply.code(400).send({ errors: [{ title: 'invalid_grant' }] });
      return issue();
    }
    if (b.grant_type === 'refresh_token') {
      if (!fake.validRefresh.delete(b.refresh_token)) return reply.code(400).send({ errors: [{ title: 'invalid_grant' }] });
      return issue();
    }
    return reply.code(400).send({ errors: [{ title: 'unsupported_grant_type' }] });
  });
  const authorized = (auth: string | undefined) => !!auth && auth.startsWith('Bearer ') && fake.validAccess.has(auth.slice(7));
  server.post('/webhooks.list', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send({ errors: [{ title: 'Unauthorized' }] });
    return { data: [...fake.hooks].sort((a, b) => a.url.localeCompare(b.url)) };
  });
  server.post('/webhooks.register', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send({ errors: [{ title: 'Unauthorized' }] });
    const { url, types } = request.body as { url: string; types: string[] };
    if (typeof url !== 'string' || !Array.isArray(types) || !types.length) return reply.code(400).send({ errors: [{ title: 'invalid' }] });
    const hook = fake.hooks.find((h) => h.url === url);
    if (hook) hook.types = [...new Set([...hook.types, ...types])];
    else fake.hooks.push({ url, types });
    return reply.code(204).send();
  });
  server.post('/webhooks.unregister', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send({ errors: [{ title: 'Unauthorized' }] });
    const { url, types } = request.body as { url: string; types: string[] };
    for (const h of fake.hooks) if (h.url === url) h.types = h.types.filter((x) => !types.includes(x));
    fake.hooks = fake.hooks.filter((h) => h.types.length);
    return reply.code(204).send();
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  fake.url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return fake;
}

let fake: Fake;
let t: TestApp;
const ADMIN = 'admin@demo.test';

beforeAll(async () => {
  fake = await fakeTeamleader();
  t = await startTestApp({
    config: {
      teamleader: {
        clientId: CLIENT.id, clientSecret: CLIENT.secret, authorizeUrl: `${fake.url}/oauth2/authorize`,
        tokenUrl: `${fake.url}/oauth2/access_token`, apiUrl: fake.url,
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.server.close();
});

const CALLS = [
  ['GET', '/api/admin/teamleaderinfo/getclientId', undefined],
  ['POST', '/api/admin/invoices/set-teamleader-token', { code: GOOD_CODE, returnUrl: '/ycAdmin/invoices' }],
  ['GET', '/api/admin/invoices/registered-webhooks', undefined],
  ['POST', '/api/admin/invoices/register-webhooks', {}],
  ['POST', '/api/admin/invoices/unregister-webhooks', {}],
] as const;

describe('who may call them', () => {
  test.each(CALLS)('%s %s: customer users 403, nobody signed in 401; the CRM is not asked', async (method, url, body) => {
    const before = fake.tokenRequests.length;
    const [customerId] = await t.customerIds();
    fails(await t.call(method, url, { as: 'buyer@demo.test', customerId, body }), 403, 'forbiddenAccess');
    fails(await t.call(method, url, { as: 'manager@demo.test', customerId, body }), 403, 'forbiddenAccess');
    fails(await t.call(method, url, { body }), 401, 'unauthorized');
    expect(fake.tokenRequests.length).toBe(before);
  });
});

describe('not configured', () => {
  test.each(CALLS)('%s %s answers 409 CrmNotConfigured', async (method, url, body) => {
    const other = await startTestApp();
    try {
      fails(await other.call(method, url, { as: ADMIN, body }), 409, 'CrmNotConfigured');
    } finally {
      await other.close();
    }
  }, 60_000);
});

describe('connecting, webhooks and events', () => {
  test('before connecting: the client id and authorize URL; the webhook calls say CrmNotConnected', async () => {
    const { result } = ok(await t.call('GET', '/api/admin/teamleaderinfo/getclientId', { as: ADMIN, query: { returnUrl: '/ycAdmin/invoices' } }));
    expect(result).toMatchObject({ clientId: CLIENT.id, connected: false, redirectUri: 'http://localhost:3000/crm-integration', webhookUrl: null });
    const url = new URL(result.authorizeUrl);
    expect(url.origin + url.pathname).toBe(`${fake.url}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: CLIENT.id, response_type: 'code', redirect_uri: 'http://localhost:3000/crm-integration', state: '/ycAdmin/invoices',
    });
    fails(await t.call('GET', '/api/admin/invoices/registered-webhooks', { as: ADMIN }), 409, 'CrmNotConnected');
    fails(await t.call('POST', '/api/admin/invoices/register-webhooks', { as: ADMIN, body: {} }), 409, 'CrmNotConnected');
  });

  test('a code the CRM refuses is 400 CrmAuthorizationFailed and stores nothing; a return URL elsewhere is refused', async () => {
    fails(await t.call('POST', '/api/admin/invoices/set-teamleader-token', { as: ADMIN, body: { code: 'stolen', returnUrl: '/ycAdmin' } }), 400, 'CrmAuthorizationFailed');
    expect(fake.tokenRequests.at(-1)).toMatchObject({ grant_type: 'authorization_code', code: 'stolen', client_id: CLIENT.id, client_secret: CLIENT.secret });
    fails(await t.call('POST', '/api/admin/invoices/set-teamleader-token', { as: ADMIN, body: { code: GOOD_CODE, returnUrl: '//evil.example/x' } }), 400, 'validationFailed');
    fails(await t.call('POST', '/api/admin/invoices/set-teamleader-token', { as: ADMIN, body: { returnUrl: '/ycAdmin' } }), 400, 'validationFailed');
    expect(await t.db.selectFrom('crmConnections').select('id').execute()).toEqual([]);
  });

  test('the code is traded for tokens, kept encrypted; the answer says where to go back', async () => {
    const { result } = ok(await t.call('POST', '/api/admin/invoices/set-teamleader-token', { as: ADMIN, body: { code: GOOD_CODE, returnUrl: '/ycAdmin/invoices' } }));
    expect(result).toMatchObject({ connected: true, returnUrl: '/ycAdmin/invoices' });
    expect(fake.tokenRequests.at(-1)).toEqual({
      grant_type: 'authorization_code', code: GOOD_CODE, client_id: CLIENT.id, client_secret: CLIENT.secret, redirect_uri: 'http://localhost:3000/crm-integration',
    });
    const [row, ...more] = await t.db.selectFrom('crmConnections').selectAll().execute();
    expect(more).toEqual([]);
    expect(row!.tenantId).toBe(await t.tenantId());
    expect(row!.accessToken).not.toContain('access-');
    expect(row!.refreshToken).not.toContain('refresh-');
    expect(JSON.parse(row!.accessToken)).toMatchObject({ enc: 'A256GCM' });
    const info = ok(await t.call('GET', '/api/admin/teamleaderinfo/getclientId', { as: ADMIN })).result;
    expect(info).toMatchObject({ connected: true });
    expect(info.webhookUrl).toBe(`http://localhost:3000/api/crm/teamleader/webhook/${row!.webhookSecret}`);
    // Another tenant is not connected.
    fails(await t.call('GET', '/api/admin/invoices/registered-webhooks', { as: ADMIN, host: 'acme.localhost' }), 409, 'CrmNotConnected');
  });

  test('register and unregister our receiver for the invoice events; the list is the CRM\'s', async () => {
    expect(ok(await t.call('GET', '/api/admin/invoices/registered-webhooks', { as: ADMIN })).result).toEqual([]);
    const registered = ok(await t.call('POST', '/api/admin/invoices/register-webhooks', { as: ADMIN, body: {} })).result;
    const { webhookSecret } = await t.db.selectFrom('crmConnections').select('webhookSecret').executeTakeFirstOrThrow();
    expect(registered).toEqual([{
      url: `http://localhost:3000/api/crm/teamleader/webhook/${webhookSecret}`,
      types: ['invoice.booked', 'invoice.sent', 'invoice.paymentRegistered', 'invoice.paymentRemoved', 'invoice.deleted'],
    }]);
    expect(fake.hooks).toEqual(registered);
    expect(ok(await t.call('GET', '/api/admin/invoices/registered-webhooks', { as: ADMIN })).result).toEqual(registered);
    expect(ok(await t.call('POST', '/api/admin/invoices/unregister-webhooks', { as: ADMIN, body: {} })).result).toEqual([]);
    expect(fake.hooks).toEqual([]);
  });

  test('an expired access token is refreshed once and the new tokens kept; a refused refresh ends the connection', async () => {
    await t.db.updateTable('crmConnections').set({ expiresAt: new Date(Date.now() - 1000).toISOString() } as never).execute();
    const before = fake.tokenRequests.length;
    ok(await t.call('GET', '/api/admin/invoices/registered-webhooks', { as: ADMIN }));
    expect(fake.tokenRequests.slice(before)).toEqual([expect.objectContaining({ grant_type: 'refresh_token', client_id: CLIENT.id, client_secret: CLIENT.secret })]);
    const row = await t.db.selectFrom('crmConnections').selectAll().executeTakeFirstOrThrow();
    expect(new Date(row.expiresAt as unknown as string).getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    // Still valid: no refresh.
    ok(await t.call('GET', '/api/admin/invoices/registered-webhooks', { as: ADMIN }));
    expect(fake.tokenRequests.length).toBe(before + 1);

    // The CRM revoked the refresh token: the next call after expiry finds the connection gone.
    fake.validRefresh.clear();
    await t.db.updateTable('crmConnections').set({ expiresAt: new Date(Date.now() - 1000).toISOString() } as never).execute();
    fails(await t.call('GET', '/api/admin/invoices/registered-webhooks', { as: ADMIN }), 409, 'CrmNotConnected');
    expect(await t.db.selectFrom('crmConnections').select('id').execute()).toEqual([]);
    // Connect again for what follows.
    ok(await t.call('POST', '/api/admin/invoices/set-teamleader-token', { as: ADMIN, body: { code: GOOD_CODE, returnUrl: '/crm-integration' } }));
  });

  test('the receiver records each event of the tenant; an unknown secret is 404; events are listed for platform admins', async () => {
    const { webhookSecret } = await t.db.selectFrom('crmConnections').select('webhookSecret').executeTakeFirstOrThrow();
    const event = { type: 'invoice.booked', subject: { type: 'invoice', id: '5b1a0a5e-0000-4000-8000-000000000001' }, account: { type: 'account', id: 'acc-1' } };
    expect(ok(await t.call('POST', `/api/crm/teamleader/webhook/${webhookSecret}`, { body: event })).result).toEqual({ recorded: true });
    fails(await t.call('POST', '/api/crm/teamleader/webhook/not-the-secret-of-anyone', { body: event }), 404, 'notFound');
    fails(await t.call('POST', `/api/crm/teamleader/webhook/${webhookSecret}`, { host: 'acme.localhost', body: event }), 404, 'notFound');
    fails(await t.call('POST', `/api/crm/teamleader/webhook/${webhookSecret}`, { body: { subject: {} } }), 400, 'validationFailed');
    const rows = await t.db.selectFrom('crmEvents').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tenantId: await t.tenantId(), provider: 'teamleader', eventType: 'invoice.booked', subjectType: 'invoice', subjectId: event.subject.id });
    expect(JSON.parse(rows[0]!.payload!)).toEqual(event);
    const listed = ok(await t.call('POST', '/api/admin/crm-events/query', { as: ADMIN, body: { query: {} } })).result;
    expect(listed.total).toBe(1);
    expect(listed.items[0]).toMatchObject({ eventType: 'invoice.booked', subjectId: event.subject.id });
    expect(ok(await t.call('POST', '/api/admin/crm-events/query', { as: ADMIN, host: 'acme.localhost', body: { query: {} } })).result.total).toBe(0);
    const [customerId] = await t.customerIds();
    fails(await t.call('POST', '/api/admin/crm-events/query', { as: 'manager@demo.test', customerId, body: { query: {} } }), 403, 'forbiddenAccess');
  });
});
