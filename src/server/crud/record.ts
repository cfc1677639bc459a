import type { Insertable } from 'kysely';
import type { DB } from '../../../generated/db/database.gen';
import type { FieldDef, ResourceDef } from '../../../model';
import { isJsonKind, kindOf } from '../../shared/field-kinds';

export { isJsonKind };
export const hasCustomerColumn = (r: ResourceDef) => r.scope === 'customer' || r.scope === 'customerOrPlatform';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));

type Reader = readonly [name: string, read: ((v: unknown) => unknown) | undefined];
/** Each field's name and its kind's reader, worked out once per resource: every row of every list goes through them. */
const readersOf = new WeakMap<ResourceDef, readonly Reader[]>();
function readers(resource: ResourceDef): readonly Reader[] {
  let list = readersOf.get(resource);
  if (!list) {
    list = Object.entries(resource.fields).map(([name, f]) => [name, kindOf(f).read] as const);
    readersOf.set(resource, list);
  }
  return list;
}

/** A table row (camelCase keys from the CamelCasePlugin) as the API returns it. */
export function toRecord(resource: ResourceDef, row: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = { id: row.id };
  if (hasCustomerColumn(resource)) record.customerId = row.customerId ?? null;
  for (const [name, read] of readers(resource)) {
    const v = row[name];
    record[name] = v === null || v === undefined ? null : read ? read(v) : v;
  }
  record.createdAt = iso(row.createdAt);
  record.updatedAt = iso(row.updatedAt);
  if (resource.softDelete) record.deleted = row.deleted === true;
  return record;
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

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Keys a read answers beside the model's fields: a write may send them back and they are ignored. */
export const SYSTEM_KEYS: readonly string[] = ['id', 'createdAt', 'updatedAt', 'customerId', 'deleted'];

/**
 * Paths of the body's keys that name no field (nested lists and objects included). A write refuses
 * them rather than dropping them, so a client never believes it stored what it did not.
 */
export function unknownKeys(fields: Readonly<Record<string, FieldDef>>, body: unknown, prefix = '', tolerated: readonly string[] = SYSTEM_KEYS): string[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    // own keys only: 'constructor' or '__proto__' name no field
    const f = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (!f) {
      if (!tolerated.includes(key)) out.push(prefix + key);
    } else if (f.kind === 'object' && f.fields) {
      out.push(...unknownKeys(f.fields, value, `${prefix}${key}.`, []));
    } else if (f.kind === 'list' && f.fields && Array.isArray(value)) {
      value.forEach((item, i) => out.push(...unknownKeys(f.fields!, item, `${prefix}${key}.${i}.`, [])));
    }
  }
  return out;
}
