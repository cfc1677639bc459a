import type { Kysely } from 'kysely';
import { ApiError } from '../errors';
import { readOrder, type OrderReader } from '../ordering/order-reader';
import type { DB } from '../../../generated/db/database.gen';

/**
 * An order's rating (flows §3 Rating, §5 "A rating can be given once per order", §9 scores 0 to 4).
 * Whoever may read the order may rate it, once it is approved (what is rated is how the order went;
 * an order still waiting or rejected has not gone anywhere: OrderNotRatable); the first rating is
 * the order's (OrderAlreadyRated after it). The order row is locked while rating, and a unique key
 * (src/server/db/after) holds the rule even so.
 */

export interface RatingInput {
  score: number;
  comment?: string | null;
}

const nameOf = (u: { displayname: string | null; firstname: string | null; lastname: string | null; email: string | null }) =>
  u.displayname?.trim() || [u.firstname, u.lastname].filter(Boolean).join(' ').trim() || u.email || null;

function ratingRows(db: Kysely<DB>, reader: OrderReader, orderId: string) {
  const { tenantId, customerId } = reader.acting;
  return db.selectFrom('orderRatings as r')
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'r.userId').on('u.tenantId', '=', tenantId))
    .select(['r.id', 'r.orderId', 'r.userId', 'r.score', 'r.comment', 'r.createdAt', 'u.displayname', 'u.firstname', 'u.lastname', 'u.email'])
    .where('r.tenantId', '=', tenantId).where('r.customerId', '=', customerId).where('r.orderId', '=', orderId)
    .orderBy('r.createdAt').orderBy('r.id');
}

const view = (r: Awaited<ReturnType<ReturnType<typeof ratingRows>['execute']>>[number]) => ({
  id: String(r.id), orderId: String(r.orderId), userId: (r.userId as string | null) ?? null, userName: nameOf(r),
  score: Number(r.score), comment: r.comment ?? null, createdAt: r.createdAt instanceof Date ? r.createdAt.toISOString() : String(r.createdAt),
});
export type RatingView = ReturnType<typeof view>;

/** GET /v2/orders/{id}/ratings: the order's rating, as a list of at most one. */
export async function orderRatings(db: Kysely<DB>, reader: OrderReader, orderId: unknown): Promise<RatingView[]> {
  const order = await readOrder(db, reader, orderId);
  return (await ratingRows(db, reader, order.id).execute()).map(view);
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/** POST /v2/orders/{id}/ratings: rates the approved order once. */
export async function rateOrder(db: Kysely<DB>, reader: OrderReader, orderId: unknown, input: RatingInput): Promise<RatingView> {
  const { tenantId, customerId, userId } = reader.acting;
  let id: string;
  try {
    id = await db.transaction().execute(async (trx) => {
      const order = await readOrder(trx, reader, orderId, { lock: true });
      if (order.status !== 'approved') throw new ApiError('OrderNotRatable');
      const earlier = await trx.selectFrom('orderRatings').select('id').where('tenantId', '=', tenantId).where('customerId', '=', customerId)
        .where('orderId', '=', order.id).executeTakeFirst();
      if (earlier) throw new ApiError('OrderAlreadyRated');
      const row = await trx.insertInto('orderRatings').values({ tenantId, customerId, orderId: order.id, userId, score: input.score, comment: input.comment?.trim() || null })
        .returning('id').executeTakeFirstOrThrow();
      return String(row.id);
    });
  } catch (err) {
    // Two ratings at once on PGlite (no row locks there): the key refuses the second.
    if (isUniqueViolation(err)) throw new ApiError('OrderAlreadyRated');
    throw err;
  }
  const order = await readOrder(db, reader, orderId);
  return view((await ratingRows(db, reader, order.id).where('r.id', '=', id).execute())[0]!);
}
