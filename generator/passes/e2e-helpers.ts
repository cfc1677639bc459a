import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import { tsLiteral } from '../emit';

/**
 * react-admin's button texts in the three languages (src/app/i18n/ra-nl.ts, ra-language-english,
 * ra-language-french; tests/generator/e2e.test.ts checks they still match), so a journey passes in
 * whatever language the signed-in user has.
 */
export const BUTTONS = {
  create: { nl: 'Aanmaken', en: 'Create', fr: 'Créer' },
  save: { nl: 'Opslaan', en: 'Save', fr: 'Enregistrer' },
  delete: { nl: 'Verwijderen', en: 'Delete', fr: 'Supprimer' },
  confirm: { nl: 'Bevestigen', en: 'Confirm', fr: 'Confirmer' },
  restore: { nl: 'Herstellen', en: 'Restore', fr: 'Restaurer' },
} as const;

const fn = (name: string, doc: string, params: string, statements: string[]): StatementStructures => ({
  kind: StructureKind.Function, isExported: true, isAsync: true, name, docs: [doc],
  parameters: params.split(', ').filter(Boolean).map((p) => { const [n, t] = p.split(': '); return { name: n!, type: t }; }),
  statements,
});

/** generated/e2e/helpers.gen.ts: one helper per user action, selecting by role and label only. */
export function helperStatements(): StatementStructures[] {
  return [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: '@playwright/test', namedImports: ['expect', 'type Page'] },
    { kind: StructureKind.TypeAlias, isExported: true, name: 'Texts', type: '{ readonly nl: string; readonly en: string; readonly fr: string }', docs: ['A text in the three interface languages.'] },
    { kind: StructureKind.VariableStatement, declarationKind: VariableDeclarationKind.Const, declarations: [{ name: 'BUTTONS', initializer: `${tsLiteral(BUTTONS)} as const` }] },
    { kind: StructureKind.Function, name: 'escape', parameters: [{ name: 'text', type: 'string' }], statements: ["return text.replace(/[.*+?^${}()|[\\]\\\\]/g, '\\\\$&');"] },
    {
      kind: StructureKind.Function, isExported: true, name: 'exactly', docs: ['A label in any language; a required mark (" *") may follow.'],
      parameters: [{ name: 't', type: 'Texts' }],
      statements: ["return new RegExp(`^(?:${[t.nl, t.en, t.fr].map(escape).join('|')})(?:\\\\s*\\\\*)?$`);"],
    },
    {
      kind: StructureKind.Function, isExported: true, name: 'startingWith', docs: ['A name that starts with the label (a select\'s name also holds its current value).'],
      parameters: [{ name: 't', type: 'Texts' }],
      statements: ["return new RegExp(`^(?:${[t.nl, t.en, t.fr].map(escape).join('|')})`);"],
    },
    fn('openList', 'Opens a list, optionally filtered through the URL (react-admin keeps list filters there), once its code has arrived: the admin area loads in several waves of lazy modules, which took 19 s in a fresh browser context on a loaded machine.', 'page: Page, path: string, filter?: Record<string, unknown>', [
      "const query = filter ? `?filter=${encodeURIComponent(JSON.stringify(filter))}` : '';",
      'await page.goto(`${path}${query}`);',
      "await page.waitForLoadState('networkidle');",
    ]),
    fn('startCreate', 'Clicks the list\'s create button.', 'page: Page', ['await page.getByRole(\'link\', { name: exactly(BUTTONS.create) }).first().click();']),
    fn('openTab', 'Opens a tab of a form whose model groups its fields in tabs.', 'page: Page, label: Texts', ["await page.getByRole('tab', { name: exactly(label) }).click();"]),
    fn('typeDate', 'Types a date (DD/MM/YYYY) into a date picker: from its first section, the digits only; the picker moves on by itself.', 'page: Page, label: Texts, value: string', [
      "await page.getByRole('group', { name: startingWith(label) }).getByRole('spinbutton').first().click();",
      "await page.keyboard.type(value.replace(/\\D/g, ''));",
    ]),
    fn('fillText', 'Types into a text, number or money input.', 'page: Page, label: Texts, value: string', ['await page.getByLabel(exactly(label)).fill(value);']),
    fn('fillTranslated', 'Types the Dutch text of a translated field ("<label> (NL)").', 'page: Page, label: Texts, value: string', [
      "await page.getByLabel(new RegExp(`${startingWith(label).source} \\\\(NL\\\\)`)).fill(value);",
    ]),
    fn('choose', 'Opens a select and picks an option.', 'page: Page, label: Texts, option: Texts', [
      "await page.getByRole('combobox', { name: startingWith(label) }).click();",
      "await page.getByRole('option', { name: exactly(option) }).click();",
    ]),
    fn('pickFirst', 'Opens an autocomplete and picks its first option.', 'page: Page, label: Texts', [
      "await page.getByRole('combobox', { name: startingWith(label) }).click();",
      "await page.getByRole('option').first().click();",
    ]),
    fn('setSwitch', 'Turns a switch or checkbox on or off.', 'page: Page, label: Texts, on: boolean', ['await page.getByLabel(exactly(label)).setChecked(on);']),
    fn('save', 'Saves the form and waits for the list it returns to.', 'page: Page, listPath: string', [
      "await page.getByRole('button', { name: exactly(BUTTONS.save) }).click();",
      "await expect(page).toHaveURL(new RegExp(`${escape(listPath)}(?:[?#]|$)`));",
    ]),
    fn('expectRow', 'Expects a list row showing the text.', 'page: Page, text: string', ["await expect(page.getByRole('cell', { name: text, exact: true })).toBeVisible();"]),
    fn('expectNoRow', 'Expects no list row showing the text.', 'page: Page, text: string', ["await expect(page.getByRole('cell', { name: text, exact: true })).toHaveCount(0);"]),
    fn('openRow', 'Opens the record of the row showing the text.', 'page: Page, text: string', ["await page.getByRole('cell', { name: text, exact: true }).click();"]),
    fn('deleteOpenRecord', 'Deletes the record open in the edit form, confirming the dialog.', 'page: Page, listPath: string', [
      "await page.getByRole('button', { name: exactly(BUTTONS.delete) }).click();",
      "await page.getByRole('dialog').getByRole('button', { name: exactly(BUTTONS.confirm) }).click();",
      "await expect(page).toHaveURL(new RegExp(`${escape(listPath)}(?:[?#]|$)`));",
    ]),
    fn('restoreRow', 'Restores the soft-deleted record of the row showing the text.', 'page: Page, text: string', [
      "await page.getByRole('row', { name: new RegExp(escape(text)) }).getByRole('button', { name: exactly(BUTTONS.restore) }).click();",
    ]),
  ];
}
