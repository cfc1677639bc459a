import { Alert, Box, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ShowBase, useShowContext, useTranslate } from 'ra-core';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { usePrice, useShopLanguage } from '../hooks';
import { inLanguage } from '../text';
import type { OrderDetail } from '../types';
import { orderDate } from './OrdersPage';
import { OrderDecision } from './OrderDecision';
import { OrderHistory } from './OrderHistory';

const O = 'resources.orders';
const L = 'resources.order-lines.fields';

/**
 * /order-detail/{id}: the order's header data and lines (GET /v2/orders/{id}), the decision for
 * whoever's step it is (approve, or reject with a reason) and the order's history. A react-admin
 * show page of the `orders` resource at the shop's own URL. A failed read stays on the page with its message instead of
 * react-admin's default (a toast and a redirect to the list).
 */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  return (
    <ShowBase<OrderDetail> resource="orders" id={id} queryOptions={{ onError: () => undefined }}>
      <OrderDetailView />
    </ShowBase>
  );
}

function OrderDetailView() {
  const translate = useTranslate();
  const language = useShopLanguage();
  const price = usePrice();
  const { record, error } = useShowContext<OrderDetail>();
  // The data provider made the message: ErrorMessage.{errorCode} or the general failure text.
  if (error) return <Box sx={{ p: 2 }}><Alert severity="error">{error.message}</Alert></Box>;
  if (!record) return <Box sx={{ p: 2 }}><Typography>{translate('ra.page.loading')}</Typography></Box>;
  const order = record;
  const address = order.address ? [order.address.street, order.address.houseNumber, order.address.bus, order.address.zipCode, order.address.city].filter(Boolean).join(' ') : '';
  const facts: [string, string][] = [
    [`${O}.fields.orderNumber`, order.orderNumber ?? ''],
    [`${O}.fields.orderDate`, orderDate(order.orderDate)],
    [`${O}.fields.status`, order.status ? translate(`${O}.choices.status.${order.status}`) : ''],
    [`${O}.fields.rejectionReason`, order.rejectionReason ?? ''],
    [`${O}.fields.address`, address],
    [`${O}.fields.about`, order.about ?? ''],
    [`${O}.fields.extraInfo`, order.extraInfo ?? ''],
    [`${O}.fields.totalProductCostExcl`, price(order.totalProductCostExcl)],
    [`${O}.fields.totalProductCostIncl`, price(order.totalProductCostIncl)],
    [`${O}.fields.shippingCost`, price(order.shippingCost)],
    [`${O}.fields.shippingCostVat`, price(order.shippingCostVat)],
    // Points spent on the order (ycoin): shown only when there was a discount.
    [`${O}.fields.loyaltyDiscount`, order.loyaltyDiscount && Number(order.loyaltyDiscount) > 0 ? `− ${price(order.loyaltyDiscount)}` : ''],
    [`${O}.fields.totalCost`, price(order.totalCost)],
  ];
  return (
    <Box sx={{ p: 2 }}>
      <Link component={RouterLink} to="/orders">{translate('shop.orders.back')}</Link>
      <Typography variant="h5" component="h1" sx={{ my: 2 }}>{translate('shop.orders.detailTitle', { number: order.orderNumber ?? '' })}</Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 3 }}>
        {facts.filter(([, v]) => v).map(([key, value]) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontWeight: 600 }}>{translate(key)}</Box>
            <Box component="dd" sx={{ m: 0, whiteSpace: 'pre-line' }}>{value}</Box>
          </Box>
        ))}
      </Box>
      <OrderDecision order={order} />
      <Typography variant="h6" component="h2">{translate('shop.orders.lines')}</Typography>
      {/* On a phone the lines scroll sideways inside their box instead of widening the page. */}
      <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('shop.orders.lines')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(`${L}.title`)}</TableCell>
            <TableCell>{translate(`${L}.articleNumberSupplier`)}</TableCell>
            <TableCell>{translate(`${L}.unitPrice`)}</TableCell>
            <TableCell align="right">{translate(`${L}.amount`)}</TableCell>
            <TableCell align="right">{translate(`${L}.totalLineCostExcl`)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(order.orderLines ?? []).map((line) => (
            <TableRow key={line.id}>
              <TableCell>{inLanguage(line.title, language)}</TableCell>
              <TableCell>{line.articleNumberSupplier}</TableCell>
              <TableCell>{price(line.unitPrice)}</TableCell>
              <TableCell align="right">{line.amount}</TableCell>
              <TableCell align="right">{price(line.totalLineCostExcl)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      </Box>
      <OrderHistory orderId={order.id} />
    </Box>
  );
}
