import { useI18nProvider } from 'ra-core';
import { LanguageMenu } from '../LanguageMenu';
import { showNotice } from '../../notify/toasts';
import { useLightChangeLanguage } from './language';

/** layout/LanguageSwitcher on the light pages: switches at once, saves in the user settings. */
export function LightLanguageSwitcher() {
  return (
    <LanguageMenu
      locale={useI18nProvider().getLocale()}
      changeLanguage={useLightChangeLanguage()}
      warn={(key) => showNotice(key, { type: 'warning' })}
    />
  );
}
