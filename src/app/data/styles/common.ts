import type { CrudOp } from '../../../../model/dsl/endpoints';
import type { ResourceEndpoint } from '../../../shared/generated-contract';
import type {
  CreateParams, DeleteManyParams, DeleteParams, GetListParams, GetManyParams, GetManyReferenceParams,
  Identifier, RaRecord, UpdateManyParams, UpdateParams,
} from 'ra-core';
import type { HttpClient, HttpMethod } from '../http';

/**
 * One endpoint style as a react-admin DataProvider (plus `restore`), for the resources that use it.
 * ../index.ts joins the styles with combineDataProviders by RESOURCE_ENDPOINTS; each style only
 * knows its wire format.
 */
export interface StyleProvider {
  getList(resource: string, params: Partial<GetListParams>): Promise<{ data: RaRecord[]; total: number }>;
  getOne(resource: string, params: { id: Identifier; signal?: AbortSignal }): Promise<{ data: RaRecord }>;
  getMany(resource: string, params: GetManyParams): Promise<{ data: RaRecord[] }>;
  getManyReference(resource: string, params: GetManyReferenceParams): Promise<{ data: RaRecord[]; total: number }>;
  create(resource: string, params: CreateParams): Promise<{ data: RaRecord }>;
  update(resource: string, params: UpdateParams): Promise<{ data: RaRecord }>;
  updateMany(resource: string, params: UpdateManyParams): Promise<{ data: Identifier[] }>;
  delete(resource: string, params: DeleteParams): Promise<{ data: RaRecord }>;
  deleteMany(resource: string, params: DeleteManyParams): Promise<{ data: Identifier[] }>;
  restore(resource: string, params: { id: Identifier }): Promise<{ data: RaRecord }>;
}

export interface StyleContext {
  http: HttpClient;
  endpointOf: (resource: string) => ResourceEndpoint;
}

/** The route of an operation, or an error the user sees as a failure of that operation. */
export function routeOf(endpoint: ResourceEndpoint, op: CrudOp): { method: HttpMethod; path: string } {
  const route = endpoint.routes[op];
  if (!route) throw new Error(`${endpoint.resource} has no '${op}' operation`);
  return route;
}

/** '/admin/offers/{id}' with id 7 → '/admin/offers/7'. */
export function fillPath(path: string, id: Identifier): string {
  return path.replace('{id}', encodeURIComponent(String(id)));
}

/** Only the writable fields of a record travel in create/update bodies (the server rejects others). */
export function pickWritable(endpoint: ResourceEndpoint, data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of endpoint.writableFields) if (field in data) out[field] = data[field];
  return out;
}

/** react-admin's page/perPage as the spec's skip/take. */
export function skipTake(pagination: { page: number; perPage: number } | undefined): { skip: number; take: number } {
  const page = Math.max(1, pagination?.page ?? 1);
  const take = pagination?.perPage ?? 20;
  return { skip: (page - 1) * take, take };
}

/** Responses the spec unwraps ('the payload is the result field or the whole body', core §7). */
export function unwrap<T>(body: unknown): T {
  if (body && typeof body === 'object' && !Array.isArray(body) && 'result' in body && Object.keys(body).length === 1) {
    return (body as { result: T }).result;
  }
  return body as T;
}

export interface Page<T = RaRecord> { items: T[]; total: number }

export function asPage(body: unknown): Page {
  const value = unwrap<Partial<Page> | RaRecord[] | null>(body);
  if (Array.isArray(value)) return { items: value, total: value.length };
  const items = value?.items ?? [];
  return { items, total: typeof value?.total === 'number' ? value.total : items.length };
}

/** A record for react-admin after a call that answers nothing useful (true, '', null). */
export function recordOr(result: unknown, fallback: RaRecord): RaRecord {
  return result && typeof result === 'object' && 'id' in result ? (result as RaRecord) : fallback;
}

type GetList = StyleProvider['getList'];

/**
 * getMany and getManyReference for any style, on top of its getList: one list call with the `ids`
 * filter every list endpoint takes, so references resolve also where the API has no get-by-id route.
 */
export function referenceReads(getList: GetList): Pick<StyleProvider, 'getMany' | 'getManyReference'> {
  return {
    getMany: async (resource, params) => {
      if (params.ids.length === 0) return { data: [] };
      const { data } = await getList(resource, {
        pagination: { page: 1, perPage: params.ids.length }, sort: { field: 'id', order: 'ASC' }, filter: { ids: params.ids }, signal: params.signal,
      });
      return { data };
    },
    getManyReference: async (resource, params) =>
      getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),
  };
}
