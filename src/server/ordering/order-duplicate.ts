import type { Kysely } from 'kysely';
import { resourceByName } from '../../../model';
import { isVisible } from '../catalogue/visibility';
import { checkReferences } from '../crud/references';
import { toRecord } from '../db/records';
import type { Owner } from '../crud/scope';
import { ApiError, type ErrorDetail } from '../errors';
import { fromCents, toCents } from '../../shared/money';
import type { Acting } from './acting';
import { basketProblems, basketState, type BasketProblem, type BasketState } from './basket';
import { NO_SHIPPING_DETAILS, type GiftCard, type ShippingDetails, type StoredBasket, type StoredLine } from './basket-store';
import { recordHistory } from './record-history';
import { deliveryChoice } from './shipping';
import { mayOrderFor } from './department-membership';
import type { AuthContext } from '../types';
import { orderDto, orderQuery } from './order-query';
import { placeOrder } from './orders';
import type { DB } from '../../../generated/db/database.gen';

/**
 * flows §2 /duplicate-order/{id}, §4 "duplicated", §7 POST /v2/orders/{orderId}/duplicate: ordering
 * an order again, today.
 *
 * Decisions (docs/decisions/0001-orders.md, "Ordering again"): a duplicate is a new order of the same articles placed now, so it is checked
 * as any order is — it goes through placeOrder (ordering/orders.ts), the basket's path, on today's
 * prices, stock, availability, minimum quantities, minimum order prices and tender limit, and any
 * problem refuses it whole and creates nothing (details `orderLines.N`, N the line's place in the
 * order). The caller's basket is left alone. The new order is the caller's, to the original's
 * address (the primary address when that entry is gone or no longer usable), department (when
 * the caller is a member of it) and project (left empty when removed since) and about, without points. Attachment lines (a quote's
 * PDF, tied to that quote) are not ordered again. The page first shows what ordering again would
 * be (GET …/duplicate): every line next to today's price and availability, and what stops it; the
 * user may leave lines out and change amounts ({lines: [{orderLineId, amount}]}).
 */

type Who = Pick<AuthContext, 'user'>;
const orders = resourceByName('orders');
const orderLines = resourceByName('order-lines');

/** A line chosen to order again and its amount; none given means every article line as ordered. */
export interface DuplicateLineInput { orderLineId: string; amount: number }

interface Original {
  order: Record<string, unknown> & { id: string; orderNumber: string | null };
  /** The original's lines in their order (by line number): `orderLines.N` speaks of these. */
  lines: (Record<string, unknown> & { id: string })[];
}

interface Plan extends Original {
  /** The lines to order, each with its place among `lines`. */
  chosen: { index: number; line: StoredLine }[];
  basket: StoredBasket;
}

const text = (v: unknown) => (v == null ? null : String(v));
const isArticle = (l: Record<string, unknown>) => (l.lineType ?? 'article') === 'article';

/**
 * The order as the caller reads it (OrderNotFound otherwise) with its lines. With `share` (inside
 * the duplicate's transaction) its row is share-locked first, so the copy is of lines no change or
 * split is moving, and the duplicate locks in the order every order change does: the order row,
 * then the articles, the order counter and the suppliers.
 */
async function originalOf(db: Kysely<DB>, acting: Acting, orderId: unknown, onlyOwn: Owner['onlyOwn'], share = false): Promise<Original> {
  const query = orderQuery(db, acting, orderId, onlyOwn).selectAll();
  const row = await (share ? query.forShare() : query).executeTakeFirst();
  if (!row) throw new ApiError('OrderNotFound');
  const order = { ...toRecord(orders, row as Record<string, unknown>), id: String(row.id), orderNumber: text(row.orderNumber) };
  const rows = await db.selectFrom('orderLines').selectAll().where('orderId', '=', order.id).where('tenantId', '=', acting.tenantId)
    .where('customerId', '=', acting.customerId).orderBy('lineNumber').orderBy('id').execute();
  return { order, lines: rows.map((l) => ({ ...toRecord(orderLines, l as Record<string, unknown>), id: String(l.id) })) };
}

/**
 * What ordering `original` again sends through the basket's path: the lines named in `input` with
 * their amounts (OrderLineNotInOrder for another order's line, ArticleNotAvailable for an
 * attachment line, InvalidQuantity), else every article line as ordered; the delivery details.
 */
async function planOf(db: Kysely<DB>, acting: Acting, who: Who, original: Original, input: readonly DuplicateLineInput[] | undefined): Promise<Plan> {
  const { lines } = original;
  const stored = (l: Record<string, unknown>, amount: number): StoredLine => ({
    supplierArticleId: text(l.supplierArticleId) ?? '', amount, giftCard: (l.giftCard as GiftCard | null | undefined) ?? null,
  });
  let chosen: Plan['chosen'];
  if (input) {
    const at = new Map(lines.map((l, i) => [l.id.toLowerCase(), i]));
    const seen = new Set<number>();
    chosen = [];
    for (const [k, x] of input.entries()) {
      const index = at.get(x.orderLineId.toLowerCase());
      if (index === undefined) throw new ApiError('OrderLineNotInOrder', [{ path: `lines.${k}.orderLineId`, rule: 'OrderLineNotInOrder' }]);
      if (!isArticle(lines[index]!)) throw new ApiError('ArticleNotAvailable', [{ path: `orderLines.${index}`, rule: 'ArticleNotAvailable' }]);
      if (!Number.isInteger(x.amount) || x.amount <= 0) throw new ApiError('InvalidQuantity', [{ path: `orderLines.${index}`, rule: 'InvalidQuantity' }]);
      if (seen.has(index)) continue;
      seen.add(index);
      chosen.push({ index, line: stored(lines[index]!, x.amount) });
    }
    chosen.sort((a, b) => a.index - b.index);
  } else {
    chosen = lines.flatMap((l, index) => (isArticle(l) ? [{ index, line: stored(l, Number(l.amount)) }] : []));
  }
  return { ...original, chosen, basket: { id: null, lines: chosen.map((c) => c.line), shippingDetails: await shippingOf(db, acting, original.order) } };
}

/**
 * The delivery details of the new order: the original's, each only while it may still be used —
 * the address while it is a usable entry of the book (else none: the primary address), the
 * department while it exists and the caller, the new orderer, is a member of it (flows §5
 * "Ordering requires department membership"; super admins hold no access and keep it), the
 * project while it exists. No requested delivery date: the original's was the original's.
 */
async function shippingOf(db: Kysely<DB>, acting: Acting, order: Record<string, unknown>): Promise<ShippingDetails> {
  const owner = { tenantId: acting.tenantId, customerId: acting.customerId, side: 'customer' as const };
  const gone = new Set((await checkReferences(db, orders, owner, { departmentId: order.departmentId, projectId: order.projectId })).map((d) => d.path));
  const addressId = text(order.addressId);
  const usable = addressId && (await deliveryChoice(db, acting, { ...NO_SHIPPING_DETAILS, addressId })).kind === 'book';
  const departmentId = gone.has('departmentId') ? null : text(order.departmentId);
  const member = !!departmentId && await mayOrderFor(db, acting, acting.userId, departmentId);
  return {
    ...NO_SHIPPING_DETAILS, addressId: usable ? addressId : null,
    departmentId: member ? departmentId : null, projectId: gone.has('projectId') ? null : text(order.projectId), about: text(order.about),
  };
}

/** Indices into the original's lines of the chosen lines whose article exists (state.lines' order). */
const presentIndices = (plan: Plan, state: BasketState) => plan.chosen.filter((c) => state.articles.has(c.line.supplierArticleId.toLowerCase())).map((c) => c.index);

/** The basket's problems as the duplicate speaks of them: `orderLines.N` for a line, `suppliers.<id>` for a supplier. */
function detailsOf(plan: Plan, state: BasketState, problems: readonly BasketProblem[]): ErrorDetail[] {
  const present = presentIndices(plan, state);
  return problems.flatMap((p): ErrorDetail[] => {
    const params = p.params ? { params: p.params } : {};
    if (p.lineIndex !== undefined) return [{ path: `orderLines.${present[p.lineIndex]}`, rule: p.errorCode, ...params }];
    // An article that no longer exists at all: each such line is named.
    if (p.errorCode === 'ArticleNotAvailable') {
      return plan.chosen.filter((c) => !state.articles.has(c.line.supplierArticleId.toLowerCase())).map((c) => ({ path: `orderLines.${c.index}`, rule: p.errorCode }));
    }
    return [{ path: p.supplierId ? `suppliers.${p.supplierId}` : '', rule: p.errorCode, ...params }];
  });
}

/**
 * GET /v2/orders/{orderId}/duplicate: what ordering the order again would be now — each line of
 * the order with today's article (price, stock, availability for the caller) and the problems that
 * stop it, the delivery details the new order gets, today's totals, and whether it can be placed.
 */
export async function duplicatePreview(db: Kysely<DB>, acting: Acting, who: Who, orderId: unknown, onlyOwn?: Owner['onlyOwn']) {
  const plan = await planOf(db, acting, who, await originalOf(db, acting, orderId, onlyOwn), undefined);
  const state = await basketState(db, acting, plan.basket);
  // An order of attachment lines only can be shown, but nothing of it can be ordered again.
  const problems = plan.chosen.length ? detailsOf(plan, state, await basketProblems(db, acting, state)) : [{ path: '', rule: 'NoOrderLinesProvided' }];
  const present = presentIndices(plan, state);
  const todayOf = new Map(present.map((index, i) => [index, fromCents(state.money.lines[i]!.excl)]));
  const details = plan.basket.shippingDetails;
  const choice = await deliveryChoice(db, acting, details);
  const department = details.departmentId
    ? await db.selectFrom('customerDepartments').select('name').where('id', '=', details.departmentId).where('tenantId', '=', acting.tenantId).executeTakeFirst()
    : undefined;
  const m = state.money;
  return {
    orderId: plan.order.id, orderNumber: plan.order.orderNumber,
    delivery: {
      addressId: choice.kind === 'book' ? choice.address.id : null,
      addressName: choice.kind === 'book' ? choice.address.name : null,
      address: choice.kind === 'book' ? choice.address.address ?? null : null,
      sameAddress: !!details.addressId && details.addressId === text(plan.order.addressId),
      departmentId: details.departmentId, projectId: details.projectId, about: details.about,
      departmentName: department ? String(department.name ?? '') || null : null,
    },
    lines: plan.lines.map((l, index) => {
      const chosen = plan.chosen.find((c) => c.index === index);
      const a = chosen ? state.articles.get(chosen.line.supplierArticleId.toLowerCase()) : undefined;
      return {
        orderLineId: l.id, lineNumber: (l.lineNumber as number | null) ?? null, lineType: String(l.lineType ?? 'article'),
        title: (l.title as Record<string, string | null> | null) ?? null, articleNumberSupplier: text(l.articleNumberSupplier),
        amount: Number(l.amount), orderedUnitPrice: text(l.unitPrice), orderedPriceQuantity: (l.priceQuantity as number | null) ?? null,
        orderedLineTotalExcl: text(l.totalLineCostExcl),
        article: a ? {
          id: a.id, price: fromCents(toCents(a.price)), priceQuantity: a.priceQuantity, minOrderQuant: a.minOrderQuant, stock: a.stock,
          available: isVisible(state.visibility, a), giftCard: a.type === 'GiftCard',
        } : null,
        todayLineTotalExcl: todayOf.get(index) ?? null,
        problems: problems.filter((p) => p.path === `orderLines.${index}`).map((p) => ({ errorCode: p.rule, ...('params' in p && p.params ? { params: p.params } : {}) })),
      };
    }),
    totals: {
      totalProductCostExcl: fromCents(m.totalProductCostExcl), totalProductCostIncl: fromCents(m.totalProductCostIncl),
      totalShippingCost: fromCents(m.totalShippingCost), totalShippingCostVat: fromCents(m.totalShippingCostVat), totalCost: fromCents(m.totalCost),
    },
    problems: problems.map((p) => ({ errorCode: p.rule, path: p.path, ...('params' in p && p.params ? { params: p.params } : {}) })),
    orderable: problems.length === 0,
  };
}

/**
 * POST /v2/orders/{orderId}/duplicate {lines?}: places the new order through placeOrder (one
 * transaction: the articles locked in id order, the order counter, the suppliers), records
 * 'duplicate' on the original (naming the new order) and 'created' on the new one (naming the
 * original). Answers the new order and the articles whose stock it took (for the search index).
 */
export async function duplicateOrder(db: Kysely<DB>, acting: Acting, who: Who, orderId: unknown, input: readonly DuplicateLineInput[] | undefined, onlyOwn?: Owner['onlyOwn']) {
  return db.transaction().execute(async (trx) => {
    const plan = await planOf(trx, acting, who, await originalOf(trx, acting, orderId, onlyOwn, true), input);
    if (!plan.chosen.length) throw new ApiError('NoOrderLinesProvided');
    const newId = await placeOrder(trx, acting, plan.basket, {
      refuse: (problems, state) => new ApiError(problems[0]!.errorCode, detailsOf(plan, state, problems)),
      createdReason: plan.order.orderNumber,
    });
    const created = await orderDto(trx, acting, newId);
    await recordHistory(trx, acting, { orderId: plan.order.id, action: 'duplicate', userId: acting.userId, reason: String((created as Record<string, unknown>).orderNumber ?? '') || null });
    const articleIds = created.orderLines.map((l) => l.supplierArticleId).filter((id): id is string => typeof id === 'string');
    return { order: created, articleIds };
  });
}
