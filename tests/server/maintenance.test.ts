import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fails, ok } from './helpers/expect';
import { concrete, modelRoutes, snapshot, wouldBeBody } from './helpers/routes';
import { startTestApp, type TestApp } from './helpers/test-app';

const SETTINGS = '/api/platform-settings';
let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t?.close(); });

const put = (body: unknown, as = 'superadmin@demo.test') => t.call('PUT', SETTINGS, { as, body });

describe('GET and PUT /platform-settings', () => {
  test('public read: off by default, without a message', async () => {
    expect(ok(await t.call('GET', SETTINGS))).toEqual({ maintenance: false, message: null });
  });

  test('only super admins switch it, with a valid body; refused and invalid calls change nothing', async () => {
    const before = await snapshot(t.db);
    fails(await put({ maintenance: true }, 'admin@demo.test'), 403, 'forbiddenAccess');
    fails(await put({ maintenance: true }, 'manager@demo.test'), 403, 'forbiddenAccess');
    fails(await t.call('PUT', SETTINGS, { body: { maintenance: true } }), 401, 'unauthorized');
    expect(fails(await put({ message: 'x' }), 400, 'validationFailed').details).toEqual([expect.objectContaining({ path: 'maintenance', rule: 'required' })]);
    fails(await put({ maintenance: 'yes' }), 400, 'validationFailed');
    expect(fails(await put({ maintenance: true, message: 'x'.repeat(1001) }), 400, 'validationFailed').details?.[0].path).toBe('message');
    fails(await put(undefined), 400, 'validationFailed');
    expect(await snapshot(t.db)).toEqual(before);
    expect(ok(await t.call('GET', SETTINGS))).toEqual({ maintenance: false, message: null });
  });
});

describe('while maintenance is on', () => {
  beforeAll(async () => {
    expect(ok(await put({ maintenance: true, message: 'Terug om 14:00' }))).toEqual({ maintenance: true, message: 'Terug om 14:00' });
  });
  afterAll(async () => { ok(await put({ maintenance: false })); });

  test('anybody but a super admin gets 503 maintenance, in every tenant, in their language', async () => {
    for (const as of ['buyer@demo.test', 'manager@demo.test', 'admin@demo.test']) fails(await t.call('GET', '/api/users/me', { as }), 503, 'maintenance');
    fails(await t.call('GET', '/api/users/me', { as: 'buyer@demo.test', host: 'acme.localhost' }), 503, 'maintenance');
    const res = await t.call('GET', '/api/v2/suppliers', { as: 'buyer@demo.test', headers: { 'accept-language': 'fr' } });
    expect(fails(res, 503, 'maintenance').message).toBe('La plateforme est en maintenance. Veuillez réessayer plus tard.');
  });

  test('every non-public route the model declares answers 503 to a customer user and changes nothing', async () => {
    const before = await snapshot(t.db);
    const wrong: string[] = [];
    for (const r of modelRoutes().filter((x) => x.access.audience !== 'public')) {
      const res = await t.call(r.method, concrete(r.path), { as: 'manager@demo.test', ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { body: wouldBeBody() }) });
      if (res.statusCode !== 503 || res.json().errorCode !== 'maintenance') wrong.push(`${r.method} ${r.path}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test('super admins keep working, also while impersonating; public calls answer; no token is still 401', async () => {
    ok(await t.call('GET', '/api/users/me', { as: 'superadmin@demo.test' }));
    ok(await t.call('GET', '/api/users/me', { as: 'superadmin@demo.test', host: 'globex.localhost' }));
    const buyer = await t.userId('buyer@demo.test');
    expect(ok(await t.call('GET', '/api/v2/suppliers', { as: 'superadmin@demo.test', headers: { 'x-impersonate-user': buyer } })).total).toBeGreaterThan(0);
    expect(ok(await t.call('GET', SETTINGS))).toEqual({ maintenance: true, message: 'Terug om 14:00' });
    ok(await t.call('GET', '/api/domains/localhost'));
    fails(await t.call('GET', '/api/users/me'), 401, 'unauthorized');
  });
});

describe('switching off', () => {
  test('the API answers again at once', async () => {
    ok(await put({ maintenance: true }));
    fails(await t.call('GET', '/api/users/me', { as: 'buyer@demo.test' }), 503, 'maintenance');
    expect(ok(await put({ maintenance: false, message: '' }))).toEqual({ maintenance: false, message: null });
    ok(await t.call('GET', '/api/users/me', { as: 'buyer@demo.test' }));
  });

  test('a switch made by another process (straight in the database) applies within a second', async () => {
    ok(await t.call('GET', '/api/users/me', { as: 'buyer@demo.test' }));
    await t.db.updateTable('platformSettings').set({ maintenance: true }).where('key', '=', 'platform').execute();
    try {
      await new Promise((r) => setTimeout(r, 1100));
      fails(await t.call('GET', '/api/users/me', { as: 'buyer@demo.test' }), 503, 'maintenance');
    } finally {
      await t.db.updateTable('platformSettings').set({ maintenance: false }).where('key', '=', 'platform').execute();
    }
  });
});
