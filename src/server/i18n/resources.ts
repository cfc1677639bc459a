import { ERRORS, VALIDATION_MESSAGES } from '../../../model';
import { COUNTRY_LABELS } from '../../../model/catalogue/texts';
import { LANGUAGES, type Language, type Translations } from '../../../model/dsl/i18n';
import { SUPPLIER_ORDER_PDF_LABELS } from '../fulfilment/order-pdf-texts';
import { ORDER_PDF_LABELS } from '../ordering/order-pdf-texts';
import { MAIL_FALLBACKS, MAIL_FRAME, MAIL_PERIOD, MAIL_TEXTS } from '../mail/texts';
import { LOGIN_TEXTS } from '../oidc/login-texts';
import { EXPORT_SHEET_WORDS } from '../reporting/spreadsheet-texts';

/**
 * Every text the server writes itself, as i18next resources. Each text stays declared where it was:
 * the model's (error and validation messages, country names) in model/catalogue, the server's own
 * (mail, the identity provider's pages, the PDF labels, the export spreadsheet's headings) next to
 * the code that lays them out. Keys follow the app's: `ErrorMessage.<code>`,
 * `validation.messages.<rule>`, and a domain prefix for the rest (`mail.<kind>.subject`, `mail.<kind>.paragraphs.<n>`, `login.<key>`, `pdf.supplierOrder.<key>`, `pdf.order.<key>`,
 * `spreadsheet.export.<key>`, `countries.<code>`).
 */

/** A tree whose leaves are {nl, en, fr} texts (a leaf may sit in an array: a mail's paragraphs). */
type TranslatedTree = Translations | readonly TranslatedTree[] | { readonly [key: string]: TranslatedTree };

const isTranslations = (node: object): node is Translations =>
  LANGUAGES.every((l) => typeof (node as Record<string, unknown>)[l] === 'string');

/** One language's texts of a translated tree, keeping its shape. */
function inLanguage(node: TranslatedTree, language: Language): unknown {
  if (Array.isArray(node)) return node.map((child: TranslatedTree) => inLanguage(child, language));
  if (isTranslations(node as object)) return (node as Translations)[language];
  return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, inLanguage(child as TranslatedTree, language)]));
}

const TREE = {
  ErrorMessage: Object.fromEntries(Object.entries(ERRORS).map(([code, entry]) => [code, entry.message])),
  validation: { messages: VALIDATION_MESSAGES },
  countries: COUNTRY_LABELS,
  mail: { ...MAIL_TEXTS, frame: MAIL_FRAME, fallbacks: MAIL_FALLBACKS, period: MAIL_PERIOD },
  pdf: { supplierOrder: SUPPLIER_ORDER_PDF_LABELS, order: ORDER_PDF_LABELS },
} satisfies { [key: string]: TranslatedTree };

/** The i18next namespace of the server's texts. */
export const SERVER_NS = 'server';

/** The resources of the server's i18next instance: {nl: {server: {...}}, en: …, fr: …}. */
export function serverResources(): Record<Language, Record<typeof SERVER_NS, Record<string, unknown>>> {
  const one = (language: Language) => ({
    [SERVER_NS]: { ...(inLanguage(TREE, language) as Record<string, unknown>), login: LOGIN_TEXTS[language], spreadsheet: { export: EXPORT_SHEET_WORDS[language] } },
  });
  return { nl: one('nl'), en: one('en'), fr: one('fr') };
}
