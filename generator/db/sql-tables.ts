import type { DbColumn } from './schema';

/** A table declared in hand-written SQL, with the values a `check (column in (...))` allows. */
export interface SqlTable {
  readonly name: string;
  /** The script that creates it. */
  readonly source: string;
  readonly columns: readonly SqlColumn[];
}

export interface SqlColumn extends DbColumn {
  /** The only values a `check (column in ('a', 'b'))` lets in. */
  readonly values?: readonly string[];
}

/** Words that start a table constraint rather than a column inside `create table (...)`. */
const CONSTRAINT = /^(primary\s+key|unique|check|constraint|foreign\s+key|exclude)\b/i;

/**
 * The tables of hand-written migration scripts (src/server/db/infra, src/server/db/after), read from
 * their `create table` and `alter table ... add column` statements in file order. Only what a
 * column's type needs is read (name, type, not null, default, primary key); indexes and other
 * statements are skipped. Throws on an `alter table` of a table it has not seen, so a script this
 * reader cannot follow fails the generator instead of yielding a wrong type.
 */
export function readSqlTables(scripts: readonly { path: string; content: string }[], known: ReadonlySet<string> = new Set()): SqlTable[] {
  const tables = new Map<string, SqlColumn[]>();
  const sources = new Map<string, string>();
  for (const script of scripts) {
    for (const statement of statements(script.content)) {
      const create = /^create\s+table\s+(?:if\s+not\s+exists\s+)?(\w+)\s*\(([\s\S]*)\)$/i.exec(statement);
      if (create) {
        const [, name, body] = create;
        if (known.has(name!.toLowerCase())) throw new Error(`${script.path} creates ${name}, a table of the model`);
        tables.set(name!.toLowerCase(), tableColumns(body!));
        sources.set(name!.toLowerCase(), script.path);
        continue;
      }
      const alter = /^alter\s+table\s+(?:only\s+)?(\w+)\s+([\s\S]*)$/i.exec(statement);
      if (!alter) continue;
      const table = alter[1]!.toLowerCase();
      const columns = tables.get(table);
      for (const action of splitTopLevel(alter[2]!)) {
        // A constraint (a key, a foreign key) adds no column: nothing for the types to know.
        if (/^add\s+constraint\s/i.test(action)) continue;
        const add = /^add\s+column\s+(?:if\s+not\s+exists\s+)?([\s\S]+)$/i.exec(action);
        if (!add) throw new Error(`Cannot read "alter table ${table} ${action}": only "add column" and "add constraint" are understood`);
        if (!columns) {
          if (known.has(table)) throw new Error(`"alter table ${table} add column" on a model table: add the field to the model instead`);
          throw new Error(`"alter table ${table}" before its "create table"`);
        }
        columns.push(columnOf(add[1]!));
      }
    }
  }
  return [...tables].map(([name, columns]) => ({ name, source: sources.get(name)!, columns }));
}

/** The statements of a script without comments, whitespace collapsed. */
function statements(script: string): string[] {
  const text = script.replace(/--[^\n]*/g, '').replace(/\s+/g, ' ');
  return splitTopLevel(text, ';');
}

/** Splits on a separator outside parentheses and quotes. */
function splitTopLevel(text: string, separator = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "'") quoted = !quoted;
    else if (quoted) continue;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

function tableColumns(body: string): SqlColumn[] {
  const columns: SqlColumn[] = [];
  let primaryKey: string[] = [];
  for (const part of splitTopLevel(body)) {
    if (!CONSTRAINT.test(part)) {
      columns.push(columnOf(part));
      continue;
    }
    const pk = /^primary\s+key\s*\(([^)]*)\)/i.exec(part);
    if (pk) primaryKey = pk[1]!.split(',').map((c) => c.trim().toLowerCase());
  }
  // a table primary key makes its columns not null
  return columns.map((c) => (primaryKey.includes(c.name) ? { ...c, notNull: true } : c));
}

/** One column definition: `name type [constraints]`. */
function columnOf(definition: string): SqlColumn {
  const match = /^(\w+)\s+(\w+(?:\s+precision|\s+varying)?(?:\s*\([\d\s,]*\))?(?:\[\])?)\s*([\s\S]*)$/i.exec(definition);
  if (!match) throw new Error(`Cannot read the column "${definition}"`);
  const [, name, type, rest] = match;
  const constraints = rest!;
  const primaryKey = /\bprimary\s+key\b/i.test(constraints);
  const serial = /serial$/i.test(type!);
  const defaultMatch = /\bdefault\s+((?:'(?:[^']|'')*'|[^\s(]+(?:\([^)]*\))?)(?:::[\w[\]]+)?)/i.exec(constraints);
  const check = new RegExp(`\\bcheck\\s*\\(\\s*${name}\\s+in\\s*\\(([^)]*)\\)\\s*\\)`, 'i').exec(constraints);
  const values = check?.[1]!.split(',').map((v) => v.trim().replace(/^'|'$/g, ''));
  return {
    name: name!.toLowerCase(),
    type: type!.toLowerCase().replace(/\s+/g, ' '),
    notNull: primaryKey || serial || /\bnot\s+null\b/i.test(constraints),
    ...(defaultMatch ? { default: defaultMatch[1] } : serial ? { default: 'nextval' } : {}),
    ...(primaryKey ? { primaryKey } : {}),
    ...(values ? { values } : {}),
  };
}
