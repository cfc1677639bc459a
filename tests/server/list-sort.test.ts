import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * Columns the model marks sortable although they are no plain column (list.sortable): a member of
 * an object field and a reference, sorted by what the list shows (the city, the department's or
 * group's name), both directions, texts case-insensitively. Other JSON members stay refused.
 */
let t: TestApp;
let customerId: string;
beforeAll(async () => {
  t = await startTestApp();
  [customerId] = await t.customerIds();
});
afterAll(async () => { await t?.close(); });

const manager = () => ({ as: 'manager@demo.test', customerId });
const admin = { as: 'admin@demo.test' };
const names = (items: { name: string }[], prefix: string) => items.map((i) => i.name).filter((n) => n.startsWith(prefix));

describe('sorting on marked columns', () => {
  test('warehouses sort by the city of their address and by the name of their department', async () => {
    const tenantId = await t.tenantId('localhost');
    const department = async (name: string) => (await t.db.insertInto('customerDepartments')
      .values({ tenantId, customerId, name } as never).returning('id').executeTakeFirstOrThrow()).id as string;
    const [zeta, alfa, midden] = [await department('Zeta sorteer'), await department('alfa sorteer'), await department('Midden sorteer')];
    const create = async (name: string, city: string, departmentId: string) =>
      ok(await t.call('POST', '/api/warehouses', { ...manager(), body: { name, restockSetting: 'manual', departmentId, address: { city } } }));
    await create('Sort W1', 'gent', zeta);
    await create('Sort W2', 'Antwerpen', midden);
    await create('Sort W3', 'Brugge', alfa);
    const list = async (sort: string, order: string) =>
      names(ok(await t.call('GET', '/api/warehouses', { ...manager(), query: { page: '1', pageSize: '100', sort, order } })).items, 'Sort W');

    expect(await list('address.city', 'ASC')).toEqual(['Sort W2', 'Sort W3', 'Sort W1']);
    expect(await list('address.city', 'DESC')).toEqual(['Sort W1', 'Sort W3', 'Sort W2']);
    // by the name the column shows, not by the department's id
    expect(await list('departmentId', 'ASC')).toEqual(['Sort W3', 'Sort W2', 'Sort W1']);
    expect(await list('departmentId', 'DESC')).toEqual(['Sort W1', 'Sort W2', 'Sort W3']);
    // a member the model does not mark is no sort the list accepts
    fails(await t.call('GET', '/api/warehouses', { ...manager(), query: { sort: 'address.street' } }), 400, 'validationFailed');
  });

  test('article categories sort by the name of their group', async () => {
    const post = (url: string, body: unknown) => t.call('POST', `/api${url}`, { ...admin, body });
    const group = async (name: string) => ok(await post('/admin/article-category-groups/create', { dto: { name } })).result.id as string;
    const [b, a] = [await group('Sortgroep B'), await group('sortgroep A')];
    for (const [name, groupId] of [['Sortcat 1', b], ['Sortcat 2', a]] as const) ok(await post('/admin/article-categories/create', { dto: { name, groupId } }));
    const list = async (order: string) =>
      names(ok(await post('/admin/article-categories/query', { query: { search: 'Sortcat', sort: 'groupId', order, take: 100 } })).result.items, 'Sortcat');
    expect(await list('ASC')).toEqual(['Sortcat 2', 'Sortcat 1']);
    expect(await list('DESC')).toEqual(['Sortcat 1', 'Sortcat 2']);
  });

  test('marketplaces filter on active', async () => {
    const post = (url: string, body: unknown) => t.call('POST', `/api${url}`, { ...admin, body });
    const inactive = ok(await post('/admin/marketplaces/create', { dto: { name: 'Sortmarkt uit', active: false } })).result;
    const onlyInactive = ok(await post('/admin/marketplaces/query', { query: { active: false, take: 100 } })).result.items as { id: string; active: boolean }[];
    expect(onlyInactive.map((m) => m.id)).toContain(inactive.id);
    expect(onlyInactive.every((m) => !m.active)).toBe(true);
    const active = ok(await post('/admin/marketplaces/query', { query: { active: true, take: 100 } })).result.items as { id: string; active: boolean }[];
    expect(active.length).toBeGreaterThan(0);
    expect(active.map((m) => m.id)).not.toContain(inactive.id);
  });
});
