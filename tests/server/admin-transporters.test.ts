import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * core §7 POST /admin/transporters/query, GET /admin/transporters/{id}: the platform admins read
 * every basket; core §3 "transporters add dateFilter (startDate, a use flag, optional endDate)":
 * the filters startDate and endDate bound the basket's last change (updatedAt), a day taken
 * whole in the shop's time zone, a moment as it is.
 */

let t: TestApp;
const ids: Record<string, string> = {};

async function add(key: string, updatedAt: string) {
  const tenantId = await t.tenantId();
  const [customerId] = await t.customerIds();
  const userId = await t.userId('buyer@demo.test');
  const row = await t.db.insertInto('transporters').values({
    tenantId, customerId, userId, lines: JSON.stringify([]), updatedAt: new Date(updatedAt),
  } as never).returning('id').executeTakeFirstOrThrow();
  ids[key] = row.id as string;
}

beforeAll(async () => {
  t = await startTestApp();
  await add('early', '2026-03-01T10:00:00Z');
  await add('lateNight', '2026-03-02T23:30:00Z'); // 3 March, 00:30 in Brussels
  await add('later', '2026-03-05T10:00:00Z');
});
afterAll(async () => { await t?.close(); });

const list = async (query: Record<string, unknown>) =>
  (ok(await t.call('POST', '/api/admin/transporters/query', { as: 'admin@demo.test', body: { query: { take: 1000, ...query } } })).result.items as { id: string }[])
    .map((b) => Object.entries(ids).find(([, id]) => id === b.id)?.[0]).filter(Boolean).sort();

describe('the admin list of baskets', () => {
  test('without a period, every basket', async () => {
    expect(await list({})).toEqual(['early', 'lateNight', 'later']);
  });

  test("startDate and endDate bound the last change, whole days in the shop's time zone", async () => {
    expect(await list({ startDate: '2026-03-02', endDate: '2026-03-03' })).toEqual(['lateNight']);
    expect(await list({ endDate: '2026-03-02' })).toEqual(['early']);
    expect(await list({ startDate: '2026-03-03' })).toEqual(['lateNight', 'later']);
    expect(await list({ startDate: '2026-03-01T09:00:00Z', endDate: '2026-03-01T11:00:00Z' })).toEqual(['early']);
    fails(await t.call('POST', '/api/admin/transporters/query', { as: 'admin@demo.test', body: { query: { startDate: '2/3/2026' } } }), 400, 'validationFailed');
  });

  test('one basket by id; a customer user may not read the admin list', async () => {
    const one = ok(await t.call('GET', `/api/admin/transporters/${ids.early}`, { as: 'admin@demo.test' })).result;
    expect(one).toMatchObject({ id: ids.early, lines: [] });
    fails(await t.call('POST', '/api/admin/transporters/query', { as: 'manager@demo.test', body: { query: {} } }), 403, 'forbiddenAccess');
  });
});
