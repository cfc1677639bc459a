import { sql, type Kysely, type Transaction } from 'kysely';
import { COMPANY_ORDER_ROLES } from '../../../model/resources/ordering';
import type { BUDGET_PERIODS } from '../../../model';
import { todayInShopZone } from '../../shared/shop-clock';
import { ApiError } from '../errors';
import { fromCents, toCents } from '../../shared/money';
import type { AuthContext } from '../types';
import type { Acting } from './acting';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Budgets (core §7, flows §3 Budget, §4 Budget assignment, §5): periods, what is left of them, who
 * may use which budget, and the ledger of charges and releases. A period's spent is the sum of its
 * budget-entries; every change to it happens on the locked budget row, so two approvals charging
 * the same budget take turns and the second sees the first's charge.
 *
 * Decisions (docs/decisions/0003-budgets.md): a budget is charged with its lines' totals excluding VAT (shipping is the
 * supplier's, not a line's); the period charged is the one the order was placed in (in the shop's
 * time zone), so the remaining shown while assigning is the one approval checks.
 */

type Db = Kysely<DB> | Transaction<DB>;
type Who = Pick<AuthContext, 'user' | 'access'>;
export type Period = keyof typeof BUDGET_PERIODS;

/** The period of a budget that holds `day`: its first day and the first day after it (yyyy-MM-dd). */
export function periodOf(period: Period, day: string): { start: string; end: string } {
  const [y, m] = day.split('-').map(Number) as [number, number];
  if (period === 'yearly') return { start: `${y}-01-01`, end: `${y + 1}-01-01` };
  const pad = (n: number) => String(n).padStart(2, '0');
  return { start: `${y}-${pad(m)}-01`, end: m === 12 ? `${y + 1}-01-01` : `${y}-${pad(m + 1)}-01` };
}

/** Whether the caller reads and uses every budget of the company (managers and super admins). */
export function managesBudgets(who: Who): boolean {
  if (who.user.userType === 1) return true;
  const roles = who.access?.roles ?? [];
  return COMPANY_ORDER_ROLES.some((r) => roles.includes(r));
}

export interface BudgetRow {
  id: string;
  name: string;
  period: Period;
  amount: string;
  active: boolean;
  customerAccessId: string | null;
}

/** A budget id as the calls take it; anything else names no budget (BudgetNotFound). */
function budgetIdOf(budgetId: unknown): string {
  if (typeof budgetId !== 'string' || !/^[0-9a-f-]{36}$/i.test(budgetId)) throw new ApiError('BudgetNotFound');
  return budgetId;
}

/** A budget of the acting customer (BudgetNotFound otherwise); `lock` takes the row lock every change to its spent goes through. */
export async function budgetRow(db: Db, acting: Pick<Acting, 'tenantId' | 'customerId'>, budgetId: unknown, opts: { lock?: boolean } = {}): Promise<BudgetRow> {
  const q = db.selectFrom('budgets').select(['id', 'name', 'period', 'amount', 'active', 'customerAccessId'])
    .where('id', '=', budgetIdOf(budgetId)).where('tenantId', '=', acting.tenantId).where('customerId', '=', acting.customerId);
  const row = await (opts.lock ? q.forUpdate() : q).executeTakeFirst();
  if (!row) throw new ApiError('BudgetNotFound');
  return { id: String(row.id), name: String(row.name), period: row.period as Period, amount: String(row.amount), active: row.active !== false, customerAccessId: (row.customerAccessId as string | null) ?? null };
}

/** What the budget's period starting `periodStart` has spent, in cents. */
export async function spentCents(db: Db, acting: Pick<Acting, 'tenantId'>, budgetId: string, periodStart: string): Promise<bigint> {
  const row = await db.selectFrom('budgetEntries').select(sql<string>`coalesce(sum(amount), 0)`.as('spent'))
    .where('budgetId', '=', budgetId).where('tenantId', '=', acting.tenantId).where('periodStart', '=', periodStart).executeTakeFirst();
  return toCents(String(row?.spent ?? '0'));
}

/** A budget as the calls answer it: the setting and the period holding `day` (today unless given). */
export async function budgetView(db: Db, acting: Pick<Acting, 'tenantId'>, b: BudgetRow & { holderName?: string | null }, day = todayInShopZone()) {
  const { start, end } = periodOf(b.period, day);
  const spent = await spentCents(db, acting, b.id, start);
  return {
    id: b.id, name: b.name, period: b.period, amount: fromCents(toCents(b.amount)), active: b.active,
    customerAccessId: b.customerAccessId, holderName: b.holderName ?? null,
    periodStart: start, periodEnd: end, spent: fromCents(spent), remaining: fromCents(toCents(b.amount) - spent),
  };
}
export type BudgetView = Awaited<ReturnType<typeof budgetView>>;

/** The budgets' list (GET /v2/budgets, the budget-setting reads): budgets with their holder's name. */
export function budgetsQuery(db: Db, acting: Acting) {
  return db.selectFrom('budgets as b')
    .leftJoin('customerAccesses as a', 'a.id', 'b.customerAccessId')
    .leftJoin('users as u', 'u.id', 'a.userId')
    .where('b.tenantId', '=', acting.tenantId).where('b.customerId', '=', acting.customerId);
}

export const BUDGET_COLUMNS = ['b.id', 'b.name', 'b.period', 'b.amount', 'b.active', 'b.customerAccessId', 'u.displayname', 'u.email'] as const;

/** A row of budgetsQuery selected with BUDGET_COLUMNS, as budgetView takes it. */
export function budgetRowOf(r: Record<string, unknown>): BudgetRow & { holderName: string | null } {
  return {
    id: String(r.id), name: String(r.name), period: r.period as Period, amount: String(r.amount), active: r.active !== false,
    customerAccessId: (r.customerAccessId as string | null) ?? null, holderName: (r.displayname ?? r.email ?? null) as string | null,
  };
}

/**
 * The one rule of who may use which budget: a manager every budget of the company, anyone else the
 * company's own (no holder) and their own access's (the credit holder's). `activeOnly` keeps the
 * ones that may be charged now: what assign-budget accepts and the basket offers (GET /v2/budgets?usable=true).
 */
export function budgetsFor(db: Db, acting: Acting, who: Who, opts: { activeOnly?: boolean } = {}) {
  const q = opts.activeOnly ? budgetsQuery(db, acting).where('b.active', '=', true) : budgetsQuery(db, acting);
  if (managesBudgets(who)) return q;
  return q.where((eb) => eb.or([eb('b.customerAccessId', 'is', null), eb('b.customerAccessId', '=', who.access?.id ?? null)]));
}

/** One budget of budgetsFor with its holder's name; another's personal budget is not found, nor (with activeOnly) an inactive one. */
export async function usableBudget(db: Db, acting: Acting, who: Who, budgetId: unknown, opts: { activeOnly?: boolean } = {}) {
  const row = await budgetsFor(db, acting, who, opts).select([...BUDGET_COLUMNS]).where('b.id', '=', budgetIdOf(budgetId)).executeTakeFirst();
  if (!row) throw new ApiError('BudgetNotFound');
  return budgetRowOf(row);
}

/** What one order has net charged to each budget (charges minus releases), in cents, by budget id. */
export async function chargedByOrder(db: Db, acting: Pick<Acting, 'tenantId'>, orderId: string): Promise<Map<string, { cents: bigint; periodStart: string }>> {
  const rows = await db.selectFrom('budgetEntries').select(['budgetId', 'periodStart', sql<string>`sum(amount)`.as('net')])
    .where('orderId', '=', orderId).where('tenantId', '=', acting.tenantId).where('kind', 'in', ['charge', 'release'])
    .groupBy(['budgetId', 'periodStart']).execute();
  const out = new Map<string, { cents: bigint; periodStart: string }>();
  for (const r of rows) {
    const cents = toCents(String(r.net));
    if (cents !== 0n) out.set(String(r.budgetId), { cents, periodStart: String(r.periodStart) });
  }
  return out;
}

/** The order's lines' totals excluding VAT per assigned budget, in cents (lines without a budget are left out). */
export async function linesPerBudget(db: Db, acting: Pick<Acting, 'tenantId'>, orderId: string): Promise<Map<string, bigint>> {
  const rows = await db.selectFrom('orderLines').select(['budgetId', sql<string>`coalesce(sum(total_line_cost_excl), 0)`.as('total')])
    .where('orderId', '=', orderId).where('tenantId', '=', acting.tenantId).where('budgetId', 'is not', null).groupBy('budgetId').execute();
  return new Map(rows.map((r) => [String(r.budgetId), toCents(String(r.total))]));
}

/**
 * Charges the order's lines to their budgets (approval, in its transaction): each budget locked in
 * id order (two approvals never deadlock), its period's spent read under the lock, refused when the
 * charge would take it above the amount (BudgetNotEnough, the whole approval rolls back).
 */
export async function chargeBudgets(trx: Transaction<DB>, acting: Acting, orderId: string, orderDate: Date, userId: string): Promise<void> {
  const perBudget = [...(await linesPerBudget(trx, acting, orderId))].sort(([a], [b]) => a.localeCompare(b));
  const already = await chargedByOrder(trx, acting, orderId);
  for (const [budgetId, cents] of perBudget) {
    const budget = await budgetRow(trx, acting, budgetId, { lock: true });
    const { start } = periodOf(budget.period, todayInShopZone(orderDate));
    const owed = cents - (already.get(budgetId)?.cents ?? 0n);
    if (owed <= 0n) continue;
    const spent = await spentCents(trx, acting, budgetId, start);
    if (spent + owed > toCents(budget.amount)) throw new ApiError('BudgetNotEnough');
    await trx.insertInto('budgetEntries').values({
      tenantId: acting.tenantId, customerId: acting.customerId, budgetId, periodStart: start, amount: fromCents(owed), kind: 'charge', orderId, userId,
    }).execute();
  }
}

/**
 * Gives back what the order charged (rejection, or one budget taken off the order): a release entry
 * per budget, on the locked budget row. A period's spent never goes below 0: a release is limited
 * to what the period still has spent (after a manual correction the order may have charged more).
 */
export async function releaseBudgets(trx: Transaction<DB>, acting: Acting, orderId: string, userId: string, onlyBudgetId?: string): Promise<void> {
  const charged = [...(await chargedByOrder(trx, acting, orderId))].filter(([id, c]) => c.cents > 0n && (!onlyBudgetId || id === onlyBudgetId))
    .sort(([a], [b]) => a.localeCompare(b));
  for (const [budgetId, { cents, periodStart }] of charged) {
    await trx.selectFrom('budgets').select('id').where('id', '=', budgetId).where('tenantId', '=', acting.tenantId).forUpdate().executeTakeFirst();
    const spent = await spentCents(trx, acting, budgetId, periodStart);
    const back = cents < spent ? cents : spent;
    if (back <= 0n) continue;
    await trx.insertInto('budgetEntries').values({
      tenantId: acting.tenantId, customerId: acting.customerId, budgetId, periodStart, amount: fromCents(-back), kind: 'release', orderId, userId,
    }).execute();
  }
}

/** The budgets of an order's lines, each with what is left of the period the order was placed in. */
export async function orderBudgets(db: Db, acting: Acting, orderId: string, orderDate: Date | string | null): Promise<BudgetView[]> {
  const ids = await db.selectFrom('orderLines').select('budgetId').distinct().where('orderId', '=', orderId)
    .where('tenantId', '=', acting.tenantId).where('budgetId', 'is not', null).execute();
  if (!ids.length) return [];
  const rows = await budgetsQuery(db, acting).select([...BUDGET_COLUMNS]).where('b.id', 'in', ids.map((r) => String(r.budgetId))).orderBy('b.name').execute();
  const day = todayInShopZone(orderDate ? new Date(orderDate) : new Date());
  return Promise.all(rows.map((r) => budgetView(db, acting, budgetRowOf(r), day)));
}
