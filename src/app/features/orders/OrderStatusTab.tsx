import { Box } from '@mui/material';
import { useTranslate } from 'ra-core';
import { usePrice } from '../../common/hooks';
import { formatDate } from '../../i18n/format';
import type { OrderDetail } from '../../common/types';
import { orderDate } from './OrdersPage';
import { OrderLines } from './OrderLines';
import { OrderFormDetails } from './form/OrderFormDetails';
import { OrderSupplierOrders } from './OrderSupplierOrders';

const O = 'resources.orders';

/** The order's status tab: its header facts and its lines (OrderLines: with their budget, and what may change on them). */
export function OrderStatusTab({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const price = usePrice();
  const address = order.address ? [order.address.street, order.address.houseNumber, order.address.bus, order.address.zipCode, order.address.city].filter(Boolean).join(' ') : '';
  const facts: [string, string][] = [
    [`${O}.fields.orderNumber`, order.orderNumber ?? ''],
    [`${O}.fields.orderDate`, orderDate(order.orderDate)],
    [`${O}.fields.status`, order.status ? translate(`${O}.choices.status.${order.status}`) : ''],
    [`${O}.fields.rejectionReason`, order.rejectionReason ?? ''],
    [`${O}.fields.address`, address],
    [`${O}.fields.requestedDeliveryDate`, order.requestedDeliveryDate ? formatDate(order.requestedDeliveryDate) : ''],
    [`${O}.fields.about`, order.about ?? ''],
    [`${O}.fields.labels`, (order.labels ?? []).join(', ')],
    [`${O}.fields.assignedToId`, order.assignedToName ?? ''],
    [`${O}.fields.totalProductCostExcl`, price(order.totalProductCostExcl)],
    [`${O}.fields.totalProductCostIncl`, price(order.totalProductCostIncl)],
    [`${O}.fields.shippingCost`, price(order.shippingCost)],
    [`${O}.fields.shippingCostVat`, price(order.shippingCostVat)],
    // Points spent on the order (ycoin): shown only when there was a discount.
    [`${O}.fields.loyaltyDiscount`, order.loyaltyDiscount && Number(order.loyaltyDiscount) > 0 ? `− ${price(order.loyaltyDiscount)}` : ''],
    [`${O}.fields.totalCost`, price(order.totalCost)],
  ];
  return (
    <>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 3 }}>
        {facts.filter(([, v]) => v).map(([key, value]) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontWeight: 600 }}>{translate(key)}</Box>
            <Box component="dd" sx={{ m: 0, whiteSpace: 'pre-line' }}>{value}</Box>
          </Box>
        ))}
      </Box>
      {/* An order form's or order request's description, files and quotes (nothing for an order from the basket). */}
      <OrderFormDetails order={order} />
      <OrderLines order={order} />
      <OrderSupplierOrders order={order} />
    </>
  );
}
