import { CompanyChoice } from '../CompanyChoice';
import { useLightLogout } from './auth';

/** The company picker on the light shop pages: their data follows the session's company by itself. */
export function LightCompanyPicker({ onChosen }: { onChosen?: () => void }) {
  const logout = useLightLogout();
  return <CompanyChoice onChosen={onChosen} onSignOut={() => void logout()} />;
}
