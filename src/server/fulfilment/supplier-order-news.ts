import { sql, type Transaction } from 'kysely';
import type { SupplierOrderStatus } from '../../../model';
import { followersToNotify } from '../conversation/followers';
import { queueOrderMail } from '../mail/order-mail';
import type { SupplierOrderRow } from './supplier-order-step';
import type { DB } from '../../../generated/db/database.gen';

/**
 * What the company hears of its supplier orders: a step its supplier takes (or a platform admin
 * takes for it) and a delivery the supplier announces. In the transaction of the change it becomes
 * a message of the platform in the order's conversation (no author, the event in `event`, the
 * supplier's remark as its content) — unseen by everyone who reads the order, so the conversation
 * tab and, for its followers, the orders list show it — and a 'supplierOrderUpdate' mail, in each
 * recipient's language with a link to the order, to whoever placed the order (whether they follow
 * the conversation or not: it is their order) and the conversation's followers who may still read
 * the order, but not to whoever made the change.
 */
export interface SupplierOrderNews {
  /** The status the supplier set (DELIVERED: what it still had to deliver was announced), or null for a delivery announced alone. */
  status: SupplierOrderStatus | null;
  /** The supplier's remark (a failure's reason). */
  remark: string | null;
  /** The delivery announced with it, if any. */
  delivery: { id: string; deliveryNumber: string | null } | null;
}

/** Tells the company of the supplier order's news (see above); `byUserId` made the change. Nothing for a supplier order without an order. */
export async function tellTheCompany(trx: Transaction<DB>, so: SupplierOrderRow, byUserId: string | null, news: SupplierOrderNews): Promise<void> {
  if (!so.orderId) return;
  const owner = { tenantId: so.tenantId, customerId: so.customerId };
  const order = await trx.selectFrom('orders').select(['id', 'orderedById'])
    .where('id', '=', so.orderId).where('tenantId', '=', so.tenantId).where('customerId', '=', so.customerId).executeTakeFirst();
  if (!order) return;
  const remark = news.remark?.trim() || null;
  await trx.insertInto('orderComments').values({
    ...owner, orderId: order.id, userId: null, content: remark ?? '', attachments: JSON.stringify([]),
    event: JSON.stringify({
      supplierOrderId: so.id, gcsNumber: (so.gcsNumber as string | null) ?? null, supplierName: (so.supplierName as string | null) ?? null,
      status: news.status, deliveryNumber: news.delivery?.deliveryNumber ?? null, deliveryId: news.delivery?.id ?? null,
    }),
    createdAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()`,
  }).execute();
  const recipients = await followersToNotify(trx, owner, { id: order.id, orderedById: order.orderedById }, byUserId, { withOrderer: true });
  await queueOrderMail(trx, {
    tenantId: so.tenantId, orderId: order.id, kind: 'supplierOrderUpdate', supplierOrderId: so.id,
    status: news.status, remark, deliveryNumber: news.delivery?.deliveryNumber ?? null, recipients,
  });
}
