import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GeneratedFile } from './emit';
import { buildIr, type Ir } from './ir';
import type { ModelInput } from './model-input';
import { MIGRATIONS_DIR, migrationsPass, parseSnapshot, SNAPSHOT_PATH, type MigrationHistory } from './passes/migrations';
import { adminScreensPass } from './passes/admin/screens';
import { callsPass } from './passes/calls';
import { dbTypesPass, type SqlScript } from './passes/db-types';
import { e2ePass } from './passes/e2e';
import { i18nPass } from './passes/i18n';
import { pagesPass } from './passes/pages';
import { roundTripPass } from './passes/round-trip';
import { schemasPass } from './passes/schemas';
import { tablesPass } from './passes/tables';
import { typesPass } from './passes/types';
import { listGeneratedFiles } from './writer';
import { SCHEMA_MIGRATIONS_DDL } from '../src/server/db/schema-migrations';

/** Every pass in order. Each returns the files it owns; none writes to disk. */
export async function runPasses(ir: Ir, history: MigrationHistory, sqlScripts: readonly SqlScript[] = []): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [];
  files.push(...migrationsPass(ir, history));
  // the database types describe the schema the migrations leave, which may differ from the model's
  files.push(...dbTypesPass(ir, parseSnapshot(files.find((f) => f.path === SNAPSHOT_PATH)!.content), sqlScripts));
  files.push(...(await typesPass(ir)));
  files.push(...schemasPass(ir));
  files.push(...tablesPass(ir));
  files.push(...callsPass(ir));
  files.push(...pagesPass(ir));
  files.push(...i18nPass(ir));
  files.push(...adminScreensPass(ir));
  files.push(...e2ePass(ir));
  files.push(...roundTripPass(ir));
  return files;
}

/** Loads, validates and generates: the whole generator without the writer. */
export async function generate(model: ModelInput, history: MigrationHistory, sqlScripts: readonly SqlScript[] = []): Promise<{ ir: Ir; files: GeneratedFile[] }> {
  const ir = buildIr(model);
  return { ir, files: await runPasses(ir, history, sqlScripts) };
}

/** Folders of hand-written migration scripts, in the order the server applies them around the generated ones. */
export const SQL_SCRIPT_DIRS = ['src/server/db/infra', 'src/server/db/after'] as const;

/**
 * The hand-written SQL whose tables the database types include: the migrator's own table first
 * (created in code, before any script), then every script of SQL_SCRIPT_DIRS in name order.
 */
export function readSqlScripts(root: string): SqlScript[] {
  const scripts: SqlScript[] = [{ path: 'src/server/db/schema-migrations.ts', content: SCHEMA_MIGRATIONS_DDL }];
  for (const dir of SQL_SCRIPT_DIRS) {
    if (!existsSync(join(root, dir))) continue;
    for (const file of readdirSync(join(root, dir)).filter((f) => f.endsWith('.sql')).sort()) {
      scripts.push({ path: `${dir}/${file}`, content: readFileSync(join(root, dir, file), 'utf8') });
    }
  }
  return scripts;
}

/** The snapshot and migrations already in generated/db (inputs of the migrations pass). */
export function readMigrationHistory(root: string): MigrationHistory {
  const snapshotAbs = join(root, SNAPSHOT_PATH);
  const snapshot = existsSync(snapshotAbs) ? parseSnapshot(readFileSync(snapshotAbs, 'utf8')) : undefined;
  const migrations = listGeneratedFiles(root, MIGRATIONS_DIR)
    .filter((p) => p.endsWith('.gen.sql'))
    .map((path) => ({ path, content: readFileSync(join(root, path), 'utf8') }));
  return { snapshot, migrations };
}
