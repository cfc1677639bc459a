/**
 * A Fastify app with only the identity provider, on a real database: PGlite in a temp dir, or a new
 * database on DATABASE_URL (CI's PostgreSQL run). reopen() closes and opens the same data again,
 * which is what a server restart does.
 */
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DomainConfig } from '../../src/shared/session-types';
import { dropTestDatabase } from '../server/helpers/test-db';
import { fromTemplate } from '../server/helpers/templates';
import { ensureDemoAccounts } from '../../src/server/oidc/accounts';
import { registerOidc, type OidcHandle } from '../../src/server/oidc/plugin';
import { pgliteDialect } from '../../src/server/db/pglite-dialect';
import type { DB } from '../../generated/db/database.gen';
import type { OidcOptions } from '../../src/server/oidc/provider';

const INFRA_DIR = path.resolve(import.meta.dirname, '../../src/server/db/infra');
const INFRA_FILES = ['0002_oidc.sql', '0003_sign_in_throttle.sql'];

/** The core's tables that sign-in reads, as the generated migrations make them (lists are jsonb). */
const CORE_TABLES = `
create table tenants (
  id uuid primary key default gen_random_uuid(), hostname text not null unique, name text not null,
  environment text not null default 'development', theme jsonb, supported_languages jsonb, default_language text,
  idp_issuer text, idp_client_id text, idp_audience text,
  created_at timestamptz not null default now(), updated_at timestamptz not null default now());
create table users (
  id uuid primary key default gen_random_uuid(), tenant_id uuid not null, email text not null, displayname text,
  user_type integer not null default 3, active boolean not null default true, platform_permissions jsonb, supplier_ids jsonb,
  created_at timestamptz not null default now(), updated_at timestamptz not null default now());
create table customer_accesses (
  id uuid primary key default gen_random_uuid(), tenant_id uuid not null, user_id uuid not null, customer_id uuid not null,
  active boolean not null default true, roles jsonb, permissions jsonb, department_ids jsonb,
  created_at timestamptz not null default now(), updated_at timestamptz not null default now());
`;

export interface Store {
  /** Opens the database (same data each time) with the core's CamelCasePlugin, as the server does. */
  open(): Promise<{ db: Kysely<DB>; exec(script: string): Promise<void>; close(): Promise<void> }>;
  cleanup(): Promise<void>;
  /** The data directory of this store (the identity provider's key-encryption key file). */
  dir: string;
}

export async function createStore(): Promise<Store> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'oidc-test-'));
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'oidc-data-'));
  const removeDir = () => fs.rm(dir, { recursive: true, force: true });
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    await fromTemplate('blank', { pgliteDir: tmp });
    return {
      async open() {
        const client = await PGlite.create(tmp);
        const db = new Kysely<DB>({ dialect: pgliteDialect(client), plugins: [new CamelCasePlugin()] });
        return { db, exec: async (script) => { await client.exec(script); }, close: () => db.destroy() };
      },
      cleanup: async () => { await fs.rm(tmp, { recursive: true, force: true }); await removeDir(); },
      dir,
    };
  }
  const name = `oidc_test_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try { await c.query(statement); } finally { await c.end(); }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dir,
    async open() {
      const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
      pool.on('error', () => undefined); // an idle connection ended at cleanup; the pool replaces it
      const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
      return { db, exec: async (script) => { await pool.query(script); }, close: () => db.destroy() };
    },
    async cleanup() {
      await dropTestDatabase(adminUrl, name);
      await fs.rm(tmp, { recursive: true, force: true });
      await removeDir();
    },
  };
}

/** Applies the infra SQL and the minimal core tables once. */
export async function migrate(exec: (script: string) => Promise<void>): Promise<void> {
  for (const file of INFRA_FILES) await exec(await fs.readFile(path.join(INFRA_DIR, file), 'utf8'));
  await exec(CORE_TABLES);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, 'localhost', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  app: FastifyInstance;
  oidc: OidcHandle;
  db: Kysely<DB>;
  baseUrl: string;
  stop(): Promise<void>;
}

/** Opens the store, builds an app with only registerOidc and listens on `port`. */
export async function startServer(store: Store, port: number, options: { migrate?: boolean; oidc?: Partial<OidcOptions>; trustProxy?: boolean; logLines?: string[] } = {}): Promise<RunningServer> {
  const conn = await store.open();
  if (options.migrate) await migrate(conn.exec);
  await ensureDemoAccounts(conn.db);
  const baseUrl = `http://localhost:${port}`;
  // logLines: the server's log (JSON lines, warn and above), for tests of what it tells the operator.
  const logLines = options.logLines;
  const logger = logLines ? { level: 'warn', stream: { write: (line: string) => void logLines.push(line) } } : false;
  const app = Fastify({ logger, trustProxy: options.trustProxy ?? false });
  const oidc = await registerOidc(app, { db: conn.db, config: { publicUrl: baseUrl, dataDir: store.dir, ...options.oidc } })
    .catch(async (err) => { await conn.close(); throw err; });
  await app.listen({ port, host: 'localhost' });
  return {
    app, oidc, db: conn.db, baseUrl,
    async stop() {
      await app.close();
      await conn.close();
    },
  };
}

export const countRows = async (db: Kysely<DB>, table: string) =>
  Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0].n);

/** The localhost tenant's domain configuration as the app receives it, for a server at `baseUrl`. */
export function localhostDomain(baseUrl: string): DomainConfig {
  return {
    hostname: 'localhost', name: 'Development Shop', environment: 'development', serverUrl: `${baseUrl}/api`,
    theme: {} as DomainConfig['theme'], languages: ['nl', 'en', 'fr'], defaultLanguage: 'nl',
    links: { assetManagementUrl: null, termsUrl: null },
    idp: { issuer: `${baseUrl}/oidc`, clientId: 'shop-localhost', audience: `${baseUrl}/api`, scope: 'openid profile email offline_access api' },
  };
}
