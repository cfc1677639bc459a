/**
 * Saving the user settings and announcing a language change, free of react-admin: used by
 * useChangeLanguage (user-settings.ts) in the react-admin areas and by the light shop pages.
 */
import type { UserSettingsDto } from '../../shared/session-types';
import { sessionSaveSettings } from '../../../generated/app/calls/session.gen';
import { callApi } from '../data/call-api';
import type { HttpClient } from '../data/http';
import type { Language } from '../i18n/language';
import { readSession, writeSession } from './store';

/** The window event that tells the app the interface language changed (core §4 "User settings"). */
export const LANGUAGE_CHANGED_EVENT = 'language-changed';

export function broadcastLanguage(language: Language): void {
  window.dispatchEvent(new CustomEvent(LANGUAGE_CHANGED_EVENT, { detail: { language } }));
}

/** PUT /user-settings with the saved settings and the patch; keeps the answer in the session store. */
export async function saveUserSettings(http: Pick<HttpClient, 'request'>, patch: Partial<UserSettingsDto>): Promise<UserSettingsDto> {
  const next = { ...readSession().userSettings, ...patch };
  // phoneNumber is named as the contract's body names it; left undefined it is not sent, as before.
  const saved: UserSettingsDto | null = await callApi(http, sessionSaveSettings, { body: { ...next, phoneNumber: next.phoneNumber } });
  const settings = saved && typeof saved === 'object' ? saved : (next as UserSettingsDto);
  writeSession({ userSettings: settings });
  return settings;
}
