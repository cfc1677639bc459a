import type { DbColumn, DbSchema } from '../db/schema';
import { readSqlTables, type SqlColumn } from '../db/sql-tables';
import { tsFileFromText, type GeneratedFile } from '../emit';
import type { Ir, IrResource } from '../ir';
import { pascalCase, snakeCase } from '../naming';
import { typesPath } from './types';

export const DATABASE_TYPES_PATH = 'generated/db/database.gen.ts';
export const DATABASE_COLUMNS_PATH = 'generated/db/columns.gen.ts';

/** A hand-written migration script (repository-relative path and text), read for its tables. */
export interface SqlScript {
  readonly path: string;
  readonly content: string;
}

interface Column extends SqlColumn {
  /** The TypeScript type, before nullability and Generated<>. */
  readonly ts: string;
}

interface Table {
  readonly name: string;
  readonly source: string;
  readonly columns: readonly Column[];
}

/** Column names as Kysely's CamelCasePlugin spells them in queries ('tenant_id' → 'tenantId'). */
export const camelColumn = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The type name PostgreSQL reports in information_schema.columns.udt_name for a declared type. */
export function udtName(type: string): string {
  const array = type.endsWith('[]');
  const base = type.replace(/\[\]$/, '').replace(/\(.*\)$/, '').trim();
  const names: Record<string, string> = {
    integer: 'int4', int: 'int4', smallint: 'int2', bigint: 'int8', bigserial: 'int8', serial: 'int4',
    'double precision': 'float8', real: 'float4', boolean: 'bool', 'character varying': 'varchar',
  };
  const udt = names[base] ?? base;
  return array ? `_${udt}` : udt;
}

/** The TypeScript type of a column's values as the app reads them (drivers and parsers of db/open.ts). */
function baseType(c: SqlColumn): string {
  if (c.values) return c.values.map((v) => `'${v}'`).join(' | ');
  const udt = udtName(c.type);
  if (udt.startsWith('_')) return `${baseType({ ...c, type: c.type.replace(/\[\]$/, '') })}[]`;
  switch (udt) {
    case 'int2': case 'int4': case 'float4': case 'float8': return 'number';
    case 'int8': return 'Int8';
    case 'numeric': return 'Numeric';
    case 'bool': return 'boolean';
    case 'timestamptz': case 'timestamp': return 'Timestamp';
    case 'jsonb': case 'json': return 'Json';
    default: return 'string'; // text, varchar, uuid, date (kept as 'yyyy-MM-dd' text)
  }
}

/** A model column: an enum's values, a jsonb field's shape from the generated record type. */
function modelColumn(r: IrResource | undefined, c: DbColumn, records: Set<string>): Column {
  const f = r && Object.entries(r.def.fields).find(([name]) => snakeCase(name) === c.name);
  let ts = baseType(c);
  if (f?.[1].kind === 'enum' && f[1].values?.length) ts = f[1].values.map((v) => `'${v}'`).join(' | ');
  if (ts === 'Json' && f && r) {
    records.add(r.name);
    ts = `Json<NonNullable<${r.typeName}Record['${f[0]}']>>`;
  }
  return { ...c, ts };
}

function columnType(c: Column): string {
  const type = c.notNull ? c.ts : `${c.ts.includes('|') ? `(${c.ts})` : c.ts} | null`;
  return c.default !== undefined ? `Generated<${type}>` : type;
}

/** The tables of the database after every migration: generated ones from the snapshot, then the hand-written scripts'. */
function allTables(ir: Ir, snapshot: DbSchema, scripts: readonly SqlScript[], records: Set<string>): Table[] {
  const byTable = new Map(ir.resources.map((r) => [r.table.name, r]));
  const tables: Table[] = snapshot.tables.map((t) => ({
    name: t.name,
    source: `model resource '${t.resource}'`,
    columns: t.columns.map((c) => modelColumn(byTable.get(t.name), c, records)),
  }));
  const known = new Set(tables.map((t) => t.name));
  for (const t of readSqlTables(scripts, known)) {
    tables.push({ name: t.name, source: t.source, columns: t.columns.map((c) => ({ ...c, ts: baseType(c) })) });
  }
  return tables;
}

const PRELUDE = `import type { ColumnType } from 'kysely';
__IMPORTS__

/** A column with a default: optional on insert. Unlike Kysely's own, it keeps a wrapped ColumnType's sides. */
export type Generated<T> = T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : ColumnType<T, T | undefined, T>;
/** jsonb the model does not describe. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
/**
 * jsonb: parsed JSON when read, JSON text when written (arrays given as such would become SQL arrays).
 * A null read is SQL null, which only a nullable column holds, so the value itself is never null.
 */
export type Json<T = Exclude<JsonValue, null>> = ColumnType<T, string, string>;
/** timestamptz: a Date when read; a Date or an ISO text when written. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** numeric (money): decimal text when read, never a binary float. */
export type Numeric = ColumnType<string, string | number, string | number>;
/** bigint: pg reads it as text, PGlite as a number. */
export type Int8 = ColumnType<string | number, string | number | bigint, string | number | bigint>;
`;

/**
 * Database types pass: the Kysely interface of every table the app queries, as kysely-codegen would
 * write it from the migrated database: the model's tables as the snapshot says the migrations left
 * them (a required column added later stays nullable), and the tables of the hand-written scripts.
 * Keys are camelCase, as the CamelCasePlugin lets the code write them. A second file lists each
 * column's SQL type and nullability, checked against the interface by the compiler and against the
 * real database by a server test.
 */
export function dbTypesPass(ir: Ir, snapshot: DbSchema, scripts: readonly SqlScript[]): GeneratedFile[] {
  const records = new Set<string>();
  const tables = allTables(ir, snapshot, scripts, records);
  const imports = ir.resources.filter((r) => records.has(r.name))
    .map((r) => `import type { ${r.typeName}Record } from '../${typesPath(r).replace(/^generated\//, '').replace(/\.ts$/, '')}';`);
  const interfaces = tables.map((t) => [
    `/** ${t.name}: ${t.source}. */`,
    `export interface ${pascalCase(t.name)}Table {`,
    ...t.columns.map((c) => `  ${camelColumn(c.name)}: ${columnType(c)};`),
    '}',
  ].join('\n'));
  const db = ['/** Every table, keyed as the code names it: `db.selectFrom(\'customerAccesses\')`. */', 'export interface DB {',
    ...tables.map((t) => `  ${camelColumn(t.name)}: ${pascalCase(t.name)}Table;`), '}'].join('\n');
  const scriptSources = [...new Set(scripts.map((s) => (s.path.endsWith('.sql') ? s.path.replace(/\/[^/]+$/, '/*.sql') : s.path)))];
  const source = [`${ir.model.modelModule} (the migrations' snapshot)`, ...scriptSources].join(', ');
  const types = tsFileFromText(DATABASE_TYPES_PATH, source, [PRELUDE.replace('__IMPORTS__', imports.join('\n')), ...interfaces, db].join('\n\n'));

  const entries = tables.map((t) => `  ${camelColumn(t.name)}: {\n${t.columns
    .map((c) => `    ${camelColumn(c.name)}: { udt: '${udtName(c.type)}', nullable: ${!c.notNull} },`).join('\n')}\n  },`);
  const columns = tsFileFromText(DATABASE_COLUMNS_PATH, source, `import type { SelectType } from 'kysely';
import type { DB } from './database.gen';

/** What each column must be for DB to describe it: its SQL type, and nullable exactly when DB says it may read null. */
type ColumnsOf = { readonly [T in keyof DB]: { readonly [C in keyof DB[T]]: { readonly udt: string; readonly nullable: null extends SelectType<DB[T][C]> ? true : false } } };

/** Every column's SQL type (information_schema udt_name) and nullability; a server test compares it with the migrated database. */
export const DB_COLUMNS = {
${entries.join('\n')}
} as const satisfies ColumnsOf;
`);
  return [types, columns];
}
