import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { field, t, type ResourceDef } from '../../model/dsl';
import { DestructiveChangeError } from '../../generator/db/diff';
import type { GeneratedFile } from '../../generator/emit';
import { buildIr } from '../../generator/ir';
import type { ModelInput } from '../../generator/model-input';
import { migrationsPass, parseSnapshot, SNAPSHOT_PATH, type MigrationHistory } from '../../generator/passes/migrations';
import { fixtureModel, gadgets, RESOURCES } from './fixtures/model';

/** Model changes that would lose data: refused unless the model declares them (generator/db/diff.ts). */
const run = (model: ModelInput, history: MigrationHistory) => migrationsPass(buildIr(model), history);
const historyOf = (files: GeneratedFile[]): MigrationHistory => ({
  snapshot: parseSnapshot(files.find((f) => f.path === SNAPSHOT_PATH)!.content),
  migrations: files.filter((f) => f.path.endsWith('.gen.sql')),
});
const migrations = (files: GeneratedFile[]) => files.filter((f) => f.path.endsWith('.gen.sql'));
const withGadgets = (patch: Partial<ResourceDef>) => fixtureModel(RESOURCES.map((r) => (r.name === 'gadgets' ? { ...r, ...patch } : r)));
const without = (name: string) => Object.fromEntries(Object.entries(gadgets.fields).filter(([n]) => n !== name));
const first = run(fixtureModel(), { migrations: [] });

function refusal(model: ModelInput): string {
  try {
    run(model, historyOf(first));
  } catch (err) {
    expect(err).toBeInstanceOf(DestructiveChangeError);
    return (err as Error).message;
  }
  throw new Error('the change was not refused');
}

describe('destructive model changes', () => {
  it('refuses a removed field, naming the column and both declarations that would allow it', () => {
    const message = refusal(withGadgets({ fields: without('weight') }));
    expect(message).toContain('gadgets.weight');
    expect(message).toContain(".renamedFrom('weight')");
    expect(message).toContain("removed: { weight: 'why it may go' }");
  });

  it('drops the column of a declared removal, and the declaration left in place does nothing more', () => {
    const model = withGadgets({ fields: without('weight'), removed: { weight: 'never measured' } });
    const second = run(model, historyOf(first));
    expect(migrations(second)[1]!.content).toContain('alter table gadgets drop column weight;');
    expect(run(model, historyOf(second))).toEqual(second);
  });

  it('renames the column of a declared rename and keeps the row values (PGlite)', async () => {
    const fields = { ...without('serial'), serialNumber: field.text(t('S', 'S', 'S')).max(40).renamedFrom('serial').def };
    const model = withGadgets({ fields });
    const second = run(model, historyOf(first));
    const [initial, rename] = migrations(second);
    expect(rename!.content).toContain('alter table gadgets rename column serial to serial_number;');
    expect(rename!.content).not.toMatch(/drop column|add column/);
    expect(run(model, historyOf(second))).toEqual(second);

    const db = new PGlite();
    await db.exec(initial!.content);
    await db.exec(`insert into gadgets (tenant_id, name, colour, serial) values (gen_random_uuid(), 'Widget', 'red', 'SN-42')`);
    await db.exec(rename!.content);
    const { rows } = await db.query<{ serial_number: string }>('select serial_number from gadgets');
    await db.close();
    expect(rows).toEqual([{ serial_number: 'SN-42' }]);
  }, 60_000);

  it('refuses a type change that may lose values unless retyped, and allows a widening one', () => {
    const narrowed = { ...gadgets.fields, weight: { ...gadgets.fields.weight!, kind: 'integer' as const } };
    expect(refusal(withGadgets({ fields: narrowed }))).toMatch(/gadgets\.weight would change type double precision → integer.*\.retyped\(/);
    const declared = { ...narrowed, weight: { ...narrowed.weight, retyped: 'weights are whole grams' } };
    expect(migrations(run(withGadgets({ fields: declared }), historyOf(first)))[1]!.content)
      .toContain('alter table gadgets alter column weight type integer using weight::integer;');
    const widened = { ...gadgets.fields, quantity: { ...gadgets.fields.quantity!, kind: 'money' as const } };
    expect(migrations(run(withGadgets({ fields: widened }), historyOf(first)))[1]!.content)
      .toContain('alter table gadgets alter column quantity type numeric(14,2)');
  });

  it('refuses to drop the table of a removed resource unless REMOVED_TABLES names it', () => {
    const rest = RESOURCES.filter((r) => r.name !== 'logs');
    expect(refusal(fixtureModel(rest))).toMatch(/table logs .*REMOVED_TABLES/);
    const files = run({ ...fixtureModel(rest), removedTables: { logs: 'replaced by the audit trail' } }, historyOf(first));
    expect(migrations(files)[1]!.content).toContain('drop table logs;');
  });

  it('rejects a declaration that names a field the resource still has', () => {
    expect(() => buildIr(withGadgets({ removed: { weight: 'oops' } }))).toThrow(/weight is declared removed but is in the model/);
    const fields = { ...gadgets.fields, mass: field.number(t('M', 'M', 'M')).renamedFrom('weight').def };
    expect(() => buildIr(withGadgets({ fields }))).toThrow(/renamedFrom weight, which is still a field/);
  });
});
