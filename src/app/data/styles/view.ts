import type { Identifier, RaRecord } from 'ra-core';
import { asPage, routeOf, type StyleContext, type StyleProvider } from './common';

/**
 * Views (e.g. GET /offers/active): one call answering a bare array, filtered and sorted by the server.
 * Pages are cut here so react-admin's pagination still works; single records are found in the list.
 */
export function viewStyle({ http, endpointOf }: StyleContext): StyleProvider {
  async function all(resource: string, signal?: AbortSignal): Promise<RaRecord[]> {
    const route = routeOf(endpointOf(resource), 'list');
    return asPage(await http.request(route.method, route.path, { signal })).items;
  }
  async function find(resource: string, id: Identifier, signal?: AbortSignal): Promise<RaRecord> {
    const record = (await all(resource, signal)).find((r) => String(r.id) === String(id));
    if (!record) throw new Error(`${resource} ${id} not found`);
    return record;
  }
  const readOnly = async (resource: string): Promise<never> => {
    throw new Error(`${resource} is read-only`);
  };

  return {
    getList: async (resource, params) => {
      const items = await all(resource, params.signal);
      const perPage = params.pagination?.perPage ?? items.length;
      const start = ((params.pagination?.page ?? 1) - 1) * perPage;
      return { data: items.slice(start, start + perPage), total: items.length };
    },
    getOne: async (resource, params) => ({ data: await find(resource, params.id, params.signal) }),
    getMany: async (resource, params) => {
      const wanted = new Set(params.ids.map(String));
      return { data: (await all(resource, params.signal)).filter((r) => wanted.has(String(r.id))) };
    },
    getManyReference: async (resource, params) => {
      const items = (await all(resource, params.signal)).filter((r) => String(r[params.target]) === String(params.id));
      return { data: items, total: items.length };
    },
    create: readOnly,
    update: readOnly,
    updateMany: readOnly,
    delete: readOnly,
    deleteMany: readOnly,
    restore: readOnly,
  };
}
