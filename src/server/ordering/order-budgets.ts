import { sql, type Kysely, type Transaction } from 'kysely';
import { orderWorkflow } from '../../../model';
import type { Owner } from '../crud/scope';
import { ApiError } from '../errors';
import { toCents } from '../../shared/money';
import type { AuthContext } from '../types';
import { hasFeature, type Acting } from './acting';
import { budgetRow, linesPerBudget, managesBudgets, periodOf, releaseBudgets, spentCents, usableBudget, type BudgetRow } from './budgets';
import { todayInShopZone } from '../../shared/shop-clock';
import { BUDGET_STATUSES, mayTake, notifyDeciders, validatorOf } from './decisions';
import { recordHistory } from './record-history';
import { assertUnlocked } from './order-lock';
import { lockOrder, orderDto } from './order-query';
import type { DB } from '../../../generated/db/database.gen';

/**
 * flows §4 Budget assignment, §5: the order's lines get budgets (assign-budget), lose them
 * (remove-budget), and once every line has one the order goes on to its validator
 * (validate-budgets). Each call is one transaction on the locked order row; a refusal changes
 * nothing, which is the spec's "the budget is removed again for the same order" when assigning fails.
 */

type Who = Pick<AuthContext, 'user' | 'access'>;

const FINAL = new Set(['approved', 'rejected']);

async function lockedOrder(trx: Transaction<DB>, acting: Acting, id: unknown, onlyOwn: Owner['onlyOwn']) {
  const row = await lockOrder(trx, acting, id, onlyOwn, ['id', 'status', 'orderedById', 'orderDate', 'departmentId', 'transactionsLocked']);
  const status = String(row.status);
  if (FINAL.has(status)) throw new ApiError('OrderIsFinal');
  if (!BUDGET_STATUSES.has(status)) throw new ApiError('OrderNotInStep');
  // flows §4: a locked order's budgets no longer change (ordering/order-lock.ts).
  assertUnlocked(row);
  return { ...row, id: String(row.id), status, orderDate: new Date(row.orderDate as Date) };
}

/** Who may put budgets on an order: whoever placed it, a manager, or the holder of the budget used. */
function mayAssign(who: Who, order: { orderedById: unknown }, budget: BudgetRow): boolean {
  return managesBudgets(who) || order.orderedById === who.user.id || (!!budget.customerAccessId && budget.customerAccessId === who.access?.id);
}

/** Refuses when the lines' total charged to `budget` would exceed what is left of the order's period. */
async function assertEnough(trx: Transaction<DB>, acting: Acting, orderId: string, orderDate: Date, budget: BudgetRow): Promise<void> {
  const { start } = periodOf(budget.period, todayInShopZone(orderDate));
  const needed = (await linesPerBudget(trx, acting, orderId)).get(budget.id) ?? 0n;
  if ((await spentCents(trx, acting, budget.id, start)) + needed > toCents(budget.amount)) throw new ApiError('BudgetNotEnough');
}

export interface AssignInput { budgetId: string; orderLineIds?: string[] | null }
type LockedOrder = Awaited<ReturnType<typeof lockedOrder>>;

/**
 * POST /v2/orders/{id}/assign-budget {budgetId, orderLineIds?}: the budget goes on the given lines
 * (every line without a budget when none are named). Refused: NoOrderLinesProvided (an empty list),
 * OrderLineNotInOrder, BudgetsAlreadyAssigned (a named line has a budget, or no line is left
 * without one), BudgetNotEnough, BudgetNotFound (not one the caller may use, or inactive).
 */
export async function assignBudget(db: Kysely<DB>, acting: Acting, who: Who, orderId: unknown, input: AssignInput, onlyOwn?: Owner['onlyOwn']) {
  if (!hasFeature(acting, 'budgets')) throw new ApiError('forbiddenAccess');
  if (input.orderLineIds && input.orderLineIds.length === 0) throw new ApiError('NoOrderLinesProvided');
  return db.transaction().execute(async (trx) => {
    const order = await lockedOrder(trx, acting, orderId, onlyOwn);
    await assignLines(trx, acting, who, order, input);
    return orderDto(trx, acting, order.id);
  });
}

/** assign-budget's work on the locked order, in the caller's transaction: its checks, the lines, its history entry. */
async function assignLines(trx: Transaction<DB>, acting: Acting, who: Who, order: LockedOrder, input: AssignInput): Promise<void> {
  const budget = await usableBudget(trx, acting, who, input.budgetId, { activeOnly: true });
  if (!mayAssign(who, order, budget)) throw new ApiError('UnauthorizedRole');
  const lines = await trx.selectFrom('orderLines').select(['id', 'budgetId']).where('orderId', '=', order.id)
    .where('tenantId', '=', acting.tenantId).execute();
  let targets: string[];
  if (input.orderLineIds) {
    const byId = new Map(lines.map((l) => [String(l.id).toLowerCase(), l]));
    targets = [...new Set(input.orderLineIds.map((id) => id.toLowerCase()))];
    for (const id of targets) {
      const line = byId.get(id);
      if (!line) throw new ApiError('OrderLineNotInOrder');
      if (line.budgetId) throw new ApiError('BudgetsAlreadyAssigned');
    }
  } else {
    targets = lines.filter((l) => !l.budgetId).map((l) => String(l.id));
    if (!targets.length) throw new ApiError(lines.length ? 'BudgetsAlreadyAssigned' : 'NoOrderLinesProvided');
  }
  await trx.updateTable('orderLines').set({ budgetId: budget.id, updatedAt: sql`now()` })
    .where('id', 'in', targets).where('orderId', '=', order.id).where('tenantId', '=', acting.tenantId).execute();
  await assertEnough(trx, acting, order.id, order.orderDate, budget);
  await recordHistory(trx, acting, { orderId: order.id, action: 'budgetAssigned', userId: who.user.id, reason: budget.name });
}

/**
 * POST /v2/orders/{id}/remove-budget {budgetId}: the budget leaves the order's lines. What it had
 * charged is released; an order past the budget step goes back to it (its lines need a budget and
 * the validator's approval again).
 */
export async function removeBudget(db: Kysely<DB>, acting: Acting, who: Who, orderId: unknown, budgetId: string, onlyOwn?: Owner['onlyOwn']) {
  if (!hasFeature(acting, 'budgets')) throw new ApiError('forbiddenAccess');
  return db.transaction().execute(async (trx) => {
    const order = await lockedOrder(trx, acting, orderId, onlyOwn);
    const budget = await budgetRow(trx, acting, budgetId);
    if (!mayAssign(who, order, budget)) throw new ApiError('UnauthorizedRole');
    const taken = await trx.updateTable('orderLines').set({ budgetId: null, updatedAt: sql`now()` })
      .where('orderId', '=', order.id).where('budgetId', '=', budget.id).where('tenantId', '=', acting.tenantId).returning('id').execute();
    if (!taken.length) throw new ApiError('BudgetNotFound');
    await releaseBudgets(trx, acting, order.id, who.user.id, budget.id);
    await recordHistory(trx, acting, { orderId: order.id, action: 'budgetRemoved', userId: who.user.id, reason: budget.name });
    if (order.status !== 'toApproveBudget') {
      await trx.updateTable('orders').set({ status: 'toApproveBudget', updatedAt: sql`now()` }).where('id', '=', order.id).where('tenantId', '=', acting.tenantId).execute();
      await recordHistory(trx, acting, { orderId: order.id, action: 'statusChanged', userId: who.user.id, fromStatus: order.status as never, toStatus: 'toApproveBudget' });
    }
    return orderDto(trx, acting, order.id);
  });
}

/** The workflow's step that confirms the budgets (toApproveBudget → toApprove). */
const ASSIGN_STEP = orderWorkflow.transitions.find((t) => t.action === 'assignBudgets')!;

/**
 * POST /v2/orders/{orderId}/validate-budgets: the order's budgets are complete. At least one
 * budget and every line one (BudgetsRequired), no more budgets than lines, each with enough left
 * (BudgetNotEnough); the order goes from toApproveBudget to toApprove (OrderNotInStep elsewhere).
 */
export async function validateBudgets(db: Kysely<DB>, acting: Acting, who: Who, orderId: unknown, onlyOwn?: Owner['onlyOwn']) {
  return db.transaction().execute(async (trx) => {
    const order = await lockedOrder(trx, acting, orderId, onlyOwn);
    await confirmBudgets(trx, acting, who, order);
    return orderDto(trx, acting, order.id);
  });
}

/** validate-budgets' work on the locked order, in the caller's transaction: its checks, the status, its history entry and the deciders' mail. */
async function confirmBudgets(trx: Transaction<DB>, acting: Acting, who: Who, order: LockedOrder): Promise<void> {
  if (order.status !== 'toApproveBudget') throw new ApiError('OrderNotInStep');
  if (!mayTake(ASSIGN_STEP, who, await validatorOf(trx, acting, order.departmentId as string | null), order.orderedById)) throw new ApiError('UnauthorizedRole');
  const lines = await trx.selectFrom('orderLines').select(['id', 'budgetId']).where('orderId', '=', order.id).where('tenantId', '=', acting.tenantId).execute();
  if (!lines.length) throw new ApiError('NoOrderLinesProvided');
  const budgetIds = new Set(lines.map((l) => l.budgetId).filter(Boolean).map(String));
  if (budgetIds.size === 0 || lines.some((l) => !l.budgetId)) throw new ApiError('BudgetsRequired');
  if (budgetIds.size > lines.length) throw new ApiError('BudgetsRequired');
  for (const id of [...budgetIds].sort()) {
    await assertEnough(trx, acting, order.id, order.orderDate, await budgetRow(trx, acting, id));
  }
  await trx.updateTable('orders').set({ status: ASSIGN_STEP.to, updatedAt: sql`now()` }).where('id', '=', order.id).where('tenantId', '=', acting.tenantId).execute();
  await recordHistory(trx, acting, { orderId: order.id, action: 'statusChanged', userId: who.user.id, fromStatus: 'toApproveBudget', toStatus: ASSIGN_STEP.to });
  await notifyDeciders(trx, acting, order.id);
}

/**
 * The basket's budget (POST /v2/orders/transporter {budgetId}), in the transaction that placed the
 * order: assign-budget on every line, then validate-budgets, through their own steps (the same
 * checks, history entries, status change and the deciders' mail), so the order starts where those
 * two calls would have taken it. Any refusal rolls the new order back with it.
 */
export async function budgetOnNewOrder(trx: Transaction<DB>, acting: Acting, who: Who, orderId: string, budgetId: string): Promise<void> {
  if (!hasFeature(acting, 'budgets')) throw new ApiError('forbiddenAccess');
  const order = await lockedOrder(trx, acting, orderId, undefined);
  await assignLines(trx, acting, who, order, { budgetId });
  await confirmBudgets(trx, acting, who, order);
}
