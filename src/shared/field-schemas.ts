import { z } from 'zod';
import type { FieldDef } from '../../model/dsl/field';
import { FIELD_KINDS, optional } from './field-kinds';

/**
 * A field's schema in a request body, from its kind (src/shared/field-kinds.ts). Issue messages are
 * validation rule names (validation.messages.*), so the server can put them in error details and the
 * forms can translate them.
 */
export { DATE_RE, DECIMAL_RE, PHONE_RE, SERVER_PATH_RE, VAT_RE } from './field-kinds';

/** The schema of a field's value when present (never null). */
export function valueSchema(f: FieldDef): z.ZodType {
  // A contract naming a field the model no longer has (`orders.fields.about`): `npm run typecheck` shows where.
  const kind = f && FIELD_KINDS[f.kind];
  if (!kind) throw new Error(`A schema was asked for a field the model does not have (kind ${f?.kind}): npm run typecheck names the place.`);
  return kind.schema(f, (fields) => objectOf(fields, 'create'));
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
