import { useLogout, useRefresh } from 'react-admin';
import { CompanyChoice } from './CompanyChoice';

/**
 * The company picker (CompanyChoice) in the react-admin areas: a switch refreshes react-admin's data.
 * Used where a page needs an active company and in the user menu.
 */
export function CompanyPicker({ onChosen }: { onChosen?: () => void }) {
  const refresh = useRefresh();
  const logout = useLogout();
  return <CompanyChoice onChosen={onChosen} onSwitched={refresh} onSignOut={() => void logout()} />;
}
