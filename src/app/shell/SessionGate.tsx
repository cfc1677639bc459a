import { useLocaleState, useNotify } from 'react-admin';
import { useAppServices } from '../bootstrap/context';
import { useSessionUpkeep } from '../session/useSessionUpkeep';

/** The session's upkeep (session/useSessionUpkeep) under react-admin: its notifications and locale. */
export function SessionGate() {
  const { session, domainFallback } = useAppServices();
  const notify = useNotify();
  const [locale, setLocale] = useLocaleState();
  useSessionUpkeep({ session, domainFallback, notify, locale: () => locale, applyLanguage: setLocale });
  return null;
}
