import { sql, type Kysely, type Transaction } from 'kysely';
import { ORDER_STATUSES, orderWorkflow } from '../../../model';
import { toCents } from '../money';
import { ApiError, invalid } from '../errors';
import type { AuthContext } from '../types';
import type { Acting } from './acting';
import type { Owner } from '../crud/scope';
import { problemsError, tenderProblems } from './basket';
import { recordHistory } from './history';
import { orderDto, orderQuery } from './orders';
import type { DB } from '../../../generated/db/database.gen';

/**
 * flows §4: approving and rejecting an order, as the workflow of the model (orderWorkflow) allows.
 * The decision, the status change and its history entry are one transaction on the locked order
 * row, so two people deciding at once take turns and the second finds the order already moved on.
 */

type Status = keyof typeof ORDER_STATUSES;
type Transition = (typeof orderWorkflow.transitions)[number];
type Who = Pick<AuthContext, 'user' | 'access'>;
type Db = Kysely<DB> | Transaction<DB>;

/** The longest reason kept (the orders' rejectionReason field). */
const REASON_MAX = 2000;

export interface Decision {
  approve: boolean;
  reason?: string | null;
}

/** The workflow's step for a decision on an order in `status`: approving in toApprove needs finance above the threshold. */
export function transitionFor(status: Status, approve: boolean, needsFinance: boolean): Transition | undefined {
  const candidates = orderWorkflow.transitions.filter((t) => t.from.includes(status) && (approve ? t.to !== 'rejected' : t.to === 'rejected'));
  if (!approve) return candidates[0];
  // toApproveBudget → toApprove is the budget assignment's step, not a decision.
  const decisions = candidates.filter((t) => t.action !== 'assignBudgets');
  // Where the workflow offers both (toApprove), the threshold chooses between finance and approved.
  if (!decisions.some((t) => t.to === 'financeApproval')) return decisions[0];
  return decisions.find((t) => (t.to === 'financeApproval') === needsFinance);
}

/**
 * Whether the caller may take `t` on an order of `departmentId`: a super admin always; otherwise one
 * of the acting access's roles named by the transition, where 'validator' counts only for the
 * validator of the order's department.
 */
export function mayTake(t: Transition, who: Who, validatorOf: string | null): boolean {
  if (who.user.userType === 1) return true;
  const roles = who.access?.roles ?? [];
  return t.by.some((role) => roles.includes(role) && (role !== 'validator' || validatorOf === who.user.id));
}

/** The validator of a department of the customer, or null (no department, or none assigned). */
export async function validatorOf(db: Db, acting: Pick<Acting, 'tenantId' | 'customerId'>, departmentId: string | null): Promise<string | null> {
  if (!departmentId) return null;
  const row = await db.selectFrom('customerDepartments').select('validatorUserId').where('id', '=', departmentId)
    .where('tenantId', '=', acting.tenantId).where('customerId', '=', acting.customerId).executeTakeFirst();
  return (row?.validatorUserId as string | null | undefined) ?? null;
}

interface OrderMoney { totalProductCostExcl: string | number | null; shippingCost: string | number | null }

/** Whether approving the order needs finance: its total excluding VAT (products and shipping) reaches the customer's threshold. */
async function needsFinance(db: Db, acting: Pick<Acting, 'tenantId' | 'customerId'>, order: OrderMoney): Promise<boolean> {
  const customer = await db.selectFrom('customers').select('financeApprovalThreshold').where('id', '=', acting.customerId)
    .where('tenantId', '=', acting.tenantId).executeTakeFirst();
  if (customer?.financeApprovalThreshold == null) return false;
  const cents = (v: string | number | null) => (v == null ? 0n : toCents(v));
  return cents(order.totalProductCostExcl) + cents(order.shippingCost) >= toCents(customer.financeApprovalThreshold);
}

/** The decisions the caller may take on an order now (the order page shows these buttons only). */
export async function decisionsFor(db: Db, acting: Pick<Acting, 'tenantId' | 'customerId'>, who: Who,
  order: Record<string, unknown>): Promise<{ approve: boolean; reject: boolean }> {
  const text = (v: unknown) => (v == null ? null : String(v));
  const status = order.status as Status;
  const validator = await validatorOf(db, acting, text(order.departmentId));
  const may = (t: Transition | undefined) => !!t && mayTake(t, who, validator);
  const money = { totalProductCostExcl: text(order.totalProductCostExcl), shippingCost: text(order.shippingCost) };
  return { approve: may(transitionFor(status, true, await needsFinance(db, acting, money))), reject: may(transitionFor(status, false, false)) };
}

/**
 * PATCH /v2/orders/{orderId}/validate: approves or rejects the order. Refusals, each changing
 * nothing: OrderNotFound (not the acting customer's), OrderNotInStep (its status has no such step,
 * e.g. decided already), UnauthorizedRole (the step is not the caller's), EmptyOrderCantBeApproved,
 * a missing reason on a rejection (validationFailed on `reason`).
 */
export async function decide(db: Kysely<DB>, acting: Acting, who: Who, orderId: unknown, decision: Decision, onlyOwn?: Owner['onlyOwn']) {
  const reason = decision.reason?.trim() || null;
  if (!decision.approve && !reason) throw invalid('reason', 'required');
  if (reason && reason.length > REASON_MAX) throw invalid('reason', 'maxLength');
  const id = String(orderId);
  return db.transaction().execute(async (trx) => {
    const order = await orderQuery(trx, acting, id, onlyOwn).select(['status', 'departmentId', 'totalProductCostExcl', 'shippingCost'])
      .forUpdate().executeTakeFirst();
    if (!order) throw new ApiError('OrderNotFound');
    const status = order.status as Status;
    const step = transitionFor(status, decision.approve, await needsFinance(trx, acting, order));
    if (!step) throw new ApiError('OrderNotInStep');
    if (!mayTake(step, who, await validatorOf(trx, acting, order.departmentId as string | null))) throw new ApiError('UnauthorizedRole');
    if (decision.approve) {
      const lines = await trx.selectFrom('orderLines').select(sql<number>`count(*)::int`.as('n')).where('orderId', '=', id)
        .where('tenantId', '=', acting.tenantId).executeTakeFirstOrThrow();
      if (Number(lines.n) === 0) throw new ApiError('EmptyOrderCantBeApproved');
      // flows §9: checked again at approval (lines can change after ordering).
      const perSupplier = await trx.selectFrom('orderLines as l').leftJoin('suppliers as s', 's.id', 'l.supplierId')
        .select(['l.supplierId', 's.name', sql<string>`coalesce(sum(l.total_line_cost_excl), 0)`.as('total')])
        .where('l.orderId', '=', id).where('l.tenantId', '=', acting.tenantId).groupBy(['l.supplierId', 's.name']).execute();
      const over = tenderProblems(perSupplier.map((r) => ({ supplierId: String(r.supplierId), supplierName: r.name as string | null, cents: toCents(r.total) })));
      if (over.length) throw problemsError(over);
    }
    await trx.updateTable('orders').set({ status: step.to, rejectionReason: decision.approve ? null : reason, updatedAt: sql`now()` })
      .where('id', '=', id).where('tenantId', '=', acting.tenantId).execute();
    const action = step.to === 'rejected' ? 'rejected' : step.to === 'approved' ? 'approved' : 'statusChanged';
    await recordHistory(trx, acting, { orderId: id, action, userId: who.user.id, fromStatus: status, toStatus: step.to, reason: decision.approve ? null : reason });
    return orderDto(trx, acting, id);
  });
}
