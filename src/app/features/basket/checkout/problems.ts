/**
 * The basket check before ordering (POST /v2/transporters/validate): its problems as the user reads
 * them — ErrorMessage.{errorCode} in the interface language (the server's own message when the app
 * has no text for the code), named after the line or supplier it concerns, with what its params
 * add (the stock, the minimum order price, the points balance).
 */
import type { I18nProvider } from 'ra-core';
import { hasMessage } from '../../../i18n/has-message';
import { stockMessage } from '../messages';
import type { Transporter } from '../../../common/types';
import type { ResultOf } from '../../../../shared/contracts/define';
import type { Contracts } from '../../../../shared/contracts';

/** One problem of the basket check as its call answers it (src/shared/contracts/transporters.ts validate). */
export type BasketProblem = ResultOf<Contracts['transporters']['validate']>['result']['problems'][number];

export interface ProblemContext {
  basket: Transporter;
  /** The title of a basket line in the interface language. */
  titleOf: (index: number) => string;
  price: (value: string | number | null | undefined) => string;
}

/** The text of one problem. */
export function problemText(p: BasketProblem, i18n: I18nProvider, ctx: ProblemContext): string {
  const t = i18n.translate;
  const params = p.params ?? {};
  let message = hasMessage(i18n, `ErrorMessage.${p.errorCode}`) ? t(`ErrorMessage.${p.errorCode}`, params) : p.message || p.errorCode;
  if (p.errorCode === 'NotEnoughStock' && typeof params.stock === 'number') message = stockMessage(t, params.stock);
  if (p.errorCode === 'BelowMinimumOrderPrice' && params.minimumOrderPrice) message += ` ${t('checkout.validate.minimumOrderPrice', { amount: ctx.price(params.minimumOrderPrice) })}`;
  if (p.errorCode === 'TenderLimitExceeded' && params.total !== undefined) message += ` ${t('checkout.validate.tenderTotal', { amount: ctx.price(params.total) })}`;
  if (p.errorCode === 'NotEnoughPoints' && params.balance !== undefined) message += ` ${t('checkout.validate.balance', { balance: params.balance })}`;
  if (p.errorCode === 'BelowMinimumOrderQuantity' && params.minOrderQuant !== undefined) message += ` ${t('checkout.validate.minOrderQuant', { smart_count: Number(params.minOrderQuant) })}`;
  if (p.lineIndex !== undefined && ctx.basket.transporterLines[p.lineIndex]) return t('checkout.validate.line', { title: ctx.titleOf(p.lineIndex), message });
  if (p.supplierId) {
    const supplier = ctx.basket.suppliers.find((s) => s.supplierId === p.supplierId)?.supplierName
      ?? ctx.basket.transporterLines.find((l) => l.transporterArticle.supplierId === p.supplierId)?.transporterArticle.supplierName;
    if (supplier) return t('checkout.validate.supplier', { supplier, message });
  }
  return message;
}
