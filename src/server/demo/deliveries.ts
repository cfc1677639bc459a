import type { Kysely } from 'kysely';
import { addDays, todayInShopZone } from '../../shared/shop-clock';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Demo data: the supplier announced the whole of a sent supplier order (WAITFORDELIVERY) as one
 * delivery, expected in two days, so /deliveries and the sidebar's count show one to confirm on the
 * first start. Written as POST /v2/supplier-orders/{id}/deliveries would (fulfilment/deliveries.ts):
 * its lines, what the supplier-order lines still wait for, the order's history.
 */
export async function seedDemoDelivery(db: Kysely<DB>, owner: { tenantId: string; customerId: string }, supplierOrderId: string, at: Date): Promise<void> {
  const so = await db.selectFrom('supplierOrders').selectAll().where('id', '=', supplierOrderId).executeTakeFirstOrThrow();
  const lines = await db.selectFrom('supplierOrderLines').selectAll().where('supplierOrderId', '=', supplierOrderId).orderBy('lineNumber').execute();
  if (!lines.length) return;
  const expected = addDays(todayInShopZone(), 2);
  const delivery = await db.insertInto('deliveries').values({
    ...owner, deliveryNumber: `${String(so.gcsNumber)}-L1`, supplierOrderId, orderId: so.orderId, gcsNumber: so.gcsNumber, orderNumber: so.orderNumber,
    supplierId: so.supplierId, supplierName: so.supplierName, orderedById: so.orderedById, status: 'toApprove', expectedDate: expected,
    createdAt: at, updatedAt: at,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('deliveryLines').values(lines.map((l) => ({
    ...owner, deliveryId: delivery.id, supplierOrderLineId: l.id, lineNumber: l.lineNumber, supplierArticleId: l.supplierArticleId,
    articleNumberSupplier: l.articleNumberSupplier, title: l.title == null ? null : JSON.stringify(typeof l.title === 'string' ? JSON.parse(l.title) : l.title),
    ordered: l.quantity, toDeliver: l.quantity, supplierConfirmed: l.quantity, returned: 0, createdAt: at, updatedAt: at,
  })) as never).execute();
  for (const l of lines) await db.updateTable('supplierOrderLines').set({ quantityToBeDelivered: 0, despatchQuantity: l.quantity }).where('id', '=', l.id).execute();
  if (so.orderId) {
    await db.insertInto('orderHistory').values({ ...owner, orderId: so.orderId, action: 'deliveryCreated', userId: null, reason: `${String(so.gcsNumber)}-L1`, createdAt: at }).execute();
  }
}
