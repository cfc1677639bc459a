import { LANGUAGES, type Language } from '../../../model/dsl/i18n';
import type { UserSettingsDto } from '../../shared/session-types';

export { LANGUAGES, type Language };

export type LanguageCode = UserSettingsDto['languageCode'];

/**
 * Each language's name in itself, the same in every interface language: the language menu
 * (i18nProvider.getLocales) shows them before another language's messages are loaded.
 */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { nl: 'Nederlands', en: 'English', fr: 'Français' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** 'EN' → 'en'; 'Undefined' and unknown codes → null (the caller falls back to the tenant default). */
export function languageFromCode(code: string | null | undefined): Language | null {
  const lower = code?.toLowerCase();
  return isLanguage(lower) ? lower : null;
}

/** 'en' → 'EN', the spelling of user settings and tenant settings. */
export function codeFromLanguage(language: Language): Exclude<LanguageCode, 'Undefined'> {
  return language.toUpperCase() as Exclude<LanguageCode, 'Undefined'>;
}
