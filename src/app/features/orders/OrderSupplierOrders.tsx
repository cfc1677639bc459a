import { Alert, Chip, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { useCoreServices } from '../../bootstrap/context';
import { useAppQuery } from '../../data/query-client';
import { usePrice } from '../../common/hooks';
import type { OrderDetail } from '../../common/types';

const M = 'fulfilment.supplierOrders';
const S = 'resources.supplier-orders.choices.status';

interface SupplierOrderRow { id: string; gcsNumber: string | null; supplierName: string | null; status: string | null; totalIncl: string | null }

/**
 * The approved order's supplier orders (flows §2 order detail, supplier-order section): one per
 * supplier, each with its status and a link to its page (/supplier-orders/{gcsNumber}).
 */
export function OrderSupplierOrders({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const price = usePrice();
  const { http } = useCoreServices();
  const approved = order.status === 'approved';
  const { data, error } = useAppQuery({
    queryKey: ['app', 'order-supplier-orders', order.id],
    enabled: approved,
    queryFn: ({ signal }) => http.request<{ result: { items: SupplierOrderRow[] } }>('POST', '/supplier-orders/query', { body: { query: { orderId: order.id, take: 100 } }, signal })
      .then((r) => r.result.items),
  });
  if (!approved) return null;
  return (
    <section aria-labelledby="order-supplier-orders-title">
      <Typography id="order-supplier-orders-title" variant="h6" component="h2" sx={{ mt: 3 }}>{translate(`${M}.title`)}</Typography>
      {error && <Alert severity="error">{translate(`${M}.loadFailed`)}</Alert>}
      {data?.length === 0 && <Typography color="text.secondary">{translate(`${M}.none`)}</Typography>}
      <List dense aria-labelledby="order-supplier-orders-title">
        {(data ?? []).map((so) => (
          <ListItem key={so.id} disableGutters secondaryAction={so.status ? <Chip size="small" label={translate(`${S}.${so.status}`)} /> : undefined}>
            <ListItemText
              primary={<Link component={RouterLink} to={`/supplier-orders/${encodeURIComponent(so.gcsNumber ?? '')}`} aria-label={translate(`${M}.open`, { number: so.gcsNumber })}>{so.gcsNumber}</Link>}
              secondary={[so.supplierName, price(so.totalIncl)].filter(Boolean).join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
