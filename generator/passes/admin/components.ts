import { StructureKind, type ImportDeclarationStructure } from 'ts-morph';
import { relativeImport } from '../../emit';

export const SUPPORT_MODULE = 'src/app/generated-support/index.ts';

/**
 * The hand-written components generated screens use (src/app/generated-support/). DateField,
 * NumberField and DateInput stand in for react-admin's under the same name, in the interface
 * language's locale.
 */
const SUPPORT = new Set([
  'MoneyInput', 'MoneyField', 'TranslatedTextInput', 'TranslatedTextField', 'AttachmentInput', 'AttachmentField',
  'TextArrayInput', 'RestoreButton', 'FormSection', 'ShowSection', 'DateField', 'NumberField', 'DateInput',
]);

/** Import declarations for the tags of a screen (react-admin or generated-support) plus extra names. */
export function importsFor(
  path: string,
  tags: Iterable<string>,
  extra: readonly { name: string; module: string; typeOnly?: boolean }[] = [],
): ImportDeclarationStructure[] {
  const byModule = new Map<string, Set<string>>();
  const add = (module: string, name: string) => (byModule.get(module) ?? byModule.set(module, new Set()).get(module)!).add(name);
  // a tag an extra import provides (a hand-written panel) comes from there, not from react-admin
  const provided = new Set(extra.map((e) => e.name.replace(/^default as /, '')));
  for (const tag of tags) {
    // compound tags (DataTable.Col, TabbedForm.Tab) import their root component
    const name = tag.split('.')[0]!;
    if (provided.has(name)) continue;
    add(SUPPORT.has(name) ? relativeImport(path, SUPPORT_MODULE) : 'react-admin', name);
  }
  for (const e of extra) add(e.module, e.name);
  return [...byModule.entries()]
    .sort(([a], [b]) => (a.startsWith('.') === b.startsWith('.') ? a.localeCompare(b) : a.startsWith('.') ? 1 : -1))
    .map(([moduleSpecifier, names]) => ({ kind: StructureKind.ImportDeclaration, moduleSpecifier, namedImports: [...names].sort() }));
}
