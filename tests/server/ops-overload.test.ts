import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig, type OpsConfig } from '../../src/server/config';
import { SUSTAINED_SAMPLES } from '../../src/server/ops/overload';
import { eventually } from './helpers/eventually';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { multipart, pdf } from './upload-helpers';

/**
 * Overload (docs/operations.md): a caller's searches, exports and uploads beyond their per-minute
 * limits answer 429 tooManyRequests with Retry-After, counted per signed-in user; a server too busy
 * (here: a heap threshold every process exceeds) answers 503 serverBusy with Retry-After to every
 * request but the health and metrics endpoints.
 */

const defaults = loadConfig({}).ops;
const limited: OpsConfig = { ...defaults, rateLimits: { search: 3, export: 2, upload: 2 } };

describe('defaults', () => {
  test('generous enough for a user typing in the marketplace, settable, 0 turns a kind off', () => {
    expect(defaults.rateLimits).toEqual({ search: 600, export: 60, upload: 120 });
    expect(loadConfig({ RATE_LIMIT_SEARCHES_PER_MINUTE: '5000', RATE_LIMIT_UPLOADS_PER_MINUTE: '0' }).ops.rateLimits).toEqual({ search: 5000, export: 60, upload: 0 });
    expect(() => loadConfig({ RATE_LIMIT_EXPORTS_PER_MINUTE: 'lots' })).toThrow(/RATE_LIMIT_EXPORTS_PER_MINUTE/);
    expect(defaults.maxEventLoopDelayMs).toBe(1000);
    expect(defaults.maxHeapUsedBytes).toBeGreaterThan(0);
  });
});

describe('rate limits per user', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp({ config: { ops: limited } }); });
  afterAll(async () => { await t?.close(); });

  /** A 429 in the project's envelope, with when to come back. */
  const limitedAnswer = (res: Awaited<ReturnType<TestApp['call']>>) => {
    fails(res, 429, 'tooManyRequests');
    const after = Number(res.headers['retry-after']);
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThanOrEqual(60);
  };

  test('exports: the third within a minute is 429 with Retry-After; another user still exports; cheap calls are not counted', async () => {
    for (let i = 0; i < 5; i++) ok(await t.call('GET', '/api/v2/orders', { as: 'buyer@demo.test' }));
    for (let i = 0; i < 2; i++) expect((await t.call('GET', '/api/v2/orders/export.xlsx', { as: 'buyer@demo.test' })).statusCode).toBe(200);
    const third = await t.call('GET', '/api/v2/orders/export.xlsx', { as: 'buyer@demo.test', headers: { 'accept-language': 'fr' } });
    limitedAnswer(third);
    expect(third.json().message).toBe('Vous avez demandé ceci trop souvent en peu de temps. Patientez un instant et réessayez.');
    // Another export route counts in the same bucket (the kind, not the route).
    limitedAnswer(await t.call('GET', '/api/deliveries/export.xlsx', { as: 'buyer@demo.test' }));
    const [customerId] = await t.customerIds();
    expect((await t.call('GET', '/api/v2/orders/export.xlsx', { as: 'manager@demo.test', customerId })).statusCode).toBe(200);
    ok(await t.call('GET', '/api/v2/orders', { as: 'buyer@demo.test' }));
  });

  test('uploads: multipart calls beyond the limit are 429 before a byte is stored', async () => {
    const file = () => multipart([{ name: 'file', filename: 'offerte.pdf', contentType: 'application/pdf', data: pdf() }]);
    const upload = () => { const f = file(); return t.call('POST', '/api/upload', { as: 'buyer@demo.test', query: { containerName: 'order-conversation' }, headers: f.headers, body: f.payload }); };
    ok(await upload());
    ok(await upload());
    limitedAnswer(await upload());
  });

  test("searches: counted for the user the search key was made for, answered in the protocol's shape", async () => {
    const search = async (as: string) => {
      const creds = ok(await t.call('GET', '/api/search/credentials', { as })).result as { apiKey: string; indexName: string };
      return () => t.app.inject({
        method: 'POST', url: '/api/search/1/indexes/*/queries',
        headers: { host: 'localhost:3000', 'content-type': 'text/plain', 'x-algolia-api-key': creds.apiKey },
        payload: JSON.stringify({ requests: [{ indexName: creds.indexName, query: 'papier' }] }),
      });
    };
    const buyer = await search('buyer@demo.test');
    for (let i = 0; i < 3; i++) expect((await buyer()).statusCode).toBe(200);
    const refused = await buyer();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429, errorCode: 'tooManyRequests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another user of the same address (one office behind one NAT) still searches.
    expect((await (await search('manager@demo.test'))()).statusCode).toBe(200);
  });
});

describe('under pressure', () => {
  let t: TestApp;
  // 1 byte of heap: every process is above it from the first sample, so requests are refused once it stayed so for SUSTAINED_SAMPLES samples (a few seconds).
  beforeAll(async () => { t = await startTestApp({ config: { ops: { ...defaults, maxHeapUsedBytes: 1, retryAfterSeconds: 7, metricsToken: 'm' } } }); });
  afterAll(async () => { await t?.close(); });

  test('503 serverBusy with Retry-After, in the caller language, before any work; health and metrics still answer', async () => {
    const res = await eventually(async () => {
      const answer = await t.call('GET', '/api/v2/orders', { as: 'buyer@demo.test', headers: { 'accept-language': 'nl' } });
      expect(answer.statusCode).toBe(503);
      return answer;
    }, 10_000);
    expect(fails(res, 503, 'serverBusy').message).toBe('De server is even te druk. Probeer het zo opnieuw.');
    expect(res.headers['retry-after']).toBe('7');
    // A public call too, but not the probes: the process lives and can say so.
    fails(await t.call('GET', '/api/platform-settings'), 503, 'serverBusy');
    expect((await t.app.inject({ method: 'GET', url: '/health/live', headers: { host: 'localhost:3000' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/health/ready', headers: { host: 'localhost:3000' } })).statusCode).toBe(200);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: { host: 'localhost:3000', authorization: 'Bearer m' } });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toMatch(/shop_overload_refusals_total\{reason="underPressure",kind="heapUsed"\} [1-9]/);
  });
});

describe('a single slow moment', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp({ config: { ops: { ...defaults, maxEventLoopDelayMs: 100 } } }); });
  afterAll(async () => { await t?.close(); });

  test('one long synchronous stretch (a large PGlite statement, a garbage collection) turns no request away', async () => {
    const end = Date.now() + 1500;
    while (Date.now() < end) { /* the event loop blocked for 1.5 s, far above the threshold of 0.1 s */ }
    const statuses = new Set<number>();
    const until = Date.now() + (SUSTAINED_SAMPLES + 1) * 1000;
    while (Date.now() < until) {
      statuses.add((await t.call('GET', '/api/platform-settings')).statusCode);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect([...statuses]).toEqual([200]);
  });
});
