import type { ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslate } from 'react-admin';

/** The shared frame of the 404 and unauthorized pages: a status, a title, a text and a way home. */
export function MessagePage({ status, title, children }: { status?: number; title: string; children?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', my: 8, px: 2, textAlign: 'center' }}>
      {status !== undefined && (
        <Typography variant="h2" component="p" color="text.secondary" aria-label={translate('app.error.status', { status })}>
          {status}
        </Typography>
      )}
      <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 2 }}>
        {title}
      </Typography>
      {children}
      {/* '/' sends the user on to their landing page (DESIGN §6). */}
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 3 }}>
        {translate('app.common.home')}
      </Button>
    </Box>
  );
}
