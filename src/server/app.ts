import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { QueueOptions } from 'pg-boss';
import type { ServerConfig } from './config';
import { registerModelRoutes } from './crud/routes';
import { BLOB_CONTAINERS } from './blob-containers';
import { nestsTooDeep } from '../shared/safe-text';
import { ApiError } from './errors';
import { installAuditActor } from './plugins/audit-actor';
import { installAuth } from './plugins/auth';
import { installCompression } from './plugins/compression';
import { installErrorHandler, sendError, type UndeclaredError } from './plugins/error-handler';
import { installIdempotency } from './plugins/idempotency';
import { installImpersonationLog } from './plugins/impersonation-log';
import { JOBS } from './job-registry';
import type { PoolCounts } from './db/open';
import { installHealth, Lifecycle } from './ops/health';
import { installMetrics } from './ops/metrics';
import { installOverload } from './ops/overload';
import { installJobs, type InstallJobsOptions } from './jobs/install';
import type { JobName } from './jobs/job-types';
import { installOpenapi, registerOpenapiRoute } from './plugins/openapi';
import { installSecurityHeaders } from './plugins/security-headers';
import { installSpa } from './plugins/spa';
import { installTenantResolution } from './plugins/tenant';
import { defaultEndSession } from './session/session';
import { installSearch } from './search/install';
import { installBlobStorage } from './storage/upload-routes';
import type { EndSession, TokenVerifier } from './types';
import type { DB } from '../../generated/db/database.gen';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What an identity module mounted on the app hands back (src/server/oidc: registerOidc). */
export interface Identity {
  verifier: TokenVerifier;
  endSession?: EndSession;
}

export interface BuildAppOptions {
  config: ServerConfig;
  db: Kysely<DB>;
  /** Verifies bearer tokens (a local key in tests); not needed when `identity` provides one. */
  verifier?: TokenVerifier;
  /** Mounts the identity provider (after tenant resolution, before the API) and returns its verifier. */
  identity?: (app: FastifyInstance) => Promise<Identity>;
  /** The identity provider's logout address for a session; default `${issuer}/session/end`. */
  endSession?: EndSession;
  /** The background job queue: workers in this process or not (default config.jobWorkers), queue settings of registered jobs for tests. */
  jobs?: Omit<InstallJobsOptions, 'queues'> & { queues?: Partial<Record<JobName, QueueOptions>> };
  /** Further plugins, mounted after tenant resolution and before the API. */
  plugins?: ReadonlyArray<(app: FastifyInstance) => Promise<void> | void>;
  /** The built SPA (default dist/app). */
  appDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Hears of each error a contract's call answers that its contract does not declare (the tests fail on one). */
  onUndeclaredError?: (found: UndeclaredError) => void;
  /** The process's start-up steps and shutdown, which readiness reports (main.ts; default: ready from the start). */
  lifecycle?: Lifecycle;
  /** PostgreSQL's pool, whose connections /metrics reports (openDatabase's `pool`). */
  pool?: PoolCounts;
}

/**
 * A call without a body (no content type, or an empty application/json body, as a DELETE from
 * react-admin or the spec's `PATCH /deliveries/undo-confirm/{id}` sends it) is validated as `{}`:
 * Fastify hands a missing body to the validator as null, which no schema's default applies to, so
 * every action whose body is optional answered 400. A body with required keys still names them.
 */
function installEmptyBody(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // A multipart upload's body is read by its handler (its schema only documents it): left alone.
    const type = request.headers['content-type'];
    if (request.body === undefined && request.routeOptions.schema?.body && (!type || /^application\/json\b/i.test(type))) request.body = {};
  });
}

/** Empty JSON bodies (a DELETE from react-admin carries the content type but no body) parse as no body. */
function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parse(request, text, (err, value) => {
      if (err) return done(err, undefined);
      // Schemas strip what they do not know, but hand-written code may still walk a body recursively.
      if (nestsTooDeep(value)) return done(new ApiError('validationFailed', [{ path: '', rule: 'invalid' }], 'nested too deep'), undefined);
      done(null, value);
    });
  });
}

/** The whole HTTP server: error envelope, health, metrics and overload (ops/), tenant, auth, API routes under /api, then the SPA. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  // While closing, requests are refused in the API's error envelope (ops/overload.ts), not Fastify's own body.
  const app = Fastify({ logger: options.logger ?? { level: config.logLevel }, trustProxy: config.trustProxy ?? false, return503OnClosing: false });
  await installSecurityHeaders(app, db, config);
  installJsonParser(app);
  installEmptyBody(app);
  await installOpenapi(app);
  installErrorHandler(app, options.onUndeclaredError);
  // Operations first: the probes answer whatever the Host, the overload refusals come before any work.
  installHealth(app, db, options.lifecycle ?? new Lifecycle());
  await installOverload(app, config.ops, installMetrics(app, config, { db, pool: options.pool }));
  installTenantResolution(app, db);
  const identity = options.identity ? await options.identity(app) : undefined;
  const verifier = identity?.verifier ?? options.verifier;
  if (!verifier) throw new Error('buildApp needs a token verifier (options.verifier or options.identity)');
  const endSession = options.endSession ?? identity?.endSession ?? defaultEndSession;
  for (const plugin of options.plugins ?? []) await plugin(app);

  registerOpenapiRoute(app);

  // Everything under /api answers compressed when the client accepts it; the SPA's files and the
  // identity provider stay outside this scope (they have their own ways).
  await app.register(async (server) => {
    await installCompression(server);
    await installSearch(server, db, config);
    await server.register(async (api) => {
      installAuth(api, db, verifier);
      installAuditActor(api);
      installImpersonationLog(api, db);
      installIdempotency(api, db);
      registerOpenapiRoute(api);
      installBlobStorage(api, config);
      registerModelRoutes(api, db, { config, jobs: JOBS, endSession, containers: BLOB_CONTAINERS });
      api.setNotFoundHandler((request, reply) => sendError(request, reply, new ApiError('notFound')));
    }, { prefix: '/api' });
  });

  await installSpa(app, options.appDir ?? path.join(root, 'dist/app'));
  // Last: nothing that can still fail leaves a started queue behind without an app to close it.
  await installJobs(app, db, config, JOBS, options.jobs);
  return app;
}
