import { sql, type Kysely, type Transaction } from 'kysely';
import type { StockMovementKind } from '../../../model';
import { recordHistory } from '../ordering/record-history';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Stock movements (core §3 Warehouse instance, §7 …/activity; flows §4 "stock updated"): every
 * change of a warehouse article's stock is one row of `stock_movements`, written in the transaction
 * of the change, on the instance row locked FOR UPDATE. Deliveries book what they brought into the
 * warehouse the order goes to (orderWarehouse), their undo and returns take back what they booked.
 */

type Db = Kysely<DB> | Transaction<DB>;

export interface InstanceRow {
  id: string; tenantId: string; customerId: string; warehouseId: string; supplierArticleId: string;
  stock: number | null; minimumStock: number | null; depletedAt: Date | string | null;
}

export interface MovementEntry {
  kind: StockMovementKind;
  userId: string | null;
  articleNumberSupplier?: string | null;
  orderId?: string | null; orderNumber?: string | null;
  deliveryId?: string | null; deliveryLineId?: string | null; deliveryNumber?: string | null;
  remark?: string | null;
}

/** The instance `id` of the customer, locked for the change that follows (undefined: none). */
export async function lockInstance(trx: Transaction<DB>, owner: { tenantId: string; customerId: string }, id: string): Promise<InstanceRow | undefined> {
  return (await trx.selectFrom('warehouseInstances').selectAll().where('tenantId', '=', owner.tenantId).where('customerId', '=', owner.customerId)
    .where('id', '=', id).forUpdate().executeTakeFirst()) as InstanceRow | undefined;
}

/**
 * Sets the instance's stock to `stock + delta` (may go below 0 only through an undo or a return of
 * goods already used: the activity shows it), keeps depletedAt (since when the stock is at or below
 * the minimum; cleared above it) and writes the movement. Answers the stock after it.
 */
export async function moveStock(trx: Transaction<DB>, inst: InstanceRow, delta: number, entry: MovementEntry): Promise<number> {
  const after = Number(inst.stock ?? 0) + delta;
  await trx.updateTable('warehouseInstances').set({
    stock: after, depletedAt: depletion(after, inst.minimumStock, inst.depletedAt), updatedAt: sql`clock_timestamp()`,
  }).where('id', '=', inst.id).execute();
  inst.stock = after;
  await trx.insertInto('stockMovements').values({
    tenantId: inst.tenantId, customerId: inst.customerId, warehouseId: inst.warehouseId, warehouseInstanceId: inst.id,
    supplierArticleId: inst.supplierArticleId, articleNumberSupplier: entry.articleNumberSupplier ?? await articleNumber(trx, inst.supplierArticleId),
    kind: entry.kind, quantity: delta, stockAfter: after, orderId: entry.orderId ?? null, orderNumber: entry.orderNumber ?? null,
    deliveryId: entry.deliveryId ?? null, deliveryLineId: entry.deliveryLineId ?? null, deliveryNumber: entry.deliveryNumber ?? null,
    userId: entry.userId, remark: entry.remark ?? null,
    // Movements of one transaction read in the order written, as the order history does.
    createdAt: sql`greatest(clock_timestamp(), (select max(created_at) + interval '1 microsecond' from stock_movements where warehouse_instance_id = ${inst.id}))`,
  }).execute();
  return after;
}

/** A notice of the restock job on an instance (quantity 0, the stock as it is). */
export async function stockNotice(trx: Transaction<DB>, inst: InstanceRow, entry: MovementEntry): Promise<void> {
  await trx.insertInto('stockMovements').values({
    tenantId: inst.tenantId, customerId: inst.customerId, warehouseId: inst.warehouseId, warehouseInstanceId: inst.id,
    supplierArticleId: inst.supplierArticleId, articleNumberSupplier: entry.articleNumberSupplier ?? await articleNumber(trx, inst.supplierArticleId),
    kind: entry.kind, quantity: 0, stockAfter: Number(inst.stock ?? 0), orderId: entry.orderId ?? null, orderNumber: entry.orderNumber ?? null,
    userId: entry.userId, remark: entry.remark ?? null,
  }).execute();
}

/** depletedAt after a change: kept while at or below the minimum, set when it gets there, cleared above it. */
export function depletion(stock: number, minimum: number | null, current: Date | string | null): Date | string | null {
  if (stock > Number(minimum ?? 0)) return null;
  return current ?? new Date();
}

async function articleNumber(db: Db, supplierArticleId: string): Promise<string | null> {
  const a = await db.selectFrom('supplierArticles').select('articleNumberSupplier').where('id', '=', supplierArticleId).executeTakeFirst();
  return (a?.articleNumberSupplier as string | undefined) ?? null;
}

/**
 * The warehouse whose stock an order's deliveries fill. Decision (the spec is silent): the order's
 * own warehouse (a restock order names it); else the warehouse of the order's department (the first
 * by name when the department has several); else, when the company has exactly one warehouse, that
 * one; else none, and nothing is booked.
 */
export async function orderWarehouse(db: Db, owner: { tenantId: string; customerId: string }, orderId: string): Promise<{ id: string; name: string } | null> {
  const order = await db.selectFrom('orders').select(['warehouseId', 'departmentId']).where('id', '=', orderId)
    .where('tenantId', '=', owner.tenantId).where('customerId', '=', owner.customerId).executeTakeFirst();
  if (!order) return null;
  const warehouses = db.selectFrom('warehouses').select(['id', 'name']).where('tenantId', '=', owner.tenantId).where('customerId', '=', owner.customerId);
  if (order.warehouseId) {
    const own = await warehouses.where('id', '=', order.warehouseId).executeTakeFirst();
    if (own) return { id: String(own.id), name: String(own.name) };
  }
  if (order.departmentId) {
    const ofDepartment = await warehouses.where('departmentId', '=', order.departmentId).orderBy(sql`lower(name)`).orderBy('id').executeTakeFirst();
    if (ofDepartment) return { id: String(ofDepartment.id), name: String(ofDepartment.name) };
  }
  const all = await warehouses.limit(2).execute();
  return all.length === 1 ? { id: String(all[0]!.id), name: String(all[0]!.name) } : null;
}

interface DeliveryRef { id: string; tenantId: string; customerId: string; orderId: string | null; orderNumber?: unknown; deliveryNumber: string | null }

/**
 * A confirmed delivery's lines into the order's warehouse: each line's delivered amount adds to the
 * stock of that warehouse's instance of its article (articles the warehouse does not keep are not
 * booked). One 'stockUpdated' history entry names what moved.
 */
export async function bookConfirmedDelivery(trx: Transaction<DB>, d: DeliveryRef, userId: string | null): Promise<void> {
  if (!d.orderId) return;
  const owner = { tenantId: d.tenantId, customerId: d.customerId };
  const warehouse = await orderWarehouse(trx, owner, d.orderId);
  if (!warehouse) return;
  const lines = await trx.selectFrom('deliveryLines').select(['id', 'supplierArticleId', 'articleNumberSupplier', 'delivered'])
    .where('deliveryId', '=', d.id).where('tenantId', '=', d.tenantId).orderBy('lineNumber').orderBy('id').execute();
  const instances = await trx.selectFrom('warehouseInstances').select('id').where('tenantId', '=', d.tenantId).where('customerId', '=', d.customerId)
    .where('warehouseId', '=', warehouse.id).where('supplierArticleId', 'in', [...lines.map((l) => l.supplierArticleId).filter((x): x is string => !!x), '00000000-0000-0000-0000-000000000000'])
    .orderBy('id').execute();
  // Locked in id order (as every stock change locks them), booked in the delivery's line order.
  const locked: InstanceRow[] = [];
  for (const { id } of instances) locked.push((await lockInstance(trx, owner, String(id)))!);
  const parts: string[] = [];
  for (const line of lines) {
    const inst = locked.find((i) => i.supplierArticleId === line.supplierArticleId);
    if (!inst || Number(line.delivered ?? 0) <= 0) continue;
    const after = await moveStock(trx, inst, Number(line.delivered), {
      kind: 'deliveryConfirmed', userId, articleNumberSupplier: line.articleNumberSupplier as string | null, ...deliveryKeys(d), deliveryLineId: String(line.id),
    });
    parts.push(`+${Number(line.delivered)} × ${String(line.articleNumberSupplier ?? '')} (${after})`);
  }
  await noteOnOrder(trx, d, userId, warehouse.name, parts);
}

/** An undone confirmation takes back, per instance, what the delivery booked (net of its returns). */
export async function unbookDelivery(trx: Transaction<DB>, d: DeliveryRef, userId: string | null): Promise<void> {
  const booked = await bookedBy(trx, d, null);
  await takeBack(trx, d, userId, booked.map((b) => ({ ...b, amount: b.net })), 'deliveryUndone');
}

/** Returned items leave the warehouse they were booked into: per delivery line at most what it booked and still holds. */
export async function unbookReturnedItems(trx: Transaction<DB>, d: DeliveryRef, userId: string | null, returned: readonly { deliveryLineId: string; amount: number }[]): Promise<void> {
  const booked = await bookedBy(trx, d, returned.map((r) => r.deliveryLineId));
  await takeBack(trx, d, userId, booked.map((b) => ({ ...b, amount: Math.min(b.net, returned.find((r) => r.deliveryLineId === b.deliveryLineId)?.amount ?? 0) })), 'itemsReturned');
}

interface Booked { instanceId: string; deliveryLineId: string | null; articleNumberSupplier: string | null; net: number }

/** What the delivery's movements left in each instance (per delivery line when `lineIds` are given). */
async function bookedBy(trx: Transaction<DB>, d: DeliveryRef, lineIds: string[] | null): Promise<Booked[]> {
  let q = trx.selectFrom('stockMovements')
    .select(['warehouseInstanceId', 'deliveryLineId', sql<string | null>`max(article_number_supplier)`.as('articleNumberSupplier'), sql<number>`coalesce(sum(quantity), 0)::int`.as('net')])
    .where('tenantId', '=', d.tenantId).where('deliveryId', '=', d.id).where('warehouseInstanceId', 'is not', null);
  if (lineIds) q = q.where('deliveryLineId', 'in', [...lineIds, '00000000-0000-0000-0000-000000000000']);
  const rows = await q.groupBy(['warehouseInstanceId', 'deliveryLineId']).execute();
  return rows.filter((r) => Number(r.net) > 0)
    .map((r) => ({ instanceId: String(r.warehouseInstanceId), deliveryLineId: (r.deliveryLineId as string | null) ?? null, articleNumberSupplier: r.articleNumberSupplier, net: Number(r.net) }))
    .sort((a, b) => a.instanceId.localeCompare(b.instanceId) || String(a.deliveryLineId).localeCompare(String(b.deliveryLineId)));
}

async function takeBack(trx: Transaction<DB>, d: DeliveryRef, userId: string | null, items: (Booked & { amount: number })[], kind: 'deliveryUndone' | 'itemsReturned'): Promise<void> {
  const owner = { tenantId: d.tenantId, customerId: d.customerId };
  const parts: string[] = [];
  let warehouseName: string | null = null;
  for (const item of items.filter((i) => i.amount > 0)) {
    // An instance removed since keeps nothing to take back.
    const inst = await lockInstance(trx, owner, item.instanceId);
    if (!inst) continue;
    warehouseName ??= String((await trx.selectFrom('warehouses').select('name').where('id', '=', inst.warehouseId).executeTakeFirst())?.name ?? '');
    const after = await moveStock(trx, inst, -item.amount, { kind, userId, articleNumberSupplier: item.articleNumberSupplier, ...deliveryKeys(d), deliveryLineId: item.deliveryLineId });
    parts.push(`-${item.amount} × ${String(item.articleNumberSupplier ?? '')} (${after})`);
  }
  await noteOnOrder(trx, d, userId, warehouseName ?? '', parts);
}

const deliveryKeys = (d: DeliveryRef) => ({
  orderId: d.orderId, orderNumber: (d.orderNumber as string | null | undefined) ?? null, deliveryId: d.id, deliveryNumber: d.deliveryNumber,
});

/** flows §4 "stock updated": one entry on the order for what a step moved, in its transaction. */
async function noteOnOrder(trx: Transaction<DB>, d: DeliveryRef, userId: string | null, warehouseName: string, parts: string[]): Promise<void> {
  if (!parts.length || !d.orderId) return;
  await recordHistory(trx, { tenantId: d.tenantId, customerId: d.customerId }, {
    orderId: d.orderId, action: 'stockUpdated', userId, reason: `${d.deliveryNumber ?? ''} → ${warehouseName}: ${parts.join(', ')}`.slice(0, 2000),
  });
}

/** GET /v2/orders/{id}/update-stock: the order's movements, oldest first, with the warehouse's name and the article's title. */
export async function orderStockUpdates(db: Db, owner: { tenantId: string; customerId: string }, orderId: string) {
  const rows = await db.selectFrom('stockMovements as m')
    .leftJoin('warehouses as w', 'w.id', 'm.warehouseId')
    .leftJoin('supplierArticles as a', 'a.id', 'm.supplierArticleId')
    .leftJoin('users as u', 'u.id', 'm.userId')
    .select(['m.id', 'm.kind', 'm.quantity', 'm.stockAfter', 'm.warehouseId', 'm.warehouseInstanceId', 'm.supplierArticleId', 'm.articleNumberSupplier',
      'm.deliveryId', 'm.deliveryNumber', 'm.createdAt', 'w.name as warehouseName', 'a.title as articleTitle', 'u.displayname', 'u.email'])
    .where('m.tenantId', '=', owner.tenantId).where('m.customerId', '=', owner.customerId).where('m.orderId', '=', orderId)
    .orderBy('m.createdAt').orderBy('m.id').execute();
  return rows.map(movementOut);
}

/** A movement as the calls answer it. */
export function movementOut(r: Record<string, unknown>) {
  const title = r.articleTitle == null ? null : (typeof r.articleTitle === 'string' ? JSON.parse(r.articleTitle) : r.articleTitle) as Record<string, string | null>;
  return {
    id: String(r.id), kind: String(r.kind), quantity: Number(r.quantity), stockAfter: r.stockAfter == null ? null : Number(r.stockAfter),
    warehouseId: String(r.warehouseId), warehouseName: (r.warehouseName as string | null) ?? null,
    warehouseInstanceId: (r.warehouseInstanceId as string | null) ?? null, supplierArticleId: (r.supplierArticleId as string | null) ?? null,
    articleNumberSupplier: (r.articleNumberSupplier as string | null) ?? null,
    articleTitle: title ? { nl: title.nl ?? null, en: title.en ?? null, fr: title.fr ?? null } : null,
    orderId: (r.orderId as string | null | undefined) ?? null, orderNumber: (r.orderNumber as string | null | undefined) ?? null,
    deliveryId: (r.deliveryId as string | null) ?? null, deliveryNumber: (r.deliveryNumber as string | null) ?? null,
    userName: ((r.displayname ?? r.email) as string | null | undefined) || null, remark: (r.remark as string | null | undefined) ?? null,
    createdAt: r.createdAt instanceof Date ? r.createdAt.toISOString() : String(r.createdAt),
  };
}
