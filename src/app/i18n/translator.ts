/**
 * The app's translator, with polyglot's semantics (react-admin's own ra-i18n-polyglot): react-admin,
 * the generator and our own pages all write '%{name}' variables and 'singular |||| plural' texts.
 * Small on purpose: it is part of the entry script of every page, the light shop's included.
 */
import type { Language } from './language';

/** One language's texts by full key: 'ra.action.save' → 'Opslaan'. */
export type Phrases = ReadonlyMap<string, string>;

/**
 * The texts of message trees by dotted key, later trees winning per key. A key may itself contain
 * dots (generated field labels such as fields['address.city']): it is found under the joined path.
 */
export function flattenMessages(trees: readonly object[]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (tree: object, prefix: string) => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value === 'string') out.set(prefix + key, value);
      else if (value && typeof value === 'object') walk(value, `${prefix}${key}.`);
    }
  };
  trees.forEach((tree) => walk(tree, ''));
  return out;
}

/** Which form of 'singular |||| plural' a count takes (CLDR's rules: French counts 0 and 1.5 as singular). */
const PLURAL_FORM: Readonly<Record<Language, (n: number) => number>> = {
  nl: (n) => (n === 1 ? 0 : 1),
  en: (n) => (n === 1 ? 0 : 1),
  fr: (n) => (Math.abs(n) < 2 ? 0 : 1),
};

const VARIABLE = /%\{(.*?)\}/g;

export interface TranslateOptions {
  /** The text when no language has the key. */
  _?: string;
  /** Picks the plural form; also a variable. */
  smart_count?: number | string;
  [variable: string]: unknown;
}

/**
 * The text of `key` in `language`, else in Dutch (the fallback), else the `_` default, else the key
 * itself: react-admin sometimes passes a whole sentence as the key (notify(error.message)). With
 * `smart_count` the text's plural form is picked; '%{name}' is replaced by the option, or by nothing
 * when the option is missing. Values are not HTML-escaped: React escapes them.
 */
export function translatePhrase(phrases: Phrases, fallback: Phrases, language: Language, key: string, options: TranslateOptions = {}): string {
  const { _: defaultText, smart_count: count } = options;
  let text = phrases.get(key) ?? fallback.get(key) ?? (typeof defaultText === 'string' ? defaultText : key);
  if (count !== undefined && count !== null && text.includes('||||')) {
    const forms = text.split('||||');
    text = (forms[PLURAL_FORM[language](Number(count))] ?? forms[0]!).trim();
  }
  return text.replace(VARIABLE, (_, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? '' : String(value);
  });
}
