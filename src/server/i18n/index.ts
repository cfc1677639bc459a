import { createInstance } from 'i18next';
import { LANGUAGES, type Language } from '../../../model/dsl/i18n';
import { DEFAULT_LANGUAGE } from './language';
import { SERVER_NS, serverResources } from './resources';

export { asLanguage, DEFAULT_LANGUAGE, negotiateLanguage, requestLanguage, type LanguageChoice } from './language';

/**
 * The server's one i18next instance (its own, not i18next's global one), with the app's options:
 * `{{name}}` placeholders, dotted keys, Dutch as the fallback, a missing value reads as nothing.
 * Values are not escaped here (`escapeValue: false`), on purpose: a text goes to a mail's plain
 * part, a subject, a PDF and a JSON answer as written, and what lands in HTML (the identity
 * provider's pages, a mail's HTML part) is escaped whole, text and values alike (escapeHtml), by the
 * code that writes the HTML. Values are never read as placeholders or nested keys (i18next's skipOnVariables).
 */
const i18n = createInstance();
void i18n.init({
  resources: serverResources(),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [SERVER_NS],
  defaultNS: SERVER_NS,
  nsSeparator: false,
  // Resources are in memory: init finishes before it returns, so the first call already translates.
  initImmediate: false,
  interpolation: { escapeValue: false, skipOnVariables: true },
  missingInterpolationHandler: () => '',
  returnEmptyString: true,
});

/** The values a text's `{{name}}` placeholders are filled with. */
export type TextValues = Readonly<Record<string, string | number>>;

/** A server text in `language` by its key ('login.title', 'mail.orderApproved.subject'), its placeholders filled. */
export function serverText(language: Language, key: string, values: TextValues = {}): string {
  // `replace` keeps the values apart from i18next's own options (lng, count, context, …).
  return i18n.t(key, { lng: language, replace: values });
}

/** The one HTML escaping of the server's pages and mail: a filled text, or any value, before it lands in HTML. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** The placeholder names of a server text as written ('{{orderNumber}} …' → ['orderNumber']). */
export function placeholdersOf(language: Language, key: string): string[] {
  const template = i18n.getResource(language, SERVER_NS, key) as unknown;
  return typeof template === 'string' ? [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!) : [];
}
