import { sql, type Kysely, type Transaction } from 'kysely';
import type { Acting } from '../ordering/acting';
import type { OrderReader } from '../ordering/order-reader';
import type { DB } from '../../../generated/db/database.gen';

/**
 * What a user has not read yet in a conversation: comments of others without a seen mark of theirs
 * (their own count as read). The app's notification of new comments: the conversation tab shows
 * and clears it (PATCH …/conversation/seen when the comments are shown), the orders list shows it
 * per followed order (GET /v2/orders/unseen-comments).
 */

type Db = Kysely<DB> | Transaction<DB>;

/** Comments of others on orders of the acting customer that `userId` has not marked seen. */
function unseenComments(db: Db, acting: Acting, userId: string) {
  return db.selectFrom('orderComments as c')
    .where('c.tenantId', '=', acting.tenantId).where('c.customerId', '=', acting.customerId)
    .where((eb) => eb.or([eb('c.userId', 'is', null), eb('c.userId', '!=', userId)]))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('orderCommentSeen as s').select('s.id')
      .whereRef('s.commentId', '=', 'c.id').where('s.tenantId', '=', acting.tenantId).where('s.userId', '=', userId))));
}

/** How many comments of the order the user has not seen. */
export async function unseenCount(db: Db, acting: Acting, orderId: string, userId: string): Promise<number> {
  const row = await unseenComments(db, acting, userId).where('c.orderId', '=', orderId).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Marks the order's comments among `commentIds` as seen by the user (again: nothing changes); ids
 * that are no comment of the order (any more) are passed over. Answers the ids marked.
 */
export async function markSeen(db: Kysely<DB>, acting: Acting, orderId: string, userId: string, commentIds: readonly string[]): Promise<string[]> {
  if (!commentIds.length) return [];
  const ids = (await db.selectFrom('orderComments').select('id')
    .where('tenantId', '=', acting.tenantId).where('customerId', '=', acting.customerId).where('orderId', '=', orderId)
    .where('id', 'in', [...new Set(commentIds.map((id) => id.toLowerCase()))]).orderBy('createdAt').orderBy('id').execute()).map((r) => String(r.id));
  if (!ids.length) return [];
  await db.insertInto('orderCommentSeen')
    .values(ids.map((commentId) => ({ tenantId: acting.tenantId, customerId: acting.customerId, commentId, orderId, userId })))
    .onConflict((oc) => oc.columns(['tenantId', 'commentId', 'userId']).doNothing())
    .execute();
  return ids;
}

/**
 * Per order of the acting customer whose conversation the reader follows (and may read), how many
 * comments of others they have not seen; orders without any are left out. Ordered by order number.
 */
export async function unseenPerOrder(db: Kysely<DB>, reader: OrderReader) {
  const { acting } = reader;
  const me = acting.userId;
  let q = unseenComments(db, acting, me)
    .innerJoin('orders as o', (join) => join.onRef('o.id', '=', 'c.orderId').on('o.tenantId', '=', acting.tenantId).on('o.customerId', '=', acting.customerId))
    .leftJoin('orderConversationFollowers as f', (join) => join.onRef('f.orderId', '=', 'c.orderId')
      .on('f.tenantId', '=', acting.tenantId).on('f.customerId', '=', acting.customerId).on('f.userId', '=', me))
    .where((eb) => eb.or([eb('f.following', '=', true), eb.and([eb('f.id', 'is', null), eb('o.orderedById', '=', me)])]));
  if (reader.onlyOwn) q = q.where('o.orderedById', '=', me);
  const rows = await q.select(['c.orderId', 'o.orderNumber', sql<number>`count(*)::int`.as('unseen')])
    .groupBy(['c.orderId', 'o.orderNumber']).orderBy('o.orderNumber').orderBy('c.orderId').execute();
  return rows.map((r) => ({ orderId: String(r.orderId), orderNumber: (r.orderNumber as string | null) ?? null, unseen: Number(r.unseen) }));
}
