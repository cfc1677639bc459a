import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { ServerConfig } from '../config';
import { auditedDialect, auditSetting, SET_LOCAL_ACTOR } from './audit-actor';
import { JobQueueSlot } from './job-queue-slot';
import { pgliteDialect } from './pglite-dialect';
import { claimPglite, describeHolder, pgliteHolder, releasePglite } from './pglite-lock';
import { TableChanges } from './table-changes';
import type { DB } from '../../../generated/db/database.gen';

export interface Database {
  db: Kysely<DB>;
  /** 'pglite' or 'postgres': PGlite cannot prove concurrency, tests may want to know. */
  kind: 'pglite' | 'postgres';
  /**
   * Runs a multi-statement SQL script and then one parameterised statement in one transaction.
   * Kysely sends statements one by one through the extended protocol, which PGlite refuses for
   * scripts; migrations need the whole file at once.
   */
  runScript(script: string, then: { sql: string; params: unknown[] }): Promise<void>;
  /** Runs `fn` while holding a database-wide lock, so several processes starting at once migrate one by one. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** PostgreSQL's connection pool, whose counts the metrics report (src/server/ops/metrics.ts); PGlite has none. */
  pool?: PoolCounts;
  close(): Promise<void>;
}

/** What pg.Pool tells of its connections: open, idle, and callers waiting for one. */
export type PoolCounts = Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;

const DATE_OID = 1082;
/** Advisory lock key of schema changes ('shop' in ASCII). */
const MIGRATION_LOCK = 0x73686f70;
/** Dates stay 'yyyy-MM-dd' strings: pg would turn them into local-midnight Date objects. */
const keepText = (value: string) => value;

/** Opens PostgreSQL when DATABASE_URL is set, else the embedded PGlite database under DATA_DIR. */
export async function openDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  // The watcher first, so that it sees the names of DB (camelCase) before the next plugin maps them.
  const plugins = (slot: JobQueueSlot) => [new TableChanges(), new CamelCasePlugin(), slot];
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => oid === DATE_OID ? keepText : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser },
    });
    // An idle connection the server ends (restart, failover, a dropped test database) is replaced by
    // the pool; without a listener pg would throw it as an uncaught exception and stop the process.
    pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    const slot = new JobQueueSlot({ kind: 'postgres', connectionString: config.databaseUrl });
    const db = new Kysely<DB>({ dialect: auditedDialect(new PostgresDialect({ pool })), plugins: plugins(slot) });
    const runScript = async (script: string, then: { sql: string; params: unknown[] }) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        // A pooled connection keeps the session's actor of its last lender: this transaction writes as its own caller.
        await client.query(SET_LOCAL_ACTOR, [auditSetting()]);
        await client.query(script);
        await client.query(then.sql, then.params);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      } finally {
        client.release();
      }
    };
    const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    };
    return { db, kind: 'postgres', runScript, exclusive, pool, close: () => db.destroy() };
  }
  const dir = path.join(config.dataDir, 'pglite');
  // A backup or restore of this data directory runs: the two would write one PGlite directory at once.
  const holder = await pgliteHolder(config.dataDir);
  if (holder && holder.role !== 'server') throw new Error(`cannot open the database: ${describeHolder(holder, config.dataDir)}`);
  await fs.mkdir(dir, { recursive: true });
  await claimPglite(config.dataDir, 'server');
  const client = await PGlite.create(dir, { parsers: { [DATE_OID]: keepText } });
  // The job queue's statements take the connection like a query of the app (db is set just below, before any runs).
  const slot: JobQueueSlot = new JobQueueSlot({ kind: 'pglite', pglite: client, serialized: <T>(fn: () => Promise<T>): Promise<T> => db.connection().execute(() => fn()) });
  const db: Kysely<DB> = new Kysely<DB>({ dialect: auditedDialect(pgliteDialect(client)), plugins: plugins(slot) });
  // Through Kysely's connection so the script waits its turn like every other query.
  const runScript = (script: string, then: { sql: string; params: unknown[] }) =>
    db.connection().execute(() => client.transaction(async (tx) => {
      await tx.exec(script);
      await tx.query(then.sql, then.params);
    }));
  // PGlite belongs to one process (two on one directory corrupt it): an in-process queue suffices.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };
  const close = async () => {
    await db.destroy();
    await releasePglite(config.dataDir);
  };
  return { db, kind: 'pglite', runScript, exclusive, close };
}
