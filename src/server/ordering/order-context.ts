import type { Kysely } from 'kysely';
import { fromCents, toCents } from '../../shared/money';
import { todayInShopZone } from '../../shared/shop-clock';
import { ApiError } from '../errors';
import type { Acting } from './acting';
import { budgetRow, chargedByOrder, linesPerBudget, periodOf, spentCents } from './budgets';
import type { DB } from '../../../generated/db/database.gen';

/**
 * What an approver reads before deciding on an order (flows §4, issue 29): who ordered it, the
 * department, the suppliers and what it does to its budgets. The order page shows it above the
 * decision (orderDto's `context`), the approval inbox on each row (approval-inbox.ts).
 */

export interface OrderContext {
  orderedByName: string | null;
  departmentName: string | null;
  suppliers: { id: string | null; name: string }[];
  budgetEffects: { budgetId: string; name: string; orderAmount: string; remainingBefore: string; remainingAfter: string }[];
}

const nameOf = (displayname: unknown, email: unknown): string | null => (displayname as string | null) || (email as string | null) || null;

/** The chosen quote's supplier of an order form (its attachment line names no supplier of the catalogue). */
function quoteSupplier(quotes: unknown): { id: string | null; name: string } | null {
  const list = (typeof quotes === 'string' ? JSON.parse(quotes) : quotes) as { chosen?: boolean; supplierId?: string | null; supplierName?: string }[] | null;
  const chosen = Array.isArray(list) ? list.find((q) => q.chosen) : undefined;
  return chosen?.supplierName ? { id: chosen.supplierId ?? null, name: chosen.supplierName } : null;
}

/**
 * Per budget of the order's lines: what the order takes from it (its lines' total excluding VAT),
 * what the period the order was placed in has left now, and what it has left once the order is
 * approved: approval charges what the order has not charged yet (chargeBudgets), so after finance's
 * step is the same as before (the validator's approval charged it).
 */
async function budgetEffects(db: Kysely<DB>, acting: Acting, orderId: string, orderDate: Date | string | null): Promise<OrderContext['budgetEffects']> {
  const perBudget = await linesPerBudget(db, acting, orderId);
  if (!perBudget.size) return [];
  const charged = await chargedByOrder(db, acting, orderId);
  const day = todayInShopZone(orderDate ? new Date(orderDate) : new Date());
  const effects: OrderContext['budgetEffects'] = [];
  for (const [budgetId, cents] of perBudget) {
    const budget = await budgetRow(db, acting, budgetId).catch((e: unknown) => { if (e instanceof ApiError) return null; throw e; });
    if (!budget) continue;
    const remaining = toCents(budget.amount) - await spentCents(db, acting, budgetId, periodOf(budget.period, day).start);
    const owed = cents - (charged.get(budgetId)?.cents ?? 0n);
    effects.push({
      budgetId, name: budget.name, orderAmount: fromCents(cents), remainingBefore: fromCents(remaining),
      remainingAfter: fromCents(owed > 0n ? remaining - owed : remaining),
    });
  }
  return effects.sort((a, b) => a.name.localeCompare(b.name));
}

/** Who ordered, the department, the suppliers and the budgets' effect of the acting customer's orders `orderIds`, by order id. */
export async function orderContexts(db: Kysely<DB>, acting: Acting, orderIds: readonly string[]): Promise<Map<string, OrderContext>> {
  const out = new Map<string, OrderContext>();
  if (!orderIds.length) return out;
  const rows = await db.selectFrom('orders')
    .leftJoin('users as u', 'u.id', 'orders.orderedById')
    .leftJoin('customerDepartments as d', (j) => j.onRef('d.id', '=', 'orders.departmentId').onRef('d.customerId', '=', 'orders.customerId'))
    .select(['orders.id', 'orders.orderDate', 'orders.quotes', 'u.displayname', 'u.email', 'd.name as departmentName'])
    .where('orders.tenantId', '=', acting.tenantId).where('orders.customerId', '=', acting.customerId).where('orders.id', 'in', [...orderIds]).execute();
  const supplierRows = await db.selectFrom('orderLines as l').innerJoin('suppliers as s', 's.id', 'l.supplierId')
    .select(['l.orderId', 's.id', 's.name']).distinct()
    .where('l.tenantId', '=', acting.tenantId).where('l.customerId', '=', acting.customerId).where('l.orderId', 'in', [...orderIds]).execute();
  for (const r of rows) {
    const id = String(r.id);
    const suppliers = supplierRows.filter((s) => String(s.orderId) === id).map((s) => ({ id: String(s.id), name: String(s.name) }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const quoted = suppliers.length ? null : quoteSupplier(r.quotes);
    out.set(id, {
      orderedByName: nameOf(r.displayname, r.email),
      departmentName: (r.departmentName as string | null) ?? null,
      suppliers: quoted ? [quoted] : suppliers,
      budgetEffects: await budgetEffects(db, acting, id, r.orderDate as Date | null),
    });
  }
  return out;
}

