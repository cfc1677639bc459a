import { useEffect } from 'react';
import { languageFromCode, type Language } from '../i18n/language';
import { useEnsuredSession } from './useLoadedSession';
import type { SessionLoader } from './load';
import type { SessionState } from './store';

// Module state, shared by both shells' gates: the warning shows once per page load, whichever shell
// draws it first.
let domainWarningShown = false;
// The loaded session whose language was applied. A layout remounts on every language change
// (react-admin re-keys the tree), and re-applying the saved language then would undo the switch.
let languageAppliedFor: SessionState | null = null;

export interface SessionUpkeep {
  session: SessionLoader;
  domainFallback: boolean;
  notify(message: string, options: { type: 'warning' | 'error' }): void;
  /** The interface language now. */
  locale(): string;
  /** Switches to the user's saved language. */
  applyLanguage(language: Language): void;
}

/**
 * Once a signed-in layout is on screen (either shell's session gate): loads the session, shows what
 * failed softly (core §4: permission failures show a toast), warns once when the domain configuration
 * fell back to defaults (core §1), and switches to the user's saved language once per loaded session.
 */
export function useSessionUpkeep({ session, domainFallback, notify, locale, applyLanguage }: SessionUpkeep): void {
  useEffect(() => {
    if (domainFallback && !domainWarningShown) {
      domainWarningShown = true;
      notify('app.domainFallback', { type: 'warning' });
    }
  }, [domainFallback, notify]);

  // The loaded session from the loader (useEnsuredSession: only mounted gates hear of it); what
  // follows are its effects on screen, once per loaded session.
  const { data: state, isError } = useEnsuredSession();
  useEffect(() => {
    if (!state) return;
    for (const key of session.takeWarnings()) notify(key, { type: 'warning' });
    if (languageAppliedFor === state) return;
    languageAppliedFor = state;
    const saved = languageFromCode(state.userSettings?.languageCode);
    if (saved && saved !== locale()) applyLanguage(saved);
    // Once per loaded session: later language changes come from the switcher, not from here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, session]);
  useEffect(() => {
    if (isError) notify('errorRetrevingLogged', { type: 'error' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isError]);
}
