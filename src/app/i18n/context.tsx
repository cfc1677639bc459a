import { useMemo, type ReactNode } from 'react';
import { I18nContext, type I18nProvider } from 'ra-core';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { AppI18n } from '.';

/**
 * The app's one i18next instance for everything App renders (react-i18next's I18nextProvider), and
 * react-admin's i18n context over it for what renders outside a react-admin area: the light shop
 * pages, the toasts, the error page. Their components translate with react-admin's useTranslate
 * like those inside an area, where <Admin> provides the same provider. react-i18next re-renders
 * this on every language change; the context then gets a new value, so every useTranslate caller
 * below re-renders with the new language (inside an area react-admin re-renders its whole tree).
 */
export function AppI18nProvider({ i18n, children }: { i18n: AppI18n; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n.i18next}>
      <RaI18nContext provider={i18n.i18nProvider}>{children}</RaI18nContext>
    </I18nextProvider>
  );
}

function RaI18nContext({ provider, children }: { provider: I18nProvider; children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const value = useMemo<I18nProvider>(() => ({ ...provider }), [provider, language]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
