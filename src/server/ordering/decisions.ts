import { sql, type Kysely, type Transaction } from 'kysely';
import { ORDER_STATUSES, orderWorkflow } from '../../../model';
import { todayInShopZone } from '../../shared/shop-clock';
import { toCents } from '../../shared/money';
import { ApiError, invalid } from '../errors';
import type { AuthContext } from '../types';
import type { Acting } from './acting';
import type { Owner } from '../crud/scope';
import { problemsError, tenderProblems } from './basket';
import { chargeBudgets, managesBudgets, releaseBudgets } from './budgets';
import { recordHistory } from './record-history';
import { supplierBudgetProblems } from './supplier-budget';
import { queueOrderMail } from '../mail/order-mail';
import { orderDeciders } from '../mail/recipients';
import { FINAL_STATUSES, mayWriteExtraInfo } from './order-changes';
import { canCall } from '../../shared/access';
import { orderContracts } from '../../shared/contracts/orders';
import { settlePoints } from './loyalty';
import { createSupplierOrders } from '../fulfilment/split';
import { queueSupplierOrderSending } from '../fulfilment/send-queue';
import { lockOrder, orderDto } from './order-query';
import { editDecisions, type EditDecisions } from './order-edits';
import type { DB } from '../../../generated/db/database.gen';

/**
 * flows §4: approving and rejecting an order, as the workflow of the model (orderWorkflow) allows.
 * The decision, the status change, the budgets charged or released and its history entry are one transaction on the locked order
 * row, so two people deciding at once take turns and the second finds the order already moved on.
 */

type Status = keyof typeof ORDER_STATUSES;
type Transition = (typeof orderWorkflow.transitions)[number];
type Who = Pick<AuthContext, 'user' | 'access'>;
type Db = Kysely<DB> | Transaction<DB>;

/** Mails "waiting for your approval" to whoever decides the order next (in the caller's transaction, after the status change). */
export async function notifyDeciders(trx: Transaction<DB>, acting: Pick<Acting, 'tenantId'>, orderId: string): Promise<void> {
  await queueOrderMail(trx, { tenantId: acting.tenantId, orderId, kind: 'orderWaitingForApproval', recipients: await orderDeciders(trx, { tenantId: acting.tenantId, orderId }) });
}

/** Statuses in which an order's budgets may change (ordering/order-budgets.ts). */
export const BUDGET_STATUSES = new Set<string>(['toApproveBudget', 'toApprove', 'incomplete', 'financeApproval']);

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
 * Whether the caller may take `t` on an order: a super admin always; otherwise one of the acting
 * access's roles named by the transition, where 'validator' counts only for the validator of the
 * order's department, or 'orderer' when the caller placed the order (`orderedById`).
 */
export function mayTake(t: Transition, who: Who, validatorOf: string | null, orderedById?: unknown): boolean {
  if (who.user.userType === 1) return true;
  if (t.by.includes('orderer') && orderedById === who.user.id) return true;
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

/** The customer's finance approval threshold excluding VAT, in cents, or null (no finance step). */
export async function financeThreshold(db: Db, acting: Pick<Acting, 'tenantId' | 'customerId'>): Promise<bigint | null> {
  const customer = await db.selectFrom('customers').select('financeApprovalThreshold').where('id', '=', acting.customerId)
    .where('tenantId', '=', acting.tenantId).executeTakeFirst();
  return customer?.financeApprovalThreshold == null ? null : toCents(customer.financeApprovalThreshold);
}

/** Whether an order reaches the threshold: its total excluding VAT (products and shipping) is at least it. */
export function reachesThreshold(threshold: bigint | null, order: OrderMoney): boolean {
  if (threshold == null) return false;
  const cents = (v: string | number | null) => (v == null ? 0n : toCents(v));
  return cents(order.totalProductCostExcl) + cents(order.shippingCost) >= threshold;
}

/** Whether approving the order needs finance: its total excluding VAT (products and shipping) reaches the customer's threshold. */
async function needsFinance(db: Db, acting: Pick<Acting, 'tenantId' | 'customerId'>, order: OrderMoney): Promise<boolean> {
  return reachesThreshold(await financeThreshold(db, acting), order);
}

/** What the caller may do on an order now; the order answer carries it and the order page shows only these controls. */
export interface OrderDecisions extends EditDecisions {
  approve: boolean;
  reject: boolean;
  /** Change the lines' budgets (customers with the budgets feature, while they are open). */
  budgets: boolean;
  /** Confirm the budgets (validate-budgets) in toApproveBudget. */
  confirmBudgets: boolean;
  /** Change the extra info (until the order is final). */
  extraInfo: boolean;
  /** Archive it or bring it back. */
  archive: boolean;
}

/**
 * What the caller may do on an order now (the order page shows these buttons only): approve and
 * reject as the workflow allows; change the budgets while they are open (whoever placed it or a
 * manager, customers with the budgets feature); confirm them in toApproveBudget; change the extra
 * info; archive (the orders area's W letter).
 */
export async function decisionsFor(db: Db, acting: Pick<Acting, 'tenantId' | 'customerId' | 'features'>, who: Who & Pick<AuthContext, 'subject'>,
  order: Record<string, unknown>): Promise<OrderDecisions> {
  const text = (v: unknown) => (v == null ? null : String(v));
  const status = order.status as Status;
  const validator = await validatorOf(db, acting, text(order.departmentId));
  const may = (t: Transition | undefined) => !!t && mayTake(t, who, validator, order.orderedById);
  const money = { totalProductCostExcl: text(order.totalProductCostExcl), shippingCost: text(order.shippingCost) };
  const withBudgets = acting.features.includes('budgets') && BUDGET_STATUSES.has(status);
  const placedIt = order.orderedById === who.user.id;
  return {
    approve: may(transitionFor(status, true, await needsFinance(db, acting, money))),
    reject: may(transitionFor(status, false, false)),
    budgets: withBudgets && (placedIt || managesBudgets(who)),
    confirmBudgets: withBudgets && status === 'toApproveBudget' && may(orderWorkflow.transitions.find((t) => t.action === 'assignBudgets')),
    extraInfo: !FINAL_STATUSES.has(status) && mayWriteExtraInfo(who, order),
    archive: canCall(orderContracts.archive.access, who.subject),
    ...editDecisions(acting, who, order),
  };
}

/** An order as the order calls answer it: with the decisions the caller may take on it now (the order page's buttons). */
export async function orderAnswer<O extends Record<string, unknown>>(db: Db, acting: Pick<Acting, 'tenantId' | 'customerId' | 'features'>,
  who: Who & Pick<AuthContext, 'subject'>, order: O): Promise<{ result: O & { decisions: OrderDecisions } }> {
  return { result: { ...order, decisions: await decisionsFor(db, acting, who, order) } };
}

/**
 * PATCH /v2/orders/{orderId}/validate: approves or rejects the order. Refusals, each changing
 * nothing: OrderNotFound (not the acting customer's), OrderNotInStep (its status has no such step,
 * e.g. decided already), UnauthorizedRole (the step is not the caller's), EmptyOrderCantBeApproved,
 * a missing reason on a rejection (validationFailed on `reason`). `onBehalf`: a platform admin
 * decides for the customer (the step due is taken whatever their roles; the history names them).
 */
export async function decide(db: Kysely<DB>, acting: Acting, who: Who, orderId: unknown, decision: Decision, onlyOwn?: Owner['onlyOwn'], opts: { onBehalf?: boolean } = {}) {
  const reason = decision.reason?.trim() || null;
  if (!decision.approve && !reason) throw invalid('reason', 'required');
  if (reason && reason.length > REASON_MAX) throw invalid('reason', 'maxLength');
  const id = String(orderId);
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, acting, id, onlyOwn, ['status', 'departmentId', 'totalProductCostExcl', 'shippingCost', 'orderDate', 'orderNumber', 'orderedById']);
    const status = order.status as Status;
    const step = transitionFor(status, decision.approve, await needsFinance(trx, acting, order));
    if (!step) throw new ApiError('OrderNotInStep');
    // A platform admin deciding on the customer's behalf (POST /admin/orders/validate) takes whatever step is due.
    if (!opts.onBehalf && !mayTake(step, who, await validatorOf(trx, acting, order.departmentId as string | null))) throw new ApiError('UnauthorizedRole');
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
      // The suppliers' finance budgets for the period the order was placed in, without the order itself.
      const overBudget = await supplierBudgetProblems(trx, acting.tenantId, perSupplier.filter((r) => r.supplierId).map((r) => ({ supplierId: String(r.supplierId), cents: toCents(r.total) })),
        todayInShopZone(new Date(order.orderDate as Date)), id);
      if (overBudget.length) throw problemsError(overBudget);
      // The validator's approval charges the lines' budgets (finance decides on money already reserved).
      if (status === 'toApprove') await chargeBudgets(trx, acting, id, new Date(order.orderDate as Date), who.user.id);
    } else {
      // A rejection gives back whatever the order had charged.
      await releaseBudgets(trx, acting, id, who.user.id);
    }
    await trx.updateTable('orders').set({ status: step.to, rejectionReason: decision.approve ? null : reason, updatedAt: sql`now()` })
      .where('id', '=', id).where('tenantId', '=', acting.tenantId).execute();
    // An approved order goes to its suppliers: one supplier order per supplier, in this transaction,
    // each sent by a job that runs once it commits (src/server/fulfilment/send-job.ts).
    if (step.to === 'approved') await queueSupplierOrderSending(trx, acting.tenantId, await createSupplierOrders(trx, acting, id));
    if (step.to === 'approved' || step.to === 'rejected') {
      await settlePoints(trx, acting, { id, orderNumber: order.orderNumber as string | null, totalProductCostExcl: order.totalProductCostExcl }, step.to);
    }
    const action = step.to === 'rejected' ? 'rejected' : step.to === 'approved' ? 'approved' : 'statusChanged';
    await recordHistory(trx, acting, { orderId: id, action, userId: who.user.id, fromStatus: status, toStatus: step.to, reason: decision.approve ? null : reason });
    // The mails go with the decision: queued in this transaction, sent once it commits.
    const orderedBy = [order.orderedById as string | null];
    if (step.to === 'financeApproval') await notifyDeciders(trx, acting, id);
    else if (step.to === 'approved') await queueOrderMail(trx, { tenantId: acting.tenantId, orderId: id, kind: 'orderApproved', recipients: orderedBy });
    else if (step.to === 'rejected') await queueOrderMail(trx, { tenantId: acting.tenantId, orderId: id, kind: 'orderRejected', reason: reason ?? '', recipients: orderedBy });
    return orderDto(trx, acting, id);
  });
}
