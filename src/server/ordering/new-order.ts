import type { Transaction } from 'kysely';
import type { ORDER_STATUSES } from '../../../model';
import { hasFeature, type Acting } from './acting';
import type { PostalAddress } from './address-book';
import { notifyDeciders } from './decisions';
import { recordHistory } from './record-history';
import { nextOrderNumber } from './order-number';
import type { DB } from '../../../generated/db/database.gen';

/**
 * What every new order shares, whichever way it was placed (the basket and a duplicate through
 * orders.ts placeOrder, an order form or order request through order-form.ts and order-request.ts),
 * so the rules are written once: the tenant's order number, the status a new order starts in, the
 * postal copy of its address, and its 'created' history entry with the deciders' mail.
 */

type Status = keyof typeof ORDER_STATUSES;

/**
 * The status a new order enters the workflow in (flows §4): with the budgets feature its lines wait
 * for budgets first (toApproveBudget), otherwise it waits for its validator (toApprove).
 */
export function initialStatus(acting: Acting): Status {
  return hasFeature(acting, 'budgets') ? 'toApproveBudget' : 'toApprove';
}

/** The next order number of the acting tenant, with its supplier-order prefix (order-number.ts). */
export async function newOrderNumber(trx: Transaction<DB>, acting: Pick<Acting, 'tenantId'>): Promise<string> {
  const tenant = await trx.selectFrom('tenants').select('supplierOrderPrefix').where('id', '=', acting.tenantId).executeTakeFirst();
  return nextOrderNumber(trx, acting.tenantId, tenant?.supplierOrderPrefix);
}

/** The copy of an address an order keeps (every postal key present; Belgium when no country is given). */
export const postal = (a: PostalAddress | null | undefined) => ({
  street: a?.street ?? null, houseNumber: a?.houseNumber ?? null, bus: a?.bus ?? null,
  zipCode: a?.zipCode ?? null, city: a?.city ?? null, countryCode: a?.countryCode ?? 'BE',
});

/**
 * The history and mail of an order entering the workflow, in the caller's transaction: its entry
 * ('created' for a new order, or `action` for one that enters later, such as a completed order
 * request, with the status it came from) and, when it waits for a validator at once (no budgets to
 * assign first), the "waiting for your approval" mail to whoever decides it.
 */
export async function orderEntered(trx: Transaction<DB>, acting: Acting, orderId: string, status: Status, entry: {
  action?: 'created' | 'statusChanged'; fromStatus?: Status | null; reason?: string | null;
} = {}): Promise<void> {
  await recordHistory(trx, acting, {
    orderId, action: entry.action ?? 'created', userId: acting.userId, fromStatus: entry.fromStatus ?? null, toStatus: status, reason: entry.reason ?? null,
  });
  if (status === 'toApprove') await notifyDeciders(trx, acting, orderId);
}
