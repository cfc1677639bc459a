import { sql, type Kysely } from 'kysely';
import { ORDER_STATUSES } from '../../../model';
import { fromCents, toCents } from '../../shared/money';
import { ApiError } from '../errors';
import type { AuthContext } from '../types';
import type { Owner } from '../crud/scope';
import type { Acting } from './acting';
import { orderContexts } from './order-context';
import { decide, financeThreshold, mayTake, reachesThreshold, transitionFor } from './decisions';
import { hasSteps, waitingFor } from './tasks';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The approver's inbox of flows §4 (issue 29): the orders waiting for the caller with what they need
 * to decide (GET /v2/orders/to-approve) and approving several orders at once (POST /v2/orders/validate-bulk), each through `decide`, the
 * one decision of PATCH /v2/orders/{orderId}/validate.
 */

type Status = keyof typeof ORDER_STATUSES;
type Who = Pick<AuthContext, 'user' | 'access'>;

/** The inbox's longest list (the rest is counted in `total`). */
const INBOX_MAX = 500;

/**
 * GET /v2/orders/to-approve: the orders waiting for the caller by the rule of the to-approve count
 * (tasks.ts waitingFor), oldest first, each with its context and the decisions the caller may take
 * on it now, as the decision itself judges them (transitionFor and mayTake of decisions.ts).
 */
export async function approvalInbox(db: Kysely<DB>, acting: Acting, who: Who) {
  if (!hasSteps(who)) return { items: [], total: 0 };
  const base = () => waitingFor(db.selectFrom('orders').where('orders.tenantId', '=', acting.tenantId)
    .where('orders.customerId', '=', acting.customerId).where('orders.archived', '=', false), who);
  const total = Number((await base().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base().leftJoin('customerDepartments as d', (j) => j.onRef('d.id', '=', 'orders.departmentId').onRef('d.customerId', '=', 'orders.customerId'))
    .select(['orders.id', 'orders.orderNumber', 'orders.orderDate', 'orders.status', 'orders.about', 'orders.orderedById',
      'orders.totalProductCostExcl', 'orders.shippingCost', 'd.validatorUserId'])
    .orderBy('orders.orderDate', 'asc').orderBy('orders.id').limit(INBOX_MAX).execute();
  const contexts = await orderContexts(db, acting, rows.map((r) => String(r.id)));
  const threshold = await financeThreshold(db, acting);
  const items = [];
  for (const r of rows) {
    const id = String(r.id);
    const status = r.status as Status;
    const money = { totalProductCostExcl: r.totalProductCostExcl as string | null, shippingCost: r.shippingCost as string | null };
    const validator = (r.validatorUserId as string | null) ?? null;
    const may = (approve: boolean, finance: boolean) => {
      const step = transitionFor(status, approve, finance);
      return !!step && mayTake(step, who, validator, r.orderedById);
    };
    const cents = (v: string | null) => (v == null ? 0n : toCents(v));
    items.push({
      orderId: id, orderNumber: (r.orderNumber as string | null) ?? null,
      orderDate: r.orderDate instanceof Date ? r.orderDate.toISOString() : (r.orderDate as string | null) ?? null,
      status, about: (r.about as string | null) ?? null,
      totalExcl: fromCents(cents(money.totalProductCostExcl) + cents(money.shippingCost)),
      approve: may(true, reachesThreshold(threshold, money)), reject: may(false, false),
      ...contexts.get(id)!,
    });
  }
  return { items, total };
}

export interface BulkOutcome { orderId: string; ok: boolean; status?: string; errorCode?: string }

/**
 * POST /v2/orders/validate-bulk: approves each order through `decide` (its own transaction, its
 * history and mails), one after the other, so a refusal of one (its errorCode) leaves the others
 * approved. An error that is no refusal stops the run: the orders before it stay decided.
 */
export async function approveMany(db: Kysely<DB>, acting: Acting, who: Who, orderIds: readonly string[], onlyOwn?: Owner['onlyOwn']): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = [];
  for (const orderId of new Set(orderIds)) {
    try {
      const order = await decide(db, acting, who, orderId, { approve: true }, onlyOwn);
      outcomes.push({ orderId, ok: true, status: String((order as Record<string, unknown>).status) });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      outcomes.push({ orderId, ok: false, errorCode: e.errorCode });
    }
  }
  return outcomes;
}
