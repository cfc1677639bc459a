import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

const QUERY = '/api/usermanagement/query';
let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t?.close(); });

interface Item { id: string; email: string; displayname: string | null; userType: number; active: boolean }
const query = (as: string, body: unknown, host?: string) => t.call('POST', QUERY, { as, body, host });
const emailsOf = (res: { result: { items: Item[] } }) => res.result.items.map((i) => i.email);

describe('POST /usermanagement/query', () => {
  test("super admins and platform admins get the users of their own tenant, sorted by display name", async () => {
    for (const as of ['superadmin@demo.test', 'admin@demo.test']) {
      const res = ok(await query(as, { query: {} }));
      expect(res.result).toMatchObject({ skip: 0, take: 20 });
      const emails = emailsOf(res);
      expect(emails).toContain('buyer@demo.test');
      expect(res.result.total).toBeGreaterThanOrEqual(emails.length);
      const names = (res.result.items as Item[]).map((i) => i.displayname ?? '');
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(Object.keys(res.result.items[0]).sort()).toEqual(['active', 'displayname', 'email', 'id', 'kind', 'userType']);
    }
    const acmeIds = new Set((await t.db.selectFrom('users').select('id').where('tenantId', '=', await t.tenantId('acme.localhost')).execute()).map((r) => r.id));
    const all = ok(await query('superadmin@demo.test', { query: { take: 100 } }));
    expect(all.result.items.some((i: Item) => acmeIds.has(i.id))).toBe(false);
    const acme = ok(await query('superadmin@demo.test', { query: { take: 100 } }, 'acme.localhost'));
    expect(acme.result.items.every((i: Item) => acmeIds.has(i.id))).toBe(true);
  });

  test('skip and take page through the list', async () => {
    const all = ok(await query('admin@demo.test', { query: { take: 100 } }));
    const page = ok(await query('admin@demo.test', { query: { skip: 1, take: 2 } }));
    expect(page.result).toMatchObject({ skip: 1, take: 2, total: all.result.total });
    expect(emailsOf(page)).toEqual(emailsOf(all).slice(1, 3));
  });

  test('search matches e-mail and display name, case-insensitively', async () => {
    expect(emailsOf(ok(await query('admin@demo.test', { query: { search: 'BUYER@demo' } })))).toEqual(['buyer@demo.test']);
    expect(emailsOf(ok(await query('admin@demo.test', { query: { search: 'bert BUY' } })))).toEqual(['buyer@demo.test']);
    expect(ok(await query('admin@demo.test', { query: { search: 'nobody-like-this' } })).result).toMatchObject({ items: [], total: 0 });
    // LIKE wildcards are plain characters.
    expect(ok(await query('admin@demo.test', { query: { search: '%' } })).result.total).toBe(0);
  });

  test('customer users get 403, nobody signed in 401', async () => {
    fails(await query('buyer@demo.test', { query: {} }), 403, 'forbiddenAccess');
    fails(await query('manager@demo.test', { query: {} }), 403, 'forbiddenAccess');
    fails(await t.call('POST', QUERY, { body: { query: {} } }), 401, 'unauthorized');
  });
});
