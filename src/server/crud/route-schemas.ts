import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { resourceByName, type EndpointSet, type ResourceDef, type RouteDef } from '../../../model';
import { paramsSchema, type ActionContract } from '../../shared/contracts/define';
import { schemas } from './service';

/**
 * An id as a request names it: any text. One that is not a uuid names no row, so the handler
 * answers the resource's 404 for it, not a 400.
 */
const anyId = z.string();
const idParams = z.object({ id: anyId });
const idDto = z.object({ id: anyId });

/** Filters with paging and sorting: the {query} of a query-style list, the query string of a REST list. */
const listInput = (resource: ResourceDef) => z.intersection(schemas(resource).filters, schemas(resource).list);

/** A single record as a get answers it: with its children (ResourceDef.children), each a list of the child's records. */
const oneRecord = (resource: ResourceDef) => (resource.children
  ? schemas(resource).record.extend(Object.fromEntries(Object.entries(resource.children).map(([key, c]) => [key, z.array(schemas(resourceByName(c.resource)).record)])))
  : schemas(resource).record);

function queryStyle(resource: ResourceDef, route: RouteDef): FastifySchema {
  const s = schemas(resource);
  const result = (schema: z.ZodType) => ({ 200: z.object({ result: schema }) });
  switch (route.op) {
    case 'list': return {
      // {query} may be left out (every filter and paging value has a default).
      body: z.object({ query: listInput(resource).prefault({}) }).prefault({}),
      response: result(z.object({ items: z.array(s.record), total: z.number().int(), skip: z.number().int(), take: z.number().int() })),
    };
    case 'get': return route.method === 'GET'
      ? { params: idParams, response: result(oneRecord(resource)) }
      : { body: z.object({ query: idDto }), response: result(oneRecord(resource)) };
    case 'create': return { body: z.object({ dto: s.create }), response: result(s.record) };
    case 'update': return { body: z.object({ dto: z.intersection(idDto, s.update) }), response: result(s.record) };
    case 'delete': case 'restore': return { body: z.object({ dto: idDto }), response: result(s.record) };
  }
}

function restStyle(resource: ResourceDef, route: RouteDef): FastifySchema {
  const s = schemas(resource);
  switch (route.op) {
    case 'list': return {
      querystring: listInput(resource),
      response: { 200: z.object({ items: z.array(s.record), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }) },
    };
    case 'get': return { params: idParams, response: { 200: oneRecord(resource) } };
    case 'restore': return { params: idParams, response: { 200: s.record } };
    case 'create': return { body: s.create, response: { 200: s.record } };
    case 'update': return { params: idParams, body: s.update, response: { 200: s.record } };
    case 'delete': return { params: idParams, response: { 200: z.object({ id: z.uuid() }) } };
  }
}

const OP_SUMMARY = { list: 'List', get: 'Get one', create: 'Create', update: 'Update', delete: 'Delete', restore: 'Restore' } as const;

/** The schemas one model route declares to Fastify, in the shapes of its endpoint style (DESIGN §3). */
export function crudRouteSchema(resource: ResourceDef, setName: string, set: EndpointSet, route: RouteDef): FastifySchema {
  const schema = set.style === 'query' ? queryStyle(resource, route)
    : set.style === 'view' ? { response: { 200: z.array(schemas(resource).record) } }
    : restStyle(resource, route);
  const summary = `${OP_SUMMARY[route.op]} ${resource.label.many.en.toLowerCase()} (${set.style}${set.style === 'view' ? '' : ` ${setName}`})`;
  return { summary, operationId: camelCase(`${resource.name}-${setName}-${route.op}`), tags: [resource.name], ...schema };
}

const camelCase = (s: string) => s.replace(/[-_\s]+(\w)/g, (_, c: string) => c.toUpperCase());

/** The body property a query-style route's payload sits in: error details name fields without it. */
export function detailsRootOf(set: EndpointSet, route: RouteDef): string | undefined {
  if (set.style !== 'query') return undefined;
  return route.op === 'list' || route.op === 'get' ? 'query' : 'dto';
}

/**
 * The schemas a contract declares, as Fastify takes them (its access and error codes go into the
 * route's config, and from there into the OpenAPI document: src/server/plugins/openapi.ts).
 */
export function contractRouteSchema(c: ActionContract): FastifySchema {
  const params = paramsSchema(c);
  return {
    summary: c.summary,
    operationId: camelCase(`${c.resource}-${c.name}`),
    tags: [c.resource],
    ...(c.access.audience === 'public' ? { security: [] } : {}),
    ...(params ? { params } : {}),
    ...(c.query ? { querystring: c.query } : {}),
    ...(c.body ? { body: c.body } : {}),
    // The parts are read by the handler as they stream in: the schema documents them and lets a request without a parsed body through.
    ...(c.multipart ? { consumes: ['multipart/form-data'], body: c.multipart.nullish() } : {}),
    response: { 200: c.response },
  };
}
