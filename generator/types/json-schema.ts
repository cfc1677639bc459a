import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

interface PipeDef {
  type: string;
  in: z.ZodType;
  out: z.ZodType & { _zod: { def: { type: string } } };
}

/**
 * z.toJSONSchema for type generation. Transforms have no JSON Schema: on the output side this treats
 * `in.transform(f)` as keeping the type of `in` (true for the model's normalisations: money
 * '7,5' → '7.50', VAT numbers upper-cased), except `''.transform(() => null)`, which gives null.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: (ctx) => {
      if (io !== 'output') return;
      const def = (ctx.zodSchema as unknown as { _zod: { def: PipeDef } })._zod.def;
      if (def.type !== 'pipe' || def.out._zod.def.type !== 'transform') return;
      const inDef = (def.in as unknown as { _zod: { def: { type: string; values?: unknown[] } } })._zod.def;
      const replacement = inDef.type === 'literal' && inDef.values?.length === 1 && inDef.values[0] === ''
        ? { type: 'null' }
        : toJsonSchema(def.in, 'output');
      for (const key of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as JsonSchema)[key];
      Object.assign(ctx.jsonSchema, replacement);
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** Flattens nested anyOf and drops repeated branches, so `(null | string) | null` prints as `string | null`. */
export function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'anyOf' ? flattenAnyOf(v as unknown[]) : simplify(v);
  const anyOf = out.anyOf as unknown[] | undefined;
  if (anyOf && anyOf.length === 1 && Object.keys(out).length === 1) return anyOf[0];
  return out;
}

function flattenAnyOf(branches: unknown[]): unknown[] {
  const flat: unknown[] = [];
  const seen = new Set<string>();
  for (const b of branches.map(simplify)) {
    const parts = b && typeof b === 'object' && Object.keys(b).length === 1 && 'anyOf' in b ? ((b as JsonSchema).anyOf as unknown[]) : [b];
    for (const p of parts) {
      const key = JSON.stringify(p);
      if (!seen.has(key)) flat.push(p);
      seen.add(key);
    }
  }
  return flat;
}
