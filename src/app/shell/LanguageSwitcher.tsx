import { useLocaleState, useNotify } from 'react-admin';
import { LanguageMenu } from './LanguageMenu';
import { useChangeLanguage } from '../session/user-settings';

/**
 * Switches the interface language at once and saves it in the user settings (PUT /user-settings),
 * so the next sign-in starts in it, and broadcasts 'language-changed' (core §4 "User settings").
 */
export function LanguageSwitcher() {
  const notify = useNotify();
  const [locale] = useLocaleState();
  return <LanguageMenu locale={locale} changeLanguage={useChangeLanguage()} warn={(key) => notify(key, { type: 'warning' })} />;
}
