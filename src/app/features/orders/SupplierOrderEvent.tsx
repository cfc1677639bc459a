import { Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router';
import type { Contracts } from '../../../shared/contracts';
import type { ResultOf } from '../../../shared/contracts/define';

const C = 'shop.conversation';
const S = 'resources.supplier-orders.choices.status';

/** A message of the platform in the conversation: what the supplier did with one of the order's supplier orders. */
export type SupplierOrderEventData = NonNullable<ResultOf<Contracts['order-comments']['list']>['result']['comments'][number]['event']>;

/**
 * The words of such a message in the reader's language: the status the supplier set or that it
 * announced a delivery, the delivery to confirm (a link to it), the supplier's remark (a failure's
 * reason) and a link to the supplier order.
 */
export function SupplierOrderEvent({ event, remark }: { event: SupplierOrderEventData; remark: string }) {
  const translate = useTranslate();
  const number = event.gcsNumber ?? '';
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      <Typography sx={{ fontWeight: 500 }}>
        {event.status ? translate(`${C}.eventStatus`, { number, status: translate(`${S}.${event.status}`) }) : translate(`${C}.eventAnnounced`, { number })}
      </Typography>
      {event.deliveryNumber && (
        <Typography>
          {translate(`${C}.eventDelivery`, { number: event.deliveryNumber })}{' '}
          {event.deliveryId && <Link component={RouterLink} to={`/deliveries/${encodeURIComponent(event.deliveryId)}`}>{translate(`${C}.eventOpenDelivery`, { number: event.deliveryNumber })}</Link>}
        </Typography>
      )}
      {remark.trim() && (
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {event.status === 'FAILEDTOORDER' ? translate(`${C}.eventReason`, { reason: remark }) : `“${remark}”`}
        </Typography>
      )}
      {event.gcsNumber && (
        <Link component={RouterLink} to={`/supplier-orders/${encodeURIComponent(event.gcsNumber)}`} sx={{ alignSelf: 'flex-start' }}>
          {translate('fulfilment.supplierOrders.open', { number })}
        </Link>
      )}
    </Stack>
  );
}
