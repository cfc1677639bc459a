import type { GetListParams, Identifier, RaRecord } from 'ra-core';
import { asPage, fillPath, pickWritable, recordOr, routeOf, skipTake, unwrap, type StyleContext, type StyleProvider, referenceReads } from './common';

/**
 * Query style (DESIGN §3): POST {base}/query {query:{skip,take,sort,order,...filters}} → {result:{items,total}},
 * POST {base}/id {query:{id}} or GET {base}/{id} → {result}, POST /create|/update|/delete|/restore {dto} → {result}.
 */
export function queryStyle({ http, endpointOf }: StyleContext): StyleProvider {
  async function getList(resource: string, params: Partial<GetListParams>) {
    const endpoint = endpointOf(resource);
    const route = routeOf(endpoint, 'list');
    const query = {
      ...skipTake(params.pagination),
      ...(params.sort?.field ? { sort: params.sort.field, order: params.sort.order } : {}),
      ...params.filter,
    };
    const page = asPage(await http.request(route.method, route.path, { body: { query }, signal: params.signal }));
    return { data: page.items, total: page.total };
  }

  async function getOne(resource: string, params: { id: Identifier; signal?: AbortSignal }) {
    const route = routeOf(endpointOf(resource), 'get');
    const body = route.method === 'GET'
      ? await http.request(route.method, fillPath(route.path, params.id), { signal: params.signal })
      : await http.request(route.method, route.path, { body: { query: { id: params.id } }, signal: params.signal });
    return { data: unwrap<RaRecord>(body) };
  }

  async function command(resource: string, op: 'create' | 'update' | 'delete' | 'restore', dto: Record<string, unknown>) {
    const route = routeOf(endpointOf(resource), op);
    return unwrap<unknown>(await http.request(route.method, fillPath(route.path, String(dto.id ?? '')), { body: { dto } }));
  }

  const provider: StyleProvider = {
    getList,
    getOne,
    ...referenceReads(getList),
    create: async (resource, params) => {
      const dto = pickWritable(endpointOf(resource), params.data);
      return { data: recordOr(await command(resource, 'create', dto), { ...dto, id: '' }) };
    },
    update: async (resource, params) => {
      const dto = { ...pickWritable(endpointOf(resource), params.data), id: params.id };
      return { data: recordOr(await command(resource, 'update', dto), { ...params.previousData, ...dto }) };
    },
    updateMany: async (resource, params) => {
      for (const id of params.ids) await provider.update(resource, { id, data: params.data, previousData: { id } });
      return { data: params.ids };
    },
    delete: async (resource, params) => {
      const result = await command(resource, 'delete', { id: params.id });
      return { data: recordOr(result, { ...params.previousData, id: params.id }) };
    },
    deleteMany: async (resource, params) => {
      for (const id of params.ids) await command(resource, 'delete', { id });
      return { data: params.ids };
    },
    restore: async (resource, params) => {
      const result = await command(resource, 'restore', { id: params.id });
      return { data: recordOr(result, { id: params.id }) };
    },
  };
  return provider;
}
