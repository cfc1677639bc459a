import { Alert, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useCoreServices } from '../../bootstrap/context';
import { callApi } from '../../data/call-api';
import { useAppQuery } from '../../data/query-client';
import { ordersHistory } from '../../../../generated/app/calls/orders.gen';
import { formatDateTime } from '../../i18n/format';

const H = 'resources.order-history.choices.action';
const S = 'resources.orders.choices.status';

/**
 * What happened to the order (GET /v2/orders/{id}/history), oldest first: the moment, the action,
 * who took it, the status it moved to and the reason given. Read again after a decision (its query
 * key is under 'app', which a decision invalidates).
 */
export function OrderHistory({ orderId }: { orderId: string }) {
  const translate = useTranslate();
  const { http } = useCoreServices();
  const { data, error } = useAppQuery({
    queryKey: ['app', 'order-history', orderId],
    queryFn: ({ signal }) => callApi(http, ordersHistory, { params: { id: orderId } }, { signal }).then((r) => r.result),
  });
  return (
    <section aria-labelledby="order-history-title">
      <Typography id="order-history-title" variant="h6" component="h2" sx={{ mt: 3 }}>{translate('resources.order-history.name', { count: 2 })}</Typography>
      {error && <Alert severity="error">{translate('shop.orders.historyFailed')}</Alert>}
      <List dense aria-labelledby="order-history-title">
        {(data ?? []).map((entry) => (
          <ListItem key={entry.id} disableGutters>
            <ListItemText
              primary={[
                translate(`${H}.${entry.action}`),
                entry.toStatus && entry.action !== 'approved' && entry.action !== 'rejected' ? `→ ${translate(`${S}.${entry.toStatus}`)}` : '',
              ].filter(Boolean).join(' ')}
              secondary={[formatDateTime(entry.createdAt), entry.userName, entry.reason ? `“${entry.reason}”` : ''].filter(Boolean).join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
