import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { field, t, type ResourceDef } from '../../model/dsl';
import type { GeneratedFile } from '../../generator/emit';
import { buildIr } from '../../generator/ir';
import { desiredSchema, migrationsPass, parseSnapshot, SNAPSHOT_PATH, type MigrationHistory } from '../../generator/passes/migrations';
import { fixtureModel, gadgets, RESOURCES } from './fixtures/model';

const run = (resources: readonly ResourceDef[], history: MigrationHistory) => migrationsPass(buildIr(fixtureModel(resources)), history);
const historyOf = (files: GeneratedFile[]): MigrationHistory => ({
  snapshot: parseSnapshot(files.find((f) => f.path === SNAPSHOT_PATH)!.content),
  migrations: files.filter((f) => f.path.endsWith('.gen.sql')),
});
const migrations = (files: GeneratedFile[]) => files.filter((f) => f.path.endsWith('.gen.sql'));
const withGadgetFields = (fields: ResourceDef['fields']) => RESOURCES.map((r) => (r.name === 'gadgets' ? { ...r, fields } : r));

const first = run(RESOURCES, { migrations: [] });

/** Applies migrations in order to a fresh in-memory PostgreSQL (PGlite) and lists the columns. */
async function applied(files: GeneratedFile[]) {
  const db = new PGlite();
  for (const m of migrations(files)) await db.exec(m.content);
  const { rows } = await db.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
    `select table_name, column_name, data_type, is_nullable from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
  );
  await db.close();
  return rows;
}

describe('migrations pass', () => {
  it('starts with one initial migration and a snapshot', () => {
    expect(migrations(first).map((m) => m.path)).toEqual(['generated/db/migrations/0001_initial_schema.gen.sql']);
    expect(historyOf(first).snapshot).toEqual(desiredSchema(buildIr(fixtureModel())));
  });

  it('emits nothing new when the model did not change', () => {
    expect(run(RESOURCES, historyOf(first))).toEqual(first);
  });

  it('adds a column in a new migration and leaves the older one untouched', () => {
    const fields = { ...gadgets.fields, barcode: field.text(t('Barcode', 'Barcode', 'Code-barres')).required().def };
    const second = run(withGadgetFields(fields), historyOf(first));
    const [old, added] = migrations(second);
    expect(old).toEqual(migrations(first)[0]);
    expect(added!.path).toBe('generated/db/migrations/0002_add_gadgets_barcode.gen.sql');
    // required without default: nullable, because existing rows have no value (the API enforces required)
    expect(added!.content).toContain('alter table gadgets add column barcode text;');
    expect(run(withGadgetFields(fields), historyOf(second))).toEqual(second);
  });

  it('drops declared removed columns, changes types and defaults, and never makes an existing column NOT NULL', () => {
    const fields = Object.fromEntries(Object.entries(gadgets.fields).filter(([name]) => name !== 'weight'));
    fields.quantity = { ...fields.quantity!, kind: 'number', default: 1 };
    fields.phone = { ...fields.phone!, required: true };
    fields.name = { ...fields.name!, required: false };
    const declared = RESOURCES.map((r) => (r.name === 'gadgets' ? { ...r, fields, removed: { weight: 'never measured' } } : r));
    const sql = migrations(run(declared, historyOf(first)))[1]!.content;
    expect(sql).toContain('alter table gadgets drop column weight;');
    expect(sql).toContain('alter table gadgets alter column quantity type double precision using quantity::double precision;');
    expect(sql).toContain('alter table gadgets alter column quantity set default 1;');
    expect(sql).toContain('alter table gadgets alter column name drop not null;');
    expect(sql).not.toMatch(/phone.*not null/);
  });

  it('produces SQL that PostgreSQL runs, giving every model field its column', async () => {
    const fields = { ...gadgets.fields, barcode: field.text(t('Barcode', 'Barcode', 'Code-barres')).def };
    const second = run(withGadgetFields(fields), historyOf(first));
    const columns = await applied(second);
    for (const table of historyOf(second).snapshot!.tables) {
      const real = columns.filter((c) => c.table_name === table.name).map((c) => c.column_name);
      expect(real, table.name).toEqual(table.columns.map((c) => c.name));
    }
    expect(columns.find((c) => c.table_name === 'gadgets' && c.column_name === 'price')!.data_type).toBe('numeric');
  }, 60_000);
});
