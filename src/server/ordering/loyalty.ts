import { sql, type Kysely, type Transaction } from 'kysely';
import { CONSTANTS } from '../../../model';
import { toCents } from '../../shared/money';
import { hasFeature, type Acting } from './acting';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The loyalty ledger (core §7 Budgets and loyalty): a customer's balance is the sum of its entries;
 * spending points on an order books a negative entry. One point is worth CONSTANTS.loyaltyPointValue.
 */

export const POINT_VALUE_CENTS = toCents(CONSTANTS.loyaltyPointValue);

/** The customer's points; a customer without the ycoin feature has none to spend. */
export async function pointsBalance(db: Kysely<DB>, acting: Acting): Promise<number> {
  if (!hasFeature(acting, 'ycoin')) return 0;
  const row = await db.selectFrom('loyaltyTransactions').select(sql<string>`coalesce(sum(points), 0)::text`.as('balance'))
    .where('tenantId', '=', acting.tenantId).where('customerId', '=', acting.customerId).executeTakeFirstOrThrow();
  return Number(row.balance);
}

/** Serialises spending of one customer's points (inside the caller's transaction) so two orders cannot spend them twice. */
export async function lockPoints(db: Kysely<DB>, acting: Acting): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`loyalty:${acting.tenantId}:${acting.customerId}`}, 0))`.execute(db);
}

export interface Discount { discountCents: bigint; pointsUsed: number }

/**
 * The discount of spending up to `points` (never more than the balance) on `costCents`: the
 * points' value, at most the cost. Only the points the discount needs are used (rounded up).
 */
export function discountFor(costCents: bigint, points: number, balance: number): Discount {
  const spendable = BigInt(Math.max(0, Math.min(points, balance)));
  const cost = costCents > 0n ? costCents : 0n;
  const value = spendable * POINT_VALUE_CENTS;
  const discountCents = value < cost ? value : cost;
  const pointsUsed = Number((discountCents + POINT_VALUE_CENTS - 1n) / POINT_VALUE_CENTS);
  return { discountCents, pointsUsed };
}

/**
 * What an order does to the customer's points when it is decided (in the decision's transaction):
 * approved, it earns CONSTANTS.loyaltyPointsPerEuro per whole euro of its products excluding VAT;
 * rejected, the points spent on it come back. Customers without ycoin are left alone.
 */
export async function settlePoints(trx: Transaction<DB>, acting: Acting, order: { id: string; orderNumber: string | null; totalProductCostExcl: unknown }, outcome: 'approved' | 'rejected'): Promise<void> {
  if (!hasFeature(acting, 'ycoin')) return;
  const owner = { tenantId: acting.tenantId, customerId: acting.customerId, orderId: order.id };
  if (outcome === 'approved') {
    const euros = toCents(String(order.totalProductCostExcl ?? '0')) / 100n;
    const points = Number(euros) * CONSTANTS.loyaltyPointsPerEuro;
    if (points > 0) await trx.insertInto('loyaltyTransactions').values({ ...owner, points, reason: order.orderNumber ?? order.id }).execute();
    return;
  }
  const spent = await trx.selectFrom('loyaltyTransactions').select(sql<string>`coalesce(sum(points), 0)::text`.as('net'))
    .where('tenantId', '=', acting.tenantId).where('orderId', '=', order.id).executeTakeFirstOrThrow();
  const back = -Number(spent.net);
  if (back > 0) await trx.insertInto('loyaltyTransactions').values({ ...owner, points: back, reason: order.orderNumber ?? order.id }).execute();
}
