import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import { LANGUAGES, type Language, type Translations } from '../../model/dsl';
import { relativeImport, spaced, tsFileFromStructure, tsLiteral, type GeneratedFile } from '../emit';
import type { Ir, IrField, IrResource } from '../ir';
import { pageMessages } from './pages-i18n';
import { CONTRACT } from './tables';

/** Labels of the record properties every resource has besides its fields. */
const SYSTEM_LABELS: Record<string, Translations> = {
  id: { nl: 'Id', en: 'Id', fr: 'Id' },
  customerId: { nl: 'Klant', en: 'Customer', fr: 'Client' },
  createdAt: { nl: 'Aangemaakt op', en: 'Created at', fr: 'Créé le' },
  updatedAt: { nl: 'Gewijzigd op', en: 'Updated at', fr: 'Modifié le' },
  deleted: { nl: 'Verwijderd', en: 'Deleted', fr: 'Supprimé' },
};

/**
 * Key scheme (react-admin reads these):
 * - resources.<name>.name_one / name_other: i18next's plural keys, chosen by the count react-admin
 *   passes (its smart_count, handed to i18next as count by ra-i18n-i18next)
 * - resources.<name>.fields.<path>: one flat key per field, nested ones dotted ('address.city',
 *   'lines.description' for list items). Flat because 'address' itself needs a label too; i18next
 *   and polyglot both resolve a dotted key that exists flat.
 * - resources.<name>.filters.<filter>
 * - resources.<name>.choices.<path>.<value>: enum labels (SelectInput/SelectField choice names)
 * - resources.<name>.groups.<group>: titles of the form's and show page's tabs or sections
 */
export const groupKey = (resource: string, group: string) => `resources.${resource}.groups.${group}`;
export const choiceKey = (resource: string, path: string, value: string) => `resources.${resource}.choices.${path}.${value}`;
export const filterKey = (resource: string, filter: string) => `resources.${resource}.filters.${filter}`;

function flatten(fields: readonly IrField[], prefix = ''): { path: string; field: IrField }[] {
  return fields.flatMap((f) => {
    const path = `${prefix}${f.name}`;
    return [{ path, field: f }, ...flatten(f.children, `${path}.`)];
  });
}

/** Every field of a resource with its full dotted path from the record root (list items included). */
export function allFields(r: IrResource): { path: string; field: IrField }[] {
  return flatten(r.fields);
}

function resourceMessages(r: IrResource, lang: Language) {
  const fields: Record<string, string> = {};
  for (const [name, label] of Object.entries(SYSTEM_LABELS)) fields[name] = label[lang];
  const choices: Record<string, Record<string, string>> = {};
  for (const { path, field } of allFields(r)) {
    fields[path] = field.def.label[lang];
    if (field.def.kind === 'enum') {
      choices[path] = Object.fromEntries(field.def.values!.map((v) => [v, field.def.valueLabels?.[v]?.[lang] ?? v]));
    }
  }
  const filters = Object.fromEntries(Object.entries(r.def.filters).map(([k, f]) => [k, f.label[lang]]));
  const groups = r.def.screens?.groups && Object.fromEntries(Object.entries(r.def.screens.groups.groups).map(([k, g]) => [k, g.label[lang]]));
  return { name_one: r.def.label.one[lang], name_other: r.def.label.many[lang], fields, filters, choices, ...(groups ? { groups } : {}) };
}

/** '{name}' (the model's placeholder) → '{{name}}' (i18next's). */
const placeholders = (text: string) => text.replace(/\{(\w+)\}/g, '{{$1}}');

export function messagesFor(ir: Ir, lang: Language) {
  return {
    resources: Object.fromEntries(ir.resources.map((r) => [r.name, resourceMessages(r, lang)])),
    ErrorMessage: Object.fromEntries(Object.entries(ir.model.errors).map(([code, e]) => [code, e.message[lang]])),
    ...pageMessages(ir.model, lang),
    validation: { messages: Object.fromEntries(Object.entries(ir.model.validationMessages).map(([k, m]) => [k, m[lang]])) },
    failure: Object.fromEntries(
      ir.resources
        .filter((r) => r.def.failureTexts && Object.keys(r.def.failureTexts).length)
        .map((r) => [r.name, Object.fromEntries(Object.entries(r.def.failureTexts!).map(([op, t]) => [op, placeholders(t![lang])]))]),
    ),
  };
}

const SOURCES = (ir: Ir) => `${ir.model.modelModule} (labels), model/catalogue/errors.ts (ERRORS, VALIDATION_MESSAGES), ${ir.model.pagesSource} (menu labels, page titles)`;

/** A module default-exporting one typed constant. */
function defaultExport(path: string, type: string, doc: string, value: unknown): StatementStructures[] {
  return [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: relativeImport(path, CONTRACT), namedImports: ['GeneratedMessages'], isTypeOnly: true },
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      docs: [doc],
      declarations: [{ name: 'messages', type, initializer: tsLiteral(value) }],
    },
    { kind: StructureKind.ExportAssignment, isExportEquals: false, expression: 'messages' },
  ];
}

/**
 * i18n pass, two modules per language (nl, en, fr) so the app can load them apart (src/app/i18n):
 * generated/i18n/<lang>.gen.ts, every text but `resources`, which the light shop pages need too, and
 * generated/i18n/<lang>.resources.gen.ts, the labels of resources and fields, which only the
 * react-admin screens read (loaded with react-admin's own texts).
 */
export function i18nPass(ir: Ir): GeneratedFile[] {
  return LANGUAGES.flatMap((lang) => {
    const { resources, ErrorMessage, failure, ...others } = messagesFor(ir, lang);
    // The light pages' errors and failure texts stay in the base tier; the others go with the labels.
    const light = ir.model.lightMessages;
    const split = <T>(all: Record<string, T>, keep: readonly string[] | undefined) => {
      if (!keep) return [all, {}] as const;
      const entries = Object.entries(all);
      return [Object.fromEntries(entries.filter(([k]) => keep.includes(k))), Object.fromEntries(entries.filter(([k]) => !keep.includes(k)))] as const;
    };
    const [lightErrors, otherErrors] = split(ErrorMessage, light?.errors);
    const [lightFailures, otherFailures] = split(failure, light?.failures);
    const rest = { ...others, ErrorMessage: lightErrors, failure: lightFailures };
    const adminTier = { resources, ...(light ? { ErrorMessage: otherErrors, failure: otherFailures } : {}) };
    const base = `generated/i18n/${lang}.gen.ts`;
    const labels = `generated/i18n/${lang}.resources.gen.ts`;
    return [
      tsFileFromStructure(base, SOURCES(ir), {
        statements: spaced(defaultExport(base, "Omit<GeneratedMessages, 'resources'>",
          `Texts of the model in ${lang} but the resource labels (${lang}.resources.gen.ts): error and validation messages, menu labels, page titles, failure texts.`, rest)),
      }),
      tsFileFromStructure(labels, `${ir.model.modelModule} (labels), model/catalogue/errors.ts (LIGHT_PAGE_MESSAGES)`, {
        statements: spaced(defaultExport(labels, "Pick<GeneratedMessages, 'resources'> & Partial<Pick<GeneratedMessages, 'ErrorMessage' | 'failure'>>",
          `Resource labels of the model in ${lang}, read by the react-admin screens (names, fields, filters, enum choices), and the error and failure texts the light pages never show (model/catalogue/errors.ts LIGHT_PAGE_MESSAGES).`, adminTier)),
      }),
    ];
  });
}
