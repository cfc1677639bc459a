import { sql, type Kysely } from 'kysely';
import { resourceByName } from '../../../model';
import { toRecord } from '../crud/record';
import { readable, type Owner } from '../crud/scope';
import { ApiError } from '../errors';
import type { Acting } from './acting';
import { orderQuery } from './orders';
import type { DB } from '../../../generated/db/database.gen';

/**
 * flows §7's older order calls in the query style ({query:{skip, take, …}} answered
 * {result:{items, total, skip, take}}): an order's lines (POST /orders/orderLines) and the orders
 * waiting for payment (POST /orders/waiting-payment). /orders/id and /orders/validate are the v2
 * handlers' own functions (actions/order-edits.ts).
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

/**
 * Orders waiting for payment. Decision (README): invoices are not built yet, so nothing is known to
 * be paid; an order waits for payment once it is approved. The acting customer's approved orders
 * the caller reads (a buyer: their own), not archived, newest first.
 */
export async function waitingPayment(db: Kysely<DB>, acting: Acting, page: Page, onlyOwn?: Owner['onlyOwn']) {
  const owner: Owner = { tenantId: acting.tenantId, customerId: acting.customerId, side: 'customer', onlyOwn };
  const base = readable(db.selectFrom('orders'), orders, owner).where('status', '=', 'approved').where('archived', '=', false);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('orderDate', 'desc').orderBy('id').offset(page.skip).limit(page.take).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((o) => toRecord(orders, o as Record<string, unknown>)), total: Number(total.n), skip: page.skip, take: page.take };
}
