import { useRefresh } from 'react-admin';
import { CompanyMenu } from './CompanyMenu';

/** The app bar's company switch (CompanyMenu) in the react-admin areas: a switch refreshes the page's data. */
export function CompanySwitcher() {
  const refresh = useRefresh();
  return <CompanyMenu onSwitched={refresh} />;
}
