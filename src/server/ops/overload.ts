/**
 * More load than the process can serve is refused at once, with a time to come back, rather than
 * queued until callers time out (docs/operations.md):
 * - too busy (@fastify/under-pressure: the event loop's mean delay or the used heap above the
 *   configured thresholds for a few seconds in a row): every request but the health and metrics
 *   endpoints answers 503 serverBusy with Retry-After;
 * - too many expensive calls (@fastify/rate-limit): a caller's searches, exports and uploads beyond
 *   their per-minute limits answer 429 tooManyRequests with Retry-After. The caller is the signed-in
 *   user (the search protocol's: the user its secured key was made for), else the client's address;
 * - closing (a graceful shutdown past its drain, src/server/ops/shutdown.ts): a request that still
 *   reaches the process (on a keep-alive connection, or before the listener closed) answers 503
 *   serverBusy with Retry-After and Connection: close, instead of Fastify's own 503 body
 *   (return503OnClosing, turned off in app.ts), so the client retries elsewhere as after an overload.
 */
import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OpsConfig } from '../config';
import { ApiError } from '../errors';
import { apiKeyOf, unverifiedKeyUser } from '../search/keys';
import type { OpsMetrics } from './metrics';

/** How often the event loop's delay and the heap are measured. */
const SAMPLE_MS = 1000;
/**
 * Samples in a row above a threshold before requests are refused: one long synchronous stretch
 * (a large PGlite statement, a garbage collection) passes; a process that stays slow does not.
 */
export const SUSTAINED_SAMPLES = 3;

export type ExpensiveKind = keyof OpsConfig['rateLimits'];

/** The search protocol's read calls (src/server/search/protocol.ts): a multi-query, an index's query, a facet value search. */
const SEARCH_ROUTE = /^\/api\/search\/1\/indexes\/.*\/(query|queries)$/;
/** A list's or the catalogue's spreadsheet (crud/list-export.ts, product-management/export.xlsx) and a report's export. */
const EXPORT_ROUTE = /\/export\.xlsx$/;
const EXPORT_REQUEST_ROUTE = '/api/reports/exports';

/**
 * Which expensive kind a request is, by the route it matched (its pattern, not the URL) and, for
 * uploads, by its body: only upload calls take multipart/form-data (src/shared/contracts/define.ts).
 */
export function expensiveKind(request: FastifyRequest): ExpensiveKind | null {
  const route = request.routeOptions.url;
  if (!route) return null;
  if (SEARCH_ROUTE.test(route)) return 'search';
  if (EXPORT_ROUTE.test(route) || (request.method === 'POST' && route === EXPORT_REQUEST_ROUTE)) return 'export';
  if (/^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')) return 'upload';
  return null;
}

/** The user a search key was made for (its userToken: src/server/search/credentials.ts), unverified: a forged key buys only a 403. */
function searchKeyUser(request: FastifyRequest): string | null {
  const key = apiKeyOf(request);
  return key === undefined ? null : unverifiedKeyUser(key);
}

/** Whom a request's calls are counted for: the signed-in (real, under impersonation) user, else the client's address. */
function callerOf(request: FastifyRequest): string {
  const user = request.auth?.realUser.id ?? (request.routeOptions.url?.startsWith('/api/search/') ? searchKeyUser(request) : null);
  return user ? `user:${user}` : `ip:${request.ip}`;
}

/** The refusals here all say when to come back; the app must be built with return503OnClosing: false. */
export async function installOverload(app: FastifyInstance, ops: OpsConfig, metrics: OpsMetrics | null): Promise<void> {
  // Fastify marks itself closing just before the preClose hooks run, and sets Connection: close on
  // what it still answers; a request after that is refused here, before any other hook's work.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    metrics?.refused('closing', 'shutdown');
    reply.header('Retry-After', String(ops.retryAfterSeconds));
    done(new ApiError('serverBusy'));
  });

  if (ops.maxEventLoopDelayMs > 0 || ops.maxHeapUsedBytes > 0) {
    // under-pressure measures (its memoryUsage: the event loop's mean delay and the heap, once per
    // sample); the refusal waits until a measure stayed above its threshold for SUSTAINED_SAMPLES samples.
    let over = 0;
    let reason = 'none';
    await app.register(underPressure, {
      sampleInterval: SAMPLE_MS,
      healthCheckInterval: SAMPLE_MS,
      healthCheck: async (server) => {
        const { eventLoopDelay, heapUsed } = server.memoryUsage();
        const exceeded = ops.maxEventLoopDelayMs > 0 && eventLoopDelay > ops.maxEventLoopDelayMs ? 'eventLoopDelay'
          : ops.maxHeapUsedBytes > 0 && heapUsed > ops.maxHeapUsedBytes ? 'heapUsed' : null;
        over = exceeded ? over + 1 : 0;
        if (exceeded) reason = exceeded;
        return over < SUSTAINED_SAMPLES;
      },
      // Thrown into the app's error handler, which answers the project's envelope (the header stays).
      pressureHandler: async (_request, reply) => {
        metrics?.refused('underPressure', reason);
        reply.header('Retry-After', String(ops.retryAfterSeconds));
        throw new ApiError('serverBusy');
      },
    });
  }

  const limits = ops.rateLimits;
  // After authentication (preHandler), so the signed-in user is known; only the expensive kinds count.
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    timeWindow: 60_000,
    keyGenerator: (request) => `${expensiveKind(request) ?? 'none'}:${callerOf(request)}`,
    allowList: (request) => {
      const kind = expensiveKind(request);
      return !kind || limits[kind] === 0;
    },
    max: (_request, key) => limits[key.slice(0, key.indexOf(':')) as ExpensiveKind] ?? 0,
    onExceeded: (request) => metrics?.refused('rateLimited', expensiveKind(request) ?? 'none'),
    // Thrown into the app's error handler after the plugin set Retry-After and the X-RateLimit headers.
    errorResponseBuilder: () => new ApiError('tooManyRequests'),
  });
}
