import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { EndpointSet, ResourceDef, RouteDef } from '../../../model';
import { listRows, viewRows } from './list';
import { toRecord } from '../db/records';
import type { Owner } from './scope';
import { createRecord, deleteRecord, getRecord, restoreRecord, updateRecord } from './service';
import type { DB } from '../../../generated/db/database.gen';

type Values = Record<string, unknown>;
/** Filters with paging and sorting, as the route's schema (route-schemas.ts listInput) parsed them. */
type ListInput = Values & { skip: number; take: number; page: number; pageSize: number; sort?: string; order?: 'ASC' | 'DESC' };

/**
 * A model route's request as its schemas (route-schemas.ts crudRouteSchema) produced it before the
 * handler runs: an {id} path, a list's filters and paging in the query string (REST) or in {query}
 * (query style), a record's values as the body (REST) or in {dto} (query style).
 */
export interface CrudRoute {
  Params: { id: string };
  Querystring: ListInput;
  Body: Values & { query: ListInput & { id: string }; dto: Values & { id: string } };
}
type CrudRequest = FastifyRequest<CrudRoute>;
export type Handler = (request: CrudRequest, reply: FastifyReply) => Promise<unknown>;
type OwnerOf = (request: FastifyRequest) => Owner;

const params = (request: CrudRequest) => request.params;
const body = (request: CrudRequest) => request.body;
const dto = (request: CrudRequest) => request.body.dto;

/** One page of a list: query style pages by skip/take, the REST styles by page/pageSize. */
async function list(db: Kysely<DB>, resource: ResourceDef, owner: Owner, p: ListInput, paging: 'skip' | 'page') {
  const offset = paging === 'skip' ? p.skip : (p.page - 1) * p.pageSize;
  const limit = paging === 'skip' ? p.take : p.pageSize;
  const { rows, total } = await listRows(db, resource, owner, { filters: p, sort: p.sort, order: p.order, offset, limit });
  return { items: rows.map((r) => toRecord(resource, r)), total, offset, paging: p };
}

/** Query style (DESIGN §3): POST {base}/query|id|create|update|delete|restore and GET {base}/{id}; answers {result}. */
function queryStyle(db: Kysely<DB>, resource: ResourceDef, route: RouteDef, ownerOf: OwnerOf): Handler {
  const wrap = (fn: (request: CrudRequest) => Promise<unknown>): Handler => async (request) => ({ result: await fn(request) });
  switch (route.op) {
    case 'list': return wrap(async (rq) => {
      const { items, total, paging } = await list(db, resource, ownerOf(rq), body(rq).query, 'skip');
      return { items, total, skip: paging.skip, take: paging.take };
    });
    case 'get': return route.method === 'GET'
      ? wrap((rq) => getRecord(db, resource, ownerOf(rq), params(rq).id))
      : wrap((rq) => getRecord(db, resource, ownerOf(rq), body(rq).query.id));
    case 'create': return wrap((rq) => createRecord(db, resource, ownerOf(rq), dto(rq)));
    case 'update': return wrap((rq) => updateRecord(db, resource, ownerOf(rq), dto(rq).id, dto(rq)));
    case 'delete': return wrap((rq) => deleteRecord(db, resource, ownerOf(rq), dto(rq).id));
    case 'restore': return wrap((rq) => restoreRecord(db, resource, ownerOf(rq), dto(rq).id));
  }
}

/** REST and REST v2: lists are {items,total,page,pageSize}; single records are bare; DELETE answers {id}. */
function restStyle(db: Kysely<DB>, resource: ResourceDef, route: RouteDef, ownerOf: OwnerOf): Handler {
  switch (route.op) {
    case 'list': return async (rq, reply) => {
      const { items, total, offset, paging } = await list(db, resource, ownerOf(rq), rq.query, 'page');
      // ra-data-simple-rest reads the total from Content-Range (STACK.md).
      const range = items.length ? `${offset}-${offset + items.length - 1}` : '*';
      reply.header('Content-Range', `${resource.name} ${range}/${total}`);
      return { items, total, page: paging.page, pageSize: paging.pageSize };
    };
    case 'get': return (rq) => getRecord(db, resource, ownerOf(rq), params(rq).id);
    case 'create': return (rq) => createRecord(db, resource, ownerOf(rq), body(rq));
    case 'update': return (rq) => updateRecord(db, resource, ownerOf(rq), params(rq).id, body(rq));
    case 'delete': return async (rq) => ({ id: (await deleteRecord(db, resource, ownerOf(rq), params(rq).id)).id });
    case 'restore': return (rq) => restoreRecord(db, resource, ownerOf(rq), params(rq).id);
  }
}

/** The handler of one model route; its input was validated by the route's schema (route-schemas.ts). */
export function crudHandler(db: Kysely<DB>, resource: ResourceDef, set: EndpointSet, route: RouteDef, ownerOf: OwnerOf): Handler {
  if (route.op === 'restore' && !resource.softDelete) throw new Error(`${resource.name}: restore needs softDelete`);
  switch (set.style) {
    case 'query': return queryStyle(db, resource, route, ownerOf);
    case 'rest': case 'restV2': return restStyle(db, resource, route, ownerOf);
    case 'view': {
      if (!set.view) throw new Error(`${resource.name}: view ${set.base} has no definition`);
      const view = set.view;
      return async (rq) => (await viewRows(db, resource, ownerOf(rq), view)).map((r) => toRecord(resource, r));
    }
  }
}
