import { describe, expect, it } from 'vitest';
import { field, resource, t, type ResourceDef } from '../../model/dsl';
import { COLUMN_TYPE } from '../../generator/db/schema';
import { buildIr } from '../../generator/ir';
import { snakeCase } from '../../generator/naming';
import { fixtureModel, gadgets, makers, RESOURCES } from './fixtures/model';

const ir = buildIr(fixtureModel());
const byName = (name: string) => ir.byName.get(name)!;
const columns = (name: string) => byName(name).table.columns.map((c) => c.name);

describe('IR: tables', () => {
  it('gives every top-level field a column of its kind', () => {
    for (const r of ir.resources) {
      for (const [name, f] of Object.entries(r.def.fields)) {
        const column = r.table.columns.find((c) => c.name === snakeCase(name));
        expect(column, `${r.name}.${name}`).toBeDefined();
        expect(column!.type, `${r.name}.${name}`).toBe(COLUMN_TYPE[f.kind]);
        expect(column!.notNull, `${r.name}.${name}`).toBe(f.required);
      }
    }
  });

  it('adds the owner and system columns each scope needs', () => {
    expect(columns('logs')).toEqual(['id', 'message', 'created_at', 'updated_at']);
    expect(columns('makers').slice(0, 3)).toEqual(['id', 'tenant_id', 'customer_id']);
    expect(byName('makers').table.columns.find((c) => c.name === 'customer_id')!.notNull).toBe(true);
    expect(byName('bins').table.columns.find((c) => c.name === 'customer_id')!.notNull).toBe(false);
    expect(columns('gadgets')).toContain('deleted');
    expect(columns('makers')).not.toContain('deleted');
  });

  it('keys unique fields by owner, soft-deleted rows excluded, platform rows colliding too', () => {
    const gadgetKey = byName('gadgets').table.indexes.find((i) => i.unique)!;
    expect(gadgetKey).toMatchObject({ columns: ['tenant_id', 'name'], where: 'not deleted' });
    const binKey = byName('bins').table.indexes.find((i) => i.unique)!;
    expect(binKey.columns[1]).toMatch(/^coalesce\(customer_id/);
  });

  it('turns model defaults into SQL defaults', () => {
    const col = (r: string, c: string) => byName(r).table.columns.find((x) => x.name === c)!;
    expect(col('gadgets', 'quantity').default).toBe('0');
    expect(col('gadgets', 'active').default).toBe('true');
    expect(col('gadgets', 'colour').default).toBe("'red'");
    expect(col('gadgets', 'tags').default).toBe("'[]'::jsonb");
  });
});

describe('IR: routes and endpoints', () => {
  it('lists every route of every endpoint set', () => {
    const expected = RESOURCES.reduce((n, r) => n + Object.values(r.endpoints).reduce((m, s) => m + s.routes.length, 0), 0);
    expect(ir.resources.flatMap((r) => r.routes)).toHaveLength(expected);
    expect(byName('gadgets').routes.find((r) => r.path === '/admin/gadgets/query')).toMatchObject({ method: 'POST', style: 'query', op: 'list' });
  });

  it('gives the data provider an endpoint for screens and for the targets they reference', () => {
    expect(byName('gadgets').dataEndpoint?.key).toBe('admin');
    expect(byName('makers').dataEndpoint?.key).toBe('customer');
    expect(byName('logs').dataEndpoint).toBeUndefined();
  });

  it('orders screen resources by menu order', () => {
    expect(ir.screenResources.map((r) => r.name)).toEqual(['bins', 'gadgets', 'makers']);
  });
});

describe('model validation', () => {
  const broken = (patch: Partial<ResourceDef>): ResourceDef[] => [makers, { ...gadgets, ...patch }];

  it('refuses a reference to an unknown resource', () => {
    const fields = { ...gadgets.fields, ghostId: field.reference(t('a', 'b', 'c'), 'ghosts').def };
    expect(() => buildIr(fixtureModel(broken({ fields })))).toThrow(/ghostId targets unknown resource ghosts/);
  });

  it('refuses list columns, filters and sorts that name no field', () => {
    expect(() => buildIr(fixtureModel(broken({ list: { columns: ['nope'], sort: { field: 'nah', order: 'ASC' } } })))).toThrow(/list column nope[\s\S]*list sort nah/);
  });

  it('refuses two resources declaring the same route', () => {
    const twin = resource('twins', { ...gadgets, fields: {}, recordRepresentation: 'id', list: { columns: [], sort: { field: 'id', order: 'ASC' } }, rules: [], filters: {}, screens: undefined, endpoints: gadgets.endpoints });
    expect(() => buildIr(fixtureModel([...RESOURCES, twin]))).toThrow(/already declared by gadgets/);
  });

  it('refuses field names that would not survive snake_case columns', () => {
    const fields = { ...gadgets.fields, userID: field.text(t('a', 'b', 'c')).def };
    expect(() => buildIr(fixtureModel(broken({ fields })))).toThrow(/two capitals/);
  });
});
