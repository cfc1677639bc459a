/**
 * What the user reads when the basket refuses a change. Core §5: the stock message is composed of two
 * translated parts around the stock number; the server's own refusals read ErrorMessage.{errorCode}
 * (its NotEnoughStock carries the stock in details[i].params.stock and gets the same composed text).
 */
import { HttpError, type I18nProvider } from 'ra-core';
import { describeError } from '../../data/errors';
import type { HttpErrorBody } from '../../data/http';

export function stockMessage(translate: I18nProvider['translate'], stock: number): string {
  return `${translate('shop.basket.stockBefore')} ${stock} ${translate('shop.basket.stockAfter', { smart_count: stock })}`;
}

/** The stock the server named in a NotEnoughStock refusal, if any. */
export function refusedStock(error: unknown): number | null {
  if (!(error instanceof HttpError)) return null;
  const body = error.body as HttpErrorBody | undefined;
  if (body?.errorCode !== 'NotEnoughStock') return null;
  for (const detail of body.details ?? []) {
    const stock = (detail as { params?: { stock?: unknown } }).params?.stock;
    if (typeof stock === 'number') return stock;
  }
  return null;
}

/** The text for a failed basket call. */
export function basketErrorText(error: unknown, i18n: I18nProvider, op: 'get' | 'update' = 'update'): string {
  const stock = refusedStock(error);
  if (stock !== null) return stockMessage(i18n.translate, stock);
  return describeError(error, { resource: 'transporters', op }, i18n);
}
