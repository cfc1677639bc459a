import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t?.close(); });

const admin = { as: 'admin@demo.test' };
const post = (url: string, body: unknown, opts: object = admin) => t.call('POST', `/api${url}`, { ...opts, body });
const countRows = async (table: 'articleCategoryGroups' | 'articleCategories', host = 'localhost') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('tenantId', '=', await t.tenantId(host)).executeTakeFirstOrThrow()).n);

describe('article category groups (query style, soft delete)', () => {
  test('create, query, id, update, delete and restore', async () => {
    const created = ok(await post('/admin/article-category-groups/create', { dto: { name: 'Hygiëne' } })).result;
    expect(created).toMatchObject({ name: 'Hygiëne', deleted: false });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);

    const page = ok(await post('/admin/article-category-groups/query', { query: { search: 'HYGI' } })).result;
    expect(page).toMatchObject({ total: 1, skip: 0, take: 20 });
    expect(page.items.map((g: any) => g.id)).toEqual([created.id]);

    expect(ok(await post('/admin/article-category-groups/id', { query: { id: created.id } })).result.name).toBe('Hygiëne');

    const updated = ok(await post('/admin/article-category-groups/update', { dto: { id: created.id, name: 'Hygiëne en zorg' } })).result;
    expect(updated.name).toBe('Hygiëne en zorg');
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    expect(ok(await post('/admin/article-category-groups/delete', { dto: { id: created.id } })).result.deleted).toBe(true);
    expect(ok(await post('/admin/article-category-groups/query', { query: { search: 'hygi' } })).result.total).toBe(0);
    const withDeleted = ok(await post('/admin/article-category-groups/query', { query: { search: 'hygi', deleted: true } })).result;
    expect(withDeleted.items.map((g: any) => [g.id, g.deleted])).toEqual([[created.id, true]]);

    expect(ok(await post('/admin/article-category-groups/restore', { dto: { id: created.id } })).result.deleted).toBe(false);
    expect(ok(await post('/admin/article-category-groups/query', { query: { search: 'hygi' } })).result.total).toBe(1);
  });

  test('lists are sorted by name, paged by skip and take, with the total of all pages', async () => {
    const all = ok(await post('/admin/article-category-groups/query', { query: { take: 100 } })).result;
    const names = all.items.map((g: any) => g.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'nl', { sensitivity: 'base' })));
    const second = ok(await post('/admin/article-category-groups/query', { query: { skip: 1, take: 1 } })).result;
    expect(second).toMatchObject({ total: all.total, skip: 1, take: 1 });
    expect(second.items.map((g: any) => g.name)).toEqual([names[1]]);
  });

  test('a duplicate name in the same tenant is 409 DuplicateName; another tenant may use it', async () => {
    ok(await post('/admin/article-category-groups/create', { dto: { name: 'Dubbel' } }));
    fails(await post('/admin/article-category-groups/create', { dto: { name: 'Dubbel' } }), 409, 'DuplicateName');
    ok(await post('/admin/article-category-groups/create', { dto: { name: 'Dubbel' } }, { ...admin, host: 'acme.localhost' }));
  });

  test('an invalid body is 400 with details and stores nothing', async () => {
    const before = await countRows('articleCategoryGroups');
    const body = fails(await post('/admin/article-category-groups/create', { dto: { name: '' } }), 400, 'validationFailed');
    expect(body.details).toEqual([{ path: 'name', rule: 'required', message: 'Dit veld is verplicht.' }]);
    fails(await post('/admin/article-category-groups/create', { dto: { name: 'x'.repeat(201) } }), 400, 'validationFailed');
    fails(await post('/admin/article-category-groups/create', {}), 400, 'validationFailed');
    expect(await countRows('articleCategoryGroups')).toBe(before);
  });
});

describe('article categories', () => {
  test('create with a group of the tenant; a group of another tenant is refused and nothing is stored', async () => {
    const group = ok(await post('/admin/article-category-groups/create', { dto: { name: 'Printers' } })).result;
    const created = ok(await post('/admin/article-categories/create', { dto: { name: 'Toner', groupId: group.id, sequenceNumber: 7 } })).result;
    expect(created).toMatchObject({ name: 'Toner', groupId: group.id, sequenceNumber: 7, deleted: false });

    const acmeGroup = ok(await post('/admin/article-category-groups/create', { dto: { name: 'Acme only' } }, { ...admin, host: 'acme.localhost' })).result;
    const before = await countRows('articleCategories');
    const body = fails(await post('/admin/article-categories/create', { dto: { name: 'Stolen', groupId: acmeGroup.id } }), 400, 'validationFailed');
    expect(body.details).toEqual([expect.objectContaining({ path: 'groupId', rule: 'ArticleCategoryGroupNotFound' })]);
    expect(await countRows('articleCategories')).toBe(before);
  });

  test('sequenceNumber is an integer of at least 0; the default is 0', async () => {
    const body = fails(await post('/admin/article-categories/create', { dto: { name: 'Negatief', sequenceNumber: -1 } }), 400, 'validationFailed');
    expect(body.details?.[0]).toMatchObject({ path: 'sequenceNumber', rule: 'minValue' });
    expect(ok(await post('/admin/article-categories/create', { dto: { name: 'Zonder volgnummer' } })).result.sequenceNumber).toBe(0);
  });

  test('the groupId filter keeps the categories of one group', async () => {
    const group = ok(await post('/admin/article-category-groups/create', { dto: { name: 'Filtergroep' } })).result;
    const inGroup = ok(await post('/admin/article-categories/create', { dto: { name: 'In groep', groupId: group.id } })).result;
    const page = ok(await post('/admin/article-categories/query', { query: { groupId: group.id } })).result;
    expect(page.items.map((c: any) => c.id)).toEqual([inGroup.id]);
  });

  test('GET /article-categories: every signed-in user, sorted by sequenceNumber descending, without deleted ones, own tenant only', async () => {
    const hidden = ok(await post('/admin/article-categories/create', { dto: { name: 'Verborgen', sequenceNumber: 999 } })).result;
    ok(await post('/admin/article-categories/delete', { dto: { id: hidden.id } }));
    const list = ok(await t.call('GET', '/api/article-categories', { as: 'buyer@demo.test' }));
    expect(Array.isArray(list)).toBe(true);
    const sequence = list.map((c: any) => c.sequenceNumber);
    expect(sequence).toEqual([...sequence].sort((a, b) => b - a));
    expect(list.map((c: any) => c.name)).toContain('Toetsenborden');
    expect(list.map((c: any) => c.id)).not.toContain(hidden.id);
    const acme = ok(await t.call('GET', '/api/article-categories', { as: 'buyer@demo.test', host: 'acme.localhost' }));
    expect(acme.map((c: any) => c.name)).not.toContain('Toetsenborden');
    expect(acme.map((c: any) => c.name)).toContain('Pens');
    fails(await t.call('GET', '/api/article-categories'), 401, 'unauthorized');
  });

  test('an id of another tenant is 404 ArticleCategoryNotFound for id, update, delete and restore', async () => {
    const acme = ok(await post('/admin/article-categories/create', { dto: { name: 'Acme cat' } }, { ...admin, host: 'acme.localhost' })).result;
    fails(await post('/admin/article-categories/id', { query: { id: acme.id } }), 404, 'ArticleCategoryNotFound');
    fails(await post('/admin/article-categories/update', { dto: { id: acme.id, name: 'Hijack' } }), 404, 'ArticleCategoryNotFound');
    fails(await post('/admin/article-categories/delete', { dto: { id: acme.id } }), 404, 'ArticleCategoryNotFound');
    fails(await post('/admin/article-categories/restore', { dto: { id: acme.id } }), 404, 'ArticleCategoryNotFound');
    fails(await post('/admin/article-categories/id', { query: { id: 'not-a-uuid' } }), 404, 'ArticleCategoryNotFound');
    const stored = await t.db.selectFrom('articleCategories').select(['name', 'deleted']).where('id', '=', acme.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: 'Acme cat', deleted: false });
  });

  test('the admin endpoints are for platform admins: a customer admin gets 403 forbiddenAccess', async () => {
    fails(await post('/admin/article-categories/query', { query: {} }, { as: 'manager@demo.test' }), 403, 'forbiddenAccess');
    fails(await post('/admin/article-category-groups/create', { dto: { name: 'Nope' } }, { as: 'manager@demo.test' }), 403, 'forbiddenAccess');
  });
});
