import { diffSchemas, type Declarations } from '../db/diff';
import type { DbSchema } from '../db/schema';
import { jsonFile, sqlFile, type GeneratedFile } from '../emit';
import type { Ir } from '../ir';
import { slug, snakeCase } from '../naming';

export const SNAPSHOT_PATH = 'generated/db/schema.gen.json';
export const MIGRATIONS_DIR = 'generated/db/migrations';

/** What is on disk from earlier runs: the snapshot and the migrations already emitted. */
export interface MigrationHistory {
  readonly snapshot?: DbSchema;
  readonly migrations: readonly GeneratedFile[];
}

/** The schema the model asks for, tables in model order. */
export function desiredSchema(ir: Ir): DbSchema {
  return { tables: ir.resources.map((r) => r.table) };
}

/** The model's declared renames, removals and lossy type changes, in column names (see db/diff.ts). */
export function declarations(ir: Ir): Declarations {
  const tables = Object.fromEntries(ir.resources.map((r) => {
    const fields = Object.entries(r.def.fields);
    const renames = Object.fromEntries(fields.filter(([, f]) => f.renamedFrom).map(([n, f]) => [snakeCase(n), snakeCase(f.renamedFrom!)]));
    const retyped = Object.fromEntries(fields.filter(([, f]) => f.retyped).map(([n, f]) => [snakeCase(n), f.retyped!]));
    const removed = Object.fromEntries(Object.entries(r.def.removed ?? {}).map(([n, why]) => [snakeCase(n), why]));
    return [r.table.name, { renames, removed, retyped }];
  }));
  return { tables, removedTables: ir.model.removedTables ?? {} };
}

/**
 * Migrations pass: compares the model's schema with the snapshot and, when they differ, emits the next
 * numbered migration and the new snapshot. Earlier migrations are returned unchanged: a migration
 * that ran somewhere must never change.
 */
export function migrationsPass(ir: Ir, history: MigrationHistory): GeneratedFile[] {
  if (!history.snapshot && history.migrations.length) {
    throw new Error(`${SNAPSHOT_PATH} is missing but migrations exist: restore it from version control instead of regenerating`);
  }
  const prev: DbSchema = history.snapshot ?? { tables: [] };
  const migration = diffSchemas(prev, desiredSchema(ir), declarations(ir));
  const source = `${ir.model.modelModule} (every resource's fields, scope and softDelete)`;
  const files = [...history.migrations];
  if (migration.statements.length) {
    const number = Math.max(0, ...history.migrations.map((m) => Number(/\/(\d{4})_/.exec(m.path)?.[1] ?? 0))) + 1;
    const name = `${String(number).padStart(4, '0')}_${summarize(prev, migration.changes)}.gen.sql`;
    files.push(sqlFile(`${MIGRATIONS_DIR}/${name}`, source, migration.statements));
  }
  files.push(jsonFile(SNAPSHOT_PATH, source, migration.statements.length ? migration.next : prev));
  return files;
}

function summarize(prev: DbSchema, changes: readonly string[]): string {
  if (prev.tables.length === 0) return 'initial_schema';
  const unique = [...new Set(changes)];
  if (unique.length === 1) return slug(unique[0]!);
  const tables = new Set(unique.map((c) => c.split(' ')[1]));
  if (tables.size === 1) return slug(`alter ${[...tables][0]}`);
  return slug(`${unique[0]} and ${unique.length - 1} more`);
}

/** Reads a snapshot written by this pass (the "$comment" banner is not part of the schema). */
export function parseSnapshot(text: string): DbSchema {
  const parsed = JSON.parse(text) as DbSchema & { $comment?: string };
  delete parsed.$comment;
  return parsed;
}
