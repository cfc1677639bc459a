import { sql, type Kysely, type Transaction } from 'kysely';
import { CONSTANTS } from '../../../model';
import { fromCents, toCents } from '../../shared/money';
import type { Acting } from './acting';
import { loadArticles, supplierTerms, type ArticleRow } from './articles';
import { problemsError, tenderProblems, type BasketProblem } from './basket';
import { lineMoney, supplierMoney, supplierShippingOf, type LineMoney, type SupplierMoney, type SupplierTerms } from './totals';
import type { DB } from '../../../generated/db/database.gen';

/**
 * An order's money computed again after its lines changed (a line's amount, a removed line, a
 * split): each line from the price it was ordered at (ordering/totals.ts lineMoney), each
 * supplier's shipping from its terms of today (supplierMoney), the order's totals from those. The
 * suppliers' budgets (budget_spent, charged with products and shipping when the order was placed)
 * move by the difference, computed before and after the change with the same terms, so they follow
 * exactly what the change did.
 */

/** An order line as the money needs it. */
export interface MoneyLine {
  id: string;
  supplierId: string | null;
  supplierArticleId: string | null;
  unitPrice: string | null;
  priceQuantity: number | null;
  tax: number | null;
  amount: number;
  totalLineCostExcl: string | null;
  totalLineCostIncl: string | null;
}

export interface OrderMoney {
  lines: Map<string, LineMoney>;
  suppliers: SupplierMoney[];
  totalProductCostExcl: bigint;
  totalProductCostIncl: bigint;
  totalShippingCost: bigint;
  totalShippingCostVat: bigint;
}

const cents = (v: unknown) => (v == null ? 0n : toCents(String(v)));

/** The lines of an order, by line number (inside the caller's transaction, after the order row's lock). */
export async function moneyLines(trx: Kysely<DB>, acting: Pick<Acting, 'tenantId' | 'customerId'>, orderId: string): Promise<MoneyLine[]> {
  const rows = await trx.selectFrom('orderLines')
    .select(['id', 'supplierId', 'supplierArticleId', 'unitPrice', 'priceQuantity', 'tax', 'amount', 'totalLineCostExcl', 'totalLineCostIncl'])
    .where('orderId', '=', orderId).where('tenantId', '=', acting.tenantId).where('customerId', '=', acting.customerId)
    .orderBy('lineNumber').orderBy('id').execute();
  return rows.map((r) => ({
    id: String(r.id), supplierId: (r.supplierId as string | null) ?? null, supplierArticleId: (r.supplierArticleId as string | null) ?? null,
    unitPrice: r.unitPrice == null ? null : String(r.unitPrice), priceQuantity: r.priceQuantity == null ? null : Number(r.priceQuantity),
    tax: r.tax == null ? null : Number(r.tax), amount: Number(r.amount),
    totalLineCostExcl: r.totalLineCostExcl == null ? null : String(r.totalLineCostExcl),
    totalLineCostIncl: r.totalLineCostIncl == null ? null : String(r.totalLineCostIncl),
  }));
}

/** A line's money: from the price it was ordered at; a line without a price (an attachment's quote) keeps its stored totals. */
export function moneyOfLine(l: MoneyLine): LineMoney {
  if (l.unitPrice == null) {
    const excl = cents(l.totalLineCostExcl);
    const incl = l.totalLineCostIncl == null ? excl : cents(l.totalLineCostIncl);
    return { excl, vat: incl - excl, incl };
  }
  return lineMoney({ price: l.unitPrice, priceQuantity: l.priceQuantity ?? 1, amount: l.amount, tax: l.tax ?? CONSTANTS.standardVat });
}

export type TermsOf = (supplierId: string) => SupplierTerms;

/**
 * Today's terms of the suppliers of these lines, as the basket reads them (the supplier's own, else
 * the copy on its articles); a supplier none of whose articles exists any more has its own terms only.
 */
export async function termsFor(trx: Kysely<DB>, acting: Pick<Acting, 'tenantId'>, lines: readonly MoneyLine[], known?: ReadonlyMap<string, ArticleRow>): Promise<TermsOf> {
  const articles = new Map(known ?? []);
  const missing = lines.map((l) => l.supplierArticleId).filter((id): id is string => !!id && !articles.has(id.toLowerCase()));
  for (const [id, a] of await loadArticles(trx, acting.tenantId, missing)) articles.set(id, a);
  const suppliers = [...new Set(lines.map((l) => l.supplierId).filter((id): id is string => !!id))];
  const present = [...articles.values()].filter((a) => suppliers.includes(a.supplierId));
  const bare = suppliers.filter((id) => !present.some((a) => a.supplierId === id))
    .map((supplierId) => ({ supplierId, supplierShippingCost: null, minimumOrderPrice: null }) as unknown as ArticleRow);
  const terms = await supplierTerms(trx, acting.tenantId, [...present, ...bare]);
  return (id) => terms.get(id) ?? { supplierId: id, supplierName: null, shippingCost: null, freeShippingFrom: null, minimumOrderPrice: null };
}

/** The money of these lines: per line, per supplier (in the order they first appear) and in all. */
export function orderMoney(lines: readonly MoneyLine[], termsOf: TermsOf): OrderMoney {
  const byLine = new Map(lines.map((l) => [l.id, moneyOfLine(l)]));
  const perSupplier = new Map<string, bigint>();
  for (const l of lines) if (l.supplierId) perSupplier.set(l.supplierId, (perSupplier.get(l.supplierId) ?? 0n) + byLine.get(l.id)!.excl);
  const suppliers = [...perSupplier].map(([id, excl]) => supplierMoney(termsOf(id), excl));
  const totalShippingCost = suppliers.reduce((s, m) => s + m.shippingCost, 0n);
  return {
    lines: byLine, suppliers,
    totalProductCostExcl: [...byLine.values()].reduce((s, m) => s + m.excl, 0n),
    totalProductCostIncl: [...byLine.values()].reduce((s, m) => s + m.incl, 0n),
    totalShippingCost,
    // VAT on shipping at the standard rate, rounded as a line's VAT is (the basket's arithmetic).
    totalShippingCostVat: lineMoney({ price: fromCents(totalShippingCost), priceQuantity: 1, amount: 1, tax: CONSTANTS.standardVat }).vat,
  };
}

/**
 * Stores the order's money: each line's totals and the order's. Points spent on the order stay
 * spent; the discount is never more than the order's new total (its total never goes below 0).
 */
export async function storeOrderMoney(trx: Transaction<DB>, acting: Pick<Acting, 'tenantId' | 'customerId'>, orderId: string, lines: readonly MoneyLine[], money: OrderMoney): Promise<void> {
  for (const l of lines) {
    const m = money.lines.get(l.id)!;
    if (l.totalLineCostExcl != null && cents(l.totalLineCostExcl) === m.excl && l.totalLineCostIncl != null && cents(l.totalLineCostIncl) === m.incl) continue;
    await trx.updateTable('orderLines').set({ totalLineCostExcl: fromCents(m.excl), totalLineCostIncl: fromCents(m.incl), updatedAt: sql`now()` })
      .where('id', '=', l.id).where('tenantId', '=', acting.tenantId).execute();
  }
  const order = await trx.selectFrom('orders').select('loyaltyDiscount').where('id', '=', orderId).where('tenantId', '=', acting.tenantId).executeTakeFirstOrThrow();
  const gross = money.totalProductCostIncl + money.totalShippingCost + money.totalShippingCostVat;
  const wanted = cents(order.loyaltyDiscount);
  const discount = wanted < gross ? wanted : gross;
  await trx.updateTable('orders').set({
    totalProductCostExcl: fromCents(money.totalProductCostExcl), totalProductCostIncl: fromCents(money.totalProductCostIncl),
    shippingCost: fromCents(money.totalShippingCost), shippingCostVat: fromCents(money.totalShippingCostVat),
    supplierShipping: JSON.stringify(supplierShippingOf(money.suppliers)),
    loyaltyDiscount: fromCents(discount), totalCost: fromCents(gross - discount), updatedAt: sql`now()`,
  }).where('id', '=', orderId).where('tenantId', '=', acting.tenantId).execute();
}

/**
 * What stops a change that leaves these supplier totals, for the suppliers it touched: a supplier
 * over the tender limit (flows §9, TenderLimitExceeded naming it) or below its minimum order price
 * (BelowMinimumOrderPrice, as the basket refuses it). Untouched suppliers are left alone, so terms
 * changed since the order was placed never block an unrelated change.
 */
export function assertSuppliersFit(suppliers: readonly SupplierMoney[], touched: ReadonlySet<string>): void {
  const mine = suppliers.filter((s) => touched.has(s.supplierId));
  const problems: BasketProblem[] = mine.filter((s) => s.belowMinimum)
    .map((s) => ({ errorCode: 'BelowMinimumOrderPrice', supplierId: s.supplierId, params: { minimumOrderPrice: s.minimumOrderPrice ?? '' } }));
  problems.push(...tenderProblems(mine.map((s) => ({ supplierId: s.supplierId, supplierName: s.supplierName, cents: s.productCostExcl + s.shippingCost }))));
  if (problems.length) throw problemsError(problems);
}

/**
 * Moves each supplier's budget_spent by what the change did to its share (products and shipping,
 * excluding VAT) of the orders involved: `before` and `after` are the supplier totals of those
 * orders before and after. Supplier rows are updated in id order (the lock order of placing an order).
 */
export async function settleSupplierSpend(trx: Transaction<DB>, acting: Pick<Acting, 'tenantId'>, before: readonly SupplierMoney[], after: readonly SupplierMoney[]): Promise<void> {
  const delta = new Map<string, bigint>();
  for (const s of before) delta.set(s.supplierId, (delta.get(s.supplierId) ?? 0n) - (s.productCostExcl + s.shippingCost));
  for (const s of after) delta.set(s.supplierId, (delta.get(s.supplierId) ?? 0n) + (s.productCostExcl + s.shippingCost));
  for (const [supplierId, d] of [...delta].sort(([x], [y]) => x.localeCompare(y))) {
    if (d === 0n) continue;
    await trx.updateTable('suppliers').set({ budgetSpent: sql`coalesce(budget_spent, 0) + ${fromCents(d)}::numeric` })
      .where('id', '=', supplierId).where('tenantId', '=', acting.tenantId).execute();
  }
}
