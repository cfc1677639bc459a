import { Alert, Box, Link, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink, useParams } from 'react-router';
import { SupplierOrderView } from './SupplierOrderPanel';
import { useSupplierOrder } from './supplier-order-data';
import { SupplierOrderDeliveryInfo } from './SupplierOrderDeliveryInfo';

/**
 * /supplier-orders/{gcsNumber} (core §2, page guard supplier-orders-gcsnumber): one supplier order
 * for the company that ordered it or a user of its supplier, with its lines and follow-ups, and the
 * follow-up form for whoever may add one, where it goes (address, contact) with its deliveries and
 * invoices. A link leads back to the order (for the company).
 */
export default function SupplierOrderPage() {
  const { gcsNumber = '' } = useParams();
  const translate = useTranslate();
  const { data, error, isPending } = useSupplierOrder(gcsNumber);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      {error && <Alert severity="error">{translate('fulfilment.supplierOrders.loadFailed')}</Alert>}
      {isPending && !error && <Typography>{translate('ra.page.loading')}</Typography>}
      {data && (
        <>
          <SupplierOrderView detail={data} showHeader />
          <SupplierOrderDeliveryInfo detail={data} />
          {data.orderId && data.mayOpenOrder && (
            <Link component={RouterLink} to={`/order-detail/${encodeURIComponent(data.orderId)}`}>{translate('fulfilment.supplierOrders.toOrder', { number: data.orderNumber })}</Link>
          )}
        </>
      )}
    </Box>
  );
}
