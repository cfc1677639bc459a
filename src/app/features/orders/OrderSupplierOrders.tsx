import { Alert, Chip, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router';
import { useCallQuery } from '../../data/calls';
import { supplierOrdersCustomerList } from '../../../../generated/app/calls/supplier-orders.gen';
import { usePrice } from '../../common/hooks';
import type { OrderDetail } from '../../common/types';

const M = 'fulfilment.supplierOrders';
const S = 'resources.supplier-orders.choices.status';

/**
 * The approved order's supplier orders (flows §2 order detail, supplier-order section): one per
 * supplier, each with its status, what it costs with its shipping (the order's total is theirs
 * together, before points), why it failed if it did, and a link to its page (/supplier-orders/{gcsNumber})
 * (POST /supplier-orders/query, the model's customer list).
 */
export function OrderSupplierOrders({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const price = usePrice();
  const approved = order.status === 'approved';
  const answer = useCallQuery(supplierOrdersCustomerList, { body: { query: { orderId: order.id, take: 100 } } }, { enabled: approved });
  const data = answer.data?.result.items;
  const { error } = answer;
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
              secondary={[so.supplierName, price(so.totalCost ?? so.totalIncl), so.status === 'FAILEDTOORDER' && so.statusReason && translate(`${M}.reason`, { reason: so.statusReason })].filter(Boolean).join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
