import { z } from 'zod';
import type { FieldDef } from '../../model/dsl/field';

/**
 * Schemas of values as the server sends them (records, action answers). They describe the wire form
 * only, with no transforms: a response is serialized through its schema (fastify-type-provider-zod
 * encodes it), and a transform cannot run backwards. Keys a schema does not list never leave the server.
 */
export function wireValueSchema(f: FieldDef): z.ZodType {
  switch (f.kind) {
    case 'integer': case 'number': return z.number();
    case 'boolean': return z.boolean();
    // A stored value outside today's list (a value the model dropped) is still answered, not a 500.
    case 'enum': return z.string().meta({ enum: [...(f.values ?? [])] });
    case 'reference': return z.string().meta({ format: 'uuid' });
    case 'translated': return z.object({ nl: z.string().nullable().optional(), en: z.string().nullable().optional(), fr: z.string().nullable().optional() });
    case 'attachment': return z.object({ containerName: z.string(), blobName: z.string(), fileName: z.string(), contentType: z.string(), size: z.number() });
    case 'list': return z.array(wireObject(f.fields ?? {}));
    case 'object': return wireObject(f.fields ?? {});
    case 'stringList': return z.array(z.string());
    // Texts, e-mail, url, phone, VAT number, money (a decimal string), date and datetime (ISO strings).
    default: return z.string();
  }
}

/** An object of wire values: required fields always present, the others may be null or left out. */
export function wireObject(fields: Readonly<Record<string, FieldDef>>) {
  return z.object(Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.required ? wireValueSchema(f) : wireValueSchema(f).nullable().optional()])));
}
