import { describe, expect, it } from 'vitest';
import type { I18nProvider } from 'ra-core';
import { RESOURCE_ENDPOINTS } from '../../generated/app/endpoints.gen';
import { createDataProvider } from '../../src/app/data';
import type { ResourceEndpointTable } from '../../src/shared/generated-contract';
import { writeSession } from '../../src/app/session/store';
import { fakeFetch, testHttp } from './helpers';

// Errors are covered in errors.test.ts; here translation is irrelevant.
const i18n: I18nProvider = { translate: (key) => key, changeLocale: async () => {}, getLocale: () => 'nl' };

const VIEW_TABLE: ResourceEndpointTable = {
  ...RESOURCE_ENDPOINTS,
  'active-offers': {
    resource: 'active-offers', style: 'view', base: '/offers/active',
    routes: { list: { method: 'GET', path: '/offers/active' } }, softDelete: false, writableFields: [],
  },
};

function setup(respond: Parameters<typeof fakeFetch>[0], endpoints: ResourceEndpointTable = RESOURCE_ENDPOINTS) {
  const net = fakeFetch(respond);
  return { ...net, dataProvider: createDataProvider({ http: testHttp(net.fetch), endpoints, i18nProvider: i18n }) };
}

describe('query style', () => {
  it('lists with POST {base}/query {query:{skip,take,sort,order,...filters}} and reads result.items/total', async () => {
    const { dataProvider, calls } = setup(() => ({ body: { result: { items: [{ id: 'g1', name: 'Kantoor' }], total: 41 } } }));
    const result = await dataProvider.getList('article-category-groups', {
      pagination: { page: 3, perPage: 10 }, sort: { field: 'name', order: 'DESC' }, filter: { search: 'kan', deleted: true },
    });
    expect(result).toEqual({ data: [{ id: 'g1', name: 'Kantoor' }], total: 41 });
    expect(calls[0].method).toBe('POST');
    expect(calls[0].url.pathname).toBe('/api/admin/article-category-groups/query');
    expect(calls[0].body).toEqual({ query: { skip: 20, take: 10, sort: 'name', order: 'DESC', search: 'kan', deleted: true } });
  });

  it('gets one with POST {base}/id {query:{id}} or GET {base}/{id}, as the route says', async () => {
    const { dataProvider, calls } = setup(() => ({ body: { result: { id: 'x1', name: 'A' } } }));
    expect((await dataProvider.getOne('article-category-groups', { id: 'x1' })).data).toEqual({ id: 'x1', name: 'A' });
    expect([calls[0].method, calls[0].url.pathname, calls[0].body]).toEqual(['POST', '/api/admin/article-category-groups/id', { query: { id: 'x1' } }]);
    await dataProvider.getOne('referral-partners', { id: 'p/1' });
    expect([calls[1].method, calls[1].url.pathname, calls[1].body]).toEqual(['GET', '/api/admin/referal-partners/p%2F1', undefined]);
  });

  it('creates, updates, deletes and restores with {dto}, sending only writable fields', async () => {
    const { dataProvider, calls } = setup((call) => ({ body: { result: { id: 'c9', ...(call.body as { dto: object }).dto } } }));
    const record = { id: 'c9', name: 'Papier', groupId: 'g1', sequenceNumber: 3, group: { id: 'g1' }, createdAt: '2024-01-01', deleted: false };
    const created = await dataProvider.create('article-categories', { data: { ...record, id: undefined } });
    expect(calls[0].url.pathname).toBe('/api/admin/article-categories/create');
    expect(calls[0].body).toEqual({ dto: { name: 'Papier', groupId: 'g1', sequenceNumber: 3 } });
    expect(created.data.id).toBe('c9');
    await dataProvider.update('article-categories', { id: 'c9', data: record, previousData: record });
    expect(calls[1].url.pathname).toBe('/api/admin/article-categories/update');
    expect(calls[1].body).toEqual({ dto: { id: 'c9', name: 'Papier', groupId: 'g1', sequenceNumber: 3 } });
    await dataProvider.delete('article-categories', { id: 'c9', previousData: record });
    expect([calls[2].url.pathname, calls[2].body]).toEqual(['/api/admin/article-categories/delete', { dto: { id: 'c9' } }]);
    await dataProvider.restore('article-categories', { id: 'c9' });
    expect([calls[3].url.pathname, calls[3].body]).toEqual(['/api/admin/article-categories/restore', { dto: { id: 'c9' } }]);
  });

  it('gets many in one list call with the ids filter', async () => {
    const { dataProvider, calls } = setup((call) => ({ body: { result: { items: (call.body as { query: { ids: string[] } }).query.ids.map((id) => ({ id })), total: 2 } } }));
    const result = await dataProvider.getMany('article-category-groups', { ids: ['a', 'b'] });
    expect(result.data.map((r) => r.id)).toEqual(['a', 'b']);
    expect(calls).toHaveLength(1);
    expect(calls[0].url.pathname).toBe('/api/admin/article-category-groups/query');
    expect(calls[0].body).toMatchObject({ query: { ids: ['a', 'b'], skip: 0, take: 2 } });
  });

  it('gets many of a resource without a get-by-id route (departments of warehouses) through its list', async () => {
    const { dataProvider, calls } = setup(() => ({ body: { items: [{ id: 'd1', name: 'Aankoop' }], total: 1 } }));
    const result = await dataProvider.getMany('customer-departments', { ids: ['d1'] });
    expect(result.data).toEqual([{ id: 'd1', name: 'Aankoop' }]);
    expect(calls[0].url.pathname).toBe('/api/customer-departments/query');
    expect(calls[0].url.searchParams.getAll('ids')).toEqual(['d1']);
  });
});

describe('REST styles', () => {
  it('lists with GET {base}?page&pageSize&sort&order&filters and reads {items,total}', async () => {
    const { dataProvider, calls } = setup(() => ({ body: { items: [{ id: 'w1', name: 'Centraal' }], total: 12 } }));
    const result = await dataProvider.getList('warehouses', {
      pagination: { page: 2, perPage: 5 }, sort: { field: 'name', order: 'ASC' }, filter: { name: 'cen', departmentId: null },
    });
    expect(result).toEqual({ data: [{ id: 'w1', name: 'Centraal' }], total: 12 });
    expect(calls[0].method).toBe('GET');
    expect(calls[0].url.pathname).toBe('/api/warehouses');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ page: '2', pageSize: '5', sort: 'name', order: 'ASC', name: 'cen' });
  });

  it('gets with GET {base}/{id}, creates with POST {base}, updates with PUT {base}/{id}, deletes with DELETE {base}/{id}', async () => {
    const { dataProvider, calls } = setup((call) => ({ body: call.method === 'DELETE' ? undefined : { id: 's1', name: 'Office' } }));
    const record = { id: 's1', name: 'Office', budgetSpent: '12.00', createdAt: 'x' };
    await dataProvider.getOne('suppliers', { id: 's1' });
    await dataProvider.create('suppliers', { data: { name: 'Office', budgetSpent: '1' } });
    await dataProvider.update('suppliers', { id: 's1', data: record, previousData: record });
    const deleted = await dataProvider.delete('warehouses', { id: 'w1', previousData: { id: 'w1', name: 'W' } });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'GET /api/v2/suppliers/s1', 'POST /api/v2/suppliers', 'PUT /api/v2/suppliers/s1', 'DELETE /api/warehouses/w1',
    ]);
    // budgetSpent is read-only: never sent.
    expect(calls[1].body).toEqual({ name: 'Office' });
    expect(calls[2].body).toEqual({ name: 'Office' });
    expect(deleted.data).toEqual({ id: 'w1', name: 'W' });
  });

  it('unwraps answers the spec wraps in {result} and rejects a route that is not the REST convention simple-rest calls', async () => {
    const { dataProvider, calls } = setup(() => ({ body: { result: { id: 's1', name: 'Office' } } }));
    expect((await dataProvider.getOne('suppliers', { id: 's1' })).data).toEqual({ id: 's1', name: 'Office' });
    const patched: ResourceEndpointTable = {
      ...RESOURCE_ENDPOINTS,
      suppliers: { ...RESOURCE_ENDPOINTS.suppliers!, routes: { ...RESOURCE_ENDPOINTS.suppliers!.routes, update: { method: 'PATCH', path: '/v2/suppliers/{id}' } } },
    };
    const other = setup(() => ({ body: {} }), patched);
    await expect(other.dataProvider.update('suppliers', { id: 's1', data: { name: 'x' }, previousData: { id: 's1' } })).rejects.toThrow();
    expect(other.calls).toHaveLength(0);
    expect(calls).toHaveLength(1);
  });

  it('refuses a resource without endpoints as a failed call', async () => {
    const { dataProvider, calls } = setup(() => ({ body: {} }));
    await expect(dataProvider.getList('nothing-here', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).rejects.toMatchObject({ status: 500 });
    expect(calls).toHaveLength(0);
  });

  it('views answer a bare array, cut into pages here', async () => {
    const items = Array.from({ length: 5 }, (_, i) => ({ id: `o${i}` }));
    const { dataProvider, calls } = setup(() => ({ body: items }), VIEW_TABLE);
    const result = await dataProvider.getList('active-offers', { pagination: { page: 2, perPage: 2 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(result).toEqual({ data: [{ id: 'o2' }, { id: 'o3' }], total: 5 });
    expect(`${calls[0].method} ${calls[0].url.pathname}`).toBe('GET /api/offers/active');
  });
});

describe('the HTTP layer', () => {
  it('sends the bearer token, active customer, hostname and language on every call', async () => {
    writeSession({ activeCustomerId: 'c42', impersonatedUserId: 'u7' });
    const { dataProvider, calls } = setup(() => ({ body: { items: [], total: 0 } }));
    await dataProvider.getList('warehouses', { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    const h = calls[0].headers;
    expect(h.get('Authorization')).toBe('Bearer token-1');
    expect(h.get('X-Customer-Id')).toBe('c42');
    expect(h.get('X-Impersonate-User')).toBe('u7');
    expect(h.get('X-Hostname')).toBe(location.hostname);
    expect(h.get('Accept-Language')).toBe('nl');
  });
});

describe('article categories (core §7)', () => {
  it('fetches all categories and the groups, attaches each group and sorts by name case-insensitively', async () => {
    const { dataProvider, calls } = setup((call) => {
      if (call.url.pathname.endsWith('/article-category-groups/query')) {
        return { body: { result: { items: [{ id: 'g1', name: 'Kantoor' }, { id: 'g2', name: 'Eten' }], total: 2 } } };
      }
      return { body: { result: { items: [
        { id: 'c1', name: 'papier', groupId: 'g1' }, { id: 'c2', name: 'Balpennen', groupId: 'g1' },
        { id: 'c3', name: 'Appels', groupId: 'g2' }, { id: 'c4', name: 'koffie', groupId: null },
      ], total: 4 } } };
    });
    const page1 = await dataProvider.getList('article-categories', { pagination: { page: 1, perPage: 3 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    expect(page1.data.map((c) => c.name)).toEqual(['Appels', 'Balpennen', 'koffie']);
    expect(page1.total).toBe(4);
    expect(page1.data[0].group).toEqual({ id: 'g2', name: 'Eten' });
    expect(page1.data[2].group).toBeNull();
    const categoryCall = calls.find((c) => c.url.pathname === '/api/admin/article-categories/query')!;
    expect((categoryCall.body as { query: { skip: number; take: number } }).query).toMatchObject({ skip: 0, take: 10000 });
    expect(calls.some((c) => c.url.pathname === '/api/admin/article-category-groups/query')).toBe(true);
    const page2 = await dataProvider.getList('article-categories', { pagination: { page: 2, perPage: 3 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    expect(page2.data.map((c) => c.name)).toEqual(['papier']);
  });
});
