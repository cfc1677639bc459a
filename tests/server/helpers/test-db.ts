import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig, type ServerConfig } from '../../../src/server/config';
import { migrate } from '../../../src/server/db/migrate';
import { openDatabase, type Database } from '../../../src/server/db/open';

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

/** A fresh, migrated database per test file: PGlite in a temp dir, or a new database on DATABASE_URL. */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-test-'));
  const adminUrl = process.env.DATABASE_URL;
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  if (adminUrl) {
    const name = `test_${randomBytes(6).toString('hex')}`;
    databaseUrl = await createScratchDatabase(adminUrl, name);
    dropDatabase = () => dropTestDatabase(adminUrl, name);
  }
  const config = loadConfig({ DATA_DIR: tmp, DATABASE_URL: databaseUrl, PORT: '3000', LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  if (options.migrate !== false) await migrate(database);
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
