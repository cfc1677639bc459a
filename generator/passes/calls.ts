import { relativeImport, tsFileFromText, tsLiteral, type GeneratedFile } from '../emit';
import type { Ir } from '../ir';
import { camelCase, pascalCase } from '../naming';

export const CALLS_FILE = 'generated/app/calls.gen.ts';
/** One module of call data per resource or area, so a page's chunk carries only the calls it makes. */
export const callDefsFile = (resource: string) => `generated/app/calls/${resource}.gen.ts`;
const RUNTIME = 'src/app/data/calls.ts';
const CALL_API = 'src/app/data/call-api.ts';

/**
 * generated/app/calls/<resource>.gen.ts: per call of the resource (or area), its route and access as data (typed by its contract,
 * imported as a type only), for callApi (src/app/data/call-api.ts) where no hook fits (the session
 * loader, stores, callbacks). generated/app/calls.gen.ts: per call a hook: a read (GET) is `use<Resource><Action>(input)` on
 * TanStack Query, a change is `use<Resource><Action>()`, a mutation that reports busy and its
 * translated failure. Hand-written pages call the API through these, so a field changed in a
 * contract (or in the model it is built from) fails `npm run typecheck` wherever a page uses it.
 */
export function callsPass(ir: Ir): GeneratedFile[] {
  const calls = [...(ir.model.contracts ?? [])].sort((a, b) => `${a.resource}.${a.name}`.localeCompare(`${b.resource}.${b.name}`));
  if (!calls.length || !ir.model.contractsModule) return [];
  const idOf = (c: (typeof calls)[number]) => `${camelCase(c.resource)}${pascalCase(c.name)}`;
  const typeOf = (c: (typeof calls)[number]) => `Contracts[${tsLiteral(c.resource)}][${tsLiteral(c.name)}]`;
  const resources = [...new Set(calls.map((c) => c.resource))];
  const defs = new Map<string, string[]>(resources.map((r) => [r, [
    `import type { Contracts } from '${relativeImport(callDefsFile(r), ir.model.contractsModule!)}';`,
    `import type { CallDef } from '${relativeImport(callDefsFile(r), CALL_API)}';`,
    '',
  ]]));
  const hooks: string[] = [
    `import type { Contracts } from '${relativeImport(CALLS_FILE, ir.model.contractsModule)}';`,
    `import type { CallInput } from '${relativeImport(CALLS_FILE, CALL_API)}';`,
    `import { useCallMutation, useCallQuery } from '${relativeImport(CALLS_FILE, RUNTIME)}';`,
    ...resources.map((r) => `import { ${calls.filter((c) => c.resource === r).map(idOf).join(', ')} } from '${relativeImport(CALLS_FILE, callDefsFile(r)).replace(/\.ts$/, '')}';`),
    '',
  ];
  for (const c of calls) {
    const id = idOf(c);
    const type = typeOf(c);
    const def = { resource: c.resource, name: c.name, method: c.method, path: c.path, access: c.access };
    const lines = defs.get(c.resource)!;
    lines.push(`/** ${c.method} ${c.path} */`);
    lines.push(`export const ${id}: CallDef<${type}> = ${tsLiteral(def)};`);
    lines.push('');
    hooks.push(`/** ${c.method} ${c.path} */`);
    hooks.push(c.method === 'GET'
      ? `export const use${pascalCase(id)} = (input: CallInput<${type}>, options?: Parameters<typeof useCallQuery<${type}>>[2]) => useCallQuery(${id}, input, options);`
      : `export const use${pascalCase(id)} = (options?: Parameters<typeof useCallMutation<${type}>>[1]) => useCallMutation(${id}, options);`);
    hooks.push('');
  }
  return [
    ...resources.map((r) => tsFileFromText(callDefsFile(r), `${ir.model.contractsModule} (CONTRACTS: ${r})`, defs.get(r)!.join('\n'))),
    tsFileFromText(CALLS_FILE, `${ir.model.contractsModule} (CONTRACTS)`, hooks.join('\n')),
  ];
}
