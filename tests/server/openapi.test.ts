/**
 * The OpenAPI document the server answers is built from the routes' own schemas: valid under
 * swagger-parser and redocly's recommended rules, and every /api route registered is in it with its
 * response schema and, where it takes a body, its body schema.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routeCollector, type SweepRoute } from './helpers/routes';
import { startTestApp, type TestApp } from './helpers/test-app';
import { fails, ok } from './helpers/expect';

const registered: SweepRoute[] = [];
let t: TestApp;
let doc: OpenAPIV3_1.Document;
beforeAll(async () => {
  t = await startTestApp({ plugins: [routeCollector(registered)] });
  const res = await t.call('GET', '/api/openapi.json');
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => { await t?.close(); });

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
const isEmpty = (schema: unknown) => !!schema && typeof schema === 'object' && Object.keys(schema).length === 0;
type Operation = OpenAPIV3_1.OperationObject;
const operationOf = (r: SweepRoute): Operation | undefined =>
  (doc.paths?.[`/api${r.path}`] as Record<string, Operation> | undefined)?.[r.method.toLowerCase()];
const jsonSchemaOf = (content: Record<string, { schema?: unknown }> | undefined) => content?.['application/json']?.schema ?? Object.values(content ?? {})[0]?.schema;

describe('OpenAPI document (GET /api/openapi.json)', () => {
  test('swagger-parser validates it', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  test("redocly's recommended rules find no error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  test('every /api route registered is in it, with a response schema and, where it takes one, a body schema', () => {
    expect(registered.length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const r of registered) {
      const op = operationOf(r);
      if (!op) { missing.push(`${r.name}: not in the document`); continue; }
      const ok = op.responses?.['200'] as OpenAPIV3_1.ResponseObject | undefined;
      const answer = jsonSchemaOf(ok?.content);
      // An empty schema ({}) is any JSON: the answer would leave unfiltered, so every route names its keys.
      if (!answer || isEmpty(answer)) missing.push(`${r.name}: no response schema`);
      const body = op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
      if (METHODS_WITH_BODY.has(r.method) && !jsonSchemaOf(body?.content)) missing.push(`${r.name}: no body schema`);
    }
    expect(missing).toEqual([]);
  });

  test('every operation says who may call it, as the server checks it (x-access)', () => {
    const unsaid = registered.filter((r) => (operationOf(r) as Record<string, unknown> | undefined)?.['x-access'] === undefined).map((r) => r.name);
    expect(unsaid).toEqual([]);
    const rate = operationOf({ name: '', method: 'POST', path: '/v2/orders/{id}/ratings', access: { audience: 'authenticated' } }) as Record<string, unknown>;
    expect(rate['x-access']).toEqual({ audience: 'customer', area: 'orders', letters: ['R'] });
    expect(operationOf({ name: '', method: 'GET', path: '/v2/suppliers', access: { audience: 'authenticated' } })).toMatchObject({ 'x-access': { audience: 'customer', area: 'suppliers', letters: ['R'] } });
  });

  test("a contract's error codes are answered by status with the error envelope", () => {
    const rate = operationOf({ name: '', method: 'POST', path: '/v2/orders/{id}/ratings', access: { audience: 'authenticated' } }) as OpenAPIV3_1.OperationObject & Record<string, unknown>;
    expect(rate['x-error-codes']).toEqual(['OrderNotFound', 'OrderAlreadyRated', 'OrderNotRatable']);
    expect(rate.responses?.['409']).toMatchObject({ description: 'OrderAlreadyRated, OrderNotRatable', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } });
    expect(rate.responses?.['404']).toMatchObject({ description: 'OrderNotFound' });
    expect(doc.components?.schemas?.ErrorEnvelope).toBeDefined();
  });

  test('a route declares the shapes it answers: a REST v2 list names its items and paging', () => {
    const list = operationOf({ name: '', method: 'GET', path: '/v2/suppliers', access: { audience: 'authenticated' } });
    const schema = jsonSchemaOf((list?.responses?.['200'] as OpenAPIV3_1.ResponseObject).content) as OpenAPIV3_1.SchemaObject;
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual(['items', 'page', 'pageSize', 'total']);
    expect(list?.parameters?.map((p) => (p as OpenAPIV3_1.ParameterObject).name)).toEqual(expect.arrayContaining(['page', 'pageSize', 'search', 'active']));
  });

  test('an answer is serialized from its response schema: a stored key the model does not declare is not sent', async () => {
    const [customerId] = await t.customerIds();
    const headers = { as: 'manager@demo.test', customerId };
    const made = ok(await t.call('POST', '/api/v2/suppliers', { ...headers, body: { name: 'Leaky', address: { street: 'Kerkstraat', city: 'Gent' } } }));
    // Written past the API (as an old migration or a hand fix could): a nested key and a column-less extra.
    await t.db.updateTable('suppliers').set({ address: JSON.stringify({ street: 'Kerkstraat', city: 'Gent', internalNote: 'secret' }) }).where('id', '=', made.id).execute();
    const read = ok(await t.call('GET', `/api/v2/suppliers/${made.id}`, headers));
    expect(read.address).toMatchObject({ street: 'Kerkstraat', city: 'Gent' });
    expect(JSON.stringify(read)).not.toContain('secret');
  });

  test("a custom action's answer is serialized from its declared schema too: stored keys it does not declare are not sent", async () => {
    const [customerId] = await t.customerIds();
    const headers = { as: 'manager@demo.test', customerId };
    const tenantId = await t.tenantId();
    const userId = await t.userId('manager@demo.test');
    // Written past the API: a nested key in an address and in the basket's shipping details.
    const [address] = ok(await t.call('POST', '/api/customeraddressbook/bycustomerid', { ...headers, body: { query: {} } })).result as { id: string; address: object }[];
    await t.db.updateTable('customerAddresses').set({ address: JSON.stringify({ ...address!.address, internalNote: 'secret' }) }).where('id', '=', address!.id).execute();
    await t.db.deleteFrom('transporters').where('tenantId', '=', tenantId).where('customerId', '=', customerId).where('userId', '=', userId).execute();
    await t.db.insertInto('transporters').values({
      tenantId, customerId, userId, lines: JSON.stringify([]), shippingDetails: JSON.stringify({ addressId: address!.id, remark: 'Achterdeur', internalNote: 'secret' }),
    }).execute();
    const book = ok(await t.call('POST', '/api/customeraddressbook/bycustomerid', { ...headers, body: { query: {} } }));
    expect(book.result.find((a: { id: string }) => a.id === address!.id).address).toMatchObject({ street: expect.any(String) });
    expect(JSON.stringify(book)).not.toContain('secret');
    const basket = ok(await t.call('GET', '/api/v2/transporters/load', headers));
    expect(basket.result.transporterShippingDetails).toMatchObject({ addressId: address!.id, remark: 'Achterdeur' });
    expect(JSON.stringify(basket)).not.toContain('secret');
  });

  test("a route schema's failure is today's 400 envelope: fields named without the {dto} wrapper, a missing wrapper by its name", async () => {
    const post = (body: unknown) => t.call('POST', '/api/admin/article-category-groups/create', { as: 'superadmin@demo.test', body });
    expect(fails(await post({ dto: {} }), 400, 'validationFailed').details).toEqual([{ path: 'name', rule: 'required', message: 'Dit veld is verplicht.' }]);
    expect(fails(await post({}), 400, 'validationFailed').details).toEqual([expect.objectContaining({ path: 'dto', rule: 'required' })]);
    expect(fails(await post({ dto: { name: 'x'.repeat(5000) } }), 400, 'validationFailed').details).toEqual([expect.objectContaining({ path: 'name', rule: 'maxLength' })]);
  });
});
