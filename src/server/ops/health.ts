/**
 * Liveness and readiness for a load balancer or an orchestrator (docs/operations.md):
 * GET /health/live answers 200 while the process runs its event loop; GET /health/ready answers 200
 * once the process's start-up work is done (migrations, the search indexes in memory) and while the
 * database answers, and 503 while starting, when the database does not answer, and from the moment
 * a shutdown begins. Outside /api and /oidc: no tenant, no sign-in, whatever the Host header.
 */
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { DB } from '../../../generated/db/database.gen';

/** How long the readiness probe waits for the database before calling it unreachable. */
export const DATABASE_PING_MS = 2000;

/**
 * Where the process is in its life: the start-up steps not yet done and whether it is shutting down.
 * main.ts creates it and hands it to buildApp and to the shutdown; an app built without one (the
 * tests) starts ready.
 */
export class Lifecycle {
  readonly #pending = new Set<string>();
  #closing = false;

  /** Marks `step` under way until `work` settles (a failed step is done too: it is logged, not retried). */
  track(step: string, work: Promise<unknown>): Promise<void> {
    this.#pending.add(step);
    return work.then(() => undefined, () => undefined).finally(() => this.#pending.delete(step));
  }

  /** The start-up steps still under way. */
  get pending(): string[] {
    return [...this.#pending];
  }

  get closing(): boolean {
    return this.#closing;
  }

  /** From now on the process is not ready: a shutdown began. */
  beginClosing(): void {
    this.#closing = true;
  }
}

type Readiness = { status: 'ready' } | { status: 'starting'; pending: string[] } | { status: 'closing' } | { status: 'databaseUnreachable' };

/** Whether the database answers a trivial statement within DATABASE_PING_MS. */
async function databaseAnswers(db: Kysely<DB>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), DATABASE_PING_MS); });
  try {
    return await Promise.race([sql`select 1`.execute(db).then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function readiness(lifecycle: Lifecycle, db: Kysely<DB>): Promise<Readiness> {
  if (lifecycle.closing) return { status: 'closing' };
  const pending = lifecycle.pending;
  if (pending.length) return { status: 'starting', pending };
  if (!(await databaseAnswers(db))) return { status: 'databaseUnreachable' };
  // A shutdown may have begun while the database was asked.
  return lifecycle.closing ? { status: 'closing' } : { status: 'ready' };
}

/**
 * Options of an operations endpoint: left out of the API's OpenAPI document, not logged per hit at
 * info (a probe every few seconds would drown the log), and answered even when the server is too busy
 * for other requests (under-pressure's route-level handler letting it through).
 */
export const OPS_ROUTE = {
  logLevel: 'warn',
  schema: { hide: true },
  config: { pressureHandler: () => undefined },
} as const;

export function installHealth(app: FastifyInstance, db: Kysely<DB>, lifecycle: Lifecycle): void {
  // A shutdown waits for every connection to end: an answer sent meanwhile closes its keep-alive
  // connection (the client opens its next one elsewhere), else the close would wait out the idle timeout.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.closing) reply.header('Connection', 'close');
    done(null, payload);
  });
  app.get('/health/live', OPS_ROUTE, async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'live' }));
  app.get('/health/ready', OPS_ROUTE, async (_request, reply) => {
    const state = await readiness(lifecycle, db);
    return reply.status(state.status === 'ready' ? 200 : 503).header('Cache-Control', 'no-store').send(state);
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/under-pressure's handler for this route (src/server/ops/overload.ts); one answering nothing lets the request through. */
    pressureHandler?: (...args: never[]) => unknown;
  }
}
