import { sql, type Kysely, type Transaction } from 'kysely';
import { resourceByName } from '../../../model';
import type { Acting } from '../ordering/acting';
import type { ReadOrder } from '../ordering/order-reader';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Who follows an order's conversation (flows §4 "Conversation can be followed or unfollowed"): the
 * one who placed the order from the start, everybody who writes in it from their first comment,
 * and whoever follows it on the conversation tab; each may unfollow (a row with `following: false`,
 * which also stops the orderer's). Followers get a mail for every comment of someone else.
 */

type Db = Kysely<DB> | Transaction<DB>;

/** The company roles that read every order of the company (the orders' ownRows): others read only their own. */
const COMPANY_ROLES = resourceByName('orders').ownRows?.unlessRoles ?? [];

const scoped = (db: Db, acting: Pick<Acting, 'tenantId' | 'customerId'>, orderId: string) =>
  db.selectFrom('orderConversationFollowers').where('tenantId', '=', acting.tenantId).where('customerId', '=', acting.customerId).where('orderId', '=', orderId);

/** Whether `userId` follows the order's conversation. */
export async function follows(db: Db, acting: Acting, order: ReadOrder, userId: string): Promise<boolean> {
  const row = await scoped(db, acting, order.id).select('following').where('userId', '=', userId).executeTakeFirst();
  return row ? row.following : order.orderedById === userId;
}

/** Sets whether `userId` follows the order's conversation (one row per order and user, kept on every change). */
export async function setFollowing(db: Db, acting: Acting, orderId: string, userId: string, following: boolean): Promise<void> {
  await db.insertInto('orderConversationFollowers')
    .values({ tenantId: acting.tenantId, customerId: acting.customerId, orderId, userId, following })
    .onConflict((oc) => oc.columns(['tenantId', 'orderId', 'userId']).doUpdateSet({ following, updatedAt: sql`now()` }))
    .execute();
}

const roleList = (value: unknown): string[] => {
  const parsed = typeof value === 'string' ? JSON.parse(value) as unknown : value;
  return Array.isArray(parsed) ? parsed.filter((r): r is string => typeof r === 'string') : [];
};

/**
 * The followers to tell about a comment by `authorId`: every follower but the author who may still
 * read the order — an active user, a platform user or one with an active access to the order's
 * company who reads the company's orders or placed this one. `withOrderer`: whoever placed the order
 * too, even after an unfollow (news of the order itself, not of its conversation). Sorted, so the
 * mails go out in a stable order.
 */
export async function followersToNotify(db: Db, acting: Pick<Acting, 'tenantId' | 'customerId'>, order: Pick<ReadOrder, 'id' | 'orderedById'>, authorId: string | null, opts: { withOrderer?: boolean } = {}): Promise<string[]> {
  const rows = await scoped(db, acting, order.id).select(['userId', 'following']).execute();
  const explicit = new Map(rows.map((r) => [r.userId, r.following]));
  const candidates = new Set(rows.filter((r) => r.following).map((r) => r.userId));
  if (order.orderedById && (opts.withOrderer || explicit.get(order.orderedById) !== false)) candidates.add(order.orderedById);
  if (authorId) candidates.delete(authorId);
  if (!candidates.size) return [];
  const users = await db.selectFrom('users as u')
    .leftJoin('customerAccesses as ca', (join) => join.onRef('ca.userId', '=', 'u.id')
      .on('ca.tenantId', '=', acting.tenantId).on('ca.customerId', '=', acting.customerId).on('ca.active', 'is not', false))
    .select(['u.id', 'u.userType', 'ca.id as accessId', 'ca.roles'])
    .where('u.tenantId', '=', acting.tenantId).where('u.id', 'in', [...candidates]).where('u.active', 'is not', false)
    .execute();
  const mayRead = (u: (typeof users)[number]) => u.userType === 1 || u.userType === 2
    || (!!u.accessId && (u.id === order.orderedById || roleList(u.roles).some((r) => COMPANY_ROLES.includes(r))));
  return [...new Set(users.filter(mayRead).map((u) => u.id))].sort();
}
