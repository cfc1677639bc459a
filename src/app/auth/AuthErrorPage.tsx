import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { useLocation, useLogin, useTranslate } from 'react-admin';

/**
 * /auth-error?error=…&error_description=…: where the provider's refusals land (core §4). Shows what
 * the provider said and offers to sign in again, back to the page the visitor first asked for.
 */
export function AuthErrorPage() {
  const translate = useTranslate();
  const login = useLogin();
  const params = new URLSearchParams(useLocation().search);
  const error = params.get('error') ?? '';
  const description = params.get('error_description') ?? '';
  const key = `auth.errors.${error}`;
  const translated = /^[a-z_]+$/.test(error) ? translate(key, { _: '' }) : '';
  // Only codes we know get a text of ours; the provider's description is shown as it came.
  const known = translated && translated !== key ? translated : '';

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 2 }}>
      <Paper elevation={2} sx={{ p: 4, maxWidth: 480, borderTop: 4, borderColor: 'error.main' }}>
        <Typography variant="h5" component="h1" gutterBottom>{translate('auth.errorTitle')}</Typography>
        <Alert severity="error" sx={{ mb: 2 }}>
          {known && <Typography>{known}</Typography>}
          {description && <Typography>{description}</Typography>}
          {error && <Typography variant="body2" sx={{ mt: 1 }}>{translate('auth.errorCode', { error })}</Typography>}
        </Alert>
        <Button variant="contained" color="primary" onClick={() => { void login({}).catch(() => undefined); }}>
          {translate('auth.tryAgain')}
        </Button>
      </Paper>
    </Box>
  );
}
