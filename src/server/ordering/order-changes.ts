import { sql, type Kysely } from 'kysely';
import type { Owner } from '../crud/scope';
import { ApiError, invalid } from '../errors';
import type { AuthContext } from '../types';
import type { Acting } from './acting';
import { recordHistory } from './record-history';
import { lockOrder, orderDto } from './order-query';
import type { DB } from '../../../generated/db/database.gen';

/** flows §3, §4: changes to an order outside its decision — archiving and its extra info. */

/** Statuses after which an order is final: its extra info no longer changes (flows §3). */
export const FINAL_STATUSES: ReadonlySet<string> = new Set(['approved', 'rejected']);

/** Who changes an order's extra info: whoever placed it, a customer admin or validator, a super admin (whatever its status). */
export function mayWriteExtraInfo(who: Pick<AuthContext, 'user' | 'access'>, order: { orderedById?: unknown }): boolean {
  const roles = who.access?.roles ?? [];
  return who.user.userType === 1 || order.orderedById === who.user.id || ['admin', 'validator'].some((r) => roles.includes(r));
}
const EXTRA_INFO_MAX = 2000;

/** The order as the caller may read it, locked for the change (OrderNotFound otherwise). */
async function lockedOrder(db: Kysely<DB>, acting: Acting, id: unknown, onlyOwn: Owner['onlyOwn']) {
  return lockOrder(db, acting, id, onlyOwn, ['status', 'archived', 'orderedById']);
}

/**
 * PATCH /v2/orders/{id}/archive: sets the archived flag (`archived`, or the other way round when
 * absent). Archiving is recorded in the order's history; an order already in that state is left alone.
 */
export async function archiveOrder(db: Kysely<DB>, acting: Acting, orderId: unknown, archived: boolean | undefined, onlyOwn?: Owner['onlyOwn']) {
  return db.transaction().execute(async (trx) => {
    const order = await lockedOrder(trx, acting, orderId, onlyOwn);
    const id = String(orderId);
    const next = archived ?? !order.archived;
    if (next !== order.archived) {
      await trx.updateTable('orders').set({ archived: next, updatedAt: sql`now()` }).where('id', '=', id).where('tenantId', '=', acting.tenantId).execute();
      if (next) await recordHistory(trx, acting, { orderId: id, action: 'archived', userId: acting.userId });
    }
    return orderDto(trx, acting, id);
  });
}

/**
 * PATCH /v2/orders/{id}/extra-info {extraInfo}: for the person who placed the order or a user whose
 * roles decide on the company's orders (UnauthorizedRole otherwise), until the order is final
 * (OrderIsFinal). Empty text clears it.
 */
export async function changeExtraInfo(db: Kysely<DB>, acting: Acting, who: Pick<AuthContext, 'user' | 'access'>, orderId: unknown, extraInfo: string | null | undefined, onlyOwn?: Owner['onlyOwn']) {
  const text = extraInfo?.trim() || null;
  if (text && text.length > EXTRA_INFO_MAX) throw invalid('extraInfo', 'maxLength');
  return db.transaction().execute(async (trx) => {
    const order = await lockedOrder(trx, acting, orderId, onlyOwn);
    const id = String(orderId);
    if (!mayWriteExtraInfo(who, order)) throw new ApiError('UnauthorizedRole');
    if (FINAL_STATUSES.has(String(order.status))) throw new ApiError('OrderIsFinal');
    await trx.updateTable('orders').set({ extraInfo: text, updatedAt: sql`now()` }).where('id', '=', id).where('tenantId', '=', acting.tenantId).execute();
    return orderDto(trx, acting, id);
  });
}
