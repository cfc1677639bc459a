import { createInstance, type i18n as I18next } from 'i18next';
import type { I18nProvider, TranslateFunction } from 'ra-core';
import * as authMessages from '../auth/messages';
import { GENERATED_SUPPORT_MESSAGES } from '../generated-support/messages';
import { APP_MESSAGES } from './app-messages';
import { isLanguage, LANGUAGES, type Language } from './language';
import { mergeMessages } from './merge';
import { toI18nextMessages } from './plurals';
import nlPack from './packs/nl';
import enPack from './packs/en';
import frPack from './packs/fr';

type Pack = { ra: object; generated: object };

/**
 * react-admin's pack and the generated texts are most of the messages: each language's are a chunk
 * of their own (packs/), loaded when the language is. The app's own texts are always there.
 */
const PACKS: Record<Language, () => Promise<{ default: Pack }>> = {
  nl: () => import('./packs/nl'),
  en: () => import('./packs/en'),
  fr: () => import('./packs/fr'),
};
const AUTH: Record<Language, object> = { nl: authMessages.nl, en: authMessages.en, fr: authMessages.fr };

/**
 * react-admin, the generator and our own pages all write polyglot-style texts: '%{name}' variables
 * and 'singular |||| plural'. We keep '%{…}' as i18next's interpolation markers (so no text needs
 * rewriting) and only split the plurals into i18next's _one/_other keys.
 */
const INTERPOLATION = { prefix: '%{', suffix: '}' } as const;

function compose(language: Language, pack: Pack): Record<string, unknown> {
  const merged = mergeMessages(pack.ra, pack.generated, GENERATED_SUPPORT_MESSAGES[language], AUTH[language], APP_MESSAGES[language]);
  return toI18nextMessages(merged);
}

/** All messages of one language: react-admin's pack, then generated, generated-support, auth and app texts (later wins). */
export function messagesFor(language: Language): Record<string, unknown> {
  return compose(language, { nl: nlPack, en: enPack, fr: frPack }[language]);
}

/** messagesFor, loading the language's pack (the app's way: only the languages in use are loaded). */
export async function loadMessages(language: Language): Promise<Record<string, unknown>> {
  return compose(language, (await PACKS[language]()).default);
}

export const LOCALES = LANGUAGES.map((locale) => ({ locale, name: APP_MESSAGES[locale].app.language[locale] }));

export interface AppI18n {
  i18nProvider: I18nProvider;
  i18next: I18next;
}

/**
 * The react-admin i18nProvider over an i18next 23 instance; Dutch is the fallback language. Written
 * here rather than taken from ra-i18n-i18next so that the shop's light pages (src/app/light) can
 * translate without loading react-admin: the object only satisfies ra-core's I18nProvider type.
 * Same behaviour as ra-i18n-i18next's: `_` is the default text, `smart_count` picks the plural.
 */
export async function createAppI18n(language: Language): Promise<AppI18n> {
  const i18next = createInstance();
  // The interface language and Dutch, the fallback; another language is loaded when switched to.
  const start = [...new Set<Language>([language, 'nl'])];
  const loaded = await Promise.all(start.map(loadMessages));
  const resources = Object.fromEntries(start.map((l, i) => [l, { translation: loaded[i] }]));
  await i18next.init({
    lng: language,
    fallbackLng: 'nl',
    supportedLngs: [...LANGUAGES],
    resources,
    // react-admin sometimes passes a whole sentence as the key (notify(error.message)); a ':' in it
    // must not be read as a namespace.
    nsSeparator: false,
    interpolation: { ...INTERPOLATION, escapeValue: false },
    returnNull: false,
  });
  const translate: TranslateFunction = (key, options = {}) => {
    const { _: defaultValue, ...rest } = options ?? {};
    return String(i18next.t(key, { defaultValue, count: options?.smart_count, ...rest }));
  };
  const i18nProvider: I18nProvider = {
    translate,
    async changeLocale(locale) {
      if (isLanguage(locale) && !i18next.hasResourceBundle(locale, 'translation')) {
        i18next.addResourceBundle(locale, 'translation', await loadMessages(locale));
      }
      await i18next.changeLanguage(locale);
      // Screen readers and the browser's own texts (date pickers) follow the page's lang attribute.
      document.documentElement.lang = locale;
    },
    getLocale: () => i18next.language,
    getLocales: () => LOCALES,
  };
  document.documentElement.lang = language;
  return { i18nProvider, i18next };
}

export { hasMessage } from './has-message';
