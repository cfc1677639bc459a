import { z } from 'zod';
import type { FieldDef } from '../../model/dsl/field';
import type { ResourceDef } from '../../model/dsl/resource';
import type { Rule } from '../../model/dsl/rules';
import { boundKind } from '../../model/dsl/filters';
import { CONSTANTS } from '../../model/catalogue/constants';
import { FIELD_KINDS, kindOf } from './field-kinds';
import { objectOf, valueSchema } from './field-schemas';
import { wireValueSchema } from './wire-schemas';
import { safeString } from './safe-text';

/** A failed cross-field rule: the field it points at and the error code of the catalogue. */
export interface RuleIssue { path: string; code: string }

const get = (record: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), record);
const has = (record: unknown, path: string): boolean => {
  const parts = path.split('.');
  const parent = get(record, parts.slice(0, -1).join('.')) ?? (parts.length === 1 ? record : undefined);
  return !!parent && typeof parent === 'object' && parts[parts.length - 1] in (parent as object);
};
const filled = (v: unknown) => v !== undefined && v !== null && v !== '';
const num = (v: unknown) => (filled(v) ? Number(String(v).replace(',', '.')) : NaN);

function failed(r: Rule, rec: unknown): boolean {
  switch (r.kind) {
    case 'requiredWhenFilled': return filled(get(rec, r.when)) && !filled(get(rec, r.field));
    case 'requiredWhenValue': return r.values.includes(get(rec, r.when) as string) && !filled(get(rec, r.field));
    case 'notZeroWhenPositive': return num(get(rec, r.when)) > 0 && filled(get(rec, r.field)) && num(get(rec, r.field)) === 0;
    case 'minWhenFilled': return filled(get(rec, r.when)) && filled(get(rec, r.field)) && num(get(rec, r.field)) < r.min;
    case 'bothOrNeither': return filled(get(rec, r.fields[0])) !== filled(get(rec, r.fields[1]));
    case 'after': {
      const a = get(rec, r.field), b = get(rec, r.other);
      return filled(a) && filled(b) && String(a) <= String(b);
    }
    case 'notBefore': {
      const a = get(rec, r.field), b = get(rec, r.other);
      return filled(a) && filled(b) && String(a) < String(b);
    }
  }
}

const ruleFields = (r: Rule): string[] =>
  r.kind === 'bothOrNeither' ? [...r.fields] : r.kind === 'after' || r.kind === 'notBefore' ? [r.field, r.other] : [r.field, r.when];

/**
 * Checks the resource's cross-field rules on a whole record. With `onlyPresent`, a rule is checked
 * only when every field it involves is in the record (a partial update is checked again by the
 * server once merged with the stored row).
 */
export function checkRules(resource: ResourceDef, record: unknown, onlyPresent = false): RuleIssue[] {
  return resource.rules
    .filter((r) => !onlyPresent || ruleFields(r).every((p) => has(record, p)))
    .filter((r) => failed(r, record))
    .map((r) => ({ path: r.kind === 'bothOrNeither' ? r.fields[1] : r.field, code: r.code }));
}

function withRules<T extends z.ZodType>(resource: ResourceDef, schema: T, onlyPresent: boolean) {
  return schema.superRefine((value, ctx) => {
    for (const issue of checkRules(resource, value, onlyPresent)) {
      ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.code });
    }
  });
}

/** Query parameters of a list: both paging styles (skip/take and page/pageSize) and sorting. */
export function listParamsSchema(resource: ResourceDef) {
  // plain columns of a sortable kind, and the JSON members and references the model marks (list.sortable)
  const sortable = ['id', 'createdAt', 'updatedAt', ...Object.entries(resource.fields).filter(([, f]) => kindOf(f).sort !== 'none').map(([k]) => k), ...(resource.list.sortable ?? [])];
  const max = CONSTANTS.maxPageSize;
  return z.object({
    skip: z.coerce.number().int().min(0).default(0),
    take: z.coerce.number().int().min(1).max(max).default(CONSTANTS.adminPageSize),
    page: z.coerce.number().int().min(1).default(CONSTANTS.defaultPage),
    pageSize: z.coerce.number().int().min(1).max(max).default(CONSTANTS.adminPageSize),
    sort: z.enum(sortable as [string, ...string[]]).optional(),
    order: z.string().transform((s) => s.toUpperCase()).pipe(z.enum(['ASC', 'DESC'])).optional(),
  });
}

const boolParam = FIELD_KINDS.boolean.filter!();

function filterValue(f: FieldDef | undefined): z.ZodType {
  if (!f) return safeString(undefined, false).max(500);
  return kindOf(f).filter?.() ?? valueSchema({ ...f, required: false, min: undefined });
}

/** A bound of a gte/lte filter: a day (yyyy-MM-dd) on a date or datetime field (or a moment on a datetime, createdAt and updatedAt too), a number otherwise. */
function boundValue(resource: ResourceDef, field: string): z.ZodType {
  const kind = boundKind(resource.fields, field);
  if (kind === 'date') return z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date');
  if (kind === 'datetime') return z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'date').refine((v) => !Number.isNaN(Date.parse(v)), 'date');
  return filterValue(resource.fields[field]);
}

/** `ids`: a list of ids, or one comma-separated query parameter (react-admin's getMany). */
const idsFilter = z.union([z.array(z.uuid()), z.string().transform((s) => s.split(',').filter(Boolean)).pipe(z.array(z.uuid()))])
  .pipe(z.array(z.string()).max(1000)).optional();

/** Filters of a list, from query parameters or the {query} body; unknown keys are ignored. Every list takes `ids`. */
export function filtersSchema(resource: ResourceDef) {
  const shape: Record<string, z.ZodType> = { ids: idsFilter };
  // Core §3/§6: an admin list narrows to one supplier's records (actingSupplierId) where its rows name a supplier.
  if (resource.fields.supplierId?.kind === 'reference' && !resource.filters.actingSupplierId) {
    shape.actingSupplierId = z.union([z.literal('').transform(() => undefined), z.uuid({ error: 'invalid' })]).optional();
  }
  for (const [name, def] of Object.entries(resource.filters)) {
    const value = def.kind === 'search' || def.kind === 'contains' || def.kind === 'has' || (def.kind === 'related' && def.match === 'contains') ? safeString(undefined, false).trim().max(500)
      : def.kind === 'related' && def.match === 'eq' ? z.uuid({ error: 'invalid' })
      : def.kind === 'deleted' || def.kind === 'only' || def.kind === 'related' ? boolParam
      : def.kind === 'gte' || def.kind === 'lte' ? boundValue(resource, def.field)
      : def.kind === 'eq' && def.aliases ? z.union([z.enum(Object.keys(def.aliases) as [string, ...string[]]), filterValue(resource.fields[def.field])])
      : filterValue(resource.fields[def.field]);
    shape[name] = z.union([z.literal('').transform(() => undefined), value]).optional();
  }
  return z.object(shape);
}

/** The record as the API returns it: the model's fields plus the system columns. */
/**
 * A record's object schema typed by its generated type: the generated schemas module casts the
 * built record to it, so a contract that answers, extends or picks from it (`.extend`, `.pick`)
 * gives its caller the precise type, and a field removed from the model fails the pages reading it.
 * On the way in (what a handler returns) a record's keys are loose: the server builds records from
 * rows with the same model (src/server/db/records.ts), and the answer's schema checks every key
 * when it serializes them.
 */
type AnsweredAs<O> = z.ZodType<O, unknown> & { _zod: { optin: 'optional' } };
export type RecordObject<T> = z.ZodObject<{
  [K in keyof T]-?: undefined extends T[K] ? AnsweredAs<Exclude<T[K], undefined>> & { _zod: { optout: 'optional' } } : AnsweredAs<T[K]>
}>;

export function recordSchema(resource: ResourceDef) {
  const shape: Record<string, z.ZodType> = {
    id: z.uuid(), createdAt: z.string(), updatedAt: z.string(),
  };
  if (resource.softDelete) shape.deleted = z.boolean();
  if (resource.scope === 'customer' || resource.scope === 'customerOrPlatform') shape.customerId = z.uuid().nullable();
  for (const [name, f] of Object.entries(resource.fields)) {
    shape[name] = wireValueSchema(f).nullable().optional();
    // The spec's name for the value beside the field's (src/server/db/records.ts answers it), nested when dotted.
    if (f.alsoAnsweredAs) {
      const [root, ...rest] = f.alsoAnsweredAs.split('.');
      shape[root!] = rest.reduceRight<z.ZodType>((inner, k) => z.object({ [k]: inner }), wireValueSchema(f)).nullable().optional();
    }
  }
  return z.object(shape);
}

/** Every schema of one resource, built from the model (the one source of truth). */
export function schemasFor(resource: ResourceDef) {
  return {
    create: withRules(resource, objectOf(resource.fields, 'create'), false),
    update: withRules(resource, objectOf(resource.fields, 'update'), true),
    filters: filtersSchema(resource),
    list: listParamsSchema(resource),
    record: recordSchema(resource),
  };
}

