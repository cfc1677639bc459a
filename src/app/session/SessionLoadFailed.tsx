import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';

/** What a page that needs the session says when /users/me failed (useLoadedSession's `error`): never a spinner that never ends. */
export function SessionLoadFailed() {
  const translate = useTranslate();
  return <Alert severity="error" sx={{ m: 2 }}>{translate('errorRetrevingLogged')}</Alert>;
}
