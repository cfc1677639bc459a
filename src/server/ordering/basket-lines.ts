import type { ErrorCode } from '../../../model';
import type { Visibility } from '../catalogue/visibility';
import { fromCents, toCents } from '../../shared/money';
import { isVisible } from '../catalogue/visibility';
import type { ArticleRow } from './articles';
import type { GiftCard, StoredLine } from './basket-store';
import type { LineMoneyInput } from './totals';

/**
 * The rules every basket line obeys (core §4 Basket adding, §5 basket quantity), in one place for
 * the basket update (which refuses), the basket check (which lists) and the order (which refuses
 * again on the locked article rows).
 */

export interface LineProblem {
  errorCode: ErrorCode;
  /** Index of the line in the basket (for an update: in the payload, the first of merged lines). */
  lineIndex: number;
  params?: Record<string, number | string>;
}

export const isGiftCard = (a: ArticleRow) => a.type === 'GiftCard';

/** A gift card needs a recipient name and e-mail and a value above 0. */
export function giftCardComplete(g: Partial<GiftCard> | null | undefined): g is GiftCard {
  if (!g || !g.recipientName?.trim() || !g.recipientEmail?.trim() || g.value == null) return false;
  try {
    return toCents(String(g.value)) > 0n;
  } catch {
    return false;
  }
}

/** The price a line is charged at: a gift card costs its own value, anything else the article's price. */
export function lineMoneyInput(line: StoredLine, a: ArticleRow): LineMoneyInput & { supplierId: string } {
  if (isGiftCard(a) && giftCardComplete(line.giftCard)) {
    return { price: fromCents(toCents(line.giftCard.value)), priceQuantity: 1, amount: line.amount, tax: a.tax, supplierId: a.supplierId };
  }
  return { price: a.price, priceQuantity: a.priceQuantity, amount: line.amount, tax: a.tax, supplierId: a.supplierId };
}

export interface IndexedLine extends StoredLine { sourceIndex: number }

/**
 * Merges lines of the same article into one (amounts summed; "adding an article already in the
 * basket raises the amount"), keeping the first line's place. Gift cards are never merged: each
 * card has its own recipient. Lines with an unknown article are kept as they are (refused later).
 */
export function mergeLines(lines: readonly StoredLine[], articles: ReadonlyMap<string, ArticleRow>): IndexedLine[] {
  const out: IndexedLine[] = [];
  const at = new Map<string, IndexedLine>();
  lines.forEach((line, index) => {
    const a = articles.get(line.supplierArticleId.toLowerCase());
    const mergeable = a && !isGiftCard(a);
    const existing = mergeable ? at.get(a.id) : undefined;
    if (existing) {
      existing.amount += line.amount;
      return;
    }
    const copy: IndexedLine = { ...line, supplierArticleId: a?.id ?? line.supplierArticleId, giftCard: a && isGiftCard(a) ? line.giftCard : null, sourceIndex: index };
    out.push(copy);
    if (mergeable) at.set(a.id, copy);
  });
  return out;
}

/**
 * Every problem of these lines: quantity, availability under the caller's visibility, gift card
 * details, minimum order quantity, and stock (the total of all lines of one article against its
 * stock, when the article tracks stock).
 */
export function lineProblems(lines: readonly IndexedLine[], articles: ReadonlyMap<string, ArticleRow>, v: Visibility): LineProblem[] {
  const problems: LineProblem[] = [];
  const totals = new Map<string, { amount: number; firstIndex: number; stock: number }>();
  for (const line of lines) {
    const lineIndex = line.sourceIndex;
    if (!Number.isInteger(line.amount) || line.amount <= 0) { problems.push({ errorCode: 'InvalidQuantity', lineIndex }); continue; }
    const a = articles.get(line.supplierArticleId.toLowerCase());
    if (!a || !isVisible(v, a)) { problems.push({ errorCode: 'ArticleNotAvailable', lineIndex }); continue; }
    if (isGiftCard(a) && !giftCardComplete(line.giftCard)) { problems.push({ errorCode: 'GiftCardDetailsRequired', lineIndex }); continue; }
    if (line.amount < a.minOrderQuant) { problems.push({ errorCode: 'BelowMinimumOrderQuantity', lineIndex, params: { minOrderQuant: a.minOrderQuant } }); continue; }
    if (a.stock != null) {
      const t = totals.get(a.id) ?? { amount: 0, firstIndex: lineIndex, stock: a.stock };
      t.amount += line.amount;
      totals.set(a.id, t);
    }
  }
  for (const t of totals.values()) {
    if (t.amount > t.stock) problems.push({ errorCode: 'NotEnoughStock', lineIndex: t.firstIndex, params: { stock: t.stock } });
  }
  return problems.sort((x, y) => x.lineIndex - y.lineIndex);
}
