import { propertyKey, relativeImport, tsFileFromText, tsLiteral, type GeneratedFile } from '../emit';
import type { Ir, IrResource, IrRoute } from '../ir';
import { typesPath } from './types';
import { camelCase, pascalCase } from '../naming';

export const CALLS_FILE = 'generated/app/calls.gen.ts';
/** One module of call data per resource or area, so a page's chunk carries only the calls it makes. */
export const callDefsFile = (resource: string) => `generated/app/calls/${resource}.gen.ts`;
const READS = 'src/app/data/calls.ts';
const CHANGES = 'src/app/data/call-mutation.ts';
const CALL_API = 'src/app/data/call-api.ts';

/** What a module of call data imports as types: module → names. */
class TypeImports {
  private readonly modules = new Map<string, Set<string>>();
  add(module: string, ...names: string[]) {
    const set = this.modules.get(module) ?? new Set<string>();
    names.forEach((n) => set.add(n));
    this.modules.set(module, set);
  }
  lines(from: string): string[] {
    return [...this.modules].sort(([a], [b]) => a.localeCompare(b))
      .map(([module, names]) => `import type { ${[...names].sort().join(', ')} } from '${relativeImport(from, module)}';`);
  }
}

/** One call the app makes: a contract's (src/shared/contracts) or a route of the model's generic CRUD. */
interface AppCall {
  readonly id: string;
  readonly resource: string;
  readonly method: string;
  readonly path: string;
  /** The call's type (a contract's, or ModelCall… of generated-contract.ts over the generated types). */
  readonly type: string;
  readonly def: Record<string, unknown>;
  /** A read: its hook is a query (a GET contract, a model list or get whatever its method). */
  readonly read: boolean;
}

const SHAPES = 'src/shared/generated-contract.ts';

/**
 * A model route's call: its input and answer in the shapes of its endpoint style, as the server's
 * route schemas build them (src/server/crud/route-schemas.ts), over the resource's generated types.
 */
function modelCall(ir: Ir, r: IrResource, route: IrRoute, imports: TypeImports): AppCall {
  const t = r.typeName;
  const own = (suffix: string) => {
    imports.add(typesPath(r), `${t}${suffix}`);
    return `${t}${suffix}`;
  };
  const shape = (name: 'ModelCall' | 'ModelCallWithQuery' | 'ModelCallWithBody' | 'RestPage' | 'QueryPage') => {
    imports.add(SHAPES, name);
    return name;
  };
  const record = own('Record');
  // A single record's answer carries its children (ResourceDef.children), each a list of the child's records.
  const one = () => {
    const children = Object.entries(r.def.children ?? {}).map(([key, c]) => {
      const child = ir.byName.get(c.resource)!;
      imports.add(typesPath(child), `${child.typeName}Record`);
      return `${propertyKey(key)}: ${child.typeName}Record[]`;
    });
    return children.length ? `${record} & { ${children.join('; ')} }` : record;
  };
  const list = () => `${own('Filters')} & ${own('ListParams')}`;
  const m = tsLiteral(route.method);
  const p = tsLiteral(route.path);
  const plain = (answer: string) => `${shape('ModelCall')}<${m}, ${p}, ${answer}>`;
  const withBody = (answer: string, body: string) => `${shape('ModelCallWithBody')}<${m}, ${p}, ${answer}, ${body}>`;
  const result = (answer: string) => `{ result: ${answer} }`;
  let type: string;
  if (route.style === 'view') type = plain(`${record}[]`);
  else if (route.style === 'query') {
    switch (route.op) {
      case 'list': type = withBody(result(`${shape('QueryPage')}<${record}>`), `{ query?: ${list()} }`); break;
      case 'get': type = route.method === 'GET' ? plain(result(one())) : withBody(result(one()), '{ query: { id: string } }'); break;
      case 'create': type = withBody(result(record), `{ dto: ${own('CreateDto')} }`); break;
      case 'update': type = withBody(result(record), `{ dto: { id: string } & ${own('UpdateDto')} }`); break;
      default: type = withBody(result(record), '{ dto: { id: string } }');
    }
  } else {
    switch (route.op) {
      case 'list': type = `${shape('ModelCallWithQuery')}<${m}, ${p}, ${shape('RestPage')}<${record}>, ${list()}>`; break;
      case 'get': type = plain(one()); break;
      case 'create': type = withBody(record, own('CreateDto')); break;
      case 'update': type = withBody(record, own('UpdateDto')); break;
      case 'delete': type = plain('{ id: string }'); break;
      default: type = plain(record);
    }
  }
  return {
    id: `${camelCase(r.name)}${pascalCase(route.endpoint)}${pascalCase(route.op)}`,
    resource: r.name, method: route.method, path: route.path, type,
    def: { resource: r.name, name: `${route.endpoint}.${route.op}`, op: route.op, method: route.method, path: route.path, access: route.access },
    read: route.op === 'list' || route.op === 'get',
  };
}

/**
 * generated/app/calls/<resource>.gen.ts: per call of the resource (or area), its route and access as data, typed by its contract
 * (imported as a type only) or, for a route of the model's generic CRUD (its endpoint sets), by the resource's generated types;
 * for callApi (src/app/data/call-api.ts) where no hook fits (the session loader, stores, callbacks).
 * generated/app/calls.gen.ts: per call a hook: a read (a GET, a model list or get) is `use<Resource><Action>(input)` on
 * TanStack Query, a change is `use<Resource><Action>()`, a mutation that reports busy and its
 * translated failure. Hand-written pages call the API through these, so a field changed in a
 * contract (or in the model it is built from) fails `npm run typecheck` wherever a page uses it.
 */
export function callsPass(ir: Ir): GeneratedFile[] {
  const imports = new Map<string, TypeImports>();
  const importsOf = (resource: string) => imports.get(resource) ?? imports.set(resource, new TypeImports()).get(resource)!;
  const contracts = ir.model.contractsModule ? (ir.model.contracts ?? []) : [];
  const calls: AppCall[] = [
    ...contracts.map((c): AppCall => {
      importsOf(c.resource).add(ir.model.contractsModule!, 'Contracts');
      return {
        id: `${camelCase(c.resource)}${pascalCase(c.name)}`, resource: c.resource, method: c.method, path: c.path,
        type: `Contracts[${tsLiteral(c.resource)}][${tsLiteral(c.name)}]`,
        def: { resource: c.resource, name: c.name, method: c.method, path: c.path, access: c.access },
        read: c.method === 'GET' || c.read === true,
      };
    }),
    ...ir.resources.flatMap((r) => r.routes.map((route) => modelCall(ir, r, route, importsOf(r.name)))),
  ].sort((a, b) => a.id.localeCompare(b.id));
  if (!calls.length) return [];
  const ids = calls.map((c) => c.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice) throw new Error(`Two calls are named ${twice}: rename a contract's call or an endpoint set`);
  const resources = [...new Set(calls.map((c) => c.resource))].sort();
  const sourceOf = (resource: string) => [
    ...(ir.byName.has(resource) ? [`${ir.byName.get(resource)!.source} (resource '${resource}': endpoints)`] : []),
    ...(contracts.some((c) => c.resource === resource) ? [`${ir.model.contractsModule} (CONTRACTS: ${resource})`] : []),
  ].join('; ');
  const hooks: string[] = [
    ...(contracts.length ? [`import type { Contracts } from '${relativeImport(CALLS_FILE, ir.model.contractsModule!)}';`] : []),
    `import type { CallInput } from '${relativeImport(CALLS_FILE, CALL_API)}';`,
    `import { useCallQuery } from '${relativeImport(CALLS_FILE, READS)}';`,
    `import { useCallMutation } from '${relativeImport(CALLS_FILE, CHANGES)}';`,
    ...resources.map((r) => `import { ${calls.filter((c) => c.resource === r).map((c) => c.id).join(', ')} } from '${relativeImport(CALLS_FILE, callDefsFile(r)).replace(/\.ts$/, '')}';`),
    '',
  ];
  for (const c of calls) {
    const { id, type } = c;
    // The hooks name a model call's type through its data (typeof id), so calls.gen.ts imports no generated type.
    const named = type.startsWith('Contracts[') ? type : `NonNullable<(typeof ${id})['contract']>`;
    hooks.push(`/** ${c.method} ${c.path} */`);
    hooks.push(c.read
      ? `export const use${pascalCase(id)} = (input: CallInput<${named}>, options?: Parameters<typeof useCallQuery<${named}>>[2]) => useCallQuery(${id}, input, options);`
      : `export const use${pascalCase(id)} = (options?: Parameters<typeof useCallMutation<${named}>>[1]) => useCallMutation(${id}, options);`);
    hooks.push('');
  }
  const defFiles = resources.map((r) => {
    const file = callDefsFile(r);
    const lines = [
      ...importsOf(r).lines(file),
      `import type { CallDef } from '${relativeImport(file, CALL_API)}';`,
      '',
    ];
    for (const c of calls.filter((x) => x.resource === r)) {
      lines.push(`/** ${c.method} ${c.path} */`);
      lines.push(`export const ${c.id}: CallDef<${c.type}> = ${tsLiteral(c.def)};`);
      lines.push('');
    }
    return tsFileFromText(file, sourceOf(r), lines.join('\n'));
  });
  const source = [`${ir.model.modelModule} (RESOURCES: endpoints)`, ...(contracts.length ? [`${ir.model.contractsModule} (CONTRACTS)`] : [])].join('; ');
  return [...defFiles, tsFileFromText(CALLS_FILE, source, hooks.join('\n'))];
}
