import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../generator/ir';
import { loadProjectModel } from '../../generator/model-input';
import { parseSnapshot, SNAPSHOT_PATH } from '../../generator/passes/migrations';

const ir = buildIr(await loadProjectModel(process.cwd()));
const snapshot = parseSnapshot(readFileSync(SNAPSHOT_PATH, 'utf8'));

/** DESIGN §1: a migration exists for every field, and a test proves model and schema agree. */
describe('the product model and its migrated schema', () => {
  it('has a table for every resource and a column of the right type for every field', () => {
    for (const r of ir.resources) {
      const table = snapshot.tables.find((t) => t.name === r.table.name);
      expect(table, r.name).toBeDefined();
      for (const column of r.table.columns) {
        const found = table!.columns.find((c) => c.name === column.name);
        expect(found && { type: found.type, default: found.default ?? null }, `${r.name}.${column.name}`).toEqual({ type: column.type, default: column.default ?? null });
      }
    }
  });

  it('names every resource file in the banners', () => {
    for (const r of ir.resources) expect(r.source, r.name).toMatch(/^model\/resources\/.+\.ts$/);
  });
});
