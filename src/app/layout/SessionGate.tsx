import { useEffect } from 'react';
import { useLocaleState, useNotify } from 'react-admin';
import { useAppServices } from '../bootstrap/context';
import { languageFromCode } from '../i18n/language';
import type { SessionState } from '../session/store';

let domainWarningShown = false;
// The loaded session whose language was applied. The layout remounts on every language change
// (react-admin re-keys the tree), and re-applying the saved language then would undo the switch.
let languageAppliedFor: SessionState | null = null;

/**
 * Runs once the layout (a signed-in user) is on screen: loads the session, shows what failed softly
 * (core §4: permission failures show a toast), warns when the domain configuration fell back to
 * defaults (core §1), and switches to the user's saved language.
 */
export function SessionGate() {
  const { session, domainFallback } = useAppServices();
  const notify = useNotify();
  const [locale, setLocale] = useLocaleState();

  useEffect(() => {
    if (domainFallback && !domainWarningShown) {
      domainWarningShown = true;
      notify('app.domainFallback', { type: 'warning' });
    }
  }, [domainFallback, notify]);

  useEffect(() => {
    let live = true;
    session.ensure().then(
      (state) => {
        if (!live) return;
        for (const key of session.takeWarnings()) notify(key, { type: 'warning' });
        if (languageAppliedFor === state) return;
        languageAppliedFor = state;
        const saved = languageFromCode(state.userSettings?.languageCode);
        if (saved && saved !== locale) setLocale(saved);
      },
      () => live && notify('errorRetrevingLogged', { type: 'error' }),
    );
    return () => {
      live = false;
    };
    // Once per sign-in: later language changes come from the switcher, not from here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session]);

  return null;
}
