import { withLetters, type AccessRule } from './access';
import type { Letter } from '../catalogue/permissions';

/** The three endpoint styles of the spec (DESIGN §3), plus read-only views. */
export type EndpointStyle = 'query' | 'restV2' | 'rest' | 'view';

/** Generic operations the server implements once for every resource. */
export type CrudOp = 'list' | 'get' | 'create' | 'update' | 'delete' | 'restore';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  readonly op: CrudOp;
  readonly method: HttpMethod;
  /** Relative to the tenant's serverUrl (the embedded server mounts it under /api). */
  readonly path: string;
  readonly access: AccessRule;
}

/** A view: a fixed filter, a fixed sort and a bare array as the response (e.g. GET /offers/active). */
export interface ViewDef {
  readonly where?: Readonly<Record<string, unknown>>;
  /** Only rows whose date range (from, to fields) contains today. */
  readonly activeBetween?: readonly [string, string];
  readonly sort: { readonly field: string; readonly order: 'ASC' | 'DESC' };
}

export interface EndpointSet {
  readonly style: EndpointStyle;
  readonly base: string;
  readonly routes: readonly RouteDef[];
  readonly view?: ViewDef;
}

const LETTER: Record<CrudOp, Letter> = { list: 'R', get: 'R', create: 'C', update: 'W', delete: 'D', restore: 'D' };

function route(op: CrudOp, method: HttpMethod, path: string, rule: AccessRule): RouteDef {
  return { op, method, path, access: withLetters(rule, [LETTER[op]]) };
}

type QueryOp = 'query' | 'id' | 'getById' | 'create' | 'update' | 'delete' | 'restore';

/**
 * Query style: POST {base}/query {query}, POST {base}/id {query:{id}}, POST {base}/create {dto},
 * /update {dto}, /delete {dto}, /restore {dto}; 'getById' is GET {base}/{id}. Responses are {result}.
 */
function query(base: string, ops: readonly QueryOp[], rule: AccessRule): EndpointSet {
  const routes = ops.map((op): RouteDef => {
    switch (op) {
      case 'query': return route('list', 'POST', `${base}/query`, rule);
      case 'id': return route('get', 'POST', `${base}/id`, rule);
      case 'getById': return route('get', 'GET', `${base}/{id}`, rule);
      default: return route(op, 'POST', `${base}/${op}`, rule);
    }
  });
  return { style: 'query', base, routes };
}

type RestOp = 'list' | 'get' | 'create' | 'update' | 'delete';

/** REST v2: GET {base}?page&pageSize&filters, GET {base}/{id}, POST {base}, PUT {base}/{id}, DELETE {base}/{id}. */
function restV2(base: string, ops: readonly RestOp[], rule: AccessRule): EndpointSet {
  return { style: 'restV2', base, routes: restRoutes(base, ops, rule) };
}

/** Plain REST: GET {base}?page&pageSize, GET {base}/{id}, POST {base}, PUT {base}/{id}, DELETE {base}/{id}. */
function rest(base: string, ops: readonly RestOp[], rule: AccessRule): EndpointSet {
  return { style: 'rest', base, routes: restRoutes(base, ops, rule) };
}

function restRoutes(base: string, ops: readonly RestOp[], rule: AccessRule): RouteDef[] {
  const method: Record<RestOp, HttpMethod> = { list: 'GET', get: 'GET', create: 'POST', update: 'PUT', delete: 'DELETE' };
  return ops.map((op) => route(op, method[op], op === 'list' || op === 'create' ? base : `${base}/{id}`, rule));
}

/** A read-only list answered as a bare array: GET {path}. */
function view(path: string, def: ViewDef, rule: AccessRule): EndpointSet {
  return { style: 'view', base: path, routes: [route('list', 'GET', path, rule)], view: def };
}

export const endpoints = { query, restV2, rest, view };

/**
 * Whether platform admins list these endpoint sets' rows (a list route of theirs): on a customer
 * resource that list reads across the tenant's customers (src/server/crud/scope.ts readable), and
 * the generator gives it a tenant-wide sort index.
 */
export function listedByPlatformAdmins(sets: Readonly<Record<string, EndpointSet>>): boolean {
  return Object.values(sets).some((set) => set.routes.some((route) => route.op === 'list' && route.access.audience === 'platformAdmin'));
}
