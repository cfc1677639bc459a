import { sql, type Kysely, type Transaction } from 'kysely';
import type { ORDER_HISTORY_ACTIONS, ORDER_STATUSES } from '../../../model';
import type { Acting } from './acting';
import type { Owner } from '../crud/scope';
import { ApiError } from '../errors';
import { orderQuery } from './orders';
import type { DB } from '../../../generated/db/database.gen';

/** An order's history (flows §3 "Order history actions"): written by the server in the transaction of what it records. */

type Status = keyof typeof ORDER_STATUSES;
type Db = Kysely<DB> | Transaction<DB>;

/** Adds an entry to an order's history (in the caller's transaction). */
export async function recordHistory(db: Db, acting: Pick<Acting, 'tenantId' | 'customerId'>, entry: {
  orderId: string; action: keyof typeof ORDER_HISTORY_ACTIONS; userId: string | null; fromStatus?: Status | null; toStatus?: Status | null; reason?: string | null;
}): Promise<void> {
  await db.insertInto('orderHistory').values({
    tenantId: acting.tenantId, customerId: acting.customerId, orderId: entry.orderId, action: entry.action, userId: entry.userId,
    fromStatus: entry.fromStatus ?? null, toStatus: entry.toStatus ?? null, reason: entry.reason ?? null,
    // Entries of one transaction can share a clock tick (PGlite's clock counts milliseconds) and ids are random:
    // each entry is stamped at least a microsecond after the order's latest, so the history reads in the order written.
    createdAt: sql`greatest(clock_timestamp(), (select max(created_at) + interval '1 microsecond' from order_history where order_id = ${entry.orderId}))`,
  }).execute();
}

/** GET /v2/orders/{id}/history: the order's entries, oldest first, with the name of who acted. */
export async function orderHistory(db: Kysely<DB>, acting: Acting, orderId: unknown, onlyOwn?: Owner['onlyOwn']) {
  if (!(await orderQuery(db, acting, orderId, onlyOwn).select('id').executeTakeFirst())) throw new ApiError('OrderNotFound');
  const rows = await db.selectFrom('orderHistory as h').leftJoin('users as u', 'u.id', 'h.userId')
    .select(['h.id', 'h.action', 'h.userId', 'h.fromStatus', 'h.toStatus', 'h.reason', 'h.createdAt', 'u.displayname', 'u.email'])
    .where('h.orderId', '=', String(orderId)).where('h.tenantId', '=', acting.tenantId).where('h.customerId', '=', acting.customerId)
    .orderBy('h.createdAt').orderBy('h.id').execute();
  return rows.map((r) => ({
    id: String(r.id), action: String(r.action), userId: (r.userId as string | null) ?? null, userName: (r.displayname ?? r.email ?? null) as string | null,
    fromStatus: (r.fromStatus as string | null) ?? null, toStatus: (r.toStatus as string | null) ?? null, reason: (r.reason as string | null) ?? null,
    createdAt: r.createdAt instanceof Date ? r.createdAt.toISOString() : String(r.createdAt),
  }));
}
