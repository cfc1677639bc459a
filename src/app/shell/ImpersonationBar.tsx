import { useRefresh } from 'react-admin';
import { ImpersonationNotice } from './ImpersonationNotice';

/** The acting-as bar (ImpersonationNotice) in the react-admin layouts: stopping refreshes their data. */
export function ImpersonationBar() {
  const refresh = useRefresh();
  return <ImpersonationNotice onStopped={refresh} />;
}
