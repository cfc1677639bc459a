import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig, type ServerConfig } from '../../../src/server/config';
import { migrate } from '../../../src/server/db/migrate';
import { JOBS } from '../../../src/server/job-registry';
import { openDatabase, type Database } from '../../../src/server/db/open';
import { seed } from '../../../src/server/demo/seed';
import { fromTemplate, type TemplateKind } from './templates';

export interface TestDatabase {
  database: Database;
  config: ServerConfig;
  cleanup(): Promise<void>;
}

/** Drops a test database once the closed pools' backends are gone (forcing out a live one is an error in its owner). */
export async function dropTestDatabase(adminUrl: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    for (let i = 0; i < 50; i++) {
      const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await c.query(`drop database if exists ${name} with (force)`);
  } finally {
    await c.end();
  }
}

/** Creates an empty database named `name` on the server of `adminUrl`; returns its URL. */
export async function createScratchDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh database per test file, PGlite in a temp dir or a new database on DATABASE_URL: empty
 * (`migrate: false`), migrated, or migrated and seeded (`seeded: true`). Copied from the run's
 * templates (./templates.ts) when the global setup built them.
 */
export async function createTestDatabase(options: { migrate?: boolean; seeded?: boolean } = {}): Promise<TestDatabase> {
  const kind: TemplateKind = options.migrate === false ? 'blank' : options.seeded ? 'seeded' : 'migrated';
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-test-'));
  const adminUrl = process.env.DATABASE_URL;
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  let copied: boolean;
  if (adminUrl) {
    const name = `test_${randomBytes(6).toString('hex')}`;
    copied = await fromTemplate(kind, { adminUrl, name });
    databaseUrl = copied ? new URL(`/${name}`, adminUrl).toString() : await createScratchDatabase(adminUrl, name);
    dropDatabase = () => dropTestDatabase(adminUrl, name);
  } else {
    copied = await fromTemplate(kind, { pgliteDir: path.join(tmp, 'pglite') });
  }
  // Apps on test databases only enqueue jobs; a test that wants them run says so (startTestApp's jobs option).
  const config = loadConfig({ DATA_DIR: tmp, DATABASE_URL: databaseUrl, PORT: '3000', LOG_LEVEL: 'silent', JOB_WORKERS: 'false' });
  const database = await openDatabase(config);
  if (!copied && kind !== 'blank') await migrate(database, { jobs: JOBS });
  if (!copied && kind === 'seeded') await seed(database.db, { demoOrders: false });
  return {
    database,
    config,
    async cleanup() {
      await database.close();
      await dropDatabase();
      await fs.rm(tmp, { recursive: true, force: true });
    },
  };
}
