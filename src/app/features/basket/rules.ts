/**
 * Core §4 "Basket adding (regular article)" and §5 "Basket quantity", applied in the browser before
 * anything is sent: an article already in the basket is raised only while the new total stays at or
 * below stock; a new line needs an amount above 0 and at most stock. Stock null means not tracked.
 */
import type { GiftCard, TransporterArticle, TransporterLine } from '../../common/types';

export type BasketVerdict =
  | { ok: true; lines: TransporterLine[] }
  | { ok: false; reason: 'quantity' }
  | { ok: false; reason: 'stock'; stock: number };

const fits = (amount: number, stock: number | null) => stock === null || stock === undefined || amount <= stock;

/** The basket line of a regular article (gift-card lines are separate lines of the same article). */
export const regularLineIndex = (lines: readonly TransporterLine[], articleId: string) =>
  lines.findIndex((l) => l.transporterArticle.id === articleId && !l.giftCard);

/**
 * Adds `amount` of `article`: merges into its line or appends a new one. With a gift card the line is
 * always a new one (each card has its own recipient, core §4); its stock then counts every line of
 * the article, as the server does.
 */
export function addToLines(lines: readonly TransporterLine[], article: TransporterArticle, amount: number, giftCard?: GiftCard): BasketVerdict {
  if (!Number.isInteger(amount) || amount <= 0) return { ok: false, reason: 'quantity' };
  const index = giftCard ? -1 : regularLineIndex(lines, article.id);
  const existing = index >= 0 ? lines[index] : null;
  const same = lines.filter((l) => l.transporterArticle.id === article.id);
  // The page's article is fresher than the basket's copy of it; fall back to the copy's stock.
  const stock = article.stock ?? (existing ?? same[0])?.transporterArticle.stock ?? null;
  const total = (giftCard ? same.reduce((sum, l) => sum + l.amount, 0) : existing?.amount ?? 0) + amount;
  if (!fits(total, stock)) return { ok: false, reason: 'stock', stock: stock! };
  if (existing) return { ok: true, lines: lines.map((l, i) => (i === index ? { ...l, amount: total } : l)) };
  return { ok: true, lines: [...lines, { amount, giftCard: giftCard ?? null, transporterArticle: article }] };
}

/** Sets the amount of the line at `index` (the basket page's quantity field). */
export function setLineAmount(lines: readonly TransporterLine[], index: number, amount: number): BasketVerdict {
  const line = lines[index];
  if (!line || !Number.isInteger(amount) || amount <= 0) return { ok: false, reason: 'quantity' };
  const stock = line.transporterArticle.stock;
  if (!fits(amount, stock)) return { ok: false, reason: 'stock', stock: stock! };
  return { ok: true, lines: lines.map((l, i) => (i === index ? { ...l, amount } : l)) };
}

export function removeLine(lines: readonly TransporterLine[], index: number): TransporterLine[] {
  return lines.filter((_, i) => i !== index);
}

/** The lines as the update call takes them: amount, gift card and the article's id only. */
export function linesForServer(lines: readonly TransporterLine[]) {
  return lines.map((l) => ({ amount: l.amount, giftCard: l.giftCard ?? undefined, transporterArticle: { id: l.transporterArticle.id } }));
}

/** The badge's number: the server's itemCount, else the sum of the amounts. */
export function itemCountOf(basket: { itemCount?: number; transporterLines?: readonly TransporterLine[] } | null | undefined): number {
  if (!basket) return 0;
  if (typeof basket.itemCount === 'number') return basket.itemCount;
  return (basket.transporterLines ?? []).reduce((sum, l) => sum + l.amount, 0);
}
