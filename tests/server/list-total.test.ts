import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resourceByName } from '../../model';
import { listRows } from '../../src/server/crud/list';
import { ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * A list's page carries the total of all pages in the same statement (src/server/crud/list.ts
 * listRows); a page past the last row has no row to carry it and asks for the count alone.
 */
let t: TestApp;
let first: string;
beforeAll(async () => {
  t = await startTestApp();
  [first] = await t.customerIds();
  const tenantId = await t.tenantId();
  await t.db.insertInto('projects').values(['Alfa', 'Bravo', 'Charlie', 'Delta', 'Echo'].map((name) => ({ tenantId, customerId: first, name }))).execute();
});
afterAll(async () => { await t?.close(); });

const manager = () => ({ as: 'manager@demo.test', customerId: first });
const page = async (query: Record<string, string>) => ok(await t.call('GET', '/api/projects', { ...manager(), query }));

describe('the total of a list', () => {
  test('every page, the last one and one past it, answers the total of all pages', async () => {
    const all = await page({ page: '1', pageSize: '100' });
    const total = all.items.length;
    expect(total).toBeGreaterThanOrEqual(5);
    expect(all.total).toBe(total);
    expect(await page({ page: '2', pageSize: '2' })).toMatchObject({ total, page: 2 });
    const last = await page({ page: String(Math.ceil(total / 2)), pageSize: '2' });
    expect(last.total).toBe(total);
    expect(last.items).toHaveLength(total % 2 || 2);
    const past = await page({ page: '99', pageSize: '2' });
    expect(past).toMatchObject({ items: [], total });
  });

  test('a filter that matches nothing answers 0; rows carry no column of the total', async () => {
    const none = ok(await t.call('GET', '/api/projects', { ...manager(), query: { page: '1', pageSize: '20', search: 'no project is called this' } }));
    expect(none).toMatchObject({ items: [], total: 0 });
    const owner = { tenantId: await t.tenantId(), customerId: first, side: 'customer' as const };
    const { rows, total } = await listRows(t.db, resourceByName('projects'), owner, { filters: {}, offset: 1, limit: 2 });
    expect(total).toBeGreaterThanOrEqual(5);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(Object.keys((await t.db.selectFrom('projects').selectAll().executeTakeFirstOrThrow())).sort());
    expect((await listRows(t.db, resourceByName('projects'), owner, { filters: {}, offset: 99, limit: 2 })).total).toBe(total);
  });
});
