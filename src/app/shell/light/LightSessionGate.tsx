import { useCoreServices } from '../../bootstrap/context';
import { showNotice } from '../../notify/toasts';
import { useSessionUpkeep } from '../../session/useSessionUpkeep';
import { useLightChangeLanguage } from './language';

/** The session's upkeep (session/useSessionUpkeep) on the light pages: the app's toasts, the core i18n. */
export function LightSessionGate() {
  const { session, domainFallback, i18n } = useCoreServices();
  const changeLanguage = useLightChangeLanguage();
  useSessionUpkeep({
    session, domainFallback, notify: showNotice,
    locale: () => i18n.i18nProvider.getLocale(),
    applyLanguage: (language) => void changeLanguage(language, false),
  });
  return null;
}
