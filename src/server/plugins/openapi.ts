import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, type AccessRule } from '../../../model';
import { ERRORS, type ErrorCode } from '../../../model/catalogue/errors';

/** The error envelope every failing call answers (DESIGN §3). */
export const errorEnvelopeSchema = z.object({
  errorCode: z.enum(Object.keys(ERRORS) as [string, ...string[]]),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), rule: z.string(), message: z.string().optional(), params: z.record(z.string(), z.unknown()).optional() })).optional(),
}).meta({ id: 'ErrorEnvelope', description: 'Error envelope: show ErrorMessage.{errorCode} translated' });

/** The OpenAPI document's description of the API's routes; everything else is derived from each route's schema. */
const DOCUMENT = {
  openapi: '3.1.0',
  info: {
    title: 'Procurement shop API',
    version: '1.0.0',
    description: 'Every call the server answers under /api, from the schemas its routes declare.',
    license: { name: 'Proprietary', url: 'https://example.invalid/license' },
  },
  servers: [{ url: '/' }],
  security: [{ bearer: [] }],
  components: {
    securitySchemes: {
      bearer: { type: 'http' as const, scheme: 'bearer', bearerFormat: 'JWT' },
      algoliaKey: { type: 'apiKey' as const, in: 'header' as const, name: 'X-Algolia-API-Key' },
    },
  },
};

/**
 * Validation and serialization through zod (fastify-type-provider-zod) and the OpenAPI document
 * (@fastify/swagger) built from the same route schemas. Must run before any route is registered:
 * swagger collects routes in an onRoute hook.
 */
export async function installOpenapi(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // transformObject adds the schemas named with .meta({ id }) as components: a recursive one (Category) needs one to refer to.
  await app.register(swagger, { openapi: DOCUMENT, transform: jsonSchemaTransform, transformObject: jsonSchemaTransformObject });
  // What the schemas cannot carry: who may call each route and the error codes it may answer.
  const facts = new Map<string, RouteFacts>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) facts.set(`${method.toLowerCase()} ${route.url.replace(/:(\w+)/g, '{$1}')}`, { access: route.config?.access, errors: route.config?.errors });
  });
  app.decorate('routeFacts', facts);
}

interface RouteFacts { access?: AccessRule; errors?: readonly ErrorCode[] }
type Operation = { description?: string; responses?: Record<string, unknown>; [extension: `x-${string}`]: unknown };

/**
 * Each operation says who may call it (`x-access`: audience, permission area, letters, feature)
 * and answers, beside its 200, the error envelope under each status of its declared error codes
 * (`x-error-codes` lists them by name).
 */
function withAccessAndErrors(doc: { paths?: Record<string, Record<string, Operation>> }, facts: ReadonlyMap<string, RouteFacts>) {
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(operations)) {
      const fact = facts.get(`${method} ${path}`);
      if (!fact) continue;
      op['x-access'] = fact.access ?? { audience: 'authenticated' };
      if (!fact.errors?.length) continue;
      op['x-error-codes'] = fact.errors;
      const byStatus = new Map<number, ErrorCode[]>();
      for (const code of fact.errors) byStatus.set(ERRORS[code].status, [...(byStatus.get(ERRORS[code].status) ?? []), code]);
      for (const [status, codes] of byStatus) {
        op.responses = { ...op.responses, [status]: { description: codes.join(', '), content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } } };
      }
    }
  }
  return doc;
}

/** GET /openapi.json (under the API prefix as well): the document of every route, public. */
export function registerOpenapiRoute(app: FastifyInstance): void {
  app.get('/openapi.json', {
    config: { access: access.public() },
    schema: { summary: 'This OpenAPI document.', tags: ['meta'], security: [], response: { 200: z.looseObject({ openapi: z.string() }) } },
  }, async () => withAccessAndErrors(app.swagger() as never, app.routeFacts));
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body property a route's payload sits in ({dto} or {query} of the query style): error
     * details name fields without it, as the handlers reported them before routes declared schemas.
     */
    detailsRoot?: string;
    /** The catalogue's error codes the route may answer (its contract's), for the OpenAPI document. */
    errors?: readonly ErrorCode[];
  }
  interface FastifyInstance {
    routeFacts: ReadonlyMap<string, RouteFacts>;
  }
}
