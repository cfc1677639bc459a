import { createInstance, type i18n as I18next } from 'i18next';
import { convertRaTranslationsToI18next, getI18nProvider } from 'ra-i18n-i18next';
import type { I18nProvider } from 'ra-core';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import generatedNl from '../../../generated/i18n/nl.gen';
import generatedEn from '../../../generated/i18n/en.gen';
import generatedFr from '../../../generated/i18n/fr.gen';
import * as authMessages from '../auth/messages';
import { GENERATED_SUPPORT_MESSAGES } from '../generated-support/messages';
import { APP_MESSAGES } from './app-messages';
import { LANGUAGES, type Language } from './language';
import { mergeMessages } from './merge';
import dutchMessages from './ra-nl';

const RA_MESSAGES: Record<Language, object> = { nl: dutchMessages, en: englishMessages, fr: frenchMessages };
const GENERATED: Record<Language, object> = { nl: generatedNl, en: generatedEn, fr: generatedFr };
const AUTH: Record<Language, object> = { nl: authMessages.nl, en: authMessages.en, fr: authMessages.fr };

/**
 * react-admin, the generator and our own pages all write polyglot-style texts: '%{name}' variables
 * and 'singular |||| plural'. We keep '%{…}' as i18next's interpolation markers (so no text needs
 * rewriting) and only split the plurals into i18next's _one/_other keys.
 */
const INTERPOLATION = { prefix: '%{', suffix: '}' } as const;

/** All messages of one language: react-admin's pack, then generated, generated-support, auth and app texts (later wins). */
export function messagesFor(language: Language): Record<string, unknown> {
  const merged = mergeMessages(
    RA_MESSAGES[language], GENERATED[language], GENERATED_SUPPORT_MESSAGES[language], AUTH[language], APP_MESSAGES[language],
  );
  return convertRaTranslationsToI18next(merged, INTERPOLATION) as Record<string, unknown>;
}

export const LOCALES = LANGUAGES.map((locale) => ({ locale, name: APP_MESSAGES[locale].app.language[locale] }));

export interface AppI18n {
  i18nProvider: I18nProvider;
  i18next: I18next;
}

/** The react-admin i18nProvider over an i18next 23 instance; Dutch is the fallback language. */
export async function createAppI18n(language: Language): Promise<AppI18n> {
  const i18next = createInstance();
  const resources = Object.fromEntries(LANGUAGES.map((l) => [l, { translation: messagesFor(l) }]));
  const i18nProvider = await getI18nProvider(i18next, {
    lng: language,
    fallbackLng: 'nl',
    supportedLngs: [...LANGUAGES],
    resources,
    // react-admin sometimes passes a whole sentence as the key (notify(error.message)); a ':' in it
    // must not be read as a namespace.
    nsSeparator: false,
    interpolation: { ...INTERPOLATION, escapeValue: false },
    returnNull: false,
  }, LOCALES);
  document.documentElement.lang = language;
  const changeLocale = i18nProvider.changeLocale;
  // Screen readers and the browser's own texts (date pickers) follow the page's lang attribute.
  i18nProvider.changeLocale = async (locale, options) => {
    await changeLocale(locale, options);
    document.documentElement.lang = locale;
  };
  return { i18nProvider, i18next };
}

export { hasMessage } from './has-message';
