import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, FastifySchema, HTTPMethods, preValidationAsyncHookHandler, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { RESOURCES, type AccessRule, type ResourceDef } from '../../../model';
import { IMPLEMENTATIONS } from '../actions';
import type { Implementation, Services } from '../actions/define';
import { CONTRACTS } from '../../shared/contracts';
import type { ActionContract } from '../../shared/contracts/define';
import { resourceByName, type ErrorCode } from '../../../model';
import { crudHandler, type Handler } from './handlers';
import { unknownKeys } from './validate';
import { contractRouteSchema, crudRouteSchema, detailsRootOf } from './route-schemas';
import { onlyOwnFor, type Owner } from './scope';
import { refuseUnknown } from './validate';
import type { DB } from '../../../generated/db/database.gen';

/** '/v2/suppliers/{id}' → '/v2/suppliers/:id' */
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** Routes of platform admins see a customerOrPlatform resource's platform rows; all others the customer's. */
const sideOf = (rule: AccessRule): Owner['side'] => (rule.audience === 'platformAdmin' || rule.audience === 'superAdmin' ? 'platform' : 'customer');

function ownerFor(resource: ResourceDef, side: Owner['side']) {
  const needsCustomer = resource.scope === 'customer' || ((resource.scope === 'customerOrPlatform' || resource.customerRows !== undefined) && side === 'customer');
  return (request: FastifyRequest): Owner => {
    const auth = request.auth;
    if (needsCustomer && auth?.customerProblem) throw auth.customerProblem;
    // The default contracts customer is no chosen one: such a resource then has none (noActiveCustomer).
    const customerId = resource.needsChosenCustomer && auth?.customerDefaulted ? null : auth?.customerId ?? null;
    return { tenantId: request.tenant.id, customerId, side, onlyOwn: onlyOwnFor(resource, side, auth) };
  };
}

/**
 * A write refuses keys that name no field instead of dropping them (the body schema would strip them
 * silently), so a client never believes it stored what it did not. Runs on the raw body, before the
 * route's schema parses it.
 */
function refuseUnknownFields(resource: ResourceDef, inDto: boolean): preValidationAsyncHookHandler {
  return async (request) => {
    const body: unknown = request.body;
    const dto = body && typeof body === 'object' && 'dto' in body ? body.dto : undefined;
    refuseUnknown(unknownKeys(resource.fields, inDto ? dto : body));
  };
}

/** The contracts to serve and their handlers: CONTRACTS and IMPLEMENTATIONS (a test may give others). */
export interface ContractSets {
  readonly contracts: Readonly<Record<string, Readonly<Record<string, ActionContract>>>>;
  readonly implementations: readonly Implementation[];
}

/**
 * Registers every route and custom action the model declares (RESOURCES, read at runtime: one
 * source of truth) and every call of an area (callsOf). Paths are relative to the API prefix.
 * Two declarations of one route fail at startup, as does a contract without its handler.
 */
export function registerModelRoutes(app: FastifyInstance, db: Kysely<DB>, services: Services, sets: ContractSets = { contracts: CONTRACTS, implementations: IMPLEMENTATIONS }): void {
  const taken = new Map<string, string>();
  /** The routes of calls that take a multipart request (contract.multipart), registered apart below. */
  const streamed: RouteOptions[] = [];
  const add = (method: string, path: string, owner: string, rule: AccessRule, schema: FastifySchema, handler: Handler, detailsRoot?: string, preValidation?: preValidationAsyncHookHandler, errors?: readonly ErrorCode[], readsMultipart = false) => {
    const key = `${method} ${fastifyPath(path)}`;
    if (taken.has(key)) throw new Error(`${key} is declared by both ${taken.get(key)} and ${owner}`);
    taken.set(key, owner);
    const route: RouteOptions = { method: method as HTTPMethods, url: fastifyPath(path), config: { access: rule, detailsRoot, errors }, schema, handler: handler as RouteOptions['handler'], ...(preValidation ? { preValidation } : {}) };
    if (readsMultipart) streamed.push(route);
    else app.route(route);
  };
  for (const resource of RESOURCES) {
    for (const [setName, set] of Object.entries(resource.endpoints)) {
      for (const route of set.routes) {
        const handler = crudHandler(db, resource, set, route, ownerFor(resource, sideOf(route.access)));
        const schema = crudRouteSchema(resource, setName, set, route);
        const refuse = route.op === 'create' || route.op === 'update' ? refuseUnknownFields(resource, set.style === 'query') : undefined;
        add(route.method, route.path, `${resource.name}.${setName}.${route.op}`, route.access, schema, handler, detailsRootOf(set, route), refuse);
      }
    }
  }
  const implemented = new Set<object>();
  const listed = new Set<object>(Object.values(sets.contracts));
  for (const { contracts, handlers } of sets.implementations) {
    // A contract set missing from CONTRACTS would be served but have no call in the app's generated client.
    if (!listed.has(contracts)) throw new Error(`contracts of ${Object.values(contracts)[0]?.resource ?? '?'} are implemented but not listed in src/shared/contracts/index.ts`);
    for (const [name, contract] of Object.entries(contracts)) {
      const resource = contract.area ? undefined : resourceByName(contract.resource);
      const owner: (request: FastifyRequest) => Owner | undefined = resource ? ownerFor(resource, sideOf(contract.access)) : () => undefined;
      const impl = handlers[name]!;
      implemented.add(contract);
      // The route's schemas (contractRouteSchema) validated params, query and body into what the contract's types say.
      const handler: Handler = (request, reply) => impl({
        db, request, reply, services, owner: owner(request), body: request.body, query: request.query ?? {}, params: request.params ?? {},
      });
      const refuse = contract.fieldsIn === 'dto' && resource ? refuseUnknownFields(resource, true) : undefined;
      add(contract.method, contract.path, `${contract.resource}.${name}`, contract.access, contractRouteSchema(contract), handler, undefined, refuse, contract.errors ?? [], !!contract.multipart);
    }
  }
  // Multipart requests are read (as streams, by their handlers) only by the calls that take one: in
  // a scope of their own, so every other route keeps refusing them (415).
  if (streamed.length) {
    void app.register(async (scope) => {
      await scope.register(multipart, { throwFileSizeLimit: true });
      for (const route of streamed) scope.route(route);
    });
  }
  // A contract without its handler would be a route that does not exist: refuse to start.
  for (const [resource, contracts] of Object.entries(sets.contracts)) {
    for (const [name, contract] of Object.entries(contracts)) {
      if (!implemented.has(contract)) throw new Error(`contract ${resource}.${name} has no handler bound by implement() in src/server/actions/`);
    }
  }
}
