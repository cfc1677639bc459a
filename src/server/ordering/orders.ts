import { sql, type Kysely, type Transaction } from 'kysely';
import { resourceByName } from '../../../model';
import { insertColumns, toColumns } from '../db/records';
import { todayInShopZone } from '../../shared/shop-clock';
import { ApiError } from '../errors';
import { fromCents } from '../../shared/money';
import type { Acting } from './acting';
import { insertAddress } from './address-book';
import { lineMoneyInput } from './basket-lines';
import { basketProblems, basketState, problemsError, type BasketProblem, type BasketState } from './basket';
import { loadBasket, lockBasketKey, NO_SHIPPING_DETAILS, saveBasket, type ShippingDetails, type StoredBasket } from './basket-store';
import { discountFor, lockPoints, pointsBalance } from './loyalty';
import { orderDto } from './order-query';
import { budgetOnNewOrder } from './order-budgets';
import type { AuthContext } from '../types';
import { initialStatus, newOrderNumber, orderEntered, postal } from './new-order';
import { assertOneLineType } from './order-line-types';
import { checkShippingDetails, deliveryChoice } from './shipping';
import { supplierBudgetProblems } from './supplier-budget';
import { supplierShippingOf } from './totals';
import type { DB } from '../../../generated/db/database.gen';

/**
 * flows §3 Order: the basket becomes an order in one transaction — checked again on locked
 * article rows, stock taken, points spent, supplier budgets charged, the basket emptied. Any
 * refusal rolls all of it back.
 */

const orders = resourceByName('orders');
const orderLines = resourceByName('order-lines');

/** The budget chosen in the basket, and who chose it (assign-budget's rules are theirs). */
export interface BasketBudget { budgetId: string; who: Pick<AuthContext, 'user' | 'access'> }

/**
 * Creates the order from the user's basket. `shipping`, when given, replaces the basket's
 * delivery choices first; `budget`, when given, goes on every line and is confirmed in the same
 * transaction (order-budgets.ts budgetOnNewOrder), so a refused budget leaves no order. Lock order
 * (the same in every order, so two orders cannot deadlock): the user's basket, then placeOrder's
 * (the articles by id, the customer's points, the tenant's order counter, the suppliers by id),
 * then the new order's row.
 */
export async function orderFromBasket(db: Kysely<DB>, acting: Acting, shipping: ShippingDetails | undefined, budget?: BasketBudget) {
  return db.transaction().execute(async (trx) => {
    await lockBasketKey(trx, acting);
    const stored = await loadBasket(trx, acting, { forUpdate: true });
    if (shipping) {
      await checkShippingDetails(trx, acting, shipping, 'shippingDetails');
      stored.shippingDetails = shipping;
    }
    if (!stored.lines.length) throw new ApiError('EmptyTransporter');
    const orderId = await placeOrder(trx, acting, stored);
    if (budget) await budgetOnNewOrder(trx, acting, budget.who, orderId, budget.budgetId);
    await saveBasket(trx, acting, [], { ...NO_SHIPPING_DETAILS });
    return orderDto(trx, acting, orderId);
  });
}

/** How placeOrder words its refusal and its history (an order from the basket, or a duplicate: ordering/order-duplicate.ts). */
export interface PlaceOrderOptions {
  /** The error for the problems found; by default problemsError (paths `transporterLines.N`). */
  refuse?: (problems: BasketProblem[], state: BasketState) => ApiError;
  /** The reason of the new order's 'created' history entry (a duplicate names its original). */
  createdReason?: string | null;
}

/**
 * Places an order of `basket`'s lines with its delivery details, inside the caller's transaction:
 * the basket's checks again on article rows locked in id order, the customer's points locked and
 * spent, the tenant's order counter, the suppliers' finance budgets (SupplierExceededBudget,
 * supplier-budget.ts), stock taken, the suppliers' budgets charged in id order, the
 * 'created' history entry and the deciders' mail. The one path every new order of articles takes
 * (the basket, a duplicate), so each is checked alike; any problem throws and the caller's
 * transaction rolls all of it back. Answers the new order's id.
 */
export async function placeOrder(trx: Transaction<DB>, acting: Acting, basket: StoredBasket, opts: PlaceOrderOptions = {}): Promise<string> {
  const state = await basketState(trx, acting, basket, { forUpdate: true });
  const details = basket.shippingDetails;
  if (details.loyaltyPoints > 0) await lockPoints(trx, acting);
  const problems = await basketProblems(trx, acting, state);
  if (problems.length) throw (opts.refuse ?? problemsError)(problems, state);

  const money = state.money;
  let discount = { discountCents: 0n, pointsUsed: 0 };
  if (details.loyaltyPoints > 0) discount = discountFor(money.totalCost, details.loyaltyPoints, await pointsBalance(trx, acting));

  const orderNumber = await newOrderNumber(trx, acting);
  // The suppliers' finance budgets, on their rows locked in id order (after the order counter, as always).
  const overBudget = await supplierBudgetProblems(trx, acting.tenantId, money.suppliers.map((s) => ({ supplierId: s.supplierId, cents: s.productCostExcl })), todayInShopZone());
  if (overBudget.length) throw (opts.refuse ?? problemsError)(overBudget, state);

  const choice = await deliveryChoice(trx, acting, details);
  let addressId: string | null = null;
  let address: ReturnType<typeof postal> | null = null;
  if (choice.kind === 'book') {
    addressId = choice.address.id;
    address = postal(choice.address.address);
  } else if (choice.kind === 'oneTime') {
    // A one-time address is kept in the book as a one-time entry, so the order can point at it.
    address = postal(choice.address);
    const name = [address.street, address.houseNumber, address.city].filter(Boolean).join(' ') || orderNumber;
    addressId = (await insertAddress(trx, acting, { name, address, isPrimary: false, oneTime: true })).id;
  }

  const status = initialStatus(acting);
  const order = await trx.insertInto('orders').values({
    ...toColumns(orders, {
      orderNumber, orderedById: acting.userId, status,
      departmentId: details.departmentId, projectId: details.projectId, addressId, address,
      about: details.about, extraInfo: details.remark, requestedDeliveryDate: details.requestedDeliveryDate, labels: [], archived: false,
      totalProductCostExcl: fromCents(money.totalProductCostExcl), totalProductCostIncl: fromCents(money.totalProductCostIncl),
      shippingCost: fromCents(money.totalShippingCost), shippingCostVat: fromCents(money.totalShippingCostVat),
      supplierShipping: supplierShippingOf(money.suppliers),
      loyaltyDiscount: fromCents(discount.discountCents), totalCost: fromCents(money.totalCost - discount.discountCents),
    }),
    orderDate: sql`now()`, tenantId: acting.tenantId, customerId: acting.customerId,
  }).returning('id').executeTakeFirstOrThrow();
  const orderId = String(order.id);

  const lines = state.lines.map((l, i) => {
    const a = state.articles.get(l.supplierArticleId.toLowerCase())!;
    const m = lineMoneyInput(l, a);
    return {
      ...insertColumns('orderLines', orderLines, {
        orderId, lineNumber: i + 1, lineType: 'article', supplierArticleId: a.id, supplierId: a.supplierId,
        articleNumberSupplier: a.articleNumberSupplier, title: a.title, articleType: a.type, unitPrice: m.price,
        priceQuantity: m.priceQuantity, tax: a.tax, amount: l.amount, giftCard: l.giftCard,
        totalLineCostExcl: fromCents(money.lines[i].excl), totalLineCostIncl: fromCents(money.lines[i].incl),
      }),
      tenantId: acting.tenantId, customerId: acting.customerId,
    };
  });
  // flows §5: an order holds article lines or attachment lines, never both (every line added is checked).
  assertOneLineType(lines.map((l) => l.lineType));
  await trx.insertInto('orderLines').values(lines).execute();

  if (discount.pointsUsed > 0) {
    await trx.insertInto('loyaltyTransactions').values({
      tenantId: acting.tenantId, customerId: acting.customerId, points: -discount.pointsUsed, reason: orderNumber, orderId,
    }).execute();
  }

  // Stock: the article rows are locked since basketState, so the totals checked above still hold.
  const taken = new Map<string, number>();
  for (const l of state.lines) {
    const a = state.articles.get(l.supplierArticleId.toLowerCase())!;
    if (a.stock != null) taken.set(a.id, (taken.get(a.id) ?? 0) + l.amount);
  }
  for (const [id, amount] of [...taken].sort(([x], [y]) => x.localeCompare(y))) {
    await trx.updateTable('supplierArticles').set({ stock: sql`stock - ${amount}`, updatedAt: sql`now()` })
      .where('id', '=', id).where('tenantId', '=', acting.tenantId).execute();
  }

  // Supplier budgets (flows §5): each supplier is charged its products and shipping, excluding VAT.
  for (const s of [...money.suppliers].sort((x, y) => x.supplierId.localeCompare(y.supplierId))) {
    await trx.updateTable('suppliers').set({ budgetSpent: sql`coalesce(budget_spent, 0) + ${fromCents(s.productCostExcl + s.shippingCost)}::numeric` })
      .where('id', '=', s.supplierId).where('tenantId', '=', acting.tenantId).execute();
  }

  // The 'created' entry and, waiting for a validator at once (no budgets to assign first), their "waiting for your approval" mail.
  await orderEntered(trx, acting, orderId, status, { reason: opts.createdReason ?? null });
  return orderId;
}
