/**
 * The API's answers are compressed (brotli or gzip, as Accept-Encoding allows) above a threshold,
 * with Vary: accept-encoding; small answers and clients that accept no encoding get plain JSON;
 * the search protocol still works with the official Node client, which asks for gzip.
 */
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { liteClient } from 'algoliasearch/lite';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { COMPRESS_THRESHOLD } from '../../src/server/plugins/compression';
import { DEFAULT_FACETS } from '../../src/server/search/request';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let creds: { apiKey: string; indexName: string; hosts: { url: string; protocol: string }[] };
/** content-encoding of each search protocol answer, as the server sent it. */
const searchEncodings: (string | undefined)[] = [];

beforeAll(async () => {
  t = await startTestApp({
    plugins: [(app) => {
      app.addHook('onResponse', async (request, reply) => {
        if (request.url.startsWith('/api/search/1/')) searchEncodings.push(reply.getHeader('content-encoding') as string | undefined);
      });
    }],
  });
  creds = ok(await t.call('GET', '/api/search/credentials', { as: 'buyer@demo.test' })).result;
});
afterAll(async () => { await t?.close(); });

const categoryGroups = (headers: Record<string, string> = {}) =>
  t.call('POST', '/api/articleCategories/category-groups', { as: 'buyer@demo.test', body: { query: {} }, headers });

/** The marketplace's first page: every article, 30 hits, the facets in Dutch (as bench/search.ts asks). */
const searchBody = JSON.stringify({ requests: [{
  indexName: 'INDEX', query: '', page: 0, hitsPerPage: 30, maxValuesPerFacet: 100,
  facets: DEFAULT_FACETS.filter((f) => !/^(categories|features)\.(en|fr)/.test(f)),
}] });
const search = (headers: Record<string, string> = {}, payload: string | Buffer = searchBody.replace('INDEX', creds.indexName)) => t.app.inject({
  method: 'POST', url: '/api/search/1/indexes/*/queries', payload,
  headers: { host: 'localhost:3000', 'content-type': 'text/plain', 'x-algolia-application-id': 'SHOPSEARCH', 'x-algolia-api-key': creds.apiKey, ...headers },
});

const varies = (res: LightMyRequestResponse) => String(res.headers.vary ?? '').toLowerCase().split(/\s*,\s*/);
/** A search answer without its timing, which differs from one call to the next. */
const withoutTiming = (text: string) => JSON.parse(text, (key, value) => (key === 'processingTimeMS' ? undefined : value));

describe('a large answer (the category tree of the demo catalogue)', () => {
  let plain: LightMyRequestResponse;
  beforeAll(async () => { plain = await categoryGroups(); });

  test('without Accept-Encoding it is plain JSON, marked as depending on Accept-Encoding', () => {
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(20 * 1024);
    expect(plain.json().result.length).toBeGreaterThan(0);
    expect(varies(plain)).toContain('accept-encoding');
  });

  test('brotli: the same bytes, a fraction of the size', async () => {
    const br = await categoryGroups({ 'accept-encoding': 'br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br).filter((v) => v === 'accept-encoding')).toHaveLength(1);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
  });

  test('gzip: the same bytes, a fraction of the size', async () => {
    const gz = await categoryGroups({ 'accept-encoding': 'gzip' });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(varies(gz)).toContain('accept-encoding');
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
  });

  test("a browser's list picks brotli; encodings the server does not offer get plain JSON", async () => {
    expect((await categoryGroups({ 'accept-encoding': 'gzip, deflate, br, zstd' })).headers['content-encoding']).toBe('br');
    expect((await categoryGroups({ 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    for (const accepted of ['identity', 'deflate']) {
      const res = await categoryGroups({ 'accept-encoding': accepted });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(plain.body);
    }
  });
});

describe('small answers and errors', () => {
  test('an answer under the threshold is sent plain even to a client that accepts brotli', async () => {
    const res = await t.call('GET', '/api/domains/localhost', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ hostname: 'localhost' });
    expect(varies(res)).toContain('accept-encoding');
  });

  test('an error keeps its envelope', async () => {
    const res = await t.call('POST', '/api/articleCategories/category-groups', { body: { query: {} }, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    fails(res, 401, 'unauthorized');
  });
});

describe('the search protocol', () => {
  test('a search answer is compressed and decodes to the plain answer', async () => {
    const plain = await search();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10 * 1024);
    const { results } = plain.json();
    expect(results[0].hits).toHaveLength(30);
    const br = await search({ 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(withoutTiming(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(withoutTiming(plain.body));
    const gz = await search({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(withoutTiming(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(withoutTiming(plain.body));
  });

  test('a gzipped request body (as the Node client sends large ones) is decoded once, by the protocol', async () => {
    const res = await search({ 'accept-encoding': 'gzip', 'content-encoding': 'gzip' }, gzipSync(searchBody.replace('INDEX', creds.indexName)));
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8')).results[0].hits).toHaveLength(30);
  });

  test('the official Node client (it asks for gzip) reads the compressed answers', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const client = liteClient('SHOPSEARCH', creds.apiKey, { hosts: [{ url: `127.0.0.1:${port}/api/search`, protocol: 'http', accept: 'read' }] });
    searchEncodings.length = 0;
    const { results } = await client.search({ requests: [JSON.parse(searchBody.replace('INDEX', creds.indexName)).requests[0]] });
    expect((results[0] as { hits: unknown[] }).hits).toHaveLength(30);
    expect(searchEncodings).toEqual(['gzip']);
  });
});
