import type { GetListParams, Identifier, RaRecord } from 'ra-core';
import type { QueryValue } from '../http';
import { asPage, fillPath, pickWritable, recordOr, routeOf, unwrap, type StyleContext, type StyleProvider, referenceReads } from './common';

/**
 * REST v2 and plain REST (DESIGN §3): GET {base}?page&pageSize&sort&order&filters → {items,total},
 * GET/PUT/PATCH/DELETE {base}/{id}, POST {base}. Both count pages from 1, like react-admin.
 */
export function restStyle({ http, endpointOf }: StyleContext): StyleProvider {
  async function getList(resource: string, params: Partial<GetListParams>) {
    const route = routeOf(endpointOf(resource), 'list');
    const query: Record<string, QueryValue> = {
      page: params.pagination?.page ?? 1,
      pageSize: params.pagination?.perPage ?? 20,
      ...(params.sort?.field ? { sort: params.sort.field, order: params.sort.order } : {}),
    };
    for (const [name, value] of Object.entries(params.filter ?? {})) query[name] = toQueryValue(value);
    const page = asPage(await http.request(route.method, route.path, { query, signal: params.signal }));
    return { data: page.items, total: page.total };
  }

  async function getOne(resource: string, params: { id: Identifier; signal?: AbortSignal }) {
    const route = routeOf(endpointOf(resource), 'get');
    return { data: unwrap<RaRecord>(await http.request(route.method, fillPath(route.path, params.id), { signal: params.signal })) };
  }

  async function remove(resource: string, id: Identifier) {
    const route = routeOf(endpointOf(resource), 'delete');
    return unwrap<unknown>(await http.request(route.method, fillPath(route.path, id)));
  }

  const provider: StyleProvider = {
    getList,
    getOne,
    ...referenceReads(getList),
    create: async (resource, params) => {
      const endpoint = endpointOf(resource);
      const route = routeOf(endpoint, 'create');
      const dto = pickWritable(endpoint, params.data);
      return { data: recordOr(unwrap(await http.request(route.method, route.path, { body: dto })), { ...dto, id: '' }) };
    },
    update: async (resource, params) => {
      const endpoint = endpointOf(resource);
      const route = routeOf(endpoint, 'update');
      const dto = pickWritable(endpoint, params.data);
      const result = unwrap(await http.request(route.method, fillPath(route.path, params.id), { body: dto }));
      return { data: recordOr(result, { ...params.previousData, ...dto, id: params.id }) };
    },
    updateMany: async (resource, params) => {
      for (const id of params.ids) await provider.update(resource, { id, data: params.data, previousData: { id } });
      return { data: params.ids };
    },
    delete: async (resource, params) => ({ data: recordOr(await remove(resource, params.id), { ...params.previousData, id: params.id }) }),
    deleteMany: async (resource, params) => {
      for (const id of params.ids) await remove(resource, id);
      return { data: params.ids };
    },
    restore: async (resource) => {
      throw new Error(`${resource} cannot be restored`);
    },
  };
  return provider;
}

function toQueryValue(value: unknown): QueryValue {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : v));
  if (typeof value === 'object') return JSON.stringify(value);
  return value as QueryValue;
}
