import { sql, type Kysely } from 'kysely';
import type { Owner } from '../crud/scope';
import { ApiError } from '../errors';
import type { AuthContext } from '../types';
import type { Acting } from './acting';
import { recordHistory } from './record-history';
import { lockOrder, orderDto } from './order-query';
import type { DB } from '../../../generated/db/database.gen';

/**
 * flows §4 "Transactions can be locked" (PATCH /v2/orders/{id}/lock-transactions): the order's
 * money is settled, so what it charges no longer moves — its lines (amounts, removals), splits and
 * budgets are refused (OrderTransactionsLocked) until it is unlocked. Its decision, archive, data
 * and extra info still change: locking freezes what the order costs, not its handling.
 *
 * Decisions (docs/decisions/0001-orders.md, "Locked transactions"): customer admins and finance users lock and unlock (they own the books); a
 * super admin too. Unlocking is the same call with {locked: false}; both are in the history.
 */

type Who = Pick<AuthContext, 'user' | 'access'>;

/** Who locks and unlocks an order's transactions: a customer admin, a finance user or a super admin. */
export function mayLockTransactions(who: Who): boolean {
  if (who.user.userType === 1) return true;
  const roles = who.access?.roles ?? [];
  return roles.includes('admin') || roles.includes('finance');
}

/** Refuses a change of a locked order's lines, splits or budgets (in the transaction holding the order row's lock). */
export function assertUnlocked(order: { transactionsLocked?: unknown }): void {
  if (order.transactionsLocked) throw new ApiError('OrderTransactionsLocked');
}

/**
 * Locks (`locked` true, the default) or unlocks the order's transactions on the locked order row;
 * UnauthorizedRole for anyone but a customer admin, finance or a super admin. Setting what is
 * already set changes nothing and records nothing.
 */
export async function lockTransactions(db: Kysely<DB>, acting: Acting, who: Who, orderId: unknown, locked: boolean, onlyOwn?: Owner['onlyOwn']) {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, acting, orderId, onlyOwn, ['id', 'transactionsLocked']);
    if (!mayLockTransactions(who)) throw new ApiError('UnauthorizedRole');
    const id = String(order.id);
    if (!!order.transactionsLocked !== locked) {
      await trx.updateTable('orders').set({ transactionsLocked: locked, updatedAt: sql`now()` }).where('id', '=', id).where('tenantId', '=', acting.tenantId).execute();
      await recordHistory(trx, acting, { orderId: id, action: locked ? 'transactionsLocked' : 'transactionsUnlocked', userId: who.user.id });
    }
    return orderDto(trx, acting, id);
  });
}
