import { Alert, Box, Button, Typography } from '@mui/material';
import { Loading, useLogout, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { PAGES } from '../../../generated/app/pages.gen';
import { canOpenPage } from '../../shared/page-access';
import { pageSubjectOf } from '../access/page-subject';
import { useAppServices } from '../bootstrap/context';
import { useLoadedSession } from '../session/useLoadedSession';

/**
 * /registration (core §4 Registration gating): where a signed-in user without any customer access
 * lands. The registration wizard will take their company details here; a user who has access goes to /.
 */
export function RegistrationPage() {
  const translate = useTranslate();
  const logout = useLogout();
  const { domain } = useAppServices();
  const { session, error } = useLoadedSession();
  if (error) {
    const status = (error as { status?: number }).status;
    if (status === 401) return <Navigate to="/login" replace />;
    return <Alert severity="error" sx={{ m: 2 }}>{translate('errorRetrevingLogged')}</Alert>;
  }
  if (!session) return <Loading />;
  if (canOpenPage(PAGES.index!, pageSubjectOf(session, domain.links)) === 'ok') return <Navigate to="/" replace />;
  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', my: 8, px: 2, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('app.registration.title')}
      </Typography>
      <Typography color="text.secondary">{translate('app.registration.text')}</Typography>
      <Button variant="outlined" sx={{ mt: 3 }} onClick={() => logout()}>
        {translate('app.registration.signOut')}
      </Button>
    </Box>
  );
}
