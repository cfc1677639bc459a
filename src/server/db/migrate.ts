import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { JobRegistry } from '../jobs/definition';
import { installJobSchema } from '../jobs/schema';
import type { Database } from './open';
import { SCHEMA_MIGRATIONS_DDL } from './schema-migrations';

const here = path.dirname(fileURLToPath(import.meta.url));
export const INFRA_DIR = path.join(here, 'infra');
export const GENERATED_DIR = path.resolve(here, '../../../generated/db/migrations');
/**
 * Hand-written SQL that needs the model's tables (indexes on them, tables derived from them, such as
 * the search index): applied after the generated migrations, recorded as `after/<file>`.
 */
export const AFTER_DIR = path.join(here, 'after');

export interface MigrationSource {
  /** Recorded as `${prefix}/${file}` so an infra and a generated file may share a number. */
  prefix: string;
  dir: string;
}

export const DEFAULT_SOURCES: readonly MigrationSource[] = [
  { prefix: 'infra', dir: INFRA_DIR },
  { prefix: 'generated', dir: GENERATED_DIR },
  { prefix: 'after', dir: AFTER_DIR },
];

async function sqlFiles(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/**
 * Applies every not yet applied SQL file: the hand-written infra tables first, then the generated
 * model tables, then the hand-written SQL over model tables (after/), each sorted by name, each in its own transaction with its record in schema_migrations.
 * Then installs or upgrades the job queue's own schema, and the queues of `jobs` when given (the
 * composition root's registry, src/server/job-registry.ts; src/server/jobs/schema.ts).
 * Returns the names of the SQL files applied now.
 */
export async function migrate(database: Database, options: { sources?: readonly MigrationSource[]; jobs?: JobRegistry } = {}): Promise<string[]> {
  return database.exclusive(async () => {
    const applied = await applyPending(database, options.sources ?? DEFAULT_SOURCES);
    await installJobSchema(database.db, options.jobs);
    return applied;
  });
}

async function applyPending(database: Database, sources: readonly MigrationSource[]): Promise<string[]> {
  const { db } = database;
  await sql.raw(SCHEMA_MIGRATIONS_DDL).execute(db);
  const done = new Set((await db.selectFrom('schemaMigrations').select('name').execute()).map((r) => r.name));
  const applied: string[] = [];
  for (const source of sources) {
    for (const file of await sqlFiles(source.dir)) {
      const name = `${source.prefix}/${file}`;
      if (done.has(name)) continue;
      const script = await fs.readFile(path.join(source.dir, file), 'utf8');
      try {
        await database.runScript(script, { sql: 'insert into schema_migrations (name, applied_at) values ($1, now())', params: [name] });
      } catch (err) {
        throw new Error(`Migration ${name} failed: ${(err as Error).message}`, { cause: err });
      }
      applied.push(name);
    }
  }
  return applied;
}
