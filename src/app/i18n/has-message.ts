import type { I18nProvider } from 'ra-core';

/** True when `key` has a text (in the current language or the fallback), without logging a miss. */
export function hasMessage(i18nProvider: I18nProvider, key: string): boolean {
  const marker = '\u0000missing';
  return i18nProvider.translate(key, { _: marker }) !== marker;
}
