/**
 * Database templates for the server and identity suites. Creating a PGlite database (initdb), migrating
 * and seeding it took about 4 s per test file, most of the suite's time; the global setup below does it
 * once per run and each file starts from a copy: a copied PGlite directory (`cp -r`, tens of
 * milliseconds) or, on PostgreSQL, `create database … template …`. Each file still gets its own database.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { inject } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { migrate } from '../../../src/server/db/migrate';
import { JOBS } from '../../../src/server/job-registry';
import { openDatabase } from '../../../src/server/db/open';
import { seed } from '../../../src/server/demo/seed';

/** blank: an empty database; migrated: every migration applied; seeded: migrated plus the demo seed. */
export type TemplateKind = 'blank' | 'migrated' | 'seeded';
type Templates = Record<TemplateKind, string>;

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite data directories, or PostgreSQL database names when DATABASE_URL is set. */
    databaseTemplates: Templates | null;
  }
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try { await c.query(statement); } finally { await c.end(); }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** vitest globalSetup of the server project: builds the three templates once, removes them at the end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.DATABASE_URL;
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-templates-'));
  const suffix = randomBytes(4).toString('hex');
  const templates = {} as Templates;
  for (const kind of ['blank', 'migrated', 'seeded'] as const) {
    let target: string;
    let config;
    if (adminUrl) {
      target = `template_${kind}_${suffix}`;
      await adminQuery(adminUrl, `create database ${target}`);
      config = loadConfig({ DATA_DIR: root, DATABASE_URL: databaseUrl(adminUrl, target), PORT: '3000', LOG_LEVEL: 'silent' });
    } else {
      target = path.join(root, kind);
      config = loadConfig({ DATA_DIR: target, PORT: '3000', LOG_LEVEL: 'silent' });
    }
    if (kind === 'blank' && !adminUrl) {
      await fs.mkdir(path.join(target, 'pglite'), { recursive: true });
      await (await PGlite.create(path.join(target, 'pglite'))).close();
    } else if (kind !== 'blank') {
      const database = await openDatabase(config);
      await migrate(database, { jobs: JOBS });
      if (kind === 'seeded') await seed(database.db, { demoOrders: false });
      await database.close();
    }
    templates[kind] = adminUrl ? target : path.join(target, 'pglite');
  }
  project.provide('databaseTemplates', templates);
  return async () => {
    if (adminUrl) for (const name of Object.values(templates)) await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    await fs.rm(root, { recursive: true, force: true });
  };
}

/**
 * Starts database `kind` from its template: copies the PGlite directory to `pgliteDir`, or creates
 * PostgreSQL database `name` from the template. False when no template was provided (the caller builds it).
 */
export async function fromTemplate(kind: TemplateKind, target: { pgliteDir: string } | { adminUrl: string; name: string }): Promise<boolean> {
  const templates = inject('databaseTemplates');
  if (!templates) return false;
  if ('pgliteDir' in target) {
    await fs.mkdir(path.dirname(target.pgliteDir), { recursive: true });
    execFileSync('cp', ['-r', `${templates[kind]}/.`, target.pgliteDir]);
    return true;
  }
  // Several files may copy one template at once; PostgreSQL refuses while another copy holds it.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(target.adminUrl, `create database ${target.name} template ${templates[kind]}`);
      return true;
    } catch (err) {
      if (attempt >= 50 || !/being accessed by other users/.test((err as Error).message)) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}
