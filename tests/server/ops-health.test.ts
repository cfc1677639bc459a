import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { buildApp } from '../../src/server/app';
import { Lifecycle } from '../../src/server/ops/health';
import { warmSearchIndexes } from '../../src/server/ops/warm-search';
import { memoryIndexFor } from '../../src/server/search/memory-cache';
import { vocabularyFor } from '../../src/server/search/vocabulary';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';
import { createTestVerifier } from './helpers/test-verifier';

/**
 * GET /health/live and /health/ready (docs/operations.md): answered whatever the Host header a proxy
 * sends, without sign-in and without a cookie; readiness 503 while start-up work is under way, while
 * the database does not answer and once a shutdown began.
 */

/** Makes the app's database handle fail every statement while `down`, as a refused connection does. */
class Outage implements KyselyPlugin {
  down = false;
  transformQuery(args: PluginTransformQueryArgs) {
    if (this.down) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

let testDb: TestDatabase;
let app: FastifyInstance;
const lifecycle = new Lifecycle();
const outage = new Outage();

beforeAll(async () => {
  testDb = await createTestDatabase({ seeded: true });
  const { verifier } = await createTestVerifier();
  app = await buildApp({ config: testDb.config, db: testDb.database.db.withPlugin(outage), verifier, logger: false, lifecycle });
  await app.ready();
});
afterAll(async () => {
  outage.down = false;
  await app?.close();
  await testDb?.cleanup();
});

const get = (url: string, host = 'lb-probe.internal:8080') => app.inject({ method: 'GET', url, headers: { host } });

describe('liveness', () => {
  test('200 for any Host, no sign-in, no cookie, not cached', async () => {
    for (const host of ['lb-probe.internal:8080', '10.0.0.7', 'localhost:3000']) {
      const res = await get('/health/live', host);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'live' });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  test('still 200 while the database is down: the process lives', async () => {
    outage.down = true;
    try {
      expect((await get('/health/live')).statusCode).toBe(200);
    } finally {
      outage.down = false;
    }
  });
});

describe('readiness', () => {
  test('200 for any Host when started and the database answers, no cookie', async () => {
    const res = await get('/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  test('503 while a start-up step is under way, 200 once it is done', async () => {
    let finish!: () => void;
    const step = lifecycle.track('searchIndexes', new Promise<void>((resolve) => { finish = resolve; }));
    const starting = await get('/health/ready');
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toEqual({ status: 'starting', pending: ['searchIndexes'] });
    finish();
    await step;
    expect((await get('/health/ready')).statusCode).toBe(200);
  });

  test('503 while the database does not answer, 200 again when it does', async () => {
    outage.down = true;
    try {
      const res = await get('/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'databaseUnreachable' });
    } finally {
      outage.down = false;
    }
    expect((await get('/health/ready')).statusCode).toBe(200);
  });
});

describe('the search indexes at start', () => {
  test('warmSearchIndexes loads every index into memory: a search finds it there at once instead of starting a load', async () => {
    const { db } = testDb.database;
    const { rows } = await sql<{ indexName: string }>`select index_name from search_indexes`.execute(db);
    expect(rows.length).toBeGreaterThan(0);
    expect(await warmSearchIndexes(db)).toBe(rows.length);
    for (const { indexName } of rows) {
      // wait = false: null while a load is still under way, which is what a search without the warm-up meets.
      expect(await memoryIndexFor(db, indexName, await vocabularyFor(db, indexName), false)).not.toBeNull();
    }
  });
});

describe('shutting down', () => {
  // Last: the lifecycle does not come back from closing.
  test('503 closing from the moment a shutdown begins, while the app still serves', async () => {
    lifecycle.beginClosing();
    const res = await get('/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'closing' });
    expect((await get('/health/live')).statusCode).toBe(200);
  });
});
