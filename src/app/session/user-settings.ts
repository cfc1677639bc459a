import { useLocaleState } from 'react-admin';
import { useAppServices } from '../bootstrap/context';
import { codeFromLanguage, type Language } from '../i18n/language';
import { readSession } from './store';
import { broadcastLanguage, saveUserSettings } from './user-settings-api';

export { broadcastLanguage, LANGUAGE_CHANGED_EVENT, saveUserSettings } from './user-settings-api';

/**
 * Switches the interface language at once, broadcasts it and, for a signed-in user, saves it in the
 * user settings (the next sign-in starts in it). Resolves false when saving failed.
 */
export function useChangeLanguage(): (language: Language) => Promise<boolean> {
  const { http } = useAppServices();
  const [locale, setLocale] = useLocaleState();
  return async (language) => {
    if (language !== locale) {
      setLocale(language);
      broadcastLanguage(language);
    }
    if (!readSession().loggedIn) return true;
    try {
      await saveUserSettings(http, { languageCode: codeFromLanguage(language) });
      return true;
    } catch {
      return false;
    }
  };
}
