import { useCallback } from 'react';
import { useCoreServices } from '../../bootstrap/context';
import type { Language } from '../../i18n/language';
import { broadcastLanguage, saveUserSettings } from '../../session/user-settings-api';
import { codeFromLanguage } from '../../i18n/language';
import { readSession } from '../../session/store';

/**
 * session/user-settings' useChangeLanguage for the light pages: switches the i18n provider itself
 * (no react-admin store here; a react-admin area takes the language over as it opens), broadcasts
 * 'language-changed' and saves it in the user settings when signed in. Resolves false when saving failed.
 */
export function useLightChangeLanguage(): (language: Language, save?: boolean) => Promise<boolean> {
  const { http, i18n } = useCoreServices();
  return useCallback(async (language, save = true) => {
    if (language !== i18n.i18nProvider.getLocale()) {
      await i18n.i18nProvider.changeLocale(language);
      broadcastLanguage(language);
    }
    if (!save || !readSession().loggedIn) return true;
    try {
      await saveUserSettings(http, { languageCode: codeFromLanguage(language) });
      return true;
    } catch {
      return false;
    }
  }, [http, i18n]);
}
