/** Payloads from a route's JSON Schema: a plausible valid value, its leaves, and fast-check's bad values. */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Json } from './route-schemas';

const CANDIDATES = ['Harness', '1', '1.00', '2026-01-02', '+32 470 12 34 56', 'BE0123456789', '/harness', 'https://example.com/x', 'harness@example.com'];

/** The branch of an anyOf/oneOf worth filling (not null, not the '' literal of optional fields). */
function branch(s: Json): Json {
  const flat = (o: Json): Json[] => (o.anyOf || o.oneOf ? (o.anyOf ?? o.oneOf).flatMap(flat) : [o]);
  const options = flat(s);
  return options.find((o) => o.type !== 'null' && o.const !== '') ?? options.find((o) => o.type !== 'null') ?? {};
}

const typeOf = (s: Json): string | undefined => (Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type);

/** Picks a real id for a uuid property by its name (references), else a random one is used. */
export type IdPicker = (property: string) => string | undefined;

function stringSample(s: Json, key: string, pick?: IdPicker): string {
  if (s.format === 'uuid') return pick?.(key) ?? randomUUID();
  if (s.format === 'email') return 'harness@example.com';
  if (s.format === 'date-time') return '2026-01-02T10:00:00Z';
  if (s.format === 'date') return '2026-01-02';
  if (s.format === 'uri') return 'https://example.com/x';
  const re = s.pattern ? new RegExp(s.pattern) : null;
  const fits = (v: string) => (!re || re.test(v)) && v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity);
  return CANDIDATES.find(fits) ?? 'Harness'.padEnd(s.minLength ?? 0, 'x');
}

/** A value that should pass the schema (required properties filled, optional ones too). */
export function sample(s: Json | undefined, pick?: IdPicker, key = '', depth = 0): unknown {
  if (!s || depth > 6) return undefined;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  if (s.anyOf || s.oneOf) return sample(branch(s), pick, key, depth + 1);
  switch (typeOf(s)) {
    case 'string': return stringSample(s, key, pick);
    case 'integer': case 'number': return Math.max(s.minimum ?? 1, Math.min(1, s.maximum ?? 1));
    case 'boolean': return false; // never switches a flag on (maintenance, active) by accident
    case 'array': return s.items && (s.minItems ?? 0) > 0 ? [sample(s.items, pick, key, depth + 1)] : [];
    case 'object': return Object.fromEntries(Object.entries((s.properties ?? {}) as Record<string, Json>)
      .map(([k, p]) => [k, sample(p, pick, k, depth + 1)]).filter(([, v]) => v !== undefined));
    default: return undefined;
  }
}

export interface Leaf { path: string[]; type: string }

/** Every scalar or array position of the schema with its type (objects are walked, not listed). */
export function leaves(s: Json | undefined, path: string[] = [], depth = 0): Leaf[] {
  if (!s || depth > 6) return [];
  const t = s.anyOf || s.oneOf ? typeOf(branch(s)) : typeOf(s);
  const inner = s.anyOf || s.oneOf ? branch(s) : s;
  if (t === 'object') return Object.entries((inner.properties ?? {}) as Record<string, Json>).flatMap(([k, p]) => leaves(p, [...path, k], depth + 1));
  // An array of objects whose sample has an item: that item's fields too.
  if (t === 'array' && (inner.minItems ?? 0) > 0 && typeOf(inner.items ?? {}) === 'object') return [{ path, type: 'array' }, ...leaves(inner.items, [...path, '0'], depth + 1)];
  return [{ path, type: inner.enum || inner.format ? 'string' : (t ?? 'any') }];
}

/** A copy of `value` with `v` at `path` (objects made on the way). */
export function setAt(value: unknown, path: string[], v: unknown): unknown {
  if (path.length === 0) return v;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[Number(path[0])] = setAt(copy[Number(path[0])], path.slice(1), v);
    return copy;
  }
  const base = value && typeof value === 'object' ? { ...(value as Json) } : {};
  base[path[0]] = setAt(base[path[0]], path.slice(1), v);
  return base;
}

/** Strings a database or a parser chokes on. */
export const NASTY_STRINGS = ['x\u0000y', '\u0000', 'a\u0001b\u001fc', 'x\u007f', '\uD800', 'a\uDC00b', 'x'.repeat(100_000), '%00\'";--', '\u202E\uFEFF'];

const deep = (n: number): unknown => (n === 0 ? 'x' : { a: deep(n - 1) });

/** Wrong or hostile values for a leaf of a given type. */
export function badValue(type: string): fc.Arbitrary<unknown> {
  const strings = fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ minLength: 10_001, maxLength: 12_000 }));
  const numbers = fc.oneof(fc.constantFrom(1e308, -1e308, -1, -2147483649, 2 ** 53 + 1, 1.5, 0, 99999999999999), fc.double(), fc.integer());
  const wrong = fc.oneof(fc.constantFrom(null, 1, 'yes', [], {}, [1, 'x'], deep(200), JSON.parse('{"__proto__":{"admin":true}}'), { constructor: { prototype: { admin: true } } }), numbers.map(String));
  if (type === 'string') return fc.oneof(strings, numbers, wrong);
  if (type === 'integer' || type === 'number') return fc.oneof(numbers, strings, wrong);
  return fc.oneof(strings, numbers, wrong);
}

/** A payload from `schema`'s sample with 1–3 leaves replaced by bad values (or, without leaves, a bad whole). */
export function badPayload(schema: Json | undefined): fc.Arbitrary<unknown> {
  const base = sample(schema) ?? {};
  const ls = leaves(schema);
  if (ls.length === 0) return badValue('object').map((v) => ({ ...(base as Json), harness: v }));
  return fc.array(fc.constantFrom(...ls).chain((l) => badValue(l.type).map((v) => [l, v] as const)), { minLength: 1, maxLength: 3 })
    .map((edits) => edits.reduce<unknown>((acc, [l, v]) => setAt(acc, l.path, v), base));
}
