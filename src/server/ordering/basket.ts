import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { transporterSchema } from '../../shared/contracts/shapes';
import type { ErrorCode } from '../../../model';
import { CONSTANTS } from '../../../model/catalogue/constants';
import { visibilityFor, type Visibility } from '../catalogue/visibility';
import { ApiError, type ErrorDetail } from '../errors';
import { fromCents } from '../../shared/money';
import { todayInShopZone } from '../../shared/shop-clock';
import type { Acting } from './acting';
import { isVisible } from '../catalogue/visibility';
import { loadArticles, supplierTerms, transporterArticle, type ArticleRow } from './articles';
import { lineMoneyInput, lineProblems, mergeLines, type IndexedLine } from './basket-lines';
import { loadBasket, lockBasketKey, saveBasket, type ShippingDetails, type StoredBasket, type StoredLine } from './basket-store';
import { pointsBalance } from './loyalty';
import { mayOrderFor } from './department-membership';
import { checkShippingDetails, deliveryChoice } from './shipping';
import { basketMoney, type BasketMoney, type SupplierTerms } from './totals';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The basket as the contract shows it (core §7 Basket, contract "Basket"), its check before
 * ordering, and its replacement by the client's copy. The server is the authority: the client
 * sends the whole basket and gets back the stored one with totals computed here.
 */

export interface BasketState {
  stored: StoredBasket;
  articles: Map<string, ArticleRow>;
  terms: Map<string, SupplierTerms>;
  visibility: Visibility;
  /** The stored lines whose article still exists, in basket order: what the client sees. */
  lines: IndexedLine[];
  money: BasketMoney;
}

/** Loads what the basket's answer, check and order need (articles locked when ordering). */
export async function basketState(db: Kysely<DB>, acting: Acting, stored: StoredBasket, opts: { forUpdate?: boolean } = {}): Promise<BasketState> {
  const articles = await loadArticles(db, acting.tenantId, stored.lines.map((l) => l.supplierArticleId), opts);
  const visibility = await visibilityFor(db, acting.tenantId, acting.customerId, acting.userId);
  const lines = stored.lines.filter((l) => articles.has(l.supplierArticleId.toLowerCase())).map((l, i) => ({ ...l, sourceIndex: i }));
  const present = lines.map((l) => articles.get(l.supplierArticleId.toLowerCase())!);
  const terms = await supplierTerms(db, acting.tenantId, present);
  const money = basketMoney(lines.map((l, i) => lineMoneyInput(l, present[i])), (id) => terms.get(id)!);
  return { stored, articles, terms, visibility, lines, money };
}

/** The Transporter of the contract, totals as decimal strings. */
export function basketDto(acting: Acting, s: BasketState): TransporterDto {
  const m = s.money;
  return {
    id: s.stored.id, userId: acting.userId, customerId: acting.customerId,
    transporterLines: s.lines.map((l, i) => {
      const a = s.articles.get(l.supplierArticleId.toLowerCase())!;
      return {
        amount: l.amount, giftCard: l.giftCard ?? null,
        transporterArticle: transporterArticle(a, s.terms.get(a.supplierId)?.supplierName ?? null, isVisible(s.visibility, a)),
        totalLineCostExcl: fromCents(m.lines[i].excl), totalLineCostIncl: fromCents(m.lines[i].incl),
      };
    }),
    transporterShippingDetails: s.stored.shippingDetails,
    suppliers: m.suppliers.map((x) => ({
      supplierId: x.supplierId, supplierName: x.supplierName, productCostExcl: fromCents(x.productCostExcl), shippingCost: fromCents(x.shippingCost),
      freeShippingFrom: x.freeShippingFrom, minimumOrderPrice: x.minimumOrderPrice, belowMinimum: x.belowMinimum,
    })),
    totalProductCostExcl: fromCents(m.totalProductCostExcl), totalProductCostIncl: fromCents(m.totalProductCostIncl),
    totalShippingCost: fromCents(m.totalShippingCost), totalShippingCostVat: fromCents(m.totalShippingCostVat),
    totalCost: fromCents(m.totalCost), itemCount: m.itemCount,
  };
}

export type TransporterDto = z.input<typeof transporterSchema>;

export interface BasketProblem {
  errorCode: ErrorCode;
  lineIndex?: number;
  supplierId?: string;
  params?: Record<string, number | string>;
}

/**
 * Everything that stops this basket from becoming an order, in basket order: an empty basket,
 * lines whose article is gone (no line index: the client no longer shows them), line rules
 * (stock changed since adding, no longer visible, …), suppliers below their minimum order price,
 * a chosen address that no longer exists, a requested delivery date that has passed, a department the user is no member of (flows §5), more
 * points than the customer has, and suppliers over the
 * tender limit (flows §9: above EUR 30,000 excluding VAT, products and shipping, from one supplier
 * in one order, the order needs a tender; the supplier is named with its total).
 */
export async function basketProblems(db: Kysely<DB>, acting: Acting, s: BasketState): Promise<BasketProblem[]> {
  if (!s.stored.lines.length) return [{ errorCode: 'EmptyTransporter' }];
  const problems: BasketProblem[] = [];
  if (s.lines.length < s.stored.lines.length) problems.push({ errorCode: 'ArticleNotAvailable' });
  problems.push(...lineProblems(s.lines.map((l, i) => ({ ...l, sourceIndex: i })), s.articles, s.visibility));
  for (const x of s.money.suppliers) {
    if (x.belowMinimum) problems.push({ errorCode: 'BelowMinimumOrderPrice', supplierId: x.supplierId, params: { minimumOrderPrice: x.minimumOrderPrice ?? '' } });
  }
  problems.push(...tenderProblems(s.money.suppliers.map((m) => ({ supplierId: m.supplierId, supplierName: m.supplierName, cents: m.productCostExcl + m.shippingCost }))));
  if ((await deliveryChoice(db, acting, s.stored.shippingDetails)).kind === 'missing') problems.push({ errorCode: 'AddressRequired' });
  // A requested delivery date chosen on an earlier day may have passed since.
  const wanted = s.stored.shippingDetails.requestedDeliveryDate;
  if (wanted && wanted < todayInShopZone()) problems.push({ errorCode: 'DeliveryDateInPast' });
  // A department chosen earlier whose membership the user lost since, or one that a path other than
  // the basket's save put in the details (a duplicate, the restock job), is refused when ordering.
  const department = s.stored.shippingDetails.departmentId;
  if (department && !(await mayOrderFor(db, acting, acting.userId, department))) problems.push({ errorCode: 'NotDepartmentMember' });
  const points = s.stored.shippingDetails.loyaltyPoints;
  if (points > 0) {
    const balance = await pointsBalance(db, acting);
    if (balance < points) problems.push({ errorCode: 'NotEnoughPoints', params: { balance } });
  }
  return problems;
}

/**
 * A TenderLimitExceeded problem for each supplier whose total in one order (excl. VAT, in cents)
 * exceeds the tender limit, naming it with its total: for the basket check, the order's creation
 * and (through problemsError) its approval.
 */
export function tenderProblems(suppliers: readonly { supplierId: string; supplierName: string | null; cents: bigint }[]): BasketProblem[] {
  const limit = BigInt(CONSTANTS.tenderLimitEur) * 100n;
  return suppliers.filter((x) => x.cents > limit).map((x) => ({
    errorCode: 'TenderLimitExceeded', supplierId: x.supplierId, params: { supplier: x.supplierName ?? '', total: fromCents(x.cents), limit: CONSTANTS.tenderLimitEur },
  }));
}

/** The error that refuses an order for these problems: the first one's code, every problem as a detail. */
export function problemsError(problems: BasketProblem[]): ApiError {
  const details: ErrorDetail[] = problems.map((p) => ({
    path: p.lineIndex !== undefined ? `transporterLines.${p.lineIndex}` : p.supplierId ? `suppliers.${p.supplierId}` : '',
    rule: p.errorCode, ...(p.params ? { params: p.params } : {}),
  }));
  return new ApiError(problems[0].errorCode, details);
}

/** The user's basket as stored, with its totals. */
export async function currentBasket(db: Kysely<DB>, acting: Acting) {
  return basketDto(acting, await basketState(db, acting, await loadBasket(db, acting)));
}

/**
 * core §4 Basket adding and §5 basket quantity: checks every line of the client's basket (merging
 * repeated articles first), refuses with every problem as a detail (path `transporterLines.N`, the
 * payload index) and stores nothing then; otherwise replaces the stored basket. Lines are
 * checked in one transaction with the save, so the stored basket is always one that passed.
 */
export async function replaceBasket(db: Kysely<DB>, acting: Acting, input: StoredLine[], shipping: ShippingDetails, pathPrefix: string): Promise<TransporterDto> {
  return db.transaction().execute(async (trx) => {
    await lockBasketKey(trx, acting);
    const invalid = input.flatMap((l, i) => (!Number.isInteger(l.amount) || l.amount <= 0 ? [i] : []));
    if (invalid.length) throw new ApiError('InvalidQuantity', invalid.map((i) => ({ path: `${pathPrefix}transporterLines.${i}.amount`, rule: 'InvalidQuantity' })));
    const articles = await loadArticles(trx, acting.tenantId, input.map((l) => l.supplierArticleId));
    const visibility = await visibilityFor(trx, acting.tenantId, acting.customerId, acting.userId);
    const merged = mergeLines(input, articles);
    const problems = lineProblems(merged, articles, visibility);
    if (problems.length) {
      throw new ApiError(problems[0].errorCode, problems.map((p) => ({
        path: `${pathPrefix}transporterLines.${p.lineIndex}`, rule: p.errorCode, ...(p.params ? { params: p.params } : {}),
      })));
    }
    await checkShippingDetails(trx, acting, shipping, `${pathPrefix}transporterShippingDetails`);
    if (shipping.loyaltyPoints > 0) {
      const balance = await pointsBalance(trx, acting);
      if (balance < shipping.loyaltyPoints) {
        throw new ApiError('NotEnoughPoints', [{ path: `${pathPrefix}transporterShippingDetails.loyaltyPoints`, rule: 'NotEnoughPoints', params: { balance } }]);
      }
    }
    await saveBasket(trx, acting, merged.map(({ supplierArticleId, amount, giftCard }) => ({ supplierArticleId, amount, giftCard })), shipping);
    return basketDto(acting, await basketState(trx, acting, await loadBasket(trx, acting)));
  });
}
