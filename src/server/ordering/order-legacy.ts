import { sql, type Kysely } from 'kysely';
import { resourceByName, type InvoiceStatus } from '../../../model';
import { toRecord } from '../db/records';
import { readable, type Owner } from '../crud/scope';
import { ApiError } from '../errors';
import type { Acting } from './acting';
import { orderQuery } from './order-query';
import type { DB } from '../../../generated/db/database.gen';

/**
 * flows §7's older order calls in the query style ({query:{skip, take, …}} answered
 * {result:{items, total, skip, take}}): an order's lines (POST /orders/orderLines) and the orders
 * waiting for payment (POST /orders/waiting-payment), and the order of a supplier-order number
 * (POST /orders/byGcsNumber). /orders/id and /orders/validate are the v2 handlers' own functions
 * (actions/order-edits.ts).
 */

const orders = resourceByName('orders');
const orderLines = resourceByName('order-lines');

export interface Page { skip: number; take: number }
export const DEFAULT_TAKE = 20;

/** The lines of an order the caller reads (OrderNotFound otherwise), by line number. */
export async function orderLinesPage(db: Kysely<DB>, acting: Acting, orderId: unknown, page: Page, onlyOwn?: Owner['onlyOwn']) {
  const order = await orderQuery(db, acting, orderId, onlyOwn).select('id').executeTakeFirst();
  if (!order) throw new ApiError('OrderNotFound');
  const base = db.selectFrom('orderLines').where('orderId', '=', String(order.id)).where('tenantId', '=', acting.tenantId).where('customerId', '=', acting.customerId);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('lineNumber').orderBy('id').offset(page.skip).limit(page.take).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((l) => toRecord(orderLines, l as Record<string, unknown>)), total: Number(total.n), skip: page.skip, take: page.take };
}

/** The invoice statuses still to pay. */
const UNPAID = ['open', 'expired'] as const satisfies readonly InvoiceStatus[];

/**
 * Orders waiting for payment: the acting customer's orders the caller reads (a buyer: their own),
 * not archived, with at least one invoice still to pay (open, or expired past its due date), newest
 * first. An approved order without invoices waits for its supplier, not for a payment.
 */
export async function waitingPayment(db: Kysely<DB>, acting: Acting, page: Page, onlyOwn?: Owner['onlyOwn']) {
  const owner: Owner = { tenantId: acting.tenantId, customerId: acting.customerId, side: 'customer', onlyOwn };
  const base = readable(db.selectFrom('orders'), orders, owner).where('archived', '=', false)
    .where((eb) => eb.exists(eb.selectFrom('invoices').select('invoices.id').whereRef('invoices.orderId', '=', 'orders.id')
      .where('invoices.tenantId', '=', acting.tenantId).where('invoices.status', 'in', UNPAID)));
  const [rows, total] = await Promise.all([
    base.selectAll('orders').orderBy('orders.orderDate', 'desc').orderBy('orders.id').offset(page.skip).limit(page.take).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((o) => toRecord(orders, o as Record<string, unknown>)), total: Number(total.n), skip: page.skip, take: page.take };
}

/** The order of a supplier order of the acting customer by the supplier order's number (gcsNumber), or OrderNotFound. */
export async function orderIdOfGcsNumber(db: Kysely<DB>, acting: Acting, gcsNumber: string): Promise<string> {
  const row = await db.selectFrom('supplierOrders').select('orderId').where('tenantId', '=', acting.tenantId)
    .where('customerId', '=', acting.customerId).where('gcsNumber', '=', gcsNumber).executeTakeFirst();
  if (!row?.orderId) throw new ApiError('OrderNotFound');
  return String(row.orderId);
}
