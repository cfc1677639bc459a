import type { Insertable } from 'kysely';
import type { DB } from '../../../generated/db/database.gen';
import type { ResourceDef } from '../../../model';
import { isJsonKind, kindOf } from '../../shared/field-kinds';

/**
 * Ids and rows as the database holds them and the API answers them: a model resource's row read
 * into its record, values written as columns, jsonb read back.
 */

/** The form of every id (uuid), checked before a value reaches a query as one. */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const hasCustomerColumn = (r: ResourceDef) => r.scope === 'customer' || r.scope === 'customerOrPlatform';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));

type Read = (v: unknown) => unknown;
/** Each resource's row reader, built once: every row of every list goes through it. */
const recordReaders = new WeakMap<ResourceDef, (row: Record<string, unknown>) => Record<string, unknown>>();

/**
 * The row reader of a resource as one function returning one object literal with every key of the
 * record in a fixed order, written from the model's field list (names only ever as JSON string
 * literals, never as code). Against a loop adding the keys one by one it halves the reading of a
 * list page and the JSON writing after it (V8 builds such objects in one step and keeps their shape);
 * bench/orders-list.ts measures the list endpoint against a bare route.
 */
function readerOf(resource: ResourceDef): (row: Record<string, unknown>) => Record<string, unknown> {
  let reader = recordReaders.get(resource);
  if (!reader) {
    const reads: Read[] = [];
    const key = (name: string) => JSON.stringify(name);
    const parts = ['"id": row.id'];
    if (hasCustomerColumn(resource)) parts.push('"customerId": row.customerId ?? null');
    for (const [name, f] of Object.entries(resource.fields)) {
      const read = kindOf(f).read;
      const value = `row[${key(name)}]`;
      if (read) reads.push(read);
      const read_ = read ? `reads[${reads.length - 1}](${value})` : value;
      parts.push(`${key(name)}: ${value} === null || ${value} === undefined ? null : ${read_}`);
      // The spec's name for the value beside the field's ('orderStatus'), nested when dotted ({supplierArticle: {id}}).
      if (f.alsoAnsweredAs) {
        const [root, ...rest] = f.alsoAnsweredAs.split('.');
        const nested = rest.reduceRight((inner, k) => `{ ${key(k)}: ${inner} }`, read_);
        parts.push(`${key(root!)}: ${value} === null || ${value} === undefined ? null : ${nested}`);
      }
    }
    parts.push('"createdAt": iso(row.createdAt)', '"updatedAt": iso(row.updatedAt)');
    if (resource.softDelete) parts.push('"deleted": row.deleted === true');
    reader = new Function('reads', 'iso', `return (row) => ({ ${parts.join(', ')} });`)(reads, iso) as (row: Record<string, unknown>) => Record<string, unknown>;
    recordReaders.set(resource, reader);
  }
  return reader;
}

/** A table row (camelCase keys from the CamelCasePlugin) as the API returns it. */
export function toRecord(resource: ResourceDef, row: Record<string, unknown>): Record<string, unknown> {
  return readerOf(resource)(row);
}

/**
 * Validated values as column values: JSON kinds are sent as JSON text, because pg would turn a
 * JavaScript array into a PostgreSQL array literal instead of JSON.
 */
export function toColumns(resource: ResourceDef, values: Record<string, unknown>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const f = resource.fields[name];
    if (!f || value === undefined) continue;
    columns[name] = isJsonKind(f) && value !== null ? JSON.stringify(value) : value;
  }
  return columns;
}

/**
 * toColumns for an insert into `table`, typed as its row without the owner columns the caller adds.
 * The values passed the model's create schema (or are the server's own), so the required columns are
 * there: a fact of the model's field list that the compiler cannot follow, hence the one cast.
 */
export function insertColumns<T extends keyof DB>(_table: T, resource: ResourceDef, values: Record<string, unknown>): Omit<Insertable<DB[T]>, 'tenantId' | 'customerId'> {
  return toColumns(resource, values) as Omit<Insertable<DB[T]>, 'tenantId' | 'customerId'>;
}

/** Values the server fills on create because clients may not send them (read-only fields with a default). */
export function serverDefaults(resource: ResourceDef): Record<string, unknown> {
  return Object.fromEntries(Object.entries(resource.fields).filter(([, f]) => f.readOnly && f.default !== undefined).map(([k, f]) => [k, f.default]));
}

/** A jsonb value as read back (PGlite hands jsonb back as text, PostgreSQL as a value); null stays null. */
export const jsonValue = <T>(v: unknown): T | null => (v == null ? null : typeof v === 'string' ? JSON.parse(v) as T : v as T);
