import { camelCase } from '../naming';
import type { DbColumn, DbIndex, DbSchema, DbTable } from './schema';

/** What one migration does: the SQL, the schema after it, and short phrases for its file name. */
export interface Migration {
  readonly statements: readonly string[];
  readonly next: DbSchema;
  readonly changes: readonly string[];
}

export function columnSql(c: DbColumn): string {
  return [c.name, c.type, c.primaryKey ? 'primary key' : c.notNull ? 'not null' : '', c.default ? `default ${c.default}` : '']
    .filter(Boolean)
    .join(' ');
}

export function createTableSql(t: DbTable): string {
  return `create table ${t.name} (\n${t.columns.map((c) => `  ${columnSql(c)}`).join(',\n')}\n)`;
}

export function createIndexSql(table: string, i: DbIndex): string {
  return `create ${i.unique ? 'unique ' : ''}index ${i.name} on ${table} (${i.columns.join(', ')})${i.where ? ` where ${i.where}` : ''}`;
}

const sameIndex = (a: DbIndex, b: DbIndex) =>
  a.unique === b.unique && a.where === b.where && a.columns.join(',') === b.columns.join(',');

/** What the model declares about one table's destructive changes (built from the resource in passes/migrations.ts). */
export interface TableDeclarations {
  /** New column → old column: renamed, keeping the data. */
  readonly renames: Readonly<Record<string, string>>;
  /** Column → why it may be dropped with its data. */
  readonly removed: Readonly<Record<string, string>>;
  /** Column → why its type may change even though values may be lost or refused. */
  readonly retyped: Readonly<Record<string, string>>;
}

export interface Declarations {
  readonly tables: Readonly<Record<string, TableDeclarations>>;
  /** Table → why it may be dropped with its rows. */
  readonly removedTables: Readonly<Record<string, string>>;
}

const NONE: Declarations = { tables: {}, removedTables: {} };
const NO_TABLE: TableDeclarations = { renames: {}, removed: {}, retyped: {} };

/** Thrown when the model asks for a change that would lose data and does not declare it. */
export class DestructiveChangeError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Refusing ${problems.length} destructive model change${problems.length > 1 ? 's' : ''} (data would be lost); declare ${problems.length > 1 ? 'each' : 'it'} in the model, or undo it:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'DestructiveChangeError';
  }
}

const numeric = (type: string) => /^numeric\((\d+),(\d+)\)$/.exec(type)?.slice(1).map(Number) as [number, number] | undefined;
const WIDER: Readonly<Record<string, readonly string[]>> = { integer: ['bigint', 'double precision'], bigint: ['double precision'], date: ['timestamptz'] };

/** True when every value of `from` converts to `to` unchanged (so no declaration is needed). */
export function losslessType(from: string, to: string): boolean {
  if (from === to || to === 'text' || WIDER[from]?.includes(to)) return true;
  const [f, t] = [numeric(from), numeric(to)];
  if (from === 'integer' && t) return t[0] - t[1] >= 10;
  return !!f && !!t && t[1] >= f[1] && t[0] - t[1] >= f[0] - f[1];
}

/**
 * The migration from `prev` (the snapshot) to the schema the model asks for. Tables and columns are
 * created and altered; a column never becomes NOT NULL on an existing table (old rows may hold
 * nulls: the API enforces required), and a new required column without default is added nullable
 * for the same reason. Dropping a table or column, or a type change that may lose values, happens
 * only where `declared` says so (else DestructiveChangeError); a declared rename keeps the data.
 * The returned `next` is the schema the database really has after it.
 */
export function diffSchemas(prev: DbSchema, desired: DbSchema, declared: Declarations = NONE): Migration {
  const statements: string[] = [];
  const changes: string[] = [];
  const creates: string[] = [];
  const refused: string[] = [];
  const prevByName = new Map(prev.tables.map((t) => [t.name, t]));
  const desiredByName = new Map(desired.tables.map((t) => [t.name, t]));
  const next: DbTable[] = [];

  for (const old of prev.tables) {
    const want = desiredByName.get(old.name);
    if (!want) {
      if (declared.removedTables[old.name] === undefined) {
        refused.push(`table ${old.name} (resource ${old.resource}) would be dropped with its rows. Removed on purpose? ` +
          `Add \`${old.name}: 'why it may go'\` to REMOVED_TABLES in model/index.ts. Renamed? Keep the resource's \`table: '${old.name}'\`.`);
        continue;
      }
      statements.push(`drop table ${old.name}`);
      changes.push(`drop ${old.name}`);
      continue;
    }
    for (const i of old.indexes) {
      const w = want.indexes.find((x) => x.name === i.name);
      if (!w || !sameIndex(i, w)) statements.push(`drop index ${i.name}`);
    }
    const columns = alterColumns(old, want, declared.tables[old.name] ?? NO_TABLE, { statements, changes, refused });
    next.push({ ...want, columns });
    for (const i of want.indexes) {
      const o = old.indexes.find((x) => x.name === i.name);
      if (!o || !sameIndex(i, o)) {
        creates.push(createIndexSql(want.name, i));
        changes.push(`index ${old.name}`);
      }
    }
  }
  if (refused.length) throw new DestructiveChangeError(refused);
  for (const t of desired.tables) {
    if (prevByName.has(t.name)) continue;
    statements.push(createTableSql(t));
    for (const i of t.indexes) creates.push(createIndexSql(t.name, i));
    changes.push(`create ${t.name}`);
    next.push(t);
  }
  return { statements: [...statements, ...creates], next: { tables: next }, changes };
}

interface Out { statements: string[]; changes: string[]; refused: string[] }

function alterColumns(old: DbTable, want: DbTable, declared: TableDeclarations, out: Out): DbColumn[] {
  const alter = (sql: string, change: string) => {
    out.statements.push(`alter table ${old.name} ${sql}`);
    out.changes.push(change);
  };
  const field = (column: string) => camelCase(column);
  const has = (t: DbTable, name: string) => t.columns.some((c) => c.name === name);
  // A declared rename applies once: while the old column exists and the new one does not yet.
  const renamedTo = new Map(Object.entries(declared.renames).filter(([to, from]) => has(old, from) && !has(old, to)).map(([to, from]) => [from, to]));
  const result: DbColumn[] = [];
  for (const c of old.columns) {
    const to = renamedTo.get(c.name);
    if (to) alter(`rename column ${c.name} to ${to}`, `rename ${old.name} ${c.name}`);
    const name = to ?? c.name;
    const w = want.columns.find((x) => x.name === name);
    if (!w) {
      if (declared.removed[c.name] === undefined) {
        out.refused.push(`column ${old.name}.${c.name} would be dropped with its data (field \`${field(c.name)}\` is gone from resource ${old.resource}). ` +
          `Renamed? Declare it on the new field: \`.renamedFrom('${field(c.name)}')\`. Removed on purpose? Declare in resource ${old.resource}: ` +
          `\`removed: { ${field(c.name)}: 'why it may go' }\`.`);
      } else alter(`drop column ${c.name}`, `drop ${old.name} ${c.name}`);
      continue;
    }
    if (w.type !== c.type) {
      if (losslessType(c.type, w.type) || declared.retyped[name] !== undefined) {
        alter(`alter column ${name} type ${w.type} using ${name}::${w.type}`, `alter ${old.name} ${name}`);
      } else {
        out.refused.push(`column ${old.name}.${name} would change type ${c.type} → ${w.type}, which may lose or refuse values. ` +
          `Meant? Declare it on field \`${field(name)}\` of resource ${old.resource}: \`.retyped('why the values fit')\`.`);
      }
    }
    if (w.default !== c.default) {
      alter(w.default ? `alter column ${name} set default ${w.default}` : `alter column ${name} drop default`, `alter ${old.name} ${name}`);
    }
    const notNull = c.notNull && w.notNull;
    if (c.notNull && !w.notNull && !c.primaryKey) alter(`alter column ${name} drop not null`, `alter ${old.name} ${name}`);
    result.push({ ...w, notNull: c.primaryKey ? c.notNull : notNull });
  }
  for (const w of want.columns) {
    if (result.some((c) => c.name === w.name)) continue;
    // Existing rows get the default; without one the column must accept null for them.
    const added: DbColumn = { ...w, notNull: w.notNull && w.default !== undefined };
    alter(`add column ${columnSql(added)}`, `add ${old.name} ${w.name}`);
    result.push(added);
  }
  return result;
}
