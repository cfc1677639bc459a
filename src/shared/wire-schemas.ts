import { z } from 'zod';
import type { FieldDef } from '../../model/dsl/field';
import { kindOf } from './field-kinds';

/**
 * Schemas of values as the server sends them (records, action answers), from each kind's `wire`
 * (src/shared/field-kinds.ts): a response is serialized through its schema (fastify-type-provider-zod
 * encodes it), so keys a schema does not list never leave the server. An enum answers any stored
 * text, so a value the model dropped is still answered rather than a 500.
 */
export function wireValueSchema(f: FieldDef): z.ZodType;
/**
 * …typed as `T`, what the generated record type (generated/types) says the field answers, e.g.
 * `NonNullable<TransporterRecord['shippingDetails']>`: the generator writes that type from the same
 * field, so a contract answering a field's value gives its caller the field's precise shape.
 */
export function wireValueSchema<T>(f: FieldDef): z.ZodType<T, unknown>;
export function wireValueSchema(f: FieldDef): z.ZodType {
  return kindOf(f).wire?.(f, wireObject) ?? z.string();
}

/** An object of wire values: required fields always present, the others may be null or left out. */
export function wireObject(fields: Readonly<Record<string, FieldDef>>) {
  return z.object(Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.required ? wireValueSchema(f) : wireValueSchema(f).nullable().optional()])));
}
