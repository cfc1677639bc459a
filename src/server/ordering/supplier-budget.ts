import { sql, type Kysely, type Transaction } from 'kysely';
import { SHOP_TIME_ZONE } from '../../shared/dates';
import { fromCents, toCents } from '../../shared/money';
import type { BasketProblem } from './basket';
import type { DB } from '../../../generated/db/database.gen';

/**
 * A supplier's finance budget (flows §3 Supplier "finance start/end/total budget (budgetSetting)",
 * §5 "A supplier budget limit can be validated"): within the period [startDate, endDate] the orders
 * placed with the supplier may not add up to more than totalBudget. What counts is what is bought
 * from it, its lines' totals excluding VAT (the measure the tender limit checks at approval), over
 * the tenant's orders placed in the period that are not rejected. The one check of the explicit
 * call (POST /v2/suppliers/validate-budget-limit), of placing an order (placeOrder, the order form)
 * and of approving one (decisions.ts); outside a period, or without a total, there is no limit.
 */

type Db = Kysely<DB> | Transaction<DB>;

interface BudgetSetting { startDate?: string | null; endDate?: string | null; totalBudget?: string | null }

/** One supplier's part of an order, in cents excluding VAT. */
export interface SupplierShare { supplierId: string; cents: bigint }

export interface SupplierBudget {
  supplierId: string;
  supplierName: string | null;
  /** null: no limit on `day` (no total, or `day` outside the period). */
  totalBudget: bigint | null;
  /** What the period's orders (but `exceptOrderId`) bought from it. */
  spent: bigint;
}

const settingOf = (v: unknown): BudgetSetting => ((typeof v === 'string' ? JSON.parse(v) : v) ?? {}) as BudgetSetting;

/**
 * The supplier's budget as it stands for an order counted on `day` (yyyy-MM-dd in the shop's zone).
 * `lock`: the supplier row is locked FOR UPDATE (inside an order's transaction), so two orders of one
 * supplier at once check one after the other and the second sees the first.
 */
export async function supplierBudget(db: Db, tenantId: string, supplierId: string, day: string, opts: { lock?: boolean; exceptOrderId?: string | null } = {}): Promise<SupplierBudget | null> {
  const q = db.selectFrom('suppliers').select(['id', 'name', 'budgetSetting']).where('id', '=', supplierId).where('tenantId', '=', tenantId);
  const limited = (r: { budgetSetting: unknown }) => {
    const s = settingOf(r.budgetSetting);
    return !!s.totalBudget && !!s.startDate && !!s.endDate && s.startDate <= day && day <= s.endDate;
  };
  let row = await q.executeTakeFirst();
  if (!row) return null;
  // Only a supplier with a limit on `day` is locked: orders of every other supplier never wait on each other.
  if (opts.lock && limited(row)) row = await q.forUpdate().executeTakeFirst();
  if (!row) return null;
  const setting = settingOf(row.budgetSetting);
  const base = { supplierId: String(row.id), supplierName: (row.name as string | null) ?? null };
  if (!limited(row) || !setting.totalBudget) return { ...base, totalBudget: null, spent: 0n };
  let spent = db.selectFrom('orderLines as l').innerJoin('orders as o', 'o.id', 'l.orderId')
    .select(sql<string>`coalesce(sum(l.total_line_cost_excl), 0)`.as('total'))
    .where('l.supplierId', '=', supplierId).where('l.tenantId', '=', tenantId).where('o.status', '<>', 'rejected')
    .where(sql<boolean>`(o.order_date at time zone ${SHOP_TIME_ZONE})::date between ${setting.startDate}::date and ${setting.endDate}::date`);
  if (opts.exceptOrderId) spent = spent.where('o.id', '<>', opts.exceptOrderId);
  const total = await spent.executeTakeFirstOrThrow();
  return { ...base, totalBudget: toCents(setting.totalBudget), spent: toCents(String(total.total)) };
}

/** Whether `cents` more takes the supplier past its budget: spent in the period + this > total. */
export const exceedsBudget = (b: SupplierBudget, cents: bigint): boolean => b.totalBudget !== null && b.spent + cents > b.totalBudget;

/**
 * SupplierExceededBudget for each supplier whose share of an order counted on `day` would take it
 * past its budget, naming it with its budget and what is left. Supplier rows are locked in id order
 * (the lock order of placing an order), so call it inside the order's transaction.
 */
export async function supplierBudgetProblems(trx: Transaction<DB>, tenantId: string, shares: readonly SupplierShare[], day: string, exceptOrderId: string | null = null): Promise<BasketProblem[]> {
  const problems: BasketProblem[] = [];
  for (const share of [...shares].filter((s) => s.cents > 0n).sort((x, y) => x.supplierId.localeCompare(y.supplierId))) {
    const budget = await supplierBudget(trx, tenantId, share.supplierId, day, { lock: true, exceptOrderId });
    if (!budget || !exceedsBudget(budget, share.cents)) continue;
    const left = budget.totalBudget! - budget.spent;
    problems.push({
      errorCode: 'SupplierExceededBudget', supplierId: share.supplierId,
      params: { supplier: budget.supplierName ?? '', totalBudget: fromCents(budget.totalBudget!), remaining: fromCents(left > 0n ? left : 0n) },
    });
  }
  return problems;
}
