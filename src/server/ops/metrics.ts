/**
 * GET /metrics in Prometheus's text format (prom-client), for a scraper holding METRICS_TOKEN
 * (docs/operations.md): requests per route pattern and status class, their latency, the process's
 * own metrics (event-loop delay, heap, CPU, handles), the PostgreSQL pool's connections, the job
 * queue's depth and failures, and the mail outbox's backlog. Without METRICS_TOKEN the endpoint does
 * not exist (404) and nothing is measured; with it, a call without `Authorization: Bearer <token>` is 401.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ServerConfig } from '../config';
import type { PoolCounts } from '../db/open';
import { ApiError } from '../errors';
import { JOB_SCHEMA } from '../jobs/connection';
import { sendError } from '../plugins/error-handler';
import { OPS_ROUTE } from './health';
import type { DB } from '../../../generated/db/database.gen';

/** What other parts of ops count (an overload's refusals). */
export interface OpsMetrics {
  refused(reason: 'rateLimited' | 'underPressure' | 'closing', kind: string): void;
}

/** Job states counted: waiting to run (created, retry), running (active), and failed runs the queue still keeps. */
const JOB_STATES = ['created', 'retry', 'active', 'failed'] as const;
/** Outbox rows not (yet) sent: the backlog and its failures. */
const OUTBOX_BACKLOG = ['sending', 'retrying', 'failed'] as const;

/** Latency buckets in seconds: from a cached read to an export of every row. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return !!match && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * The route a request matched as registered ('/api/v2/orders/:id'), so the series stay as many as
 * the routes; 'unmatched' for a path no route has (the SPA's pages and missing files).
 */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

export interface MetricsSources {
  db: Kysely<DB>;
  /** PostgreSQL's pool (src/server/db/open.ts); PGlite has one connection inside the process and none. */
  pool?: PoolCounts;
}

/** Registers GET /metrics and, when METRICS_TOKEN is set, the measurements; answers the counters the overload hooks use. */
export function installMetrics(app: FastifyInstance, config: ServerConfig, sources: MetricsSources): OpsMetrics | null {
  const token = config.ops.metricsToken;
  if (!token) {
    app.get('/metrics', OPS_ROUTE, (request, reply) => sendError(request, reply, new ApiError('notFound')));
    return null;
  }
  // The app's own registry (several apps share a test process); the default metrics measure the process.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total', help: 'HTTP requests answered, by method, route pattern and status class (2xx, 4xx, 5xx…).',
    labelNames: ['method', 'route', 'status_class'] as const, registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds', help: 'Time from receiving a request to the end of its answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const, buckets: BUCKETS, registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeOf(request);
    requests.inc({ method: request.method, route, status_class: `${Math.floor(reply.statusCode / 100)}xx` });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  const refusals = new Counter({
    name: 'shop_overload_refusals_total', help: 'Requests refused for overload: rateLimited (429, by expensive kind), underPressure (503, by the measure exceeded) or closing (503 during a shutdown).',
    labelNames: ['reason', 'kind'] as const, registers: [registry],
  });

  const { db, pool } = sources;
  if (pool) {
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({ name, help, registers: [registry], collect() { this.set(read()); } });
    poolGauge('shop_db_pool_connections', 'PostgreSQL connections the pool holds open.', () => pool.totalCount);
    poolGauge('shop_db_pool_idle_connections', 'PostgreSQL connections of the pool that are idle.', () => pool.idleCount);
    poolGauge('shop_db_pool_waiting_clients', 'Queries waiting for a PostgreSQL connection of the pool.', () => pool.waitingCount);
  }

  const failures = new Counter({
    name: 'shop_metrics_collect_failures_total', help: 'Scrapes that could not read a source (jobs, mailOutbox) from the database.',
    labelNames: ['source'] as const, registers: [registry],
  });
  const jobs = new Gauge({
    name: 'shop_jobs', help: 'Background jobs by queue and state: created and retry wait, active run, failed are failed runs the queue keeps (pg-boss retention).',
    labelNames: ['queue', 'state'] as const, registers: [registry],
  });
  const outbox = new Gauge({
    name: 'shop_mail_outbox_backlog', help: 'Mail outbox messages not sent, by status: sending, retrying, failed.',
    labelNames: ['status'] as const, registers: [registry],
  });

  /** Reads the database-backed gauges; a source that fails is counted and left out of this scrape. */
  async function collectFromDatabase(): Promise<void> {
    jobs.reset();
    outbox.reset();
    await Promise.all([
      sql<{ name: string; state: string; n: number }>`select name, state::text as state, count(*)::int as n from ${sql.table(`${JOB_SCHEMA}.job`)}
        where state::text in (${sql.join([...JOB_STATES])}) group by name, state`.execute(db)
        .then(({ rows }) => { for (const r of rows) jobs.set({ queue: r.name, state: r.state }, Number(r.n)); })
        .catch(() => failures.inc({ source: 'jobs' })),
      db.selectFrom('mailOutbox').select((eb) => ['status', eb.fn.countAll<number>().as('n')]).where('status', 'in', [...OUTBOX_BACKLOG]).groupBy('status').execute()
        .then((rows) => {
          for (const status of OUTBOX_BACKLOG) outbox.set({ status }, 0);
          for (const r of rows) outbox.set({ status: r.status }, Number(r.n));
        })
        .catch(() => failures.inc({ source: 'mailOutbox' })),
    ]);
  }

  app.get('/metrics', OPS_ROUTE, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!bearerMatches(request, token)) {
      reply.header('WWW-Authenticate', 'Bearer');
      return sendError(request, reply, new ApiError('unauthorized'));
    }
    await collectFromDatabase();
    return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(await registry.metrics());
  });
  return { refused: (reason, kind) => refusals.inc({ reason, kind }) };
}
