import { z } from 'zod';
import type { FieldDef } from '../../model/dsl/field';
import type { ValidationRule } from '../../model/catalogue/errors';
import { safeString } from './safe-text';

/**
 * One zod schema per field kind. Issue messages are validation rule names (validation.messages.*),
 * so the server can put them in error details and the forms can translate them.
 */
const msg = (rule: ValidationRule) => ({ error: rule });
const typeError = { error: (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null ? 'required' : 'invalid') };

/** Decimal with an optional comma or dot fraction (core §5); the comma becomes a dot. */
export const DECIMAL_RE = /^-?\d{1,12}([.,]\d{1,2})?$/;
export const VAT_RE = /^[A-Z]{2}[0-9A-Z]{2,13}$/;
export const PHONE_RE = /^\+?[0-9][0-9 ()./-]{5,30}$/;
export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A path on this server (url fields with orPath): '/' and no second one after it, no spaces. */
export const SERVER_PATH_RE = /^\/(?!\/)\S*$/;

function isRealDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function text(f: FieldDef, base = safeString(typeError).trim()) {
  let s = base;
  if (f.required) s = s.min(Math.max(1, f.min ?? 1), msg('required'));
  else if (f.min !== undefined) s = s.min(f.min, msg('minLength'));
  return s.max(f.max ?? 10000, msg('maxLength'));
}

function money(f: FieldDef) {
  return z
    .union([z.string(typeError).trim().regex(DECIMAL_RE, msg('numerical')), z.number(typeError).finite()])
    .transform((v) => (typeof v === 'number' ? v.toFixed(2) : v.replace(',', '.')))
    .pipe(z.string())
    .refine((v) => f.min === undefined || Number(v) >= f.min, msg('minValue'))
    .refine((v) => f.max === undefined || Number(v) <= f.max, msg('maxValue'));
}

function numeric(f: FieldDef, base: z.ZodNumber) {
  let n = base;
  if (f.min !== undefined) n = n.min(f.min, msg('minValue'));
  if (f.max !== undefined) n = n.max(f.max, msg('maxValue'));
  return n;
}

/** The schema of a field's value when present (never null). */
export function valueSchema(f: FieldDef): z.ZodType {
  switch (f.kind) {
    case 'text': case 'textarea': return text(f);
    case 'email': return text(f).pipe(z.email(msg('email')));
    case 'url': {
      const address = z.url({ ...msg('url'), protocol: /^https?$/ });
      // A path on this server: one slash first (two would name another host), no spaces.
      return text(f).pipe(f.orPath ? z.union([z.string().regex(SERVER_PATH_RE), address], msg('url')) : address);
    }
    case 'vatNumber': return safeString(typeError).trim().transform((v) => v.replace(/[\s.]/g, '').toUpperCase()).pipe(z.string().regex(VAT_RE, msg('vatNumber')));
    case 'phone': return text(f).pipe(z.string().regex(PHONE_RE, msg('phone')));
    case 'integer': return numeric(f, z.number(typeError).int(msg('numerical')));
    case 'number': return numeric(f, z.number(typeError).finite());
    case 'money': return money(f);
    case 'boolean': return z.boolean(typeError);
    case 'date': return z.string(typeError).regex(DATE_RE, msg('date')).refine(isRealDate, msg('date'));
    case 'datetime': return z.iso.datetime({ offset: true, ...msg('date') });
    case 'enum': return z.enum(f.values as [string, ...string[]], msg('choice'));
    case 'reference': return z.uuid(msg('invalid'));
    case 'translated': return z.object({
      nl: f.required ? text({ ...f, kind: 'text' }) : optional(text({ ...f, kind: 'text', required: false })),
      en: optional(text({ ...f, kind: 'text', required: false })),
      fr: optional(text({ ...f, kind: 'text', required: false })),
    });
    case 'attachment': return z.object({
      containerName: safeString().min(1).max(200), blobName: safeString().min(1).max(500),
      fileName: safeString().min(1).max(255), contentType: safeString().max(200), size: z.number().int().min(0),
    });
    case 'list': return z.array(objectOf(f.fields ?? {}, 'create')).max(f.max ?? 1000, msg('maxLength'));
    case 'object': return objectOf(f.fields ?? {}, 'create');
    case 'stringList': return z.array(safeString().trim().min(1).max(500)).max(f.max ?? 1000, msg('maxLength'));
  }
}

/** Optional fields accept null, and '' (what an emptied form input sends) as null. */
function optional(s: z.ZodType) {
  return z.union([z.literal('').transform(() => null), s]).nullable().optional();
}

export type Mode = 'create' | 'update';

/** The schema of a field in a request body: required on create, always optional on update. */
export function fieldSchema(f: FieldDef, mode: Mode): z.ZodType {
  const value = valueSchema(f);
  if (mode === 'create' && f.required) return f.default !== undefined ? value.default(f.default as never) : value;
  const opt = f.required ? value.optional() : optional(value);
  return mode === 'create' && f.default !== undefined ? opt.default(f.default as never) : opt;
}

/** An object of writable fields (read-only ones are never accepted from a client). */
export function objectOf(fields: Readonly<Record<string, FieldDef>>, mode: Mode) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, f] of Object.entries(fields)) {
    if (f.readOnly || (mode === 'update' && f.createOnly)) continue;
    shape[name] = fieldSchema(f, mode);
  }
  return z.object(shape);
}
