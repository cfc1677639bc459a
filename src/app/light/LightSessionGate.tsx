import { useEffect } from 'react';
import { useCoreServices } from '../bootstrap/context';
import { languageFromCode } from '../i18n/language';
import { showNotice } from '../notify/toasts';
import type { SessionState } from '../session/store';
import { useLightChangeLanguage } from './language';

let domainWarningShown = false;
let languageAppliedFor: SessionState | null = null;

/**
 * layout/SessionGate on the light pages: loads the session, shows what failed softly (core §4), warns
 * once when the domain configuration fell back to defaults (core §1) and switches to the user's saved
 * language (once per loaded session).
 */
export function LightSessionGate() {
  const { session, domainFallback, i18n } = useCoreServices();
  const changeLanguage = useLightChangeLanguage();

  useEffect(() => {
    if (domainFallback && !domainWarningShown) {
      domainWarningShown = true;
      showNotice('app.domainFallback', { type: 'warning' });
    }
  }, [domainFallback]);

  useEffect(() => {
    let live = true;
    session.ensure().then(
      (state) => {
        if (!live) return;
        for (const key of session.takeWarnings()) showNotice(key, { type: 'warning' });
        if (languageAppliedFor === state) return;
        languageAppliedFor = state;
        const saved = languageFromCode(state.userSettings?.languageCode);
        if (saved && saved !== i18n.i18nProvider.getLocale()) void changeLanguage(saved, false);
      },
      () => live && showNotice('errorRetrevingLogged', { type: 'error' }),
    );
    return () => {
      live = false;
    };
    // Once per sign-in: later language changes come from the switcher, not from here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session]);

  return null;
}
