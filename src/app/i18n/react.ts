/**
 * The app's own translation hooks, for components that render both on the light shop pages (no
 * react-admin there) and inside the react-admin areas: they read the one i18n provider of the core
 * services (bootstrap/core.ts), the same object react-admin's <Admin> is given, so both give the
 * same texts and follow the same language.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { I18nProvider, TranslateFunction } from 'ra-core';
import { useCoreServices } from '../bootstrap/context';
import type { Language } from './language';

/** The interface language, re-rendering when it changes. */
export function useAppLocale(): Language {
  const { i18n } = useCoreServices();
  const read = () => i18n.i18nProvider.getLocale();
  return useSyncExternalStore(i18n.subscribe, read, read) as Language;
}

/** The i18n provider (for describeError and the like), re-rendering when the language changes. */
export function useAppI18nProvider(): I18nProvider {
  useAppLocale();
  return useCoreServices().i18n.i18nProvider;
}

/** translate(key, options) in the interface language; a new function after a language change. */
export function useAppTranslate(): TranslateFunction {
  const provider = useCoreServices().i18n.i18nProvider;
  const locale = useAppLocale();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback<TranslateFunction>((key, options) => provider.translate(key, options), [provider, locale]);
}
