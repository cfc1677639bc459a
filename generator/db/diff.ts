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

/**
 * The migration from `prev` (the snapshot) to the schema the model asks for. Tables and columns are
 * created, dropped and altered; a column never becomes NOT NULL on an existing table (old rows may
 * hold nulls: the API enforces required), and a new required column without default is added
 * nullable for the same reason. The returned `next` is the schema the database really has after it.
 */
export function diffSchemas(prev: DbSchema, desired: DbSchema): Migration {
  const statements: string[] = [];
  const changes: string[] = [];
  const creates: string[] = [];
  const prevByName = new Map(prev.tables.map((t) => [t.name, t]));
  const desiredByName = new Map(desired.tables.map((t) => [t.name, t]));
  const next: DbTable[] = [];

  for (const old of prev.tables) {
    const want = desiredByName.get(old.name);
    if (!want) {
      statements.push(`drop table ${old.name}`);
      changes.push(`drop ${old.name}`);
      continue;
    }
    for (const i of old.indexes) {
      const w = want.indexes.find((x) => x.name === i.name);
      if (!w || !sameIndex(i, w)) statements.push(`drop index ${i.name}`);
    }
    next.push({ ...want, columns: alterColumns(old, want, statements, changes) });
    for (const i of want.indexes) {
      const o = old.indexes.find((x) => x.name === i.name);
      if (!o || !sameIndex(i, o)) {
        creates.push(createIndexSql(want.name, i));
        changes.push(`index ${old.name}`);
      }
    }
  }
  for (const t of desired.tables) {
    if (prevByName.has(t.name)) continue;
    statements.push(createTableSql(t));
    for (const i of t.indexes) creates.push(createIndexSql(t.name, i));
    changes.push(`create ${t.name}`);
    next.push(t);
  }
  return { statements: [...statements, ...creates], next: { tables: next }, changes };
}

function alterColumns(old: DbTable, want: DbTable, statements: string[], changes: string[]): DbColumn[] {
  const alter = (sql: string, change: string) => {
    statements.push(`alter table ${old.name} ${sql}`);
    changes.push(change);
  };
  const result: DbColumn[] = [];
  for (const c of old.columns) {
    const w = want.columns.find((x) => x.name === c.name);
    if (!w) {
      alter(`drop column ${c.name}`, `drop ${old.name} ${c.name}`);
      continue;
    }
    if (w.type !== c.type) alter(`alter column ${c.name} type ${w.type} using ${c.name}::${w.type}`, `alter ${old.name} ${c.name}`);
    if (w.default !== c.default) {
      alter(w.default ? `alter column ${c.name} set default ${w.default}` : `alter column ${c.name} drop default`, `alter ${old.name} ${c.name}`);
    }
    const notNull = c.notNull && w.notNull;
    if (c.notNull && !w.notNull && !c.primaryKey) alter(`alter column ${c.name} drop not null`, `alter ${old.name} ${c.name}`);
    result.push({ ...w, notNull: c.primaryKey ? c.notNull : notNull });
  }
  for (const w of want.columns) {
    if (old.columns.some((c) => c.name === w.name)) continue;
    // Existing rows get the default; without one the column must accept null for them.
    const added: DbColumn = { ...w, notNull: w.notNull && w.default !== undefined };
    alter(`add column ${columnSql(added)}`, `add ${old.name} ${w.name}`);
    result.push(added);
  }
  return result;
}
