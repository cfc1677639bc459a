import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { buildApp, type BuildAppOptions } from '../../../src/server/app';
import type { ServerConfig } from '../../../src/server/config';
import { registerOidc } from '../../../src/server/oidc';
import type { TokenVerifier } from '../../../src/server/types';
import type { AccessTokenClaims, UserType } from '../../../src/shared/session-types';
import { createTestDatabase, type TestDatabase } from './test-db';
import { createTestVerifier } from './test-verifier';
import { recordUndeclared } from './undeclared-errors';
import type { DB } from '../../../generated/db/database.gen';

export interface CallOptions {
  /** A demo user's e-mail (signed in on `host`), a raw token, or nobody. */
  as?: string;
  token?: string;
  host?: string;
  customerId?: string;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<DB>;
  testDb: TestDatabase;
  /** Signs a token for a seeded user of a tenant (claims like the identity module's). */
  tokenFor(email: string, host?: string, overrides?: Partial<AccessTokenClaims>): Promise<string>;
  sign: Awaited<ReturnType<typeof createTestVerifier>>['sign'];
  otherKey: Awaited<ReturnType<typeof createTestVerifier>>['otherKey'];
  call(method: InjectOptions['method'], url: string, opts?: CallOptions): Promise<LightMyRequestResponse>;
  tenantId(host?: string): Promise<string>;
  /** How many SQL statements the app ran while `fn` ran (its own, not the test's direct `db` calls). */
  countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number }>;
  customerIds(host?: string): Promise<string[]>;
  userId(email: string, host?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Counts the statements executed through the app's database handle: their results, since Kysely
 * also passes a sub-query built with the query builder through transformQuery on its own.
 */
class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count++;
    return args.result;
  }
}

/**
 * The real app on a fresh seeded database (PGlite, or PostgreSQL when DATABASE_URL is set); `plugins`
 * and `jobs` as buildApp's (jobs are only enqueued unless `jobs: { workers: true }`); `config`
 * replaces settings of the test configuration (e.g. mail).
 */
export async function startTestApp(options: Pick<BuildAppOptions, 'plugins' | 'jobs'> & { config?: Partial<ServerConfig> } = {}): Promise<TestApp> {
  const testDb = await createTestDatabase({ seeded: true });
  testDb.config = { ...testDb.config, ...options.config };
  const { db } = testDb.database;
  const { verifier, sign, otherKey } = await createTestVerifier();
  const counter = new QueryCounter();
  const app = await buildApp({ config: testDb.config, db: db.withPlugin(counter), verifier, logger: false, plugins: options.plugins, jobs: options.jobs, onUndeclaredError: recordUndeclared });
  await app.ready();

  const tenantId = async (host = 'localhost') =>
    (await db.selectFrom('tenants').select('id').where('hostname', '=', host).executeTakeFirstOrThrow()).id;
  const userRow = async (email: string, host = 'localhost') =>
    db.selectFrom('users').selectAll().where('email', '=', email).where('tenantId', '=', await tenantId(host)).executeTakeFirstOrThrow();

  const tokenFor = async (email: string, host = 'localhost', overrides: Partial<AccessTokenClaims> = {}) => {
    const user = await userRow(email, host);
    return sign({
      userId: user.id, userType: user.userType as UserType, customerIds: [], supplierIds: user.supplierIds ?? [], permissions: [],
      departements: [], active: true, tenant: host, ...overrides,
    });
  };

  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { host: `${opts.host ?? 'localhost'}:3000`, ...opts.headers };
    const token = opts.token ?? (opts.as ? await tokenFor(opts.as, opts.host) : undefined);
    if (token) headers.authorization = `Bearer ${token}`;
    if (opts.customerId) headers['x-customer-id'] = opts.customerId;
    return app.inject({ method, url, headers, query: opts.query, ...(opts.body !== undefined ? { payload: opts.body as object } : {}) });
  };

  return {
    app, db, testDb, tokenFor, sign, otherKey, call, tenantId,
    async countQueries(fn) {
      const before = counter.count;
      const result = await fn();
      return { result, queries: counter.count - before };
    },
    customerIds: async (host = 'localhost') => (await db.selectFrom('customers').select('id')
      .where('tenantId', '=', await tenantId(host)).orderBy('createdAt').orderBy('id').execute()).map((r) => r.id),
    userId: async (email, host) => (await userRow(email, host)).id,
    async close() {
      await app.close();
      await testDb.cleanup();
    },
  };
}

/**
 * The whole app with the embedded identity provider mounted (its discovery, pages and headers are
 * under test) and the test run's token verifier for the API.
 */
export function buildWithProvider(db: Kysely<DB>, config: BuildAppOptions['config'], verifier: TokenVerifier, options: Partial<BuildAppOptions> = {}): Promise<FastifyInstance> {
  return buildApp({
    config, db, logger: false, onUndeclaredError: recordUndeclared, ...options,
    identity: async (server) => ({ ...(await registerOidc(server, { db, config })), verifier }),
  });
}
