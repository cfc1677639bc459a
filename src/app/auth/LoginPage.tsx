import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useLocation, useLogin, useTranslate } from 'react-admin';
import { SIGNED_OUT_KEY } from './authProvider';

/** Whether the browser comes back from a sign-out (marked by the auth provider's logout). */
function cameFromSignOut(): boolean {
  try {
    return typeof sessionStorage !== 'undefined' && sessionStorage.getItem(SIGNED_OUT_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * /login: nothing to fill in here, the provider's login page does that. The visitor is sent there at
 * once (core §4: an unauthenticated visitor goes to the identity provider's login), with the page
 * react-admin was on remembered for the way back. Themed by the tenant's MUI theme.
 *
 * Right after a sign-out (core §4 Logout: a success message is shown) the browser lands here via the
 * provider's end-session and the shop root: then the page says so and waits for 'Sign in' instead of
 * going on to the provider at once, where the message would never be seen. The mark is read once.
 */
export function LoginPage() {
  const login = useLogin();
  const translate = useTranslate();
  const location = useLocation();
  const started = useRef(false);
  const [failed, setFailed] = useState(false);
  const [signedOut, setSignedOut] = useState(cameFromSignOut);

  const start = () => {
    setFailed(false);
    const state = location.state as { nextPathname?: string; nextSearch?: string } | null;
    login({ nextPathname: state?.nextPathname, nextSearch: state?.nextSearch }).catch(() => setFailed(true));
  };

  useEffect(() => {
    // Once per mount, also under StrictMode's double effect: two redirects would race each other.
    if (started.current) return;
    started.current = true;
    if (signedOut) {
      try {
        sessionStorage.removeItem(SIGNED_OUT_KEY);
      } catch {
        // nothing to forget
      }
      return;
    }
    start();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 2 }}>
      <Paper elevation={2} sx={{ p: 4, minWidth: 280, textAlign: 'center', borderTop: 4, borderColor: 'primary.main' }}>
        {signedOut && !failed ? (
          <>
            <Alert severity="success" role="status" sx={{ mb: 2 }}>{translate('auth.loggedOut')}</Alert>
            <Button variant="contained" color="primary" onClick={() => { setSignedOut(false); start(); }}>{translate('auth.signIn')}</Button>
          </>
        ) : failed ? (
          <>
            <Alert severity="error" sx={{ mb: 2 }}>{translate('auth.loginFailed')}</Alert>
            <Button variant="contained" color="primary" onClick={start}>{translate('auth.tryAgain')}</Button>
          </>
        ) : (
          <>
            <CircularProgress color="primary" aria-hidden />
            <Typography role="status" sx={{ mt: 2 }} color="primary">{translate('auth.signingIn')}</Typography>
          </>
        )}
      </Paper>
    </Box>
  );
}
