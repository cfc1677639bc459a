import { listedByPlatformAdmins, type FieldDef, type FieldKind, type ResourceDef } from '../../model/dsl';
import { FIELD_KINDS } from '../../src/shared/field-kinds';
import { snakeCase } from '../naming';

/**
 * The database schema as data. The snapshot generated/db/schema.gen.json holds the schema as of the
 * last migration; the migrations pass compares it with the schema the model asks for.
 */
export interface DbColumn {
  readonly name: string;
  readonly type: string;
  readonly notNull: boolean;
  /** SQL expression, e.g. `'BE'`, `0`, `'[]'::jsonb`, `now()`. */
  readonly default?: string;
  readonly primaryKey?: boolean;
}

export interface DbIndex {
  readonly name: string;
  /** Column names or SQL expressions, in index order. */
  readonly columns: readonly string[];
  readonly unique: boolean;
  readonly where?: string;
}

export interface DbTable {
  readonly name: string;
  readonly resource: string;
  readonly columns: readonly DbColumn[];
  readonly indexes: readonly DbIndex[];
}

export interface DbSchema {
  readonly tables: readonly DbTable[];
}

/** Each kind's column type, as src/shared/field-kinds.ts declares it. */
export const COLUMN_TYPE = Object.fromEntries(Object.entries(FIELD_KINDS).map(([kind, k]) => [kind, k.column])) as Record<FieldKind, string>;

/** Placeholder for "no customer" in unique keys, so platform rows (customer_id null) collide with each other too. */
const NO_CUSTOMER = "coalesce(customer_id, '00000000-0000-0000-0000-000000000000'::uuid)";

/** Postgres truncates identifiers at 63 bytes; keep names short and still distinct. */
export function identifier(name: string): string {
  if (name.length <= 63) return name;
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `${name.slice(0, 54)}_${hash.toString(36).padStart(7, '0').slice(0, 8)}`;
}

/** The SQL default for a model default, or undefined when the model has none. */
export function sqlDefault(f: FieldDef): string | undefined {
  const v = f.default;
  if (v === undefined || v === null) return undefined;
  const type = COLUMN_TYPE[f.kind];
  if (type === 'jsonb') return `${sqlString(JSON.stringify(v))}::jsonb`;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') {
    if ((type === 'integer' || type === 'double precision' || type.startsWith('numeric')) && /^-?\d+(\.\d+)?$/.test(v)) return v;
    return sqlString(v);
  }
  throw new Error(`No SQL default for ${JSON.stringify(v)}`);
}

export function sqlString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** The table the model asks for: system columns, one column per top-level field, keys and indexes. */
export function tableFor(r: ResourceDef): DbTable {
  const columns: DbColumn[] = [{ name: 'id', type: 'uuid', notNull: true, default: 'gen_random_uuid()', primaryKey: true }];
  if (r.scope !== 'platform') columns.push({ name: 'tenant_id', type: 'uuid', notNull: true });
  if (r.scope === 'customer' || r.scope === 'customerOrPlatform') columns.push({ name: 'customer_id', type: 'uuid', notNull: r.scope === 'customer' });
  for (const [name, f] of Object.entries(r.fields)) {
    columns.push({ name: snakeCase(name), type: COLUMN_TYPE[f.kind], notNull: f.required, default: sqlDefault(f) });
  }
  if (r.softDelete) columns.push({ name: 'deleted', type: 'boolean', notNull: true, default: 'false' });
  columns.push({ name: 'created_at', type: 'timestamptz', notNull: true, default: 'now()' });
  columns.push({ name: 'updated_at', type: 'timestamptz', notNull: true, default: 'now()' });

  const owner = r.scope === 'platform' ? [] : r.scope === 'tenant' ? ['tenant_id'] : ['tenant_id', 'customer_id'];
  const indexes: DbIndex[] = [];
  if (owner.length) indexes.push({ name: identifier(`${r.table}_${owner.join('_')}_idx`), columns: owner, unique: false });
  for (const [name, f] of Object.entries(r.fields)) {
    if (!f.unique) continue;
    const column = snakeCase(name);
    const key = r.scope === 'customerOrPlatform' ? ['tenant_id', NO_CUSTOMER] : owner;
    indexes.push({
      name: identifier(`${r.table}_${column}_key`),
      columns: [...key, column],
      unique: true,
      where: r.softDelete ? 'not deleted' : undefined,
    });
  }
  for (const i of queryIndexes(r, columns)) {
    if (!indexes.some((x) => x.columns.join() === i.columns.join())) indexes.push(i);
  }
  return { name: r.table, resource: r.name, columns, indexes };
}

/**
 * The indexes the list endpoint's queries need. Equality columns lead (the scope every query has,
 * then `deleted` on soft-deleted resources), so that:
 * - the default sort reads one page in order without sorting the table, with the same expressions
 *   and directions as the ORDER BY (lower() on texts, then id ascending); a customerOrPlatform
 *   resource reads its own and the platform's rows, so only tenant_id leads there;
 * - an eq filter (and so an ownRows column, which is one) finds its rows directly and, the default
 *   sort following it, reads a filtered page in order and counts its total from the same index;
 * - a customer resource that platform admins list (an endpoint set for platformAdmin with list or
 *   query) reads the whole tenant's rows in the default sort, across its customers;
 * - a reference (rows pointing at one target) finds its rows directly.
 */
function queryIndexes(r: ResourceDef, columns: readonly DbColumn[]): DbIndex[] {
  const scope = r.scope === 'platform' ? [] : r.scope === 'customer' ? ['tenant_id', 'customer_id'] : ['tenant_id'];
  const equal = r.softDelete ? [...scope, 'deleted'] : scope;
  const out: DbIndex[] = [];
  const { field, order } = r.list.sort;
  const column = snakeCase(field);
  // The default sort's key columns after the equality ones ([] when it is no plain column: then only id orders).
  let sort: string[] = [];
  if (!field.includes('.') && columns.some((c) => c.name === column)) {
    const kind = r.fields[field]?.kind;
    // The kinds the list endpoint sorts case-insensitively, on lower(column) (src/server/crud/list.ts, the kind's `sort`).
    const key = kind && FIELD_KINDS[kind].sort === 'text' ? `lower(${column})` : column;
    sort = column === 'id' ? [] : [order === 'DESC' ? `${key} desc` : key];
    out.push({ name: identifier(`${r.table}_sort_${column}_idx`), columns: [...equal, ...sort, 'id'], unique: false });
    if (r.scope === 'customer' && listedByPlatformAdmins(r.endpoints)) {
      const tenantWide = r.softDelete ? ['tenant_id', 'deleted'] : ['tenant_id'];
      out.push({ name: identifier(`${r.table}_tenant_sort_${column}_idx`), columns: [...tenantWide, ...sort, 'id'], unique: false });
    }
  }
  const eq = Object.values(r.filters).flatMap((f) => (f.kind === 'eq' && !f.field.includes('.') ? [snakeCase(f.field)] : []));
  for (const c of new Set(eq)) out.push({ name: identifier(`${r.table}_${c}_idx`), columns: [...scope, c, ...sort, 'id'], unique: false });
  for (const [name, f] of Object.entries(r.fields)) {
    const c = snakeCase(name);
    if (f.kind === 'reference' && !eq.includes(c)) out.push({ name: identifier(`${r.table}_${c}_ref_idx`), columns: [c], unique: false });
  }
  return out;
}

