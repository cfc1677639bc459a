import { relativeImport, tsFileFromText, tsLiteral, type GeneratedFile } from '../emit';
import type { Ir } from '../ir';
import { camelCase, pascalCase } from '../naming';

export const CALLS_FILE = 'generated/app/calls.gen.ts';
const RUNTIME = 'src/app/data/calls.ts';

/**
 * generated/app/calls.gen.ts: per custom action, its route and access as data (typed by its
 * contract, imported as a type only) and a hook: a read (GET) is `use<Resource><Action>(input)` on
 * TanStack Query, a change is `use<Resource><Action>()`, a mutation that reports busy and its
 * translated failure. Hand-written pages call the API through these, so a field changed in a
 * contract (or in the model it is built from) fails `npm run typecheck` wherever a page uses it.
 */
export function callsPass(ir: Ir): GeneratedFile[] {
  const calls = [...(ir.model.contracts ?? [])].sort((a, b) => `${a.resource}.${a.name}`.localeCompare(`${b.resource}.${b.name}`));
  if (!calls.length || !ir.model.contractsModule) return [];
  const lines: string[] = [
    `import type { Contracts } from '${relativeImport(CALLS_FILE, ir.model.contractsModule)}';`,
    `import { useCallMutation, useCallQuery, type CallDef, type CallInput } from '${relativeImport(CALLS_FILE, RUNTIME)}';`,
    '',
  ];
  for (const c of calls) {
    const id = `${camelCase(c.resource)}${pascalCase(c.name)}`;
    const type = `Contracts[${tsLiteral(c.resource)}][${tsLiteral(c.name)}]`;
    const def = { resource: c.resource, name: c.name, method: c.method, path: c.path, access: c.access };
    lines.push(`/** ${c.method} ${c.path} */`);
    lines.push(`export const ${id}: CallDef<${type}> = ${tsLiteral(def)};`);
    lines.push(c.method === 'GET'
      ? `export const use${pascalCase(id)} = (input: CallInput<${type}>, options?: Parameters<typeof useCallQuery<${type}>>[2]) => useCallQuery(${id}, input, options);`
      : `export const use${pascalCase(id)} = (options?: Parameters<typeof useCallMutation<${type}>>[1]) => useCallMutation(${id}, options);`);
    lines.push('');
  }
  return [tsFileFromText(CALLS_FILE, `${ir.model.contractsModule} (CONTRACTS)`, lines.join('\n'))];
}
