import type { Kysely, SelectExpression } from 'kysely';
import { resourceByName } from '../../../model';
import { toRecord, UUID_RE } from '../db/records';
import { readable, type Owner } from '../crud/scope';
import { ApiError } from '../errors';
import type { Acting } from './acting';
import { orderBudgets } from './budgets';
import { orderContexts } from './order-context';
import type { DB } from '../../../generated/db/database.gen';

/**
 * An order as the acting customer may read it: the query every read and change of an order starts
 * from, its lock, and its DTO. Below the workflow (placing, deciding, editing an order), which all
 * read orders through here.
 */

const orders = resourceByName('orders');
const orderLines = resourceByName('order-lines');

/**
 * The order `id` of the acting customer as the caller may read it (the crud scope, with the orders'
 * ownRows as `onlyOwn`), to select from; an id that is no uuid is OrderNotFound at once.
 */
export function orderQuery(db: Kysely<DB>, acting: Acting, id: unknown, onlyOwn?: Owner['onlyOwn']) {
  if (typeof id !== 'string' || !UUID_RE.test(id)) throw new ApiError('OrderNotFound');
  const owner: Owner = { tenantId: acting.tenantId, customerId: acting.customerId, side: 'customer', onlyOwn };
  return readable(db.selectFrom('orders').where('orders.id', '=', id), orders, owner);
}

/**
 * The order `id` as the caller may read it (orderQuery), locked FOR UPDATE in the caller's
 * transaction, with `columns`: the first step of every change to an order, so two changes of one
 * order wait for each other. `missing` (OrderNotFound unless told) when there is none.
 */
export async function lockOrder<C extends SelectExpression<DB, 'orders'>>(
  trx: Kysely<DB>, acting: Acting, id: unknown, onlyOwn: Owner['onlyOwn'], columns: readonly C[], missing: 'OrderNotFound' | 'OrderLineNotFound' = 'OrderNotFound',
) {
  const row = await orderQuery(trx, acting, id, onlyOwn).select(columns).forUpdate().executeTakeFirst();
  if (!row) throw new ApiError(missing);
  return row;
}

/**
 * The order with its lines (by line number) and the budgets derived from them (none until assigned).
 * `onlyOwn`: the caller reads only their own orders (the orders' ownRows); another's is not found.
 */
export async function orderDto(db: Kysely<DB>, acting: Acting, id: unknown, onlyOwn?: Owner['onlyOwn']) {
  const row = await orderQuery(db, acting, id, onlyOwn).selectAll().executeTakeFirst();
  if (!row) throw new ApiError('OrderNotFound');
  const lines = await db.selectFrom('orderLines').selectAll().where('orderId', '=', row.id as string)
    .where('tenantId', '=', acting.tenantId).where('customerId', '=', acting.customerId).orderBy('lineNumber').orderBy('id').execute();
  const budgets = await orderBudgets(db, acting, String(row.id), row.orderDate as Date | null);
  // The follow-up user's name, so everyone who reads the order sees who follows it up.
  const assignee = row.assignedToId ? await db.selectFrom('users').select(['displayname', 'email']).where('id', '=', String(row.assignedToId)).executeTakeFirst() : undefined;
  const assignedToName = assignee ? String(assignee.displayname ?? assignee.email ?? '') || null : null;
  // Who ordered it, the department, suppliers and budgets' effect: what the approver reads above the decision.
  const context = (await orderContexts(db, acting, [String(row.id)])).get(String(row.id));
  return { ...toRecord(orders, row as Record<string, unknown>), orderLines: lines.map((l) => toRecord(orderLines, l)), budgets, assignedToName, context };
}
