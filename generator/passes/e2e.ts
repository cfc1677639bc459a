import { StructureKind, type StatementStructures, type WriterFunction } from 'ts-morph';
import type { Translations } from '../../model/dsl';
import { relativeImport, spaced, tsFileFromStructure, tsLiteral, type GeneratedFile } from '../emit';
import { hasOp, type Ir, type IrResource } from '../ir';
import { helperStatements } from './e2e-helpers';
import { allFields } from './i18n';
import { keyField, planCreate, SUFFIX, type Step } from './e2e-plan';

export const E2E_DIR = 'generated/e2e';
const HELPERS = `${E2E_DIR}/helpers.gen.ts`;
const FIXTURES = 'e2e/fixtures.ts';

/** A typed value as code: a template literal when it holds the run's suffix. */
function valueCode(value: string): string {
  if (!value.includes(SUFFIX)) return tsLiteral(value);
  const escaped = value.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
  return `\`${escaped.split(SUFFIX).join('${suffix}')}\``;
}

const t = (x: Translations) => tsLiteral({ nl: x.nl, en: x.en, fr: x.fr });

function stepCode(step: Step, valueVar?: string): string {
  switch (step.action) {
    case 'fill': return `await fillText(page, ${t(step.label)}, ${valueVar ?? valueCode(step.value)});`;
    case 'fillTranslated': return `await fillTranslated(page, ${t(step.label)}, ${tsLiteral(step.value)});`;
    case 'typeDate': return `await typeDate(page, ${t(step.label)}, ${tsLiteral(step.value)});`;
    case 'choose': return `await choose(page, ${t(step.label)}, ${t(step.option)});`;
    case 'pickFirst': return `await pickFirst(page, ${t(step.label)});`;
    case 'check': return `await setSwitch(page, ${t(step.label)}, true);`;
  }
}

/** Labels used twice on one form cannot be told apart by label: such nested optional fields are left out. */
function unambiguous<P extends { path: string }>(r: IrResource, planned: readonly P[]): P[] {
  const labels = new Map(allFields(r).map(({ path, field }) => [path, [field.def.label.nl, field.def.label.en, field.def.label.fr]]));
  const count = new Map<string, number>();
  for (const p of planned) for (const l of new Set(labels.get(p.path))) count.set(l, (count.get(l) ?? 0) + 1);
  return planned.filter((p) => !p.path.includes('.') || (labels.get(p.path) ?? []).every((l) => count.get(l) === 1));
}

/**
 * On a form whose model groups fields in tabs, the tab holding a field (its top-level field's
 * group, the first for a field no group names); undefined without tabs.
 */
function tabOf(r: IrResource, path: string): Translations | undefined {
  const groups = r.def.screens?.groups;
  if (groups?.layout !== 'tabs') return undefined;
  const top = path.split('.')[0]!;
  const all = Object.values(groups.groups);
  return (all.find((g) => g.fields.includes(top)) ?? all[0])!.label;
}

/** The body of the journey: create, find, edit, find the change, delete, restore. */
function journey(r: IrResource): { name: string; lines: string[] } {
  const path = r.screens!.path;
  const key = keyField(r);
  const lines: string[] = [];
  const L = (line = '') => lines.push(line);
  if (!hasOp(r, 'create') || !key) {
    // A read-only list may be empty, and react-admin then shows its empty page without a table: the title shows either way.
    L(`await openList(page, ${tsLiteral(path)});`);
    L(`await expect(page.getByRole('heading', { name: exactly(${t(r.def.label.many)}) })).toBeVisible();`);
    return { name: `lists ${r.def.label.many.en.toLowerCase()}`, lines };
  }
  const findFilter = Object.entries(r.def.filters).find(([, f]) => (f.kind === 'search' && f.fields.includes(key.path)) || ((f.kind === 'contains' || f.kind === 'eq') && f.field === key.path))?.[0];
  const filtered = (v: string) => (findFilter ? `, { ${/^[A-Za-z_$][\w$]*$/.test(findFilter) ? findFilter : tsLiteral(findFilter)}: ${v} }` : '');
  const planned = unambiguous(r, planCreate(r));
  const keyStep = planned.find((p) => p.path === key.path)!.step as Extract<Step, { action: 'fill' }>;
  L('const suffix = uniqueSuffix();');
  L(`const created = ${valueCode(keyStep.value)};`);
  L(`const changed = \`\${created} v2\`;`);
  L();
  L(`await openList(page, ${tsLiteral(path)});`);
  L('await startCreate(page);');
  // a form opens on its first tab; the journey opens another one before filling a field there
  const firstTab = tabOf(r, key.path) && Object.values(r.def.screens!.groups!.groups)[0]!.label;
  let tab = firstTab;
  for (const p of planned) {
    if (!p.step) continue;
    const wanted = tabOf(r, p.path);
    if (wanted && wanted !== tab) L(`await openTab(page, ${t(wanted)});`);
    tab = wanted;
    L(stepCode(p.step, p.path === key.path ? 'created' : undefined));
  }
  L(`await save(page, ${tsLiteral(path)});`);
  L(`await openList(page, ${tsLiteral(path)}${filtered('created')});`);
  L('await expectRow(page, created);');
  const editable = hasOp(r, 'update');
  if (editable) {
    L();
    L('await openRow(page, created);');
    const keyTab = tabOf(r, key.path);
    if (keyTab && keyTab !== firstTab) L(`await openTab(page, ${t(keyTab)});`);
    L(`await fillText(page, ${t(key.def.label)}, changed);`);
    L(`await save(page, ${tsLiteral(path)});`);
    L(`await openList(page, ${tsLiteral(path)}${filtered('changed')});`);
    L('await expectRow(page, changed);');
  }
  const last = editable ? 'changed' : 'created';
  if (hasOp(r, 'delete') && editable) {
    L();
    L(`await openRow(page, ${last});`);
    L(`await deleteOpenRecord(page, ${tsLiteral(path)});`);
    L(`await openList(page, ${tsLiteral(path)}${filtered(last)});`);
    L(`await expectNoRow(page, ${last});`);
    const deletedFilter = Object.entries(r.def.filters).find(([, f]) => f.kind === 'deleted');
    if (r.def.softDelete && hasOp(r, 'restore') && deletedFilter) {
      L();
      L(`await setSwitch(page, ${t(deletedFilter[1].label)}, true);`);
      L(`await restoreRow(page, ${last});`);
      L(`await setSwitch(page, ${t(deletedFilter[1].label)}, false);`);
      L(`await expectRow(page, ${last});`);
    }
  }
  const verbs = ['creates', 'finds', editable && 'edits', hasOp(r, 'delete') && editable && 'deletes', r.def.softDelete && hasOp(r, 'restore') && 'restores'].filter(Boolean);
  return { name: `${verbs.join(', ')} a ${r.def.label.one.en.toLowerCase()}`, lines };
}

function spec(r: IrResource): GeneratedFile {
  const path = `${E2E_DIR}/${r.name}.gen.spec.ts`;
  const { name, lines } = journey(r);
  const used = ['exactly', 'openList', 'startCreate', 'openTab', 'fillText', 'fillTranslated', 'typeDate', 'choose', 'pickFirst', 'setSwitch', 'save', 'expectRow', 'expectNoRow', 'openRow', 'deleteOpenRecord', 'restoreRow']
    .filter((h) => lines.some((l) => l.includes(`${h}(`)));
  const fixtureNames = [...(lines.some((l) => l.includes('expect(')) ? ['expect'] : []), 'test', ...(lines.some((l) => l.includes('uniqueSuffix')) ? ['uniqueSuffix'] : [])];
  const body: WriterFunction = (w) => {
    w.blankLineIfLastNot();
    w.write(`test.describe(${tsLiteral(`${r.name} (generated CRUD journey)`)}, () => `).inlineBlock(() => {
      w.write(`test(${tsLiteral(name)}, async ({ adminPage: page }) => `).inlineBlock(() => {
        for (const line of lines) (line ? w.writeLine(line) : w.blankLine());
      }).write(');');
    }).write(');');
  };
  const statements: (StatementStructures | WriterFunction)[] = [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: relativeImport(path, FIXTURES), namedImports: fixtureNames },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './helpers.gen', namedImports: used },
    body,
  ];
  return tsFileFromStructure(path, `${r.source} (resource '${r.name}': screens, fields, examples)`, { statements: spaced(statements) });
}

/** e2e pass: a Playwright CRUD journey per resource with screens, and the helpers they share. */
export function e2ePass(ir: Ir): GeneratedFile[] {
  const helpers = tsFileFromStructure(HELPERS, 'generator/passes/e2e-helpers.ts (react-admin button texts)', { statements: spaced(helperStatements()) });
  return [helpers, ...ir.screenResources.map(spec)];
}
