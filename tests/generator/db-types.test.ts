import { describe, expect, it } from 'vitest';
import { field, t } from '../../model/dsl';
import { readSqlTables } from '../../generator/db/sql-tables';
import { DATABASE_COLUMNS_PATH, DATABASE_TYPES_PATH } from '../../generator/passes/db-types';
import { parseSnapshot, SNAPSHOT_PATH } from '../../generator/passes/migrations';
import { generate } from '../../generator/run';
import type { GeneratedFile } from '../../generator/emit';
import { fixtureModel, gadgets, RESOURCES } from './fixtures/model';

const SCRIPT = {
  path: 'src/server/db/infra/0001_things.sql',
  content: `-- a comment; with a semicolon, and (parentheses
create table if not exists things (
  kind text NOT NULL,
  id text not null,
  use text not null check (use in ('sig', 'cookie')),
  settings jsonb not null default '{}'::jsonb,
  words text[] not null default '{}',
  price numeric(14,2),
  seq bigserial,
  note text default 'a, b; c',
  at timestamptz not null default now(),
  primary key (kind, id)
);
create index things_idx on things (kind) where kind is not null;
alter table things add column extra integer;`,
};

const file = (files: GeneratedFile[], path: string) => files.find((f) => f.path === path)!.content;
/** The members of one generated table interface, as "name: type" lines. */
const members = (text: string, name: string) =>
  new RegExp(`export interface ${name} \\{\\n([\\s\\S]*?)\\n\\}`).exec(text)![1]!.split('\n').map((l) => l.trim().replace(/;$/, ''));

describe('reading hand-written SQL tables', () => {
  const [things] = readSqlTables([SCRIPT]);

  it('reads columns, nullability, defaults, checks and later added columns', () => {
    expect(things!.name).toBe('things');
    expect(things!.source).toBe(SCRIPT.path);
    expect(things!.columns).toEqual([
      { name: 'kind', type: 'text', notNull: true },
      { name: 'id', type: 'text', notNull: true },
      { name: 'use', type: 'text', notNull: true, values: ['sig', 'cookie'] },
      { name: 'settings', type: 'jsonb', notNull: true, default: "'{}'::jsonb" },
      { name: 'words', type: 'text[]', notNull: true, default: "'{}'" },
      { name: 'price', type: 'numeric(14,2)', notNull: false },
      { name: 'seq', type: 'bigserial', notNull: true, default: 'nextval' },
      { name: 'note', type: 'text', notNull: false, default: "'a, b; c'" },
      { name: 'at', type: 'timestamptz', notNull: true, default: 'now()' },
      { name: 'extra', type: 'integer', notNull: false },
    ]);
  });

  it('makes the columns of a table primary key not null', () => {
    const [t1] = readSqlTables([{ path: 'x.sql', content: 'create table t1 (a text, b text, c text, primary key (a, b))' }]);
    expect(t1!.columns.map((c) => c.notNull)).toEqual([true, true, false]);
  });

  it('reads past an added constraint (a key or a foreign key adds no column)', () => {
    const [t2] = readSqlTables([SCRIPT, { path: 'y.sql', content: 'alter table things add constraint things_fk foreign key (id) references others (id) on delete cascade' }]);
    expect(t2!.columns.map((c) => c.name)).toEqual(things!.columns.map((c) => c.name));
  });

  it('refuses what it cannot follow rather than guessing a type', () => {
    expect(() => readSqlTables([{ path: 'x.sql', content: 'alter table nowhere add column a text' }])).toThrow(/before its "create table"/);
    expect(() => readSqlTables([SCRIPT, { path: 'y.sql', content: 'alter table things drop column note' }])).toThrow(/only "add column"/);
    expect(() => readSqlTables([{ path: 'y.sql', content: 'alter table gadgets add column a text' }], new Set(['gadgets']))).toThrow(/model table/);
    expect(() => readSqlTables([{ path: 'y.sql', content: 'create table gadgets (a text)' }], new Set(['gadgets']))).toThrow(/table of the model/);
  });
});

describe('database types pass', () => {
  it('types every model table and every hand-written table, keyed in camelCase', async () => {
    const { files } = await generate(fixtureModel(), { migrations: [] }, [SCRIPT]);
    const text = file(files, DATABASE_TYPES_PATH);
    expect(members(text, 'DB')).toEqual(['makers: MakersTable', 'gadgets: GadgetsTable', 'bins: BinsTable', 'logs: LogsTable', 'things: ThingsTable']);
    const gadgetsTable = members(text, 'GadgetsTable');
    expect(gadgetsTable).toEqual(expect.arrayContaining([
      'id: Generated<string>',
      'tenantId: string',
      'name: string',
      'quantity: Generated<number | null>',
      'price: Numeric | null',
      'availableFrom: string | null',
      'checkedAt: Timestamp | null',
      "colour: Generated<'red' | 'blue'>",
      'makerId: string | null',
      "title: Json<NonNullable<GadgetRecord['title']>> | null",
      "tags: Generated<Json<NonNullable<GadgetRecord['tags']>> | null>",
      'deleted: Generated<boolean>',
      'createdAt: Generated<Timestamp>',
    ]));
    expect(members(text, 'BinsTable')).toContain('customerId: string | null');
    expect(members(text, 'ThingsTable')).toEqual([
      'kind: string', 'id: string', "use: 'sig' | 'cookie'", 'settings: Generated<Json>', 'words: Generated<string[]>',
      'price: Numeric | null', 'seq: Generated<Int8>', 'note: Generated<string | null>', 'at: Generated<Timestamp>', 'extra: number | null',
    ]);
    expect(file(files, DATABASE_COLUMNS_PATH)).toContain("words: { udt: '_text', nullable: false },");
  });

  it('describes the database as migrated: a required field added later is a nullable column', async () => {
    const first = await generate(fixtureModel(), { migrations: [] });
    const history = {
      snapshot: parseSnapshot(file(first.files, SNAPSHOT_PATH)),
      migrations: first.files.filter((f) => f.path.endsWith('.gen.sql')),
    };
    const barcode = field.text(t('Barcode', 'Barcode', 'Code-barres')).required().def;
    const resources = RESOURCES.map((r) => (r === gadgets ? { ...r, fields: { ...r.fields, barcode } } : r));
    const second = await generate(fixtureModel(resources), history);
    expect(members(file(second.files, DATABASE_TYPES_PATH), 'GadgetsTable')).toContain('barcode: string | null');
    const fresh = await generate(fixtureModel(resources), { migrations: [] });
    expect(members(file(fresh.files, DATABASE_TYPES_PATH), 'GadgetsTable')).toContain('barcode: string');
  });
});
