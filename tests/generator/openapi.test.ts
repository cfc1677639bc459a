import { describe, expect, it } from 'vitest';
import { buildIr } from '../../generator/ir';
import { openapiPass } from '../../generator/passes/openapi';
import { fixtureModel } from './fixtures/model';

const ir = buildIr(fixtureModel());
const doc = JSON.parse(openapiPass(ir)[0]!.content);

function refs(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refs);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (k === '$ref' && typeof v === 'string' ? [v] : refs(v)));
}

describe('OpenAPI document', () => {
  it('has an operation for every route, with its access rule', () => {
    for (const route of ir.resources.flatMap((r) => r.routes)) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op.operationId).toBe(route.operationId);
      expect(op['x-access']).toEqual(route.access);
    }
  });

  it('resolves every $ref', () => {
    for (const ref of refs(doc)) {
      const target = ref.replace(/^#\//, '').split('/').reduce((node: Record<string, unknown> | undefined, key) => node?.[key] as never, doc);
      expect(target, ref).toBeDefined();
    }
  });

  it('wraps query-style bodies in {query}/{dto} and answers {result}', () => {
    const create = doc.paths['/admin/gadgets/create'].post;
    expect(create.requestBody.content['application/json'].schema.properties.dto).toEqual({ $ref: '#/components/schemas/GadgetCreateDto' });
    expect(create.responses['200'].content['application/json'].schema.properties.result).toEqual({ $ref: '#/components/schemas/GadgetRecord' });
    const restList = doc.paths['/v2/makers'].get;
    expect(restList.parameters.map((p: { name?: string; $ref?: string }) => p.name ?? p.$ref)).toContain('search');
  });

  it('describes errors with the envelope and every error code', () => {
    expect(doc.components.schemas.ErrorEnvelope.properties.errorCode.enum).toContain('invalidEndDate');
    expect(doc.paths['/bins/{id}'].delete.responses['4XX']).toEqual({ $ref: '#/components/responses/Error' });
  });
});
