import simpleRestProvider from 'ra-data-simple-rest';
import type { GetListParams, Identifier, RaRecord } from 'ra-core';
import type { CrudOp } from '../../../../model/dsl/endpoints';
import { queryString, type QueryValue } from '../http';
import { asPage, pickWritable, recordOr, referenceReads, routeOf, unwrap, type StyleContext, type StyleProvider } from './common';

/** The method and path ra-data-simple-rest uses for each operation, relative to the collection. */
const SIMPLE_REST: Partial<Record<CrudOp, { method: string; suffix: string }>> = {
  get: { method: 'GET', suffix: '/{id}' },
  create: { method: 'POST', suffix: '' },
  update: { method: 'PUT', suffix: '/{id}' },
  delete: { method: 'DELETE', suffix: '/{id}' },
};

/**
 * REST v2 and plain REST (DESIGN §3) on ra-data-simple-rest: GET {base}/{id}, POST {base},
 * PUT {base}/{id} and DELETE {base}/{id} are its own calls. What the spec's conventions change is
 * overridden here:
 * - lists are GET {base}?page&pageSize&sort&order&filters… answering {items,total} (simple-rest sends
 *   range/sort/filter as JSON and reads the total from Content-Range);
 * - references (getMany) go through the list with the `ids` filter every list endpoint takes
 *   (simple-rest sends filter={id:[…]});
 * - answers the spec unwraps come as {result}; bodies carry only the writable fields; calls that
 *   answer nothing useful (deletes) give react-admin the record it had;
 * - updateMany/deleteMany send one call per record, as simple-rest does, without reading ids from
 *   the answers.
 * Simple-rest addresses a collection as `${apiUrl}/${resource}`: it is given the endpoint's base
 * path as the resource and the app's HTTP client (fetchUtils.fetchJson with our headers) for the rest.
 */
export function restStyle({ http, endpointOf }: StyleContext): StyleProvider {
  // Answers the spec wraps in {result} are unwrapped before simple-rest reads `json`.
  const simpleRest = simpleRestProvider('', async (url: string, options) => {
    const answer = await http.fetchJson(url, options);
    return { ...answer, json: unwrap(answer.json) };
  });

  /** The collection simple-rest is given for an operation: the base, once the model's route is the one simple-rest calls. */
  function collection(resource: string, op: CrudOp): string {
    const endpoint = endpointOf(resource);
    const route = routeOf(endpoint, op);
    const expected = SIMPLE_REST[op]!;
    if (route.method !== expected.method || route.path !== endpoint.base + expected.suffix) {
      throw new Error(`${resource}: ${op} is ${route.method} ${route.path}, not the REST convention ${expected.method} ${endpoint.base}${expected.suffix}`);
    }
    return endpoint.base.replace(/^\/+/, '');
  }

  async function getList(resource: string, params: Partial<GetListParams>) {
    const route = routeOf(endpointOf(resource), 'list');
    const query: Record<string, QueryValue> = {
      page: params.pagination?.page ?? 1,
      pageSize: params.pagination?.perPage ?? 20,
      ...(params.sort?.field ? { sort: params.sort.field, order: params.sort.order } : {}),
    };
    for (const [name, value] of Object.entries(params.filter ?? {})) query[name] = toQueryValue(value);
    const { json } = await http.fetchJson(route.path + queryString(query), { method: route.method, signal: params.signal });
    const page = asPage(json);
    return { data: page.items, total: page.total };
  }

  const update: StyleProvider['update'] = async (resource, params) => {
    const dto = pickWritable(endpointOf(resource), params.data);
    const { data } = await simpleRest.update(collection(resource, 'update'), { ...params, data: dto });
    return { data: recordOr(data, { ...params.previousData, ...dto, id: params.id }) };
  };
  const remove = async (resource: string, id: Identifier, previousData?: RaRecord) => {
    const { data } = await simpleRest.delete(collection(resource, 'delete'), { id, previousData });
    return recordOr(data, { ...previousData, id });
  };

  return {
    getList,
    ...referenceReads(getList),
    getOne: async (resource, params) => simpleRest.getOne(collection(resource, 'get'), params),
    create: async (resource, params) => {
      const dto = pickWritable(endpointOf(resource), params.data);
      const { data } = await simpleRest.create(collection(resource, 'create'), { ...params, data: dto });
      return { data: recordOr(data, { ...dto, id: '' }) };
    },
    update,
    updateMany: async (resource, params) => {
      for (const id of params.ids) await update(resource, { id, data: params.data, previousData: { id } });
      return { data: params.ids };
    },
    delete: async (resource, params) => ({ data: await remove(resource, params.id, params.previousData) }),
    deleteMany: async (resource, params) => {
      for (const id of params.ids) await remove(resource, id);
      return { data: params.ids };
    },
    restore: async (resource) => {
      throw new Error(`${resource} cannot be restored`);
    },
  };
}

function toQueryValue(value: unknown): QueryValue {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : v));
  if (typeof value === 'object') return JSON.stringify(value);
  return value as QueryValue;
}
