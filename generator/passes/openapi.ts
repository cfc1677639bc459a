import type { ResourceDef } from '../../model/dsl';
import { jsonFile, type GeneratedFile } from '../emit';
import type { Ir, IrResource, IrRoute } from '../ir';
import { simplify, toJsonSchema } from '../types/json-schema';
import { typedSchemas } from '../types/schema-set';
import { pascalCase } from '../naming';

type Schema = Record<string, unknown>;
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const obj = (properties: Record<string, Schema>, required = Object.keys(properties)): Schema => ({ type: 'object', properties, required });
const ID: Schema = { type: 'string', format: 'uuid' };
const json = (schema: Schema, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
const body = (schema: Schema) => ({ required: true, content: { 'application/json': { schema } } });

/** Request and 200 response of one route, in the shapes of its endpoint style (DESIGN §3, src/server/crud/handlers.ts). */
function shapes(r: IrResource, route: IrRoute): { requestBody?: object; parameters?: object[]; response?: Schema } {
  const t = r.typeName;
  const record = ref(`${t}Record`);
  const result = (s: Schema) => obj({ result: s });
  if (route.style === 'action') {
    const hasBody = Object.keys(r.def.actions[route.action!]!.body ?? {}).length > 0;
    return { requestBody: hasBody ? body(ref(`${t}${pascalCase(route.action!)}Body`)) : undefined };
  }
  const idParam = route.path.includes('{id}') ? [{ $ref: '#/components/parameters/Id' }] : undefined;
  if (route.style === 'view') return { response: { type: 'array', items: record } };
  if (route.style === 'query') {
    switch (route.op!) {
      case 'list': return {
        requestBody: body(obj({ query: { allOf: [ref(`${t}Filters`), ref(`${t}ListParams`)] } })),
        response: result(obj({ items: { type: 'array', items: record }, total: { type: 'integer' }, skip: { type: 'integer' }, take: { type: 'integer' } })),
      };
      case 'get': return route.method === 'GET' ? { parameters: idParam, response: result(record) } : { requestBody: body(obj({ query: obj({ id: ID }) })), response: result(record) };
      case 'create': return { requestBody: body(obj({ dto: ref(`${t}CreateDto`) })), response: result(record) };
      case 'update': return { requestBody: body(obj({ dto: { allOf: [ref(`${t}UpdateDto`), obj({ id: ID })] } })), response: result(record) };
      default: return { requestBody: body(obj({ dto: obj({ id: ID }) })), response: result(record) };
    }
  }
  switch (route.op!) {
    case 'list': return { parameters: listParameters(r.def), response: obj({ items: { type: 'array', items: record }, total: { type: 'integer' }, page: { type: 'integer' }, pageSize: { type: 'integer' } }) };
    case 'get': return { parameters: idParam, response: record };
    case 'create': return { requestBody: body(ref(`${t}CreateDto`)), response: record };
    case 'update': return { parameters: idParam, requestBody: body(ref(`${t}UpdateDto`)), response: record };
    case 'delete': return { parameters: idParam, response: obj({ id: ID }) };
    case 'restore': return { parameters: idParam, response: record };
  }
}

function listParameters(def: ResourceDef): object[] {
  const paging = ['page', 'pageSize'].map((name) => ({ name, in: 'query', schema: { type: 'integer', minimum: 1 } }));
  const sorting = [{ name: 'sort', in: 'query', schema: { type: 'string' } }, { name: 'order', in: 'query', schema: { type: 'string', enum: ['ASC', 'DESC'] } }];
  const filters = Object.entries(def.filters).map(([name, f]) => ({ name, in: 'query', description: f.label.en, schema: { type: f.kind === 'deleted' ? 'boolean' : 'string' } }));
  return [...paging, ...sorting, ...filters];
}

function operation(r: IrResource, route: IrRoute): object {
  const { requestBody, parameters, response } = shapes(r, route);
  const headers = [{ $ref: '#/components/parameters/XHostname' }, ...(route.access.audience === 'public' ? [] : [{ $ref: '#/components/parameters/XCustomerId' }])];
  return {
    operationId: route.operationId,
    summary: route.summary,
    tags: [r.name],
    ...(route.access.audience === 'public' ? { security: [] } : {}),
    'x-access': route.access,
    parameters: [...headers, ...(parameters ?? [])],
    ...(requestBody ? { requestBody } : {}),
    responses: {
      '200': response ? json(response) : { description: 'Answered by the action handler (src/server/actions/)' },
      '4XX': { $ref: '#/components/responses/Error' },
      '5XX': { $ref: '#/components/responses/Error' },
    },
  };
}

/** OpenAPI pass: an OpenAPI 3.1 document of every route, request bodies from the same JSON Schemas as the types. */
export function openapiPass(ir: Ir): GeneratedFile[] {
  const paths: Record<string, Record<string, object>> = {};
  const schemas: Record<string, unknown> = {
    ErrorEnvelope: {
      type: 'object',
      required: ['errorCode', 'message'],
      properties: {
        errorCode: { type: 'string', enum: Object.keys(ir.model.errors) },
        message: { type: 'string' },
        details: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, rule: { type: 'string' } } } },
      },
    },
  };
  for (const r of ir.resources) {
    for (const t of typedSchemas(r)) schemas[t.typeName] = simplify(toJsonSchema(t.schema, t.io));
    for (const route of r.routes) (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(r, route);
  }
  const sortedPaths = Object.fromEntries(Object.keys(paths).sort().map((p) => [p, paths[p]]));
  const doc = {
    openapi: '3.1.0',
    info: { title: 'Procurement shop API', version: '1.0.0', description: 'Paths are relative to the tenant\'s serverUrl (the embedded server serves them under /api).' },
    servers: [{ url: '/api' }],
    security: [{ bearer: [] }],
    tags: ir.resources.map((r) => ({ name: r.name, description: r.def.label.many.en })),
    paths: sortedPaths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      parameters: {
        Id: { name: 'id', in: 'path', required: true, schema: ID },
        XHostname: { name: 'X-Hostname', in: 'header', required: false, description: 'The tenant\'s hostname (defaults to the Host header).', schema: { type: 'string' } },
        XCustomerId: { name: 'X-Customer-Id', in: 'header', required: false, description: 'The customer the user acts for.', schema: ID },
      },
      responses: { Error: json(ref('ErrorEnvelope'), 'Error envelope: show ErrorMessage.{errorCode} translated') },
      schemas,
    },
  };
  return [jsonFile('generated/openapi.gen.json', `${ir.model.modelModule} (RESOURCES: endpoints, actions, fields)`, doc)];
}
