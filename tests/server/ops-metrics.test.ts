import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createTestVerifier } from './helpers/test-verifier';

/**
 * GET /metrics (docs/operations.md): Prometheus's text for a scraper holding METRICS_TOKEN, 401
 * without it, 404 on a server without a token. Requests are counted by route pattern (bounded
 * series), status class and latency; the process's own metrics, the job queue and the mail outbox
 * are in it.
 */

const TOKEN = 'scrape-secret-123';
let t: TestApp;
let without: TestApp;

beforeAll(async () => {
  t = await startTestApp({ config: { ops: { ...loadConfig({}).ops, metricsToken: TOKEN } } });
  without = await startTestApp();
});
afterAll(async () => {
  await t?.close();
  await without?.close();
});

const scrape = async (authorization = `Bearer ${TOKEN}`, host = 'prometheus.internal:9090') => t.app.inject({ method: 'GET', url: '/metrics', headers: { host, authorization } });
/** The value of the series `name{labels…}` (labels in the order prom-client writes them), or undefined. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('who may read it', () => {
  test('without METRICS_TOKEN the endpoint does not exist: 404 (not the app page), whatever the Authorization', async () => {
    const res = await without.app.inject({ method: 'GET', url: '/metrics', headers: { host: 'localhost:3000', authorization: 'Bearer anything' } });
    fails(res, 404, 'notFound');
  });

  test('with it: 401 without a bearer token or with another one, 200 with it, for any Host, no cookie', async () => {
    fails(await t.app.inject({ method: 'GET', url: '/metrics', headers: { host: 'localhost:3000' } }), 401, 'unauthorized');
    fails(await scrape('Bearer scrape-secret-12'), 401, 'unauthorized');
    fails(await scrape(`Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`), 401, 'unauthorized');
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('what it measures', () => {
  test('requests by route pattern, never the raw URL; status class; latency; the process', async () => {
    const [customerId] = await t.customerIds();
    const missing = randomUUID();
    fails(await t.call('GET', `/api/v2/orders/${missing}`, { as: 'buyer@demo.test', customerId }), 404, 'OrderNotFound');
    ok(await t.call('GET', '/api/v2/orders', { as: 'buyer@demo.test', customerId }));
    const text = (await scrape()).body;
    expect(text).not.toContain(missing);
    expect(valueOf(text, 'http_requests_total{method="GET",route="/api/v2/orders/:id",status_class="4xx"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'http_requests_total{method="GET",route="/api/v2/orders",status_class="2xx"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'http_request_duration_seconds_count{method="GET",route="/api/v2/orders/:id"}')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.1",method="GET",route="/api/v2/orders"}');
    // Pages of the SPA and missing files: one series, whatever the path.
    await t.app.inject({ method: 'GET', url: `/some/page/${missing}`, headers: { host: 'localhost:3000' } });
    const after = (await scrape()).body;
    expect(after).not.toContain(missing);
    expect(after).toMatch(/http_requests_total\{method="GET",route="unmatched",status_class="[25]xx"\}/);
    for (const name of ['nodejs_eventloop_lag_p99_seconds', 'process_cpu_user_seconds_total', 'nodejs_heap_size_used_bytes', 'process_open_fds']) {
      expect(after, name).toMatch(new RegExp(`^${name}(\\{[^}]*\\})? \\d`, 'm'));
    }
  });

  test('the job queue: jobs waiting by queue and state', async () => {
    const before = valueOf((await scrape()).body, 'shop_jobs{queue="reminders.due",state="created"}') ?? 0;
    // Workers are off in tests: the run waits in the queue.
    ok(await t.call('POST', '/api/admin/tasks/run', { as: 'admin@demo.test', body: { taskName: 'reminders.due' } }));
    expect(valueOf((await scrape()).body, 'shop_jobs{queue="reminders.due",state="created"}')).toBe(before + 1);
  });

  test('the mail outbox: messages not sent, by status (0 when there are none)', async () => {
    const tenantId = await t.tenantId();
    const text = (await scrape()).body;
    const base = { retrying: valueOf(text, 'shop_mail_outbox_backlog{status="retrying"}'), failed: valueOf(text, 'shop_mail_outbox_backlog{status="failed"}') };
    expect(base.retrying).toBeGreaterThanOrEqual(0);
    const row = { tenantId, recipient: 'x@demo.test', subject: 'S', kind: 'orderApproved', language: 'en', attempts: 1 } as const;
    await t.db.insertInto('mailOutbox').values([{ ...row, status: 'retrying' }, { ...row, status: 'retrying' }, { ...row, status: 'failed' }, { ...row, status: 'sent' }]).execute();
    const after = (await scrape()).body;
    expect(valueOf(after, 'shop_mail_outbox_backlog{status="retrying"}')).toBe(base.retrying! + 2);
    expect(valueOf(after, 'shop_mail_outbox_backlog{status="failed"}')).toBe(base.failed! + 1);
  });

  test("the database pool: pg.Pool's open, idle and waiting counts at each scrape (PostgreSQL; PGlite has no pool and no series)", async () => {
    expect((await scrape()).body).not.toContain('shop_db_pool_connections');
    const pool = { totalCount: 7, idleCount: 2, waitingCount: 3 };
    const { verifier } = await createTestVerifier();
    const app = await buildApp({ config: { ...t.testDb.config, ops: { ...loadConfig({}).ops, metricsToken: TOKEN } }, db: t.db, verifier, logger: false, pool });
    try {
      const read = async () => (await app.inject({ method: 'GET', url: '/metrics', headers: { host: 'localhost:3000', authorization: `Bearer ${TOKEN}` } })).body;
      let text = await read();
      expect([valueOf(text, 'shop_db_pool_connections'), valueOf(text, 'shop_db_pool_idle_connections'), valueOf(text, 'shop_db_pool_waiting_clients')]).toEqual([7, 2, 3]);
      pool.waitingCount = 0;
      text = await read();
      expect(valueOf(text, 'shop_db_pool_waiting_clients')).toBe(0);
    } finally {
      await app.close();
    }
  });
});
