import { Alert, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useCoreServices } from '../../bootstrap/context';
import { callApi } from '../../data/call-api';
import { useAppQuery } from '../../data/query-client';
import { formatDateTime } from '../../i18n/format';
import { useShopLanguage } from '../../common/hooks';
import { articleName } from './stock-api';
import { ordersUpdateStock } from '../../../../generated/app/calls/orders.gen';

const K = 'resources.stock-movements.choices.kind';

/**
 * The order's "stock updates" tab (flows §2 /order-detail/{id}): what its deliveries added to the
 * company's warehouses and took back, oldest first (GET /v2/orders/{id}/update-stock).
 */
export function OrderStockUpdates({ orderId }: { orderId: string }) {
  const translate = useTranslate();
  const language = useShopLanguage();
  const { http } = useCoreServices();
  const { data, error } = useAppQuery({
    queryKey: ['app', 'order-stock-updates', orderId],
    queryFn: ({ signal }) => callApi(http, ordersUpdateStock, { params: { id: orderId } }, { signal }).then((r) => r.result.updates),
  });
  return (
    <section aria-labelledby="order-stock-title">
      <Typography id="order-stock-title" variant="h6" component="h2" sx={{ mt: 3 }}>{translate('stock.orderUpdates.title')}</Typography>
      {error && <Alert severity="error">{translate('stock.orderUpdates.failed')}</Alert>}
      {data?.length === 0 && <Typography>{translate('stock.orderUpdates.empty')}</Typography>}
      <List dense aria-labelledby="order-stock-title">
        {(data ?? []).map((m) => (
          <ListItem key={m.id} disableGutters>
            <ListItemText
              primary={`${translate(`${K}.${m.kind}`)}: ${translate('stock.orderUpdates.line', { quantity: `${m.quantity > 0 ? '+' : ''}${m.quantity}`, article: articleName(m, language), warehouse: m.warehouseName ?? '' })}`}
              secondary={[formatDateTime(m.createdAt), m.deliveryNumber, m.stockAfter != null ? translate('stock.warehouse.stockAfter', { stock: m.stockAfter }) : null, m.userName].filter(Boolean).join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
