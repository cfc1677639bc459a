import { Box, Typography } from '@mui/material';
import Construction from '@mui/icons-material/Construction';
import { useTranslate } from 'react-admin';
import { useMaintenance } from '../../maintenance/MaintenanceGate';

/** /maintenance (core §4): shown to everyone but super admins while maintenance mode is on. */
export function MaintenancePage() {
  const translate = useTranslate();
  const { message } = useMaintenance();
  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', my: 8, px: 2, textAlign: 'center' }}>
      <Construction color="action" sx={{ fontSize: 64 }} />
      <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 2 }}>
        {translate('app.maintenance.title')}
      </Typography>
      <Typography color="text.secondary">{translate('app.maintenance.text')}</Typography>
      {message && <Typography sx={{ mt: 2 }} data-testid="maintenance-message">{message}</Typography>}
    </Box>
  );
}
