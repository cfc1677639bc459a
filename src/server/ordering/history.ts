import type { Kysely } from 'kysely';
import type { Acting } from './acting';
import type { Owner } from '../crud/scope';
import { ApiError } from '../errors';
import { orderQuery } from './order-query';
import type { DB } from '../../../generated/db/database.gen';

/** An order's history (flows §3 "Order history actions"): written by the server in the transaction of what it records (record-history.ts), read here. */

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
