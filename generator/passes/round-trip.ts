import type { EndpointStyle, FieldDef, RouteDef } from '../../model/dsl';
import { exampleRecord, kindOf, type ExampleContext } from '../../src/shared/field-kinds';
import { tsFileFromText, tsLiteral, type GeneratedFile } from '../emit';
import type { Ir, IrResource } from '../ir';

export const ROUND_TRIP_PATH = 'generated/tests/round-trip.gen.ts';
/** What unique fields carry so a round trip's record never meets a seeded one. */
const UNIQUE_SUFFIX = 'rt';

type Call = Pick<RouteDef, 'method' | 'path'>;

/** One resource's round trip (the generated file declares the same shape for its readers). */
interface RoundTripCase {
  readonly resource: string;
  readonly endpoint: string;
  readonly style: EndpointStyle;
  readonly audience: string;
  readonly create: Call;
  readonly get: Call;
  readonly update: Call;
  readonly body: Readonly<Record<string, unknown>>;
  readonly references: Readonly<Record<string, string>>;
}

/** Every writable field filled from the kind table; unique texts made distinct. */
function bodyOf(fields: Readonly<Record<string, FieldDef>>): Record<string, unknown> {
  const ctx: ExampleContext = { dates: 0 };
  const body = exampleRecord(fields, ctx);
  for (const [name, f] of Object.entries(fields)) {
    const unique = kindOf(f).unique;
    if (f.unique && unique && !f.readOnly) body[name] = unique(body[name], UNIQUE_SUFFIX, f, UNIQUE_SUFFIX.length);
  }
  return body;
}

/** The reference paths of a body (object members and list items too). */
function referencesOf(fields: Readonly<Record<string, FieldDef>>, value: unknown, prefix = ''): [string, string][] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(fields).flatMap(([name, f]): [string, string][] => {
    const v = (value as Record<string, unknown>)[name];
    if (f.readOnly || v === undefined) return [];
    if (f.kind === 'reference') return [[`${prefix}${name}`, f.target!]];
    if (f.kind === 'object' && f.fields) return referencesOf(f.fields, v, `${prefix}${name}.`);
    if (f.kind === 'list' && f.fields && Array.isArray(v)) return v.flatMap((item, i) => referencesOf(f.fields!, item, `${prefix}${name}.${i}.`));
    return [];
  });
}

function caseOf(r: IrResource): RoundTripCase | undefined {
  for (const [endpoint, set] of Object.entries(r.def.endpoints)) {
    const op = (name: string) => set.routes.find((x) => x.op === name);
    const create = op('create'), get = op('get'), update = op('update');
    if (!create || !get || !update) continue;
    const body = bodyOf(r.def.fields);
    const call = (x: RouteDef): Call => ({ method: x.method, path: x.path });
    return {
      resource: r.name, endpoint, style: set.style, audience: create.access.audience,
      create: call(create), get: call(get), update: call(update),
      body, references: Object.fromEntries(referencesOf(r.def.fields, body)),
    };
  }
  return undefined;
}

/** generated/tests/round-trip.gen.ts: the data of the server suite's round trip (tests/server/round-trip.test.ts). */
export function roundTripPass(ir: Ir): GeneratedFile[] {
  const cases = ir.resources.map(caseOf).filter((c): c is RoundTripCase => !!c);
  const text = [
    "import type { EndpointStyle, HttpMethod } from '../../model/dsl';",
    '',
    '/** One resource\'s round trip: create with every field filled, read, update with what was read, read. */',
    'export interface RoundTripCase {',
    '  readonly resource: string;',
    '  readonly endpoint: string;',
    '  readonly style: EndpointStyle;',
    '  readonly audience: string;',
    '  readonly create: { readonly method: HttpMethod; readonly path: string };',
    '  readonly get: { readonly method: HttpMethod; readonly path: string };',
    '  readonly update: { readonly method: HttpMethod; readonly path: string };',
    '  readonly body: Readonly<Record<string, unknown>>;',
    '  /** Paths in `body` holding a placeholder reference, with the resource it points at. */',
    '  readonly references: Readonly<Record<string, string>>;',
    '}',
    '',
    '/** Every resource with create, get and update routes, its body filled from src/shared/field-kinds.ts. */',
    `export const ROUND_TRIPS: readonly RoundTripCase[] = ${tsLiteral(cases)};`,
  ].join('\n');
  return [tsFileFromText(ROUND_TRIP_PATH, `${ir.model.modelModule} (RESOURCES), src/shared/field-kinds.ts (examples)`, text)];
}
