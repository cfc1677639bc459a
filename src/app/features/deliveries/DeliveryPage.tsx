import { Alert, Box, Link, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink, useParams } from 'react-router';
import { DeliveryView } from './DeliveryPanel';
import { useDelivery } from './delivery-api';

/**
 * /deliveries/{id} (core §2, page guard deliveries-id): one delivery of the company, its lines and
 * the steps the caller may take: confirm what arrived with a problem per line, return items, undo.
 */
export default function DeliveryPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const { data, error, isPending } = useDelivery(id);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Link component={RouterLink} to="/deliveries">{translate('fulfilment.deliveries.title')}</Link>
      {error && <Alert severity="error" sx={{ mt: 1 }}>{translate('fulfilment.deliveries.loadFailed')}</Alert>}
      {isPending && !error && <Typography>{translate('ra.page.loading')}</Typography>}
      {data && <DeliveryView detail={data} />}
    </Box>
  );
}
