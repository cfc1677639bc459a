import type { ReactNode } from 'react';
import type { OrderDetail } from '../../common/types';
import { OrderHistory } from './OrderHistory';
import { OrderExtraInfo } from './OrderExtraInfo';
import { OrderStatusTab } from './OrderStatusTab';
import { OrderAttachments } from './OrderAttachments';
import { OrderConversation, UnseenBadge } from './OrderConversation';
import { OrderRatings } from './OrderRatings';
import { OrderReminders } from './OrderReminders';
import { OrderStockUpdates } from '../warehouses/OrderStockUpdates';

/**
 * The tabs of /order-detail/{id} (flows §2: status, stock updates, history, communication,
 * attachments, ratings, extra info), in the order the page shows them. A tab is here once the
 * area that fills it is built; its key is the page's `?tab=` value and its label
 * `shop.orders.tabs.{key}`.
 */
export interface OrderTab {
  key: string;
  render: (order: OrderDetail) => ReactNode;
  /** Drawn after the label, e.g. how many new messages wait behind the tab. */
  badge?: (order: OrderDetail) => ReactNode;
}

export const ORDER_TABS: readonly OrderTab[] = [
  { key: 'status', render: (order) => <OrderStatusTab order={order} /> },
  { key: 'stockUpdates', render: (order) => <OrderStockUpdates orderId={order.id} /> },
  { key: 'history', render: (order) => <OrderHistory orderId={order.id} /> },
  { key: 'communication', render: (order) => <OrderConversation order={order} />, badge: (order) => <UnseenBadge orderId={order.id} /> },
  { key: 'attachments', render: (order) => <OrderAttachments order={order} /> },
  { key: 'ratings', render: (order) => <OrderRatings order={order} /> },
  { key: 'reminders', render: (order) => <OrderReminders order={order} /> },
  { key: 'extraInfo', render: (order) => <OrderExtraInfo order={order} /> },
];
