import { useLocaleState } from 'react-admin';
import type { UserSettingsDto } from '../../shared/session-types';
import { useAppServices } from '../bootstrap/context';
import type { HttpClient } from '../data/http';
import { codeFromLanguage, type Language } from '../i18n/language';
import { readSession, writeSession } from './store';

/** The window event that tells the app the interface language changed (core §4 "User settings"). */
export const LANGUAGE_CHANGED_EVENT = 'language-changed';

export function broadcastLanguage(language: Language): void {
  window.dispatchEvent(new CustomEvent(LANGUAGE_CHANGED_EVENT, { detail: { language } }));
}

/** PUT /user-settings with the saved settings and the patch; keeps the answer in the session store. */
export async function saveUserSettings(http: Pick<HttpClient, 'put'>, patch: Partial<UserSettingsDto>): Promise<UserSettingsDto> {
  const next = { ...readSession().userSettings, ...patch };
  const saved = await http.put<UserSettingsDto | null>('/user-settings', next);
  const settings = saved && typeof saved === 'object' ? saved : (next as UserSettingsDto);
  writeSession({ userSettings: settings });
  return settings;
}

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
