/**
 * The input schemas of every registered /api route, as JSON Schema: the route's own declaration
 * (`routeOptions.schema.{body,querystring,params}`, zod through the type provider) when it has one,
 * else the model's (schemasFor in the endpoint style's wrapper), else a probe.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { RESOURCES, resourceByName, type AccessRule, type HttpMethod, type ResourceDef, type RouteDef } from '../../../model';
import { CONTRACTS } from '../../../src/shared/contracts';
import { schemasFor } from '../../../src/shared/schema-builder';

export type Json = Record<string, any>;

export interface HarnessRoute {
  name: string;
  method: HttpMethod;
  /** With {param} placeholders, relative to /api. */
  path: string;
  access: AccessRule;
  resource?: ResourceDef;
  /** The model's CRUD route, when the route is one. */
  crud?: { style: string; route: RouteDef };
  /** The model's action key, when the route is one. */
  action?: string;
  body?: Json;
  querystring?: Json;
  /** Where the schemas came from: the route's declaration, the model or a probe. */
  source: 'declared' | 'model' | 'probe';
}

const toJson = (schema: unknown): Json | undefined => {
  if (!schema || typeof schema !== 'object') return undefined;
  if (schema instanceof z.ZodType) return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return schema as Json; // already JSON Schema
};

const jsonOf = (schema: z.ZodType) => toJson(schema)!;
const obj = (properties: Json): Json => ({ type: 'object', properties });

/** The body / querystring the model's generic handler reads for a CRUD route of this style. */
function crudShape(resource: ResourceDef, style: string, route: RouteDef): Pick<HarnessRoute, 'body' | 'querystring'> {
  const s = schemasFor(resource);
  const listAndFilters = jsonOf(s.list.extend(s.filters.shape));
  const id = { type: 'string', format: 'uuid' };
  if (style === 'query') {
    switch (route.op) {
      case 'list': return { body: obj({ query: listAndFilters }) };
      case 'get': return route.method === 'GET' ? {} : { body: obj({ query: obj({ id }) }) };
      case 'create': return { body: obj({ dto: jsonOf(s.create) }) };
      case 'update': { const dto = jsonOf(s.update); return { body: obj({ dto: { ...dto, properties: { id, ...dto.properties } } }) }; }
      default: return { body: obj({ dto: obj({ id }) }) };
    }
  }
  switch (route.op) {
    case 'list': return { querystring: listAndFilters };
    case 'create': return { body: jsonOf(s.create) };
    case 'update': return { body: jsonOf(s.update) };
    default: return {};
  }
}

/** For routes that declare nothing and that the model does not describe: the usual wrappers with the usual keys. */
function probe(resource: ResourceDef | undefined, method: HttpMethod, path: string): Pick<HarnessRoute, 'body' | 'querystring'> {
  if (path.startsWith('/search/1/')) {
    // Algolia's bodies: one query ({query, params}) or several ({requests:[…]}), and records to write.
    const str = { type: 'string' };
    const one = obj({ indexName: str, query: str, params: str, filters: str, facetQuery: str, objectID: str, name: str });
    return { body: { ...one, properties: { ...one.properties, requests: { type: 'array', minItems: 1, items: one } } }, querystring: obj({ query: str }) };
  }
  const generic = obj({ search: { type: 'string' }, name: { type: 'string' }, id: { type: 'string', format: 'uuid' }, skip: { type: 'integer' }, take: { type: 'integer' } });
  const list = resource ? jsonOf(schemasFor(resource).list.extend(schemasFor(resource).filters.shape)) : generic;
  const dto = resource ? jsonOf(schemasFor(resource).create) : generic;
  const querystring = obj({ search: { type: 'string' }, q: { type: 'string' }, page: { type: 'integer' }, pageSize: { type: 'integer' }, ...list.properties });
  if (method === 'GET' || method === 'DELETE') return { querystring };
  return { body: obj({ query: list, dto, dtos: { type: 'array', minItems: 1, items: dto }, ...generic.properties }), querystring };
}

const fastifyPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** A plugin for startTestApp collecting every /api route with its declared schemas, matched to the model. */
export function harnessCollector(into: HarnessRoute[]) {
  const crud = new Map<string, { resource: ResourceDef; style: string; route: RouteDef }>();
  const actions = new Map<string, { resource: ResourceDef | undefined; action: string }>();
  for (const r of RESOURCES) {
    for (const set of Object.values(r.endpoints)) for (const route of set.routes) crud.set(`${route.method} ${route.path}`, { resource: r, style: set.style, route });
  }
  for (const cs of Object.values(CONTRACTS)) for (const c of Object.values(cs)) actions.set(`${c.method} ${c.path}`, { resource: 'area' in c && c.area ? undefined : resourceByName(c.resource), action: c.name });
  return (app: FastifyInstance) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = ([] as string[]).concat(route.method);
      if (!route.url.startsWith('/api/') || methods.includes('HEAD')) return;
      const access = (route.config as { access?: AccessRule } | undefined)?.access ?? { audience: 'authenticated' as const };
      const path = fastifyPath(route.url.slice('/api'.length));
      for (const m of methods) {
        const method = m as HttpMethod;
        const key = `${method} ${path}`;
        const c = crud.get(key), a = actions.get(key);
        const declared = route.schema as { body?: unknown; querystring?: unknown } | undefined;
        const base: HarnessRoute = { name: key, method, path, access, resource: c?.resource ?? a?.resource, source: 'probe' };
        if (c) base.crud = { style: c.style, route: c.route };
        if (a) base.action = a.action;
        if (declared?.body || declared?.querystring) {
          into.push({ ...base, body: toJson(declared.body), querystring: toJson(declared.querystring), source: 'declared' });
        } else if (c) {
          into.push({ ...base, ...crudShape(c.resource, c.style, c.route), source: 'model' });
        } else {
          into.push({ ...base, ...probe(base.resource, method, path) });
        }
      }
    });
  };
}
