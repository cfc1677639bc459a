import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GeneratedFile } from './emit';
import { buildIr, type Ir } from './ir';
import type { ModelInput } from './model-input';
import { MIGRATIONS_DIR, migrationsPass, parseSnapshot, SNAPSHOT_PATH, type MigrationHistory } from './passes/migrations';
import { adminScreensPass } from './passes/admin/screens';
import { e2ePass } from './passes/e2e';
import { i18nPass } from './passes/i18n';
import { openapiPass } from './passes/openapi';
import { pagesPass } from './passes/pages';
import { roundTripPass } from './passes/round-trip';
import { schemasPass } from './passes/schemas';
import { tablesPass } from './passes/tables';
import { typesPass } from './passes/types';
import { listGeneratedFiles } from './writer';

/** Every pass in order. Each returns the files it owns; none writes to disk. */
export async function runPasses(ir: Ir, history: MigrationHistory): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [];
  files.push(...migrationsPass(ir, history));
  files.push(...(await typesPass(ir)));
  files.push(...schemasPass(ir));
  files.push(...tablesPass(ir));
  files.push(...pagesPass(ir));
  files.push(...openapiPass(ir));
  files.push(...i18nPass(ir));
  files.push(...adminScreensPass(ir));
  files.push(...e2ePass(ir));
  files.push(...roundTripPass(ir));
  return files;
}

/** Loads, validates and generates: the whole generator without the writer. */
export async function generate(model: ModelInput, history: MigrationHistory): Promise<{ ir: Ir; files: GeneratedFile[] }> {
  const ir = buildIr(model);
  return { ir, files: await runPasses(ir, history) };
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
