/**
 * What the user reads when the server refuses a change of an order's lines, a split or ordering
 * again: one text per problem the refusal details (ErrorMessage.{rule} in the interface language,
 * with what its params add: the stock left, the minimum quantity, the supplier over the tender
 * limit), each named after the line or supplier it concerns when the page knows it. Without
 * details: the one message of describeError.
 */
import { HttpError, type I18nProvider } from 'ra-core';
import { describeError, type FailureContext } from '../../data/errors';
import type { HttpErrorBody } from '../../data/http';
import type { ResultOf } from '../../../shared/contracts/define';
import type { Contracts } from '../../../shared/contracts';
import type { ApiErrorDetail } from '../../../shared/session-types';
import { hasMessage } from '../../i18n/has-message';
import { stockMessage } from '../basket/messages';

/** A problem of the duplicate preview (GET /v2/orders/{orderId}/duplicate): a catalogue code, no text of the server's. */
type PreviewProblem = ResultOf<Contracts['orders']['duplicatePreview']>['result']['lines'][number]['problems'][number];
/** A refusal's detail (the error envelope's; the page may compose one without the server's text), or a problem of the duplicate preview. */
export type Problem = (Pick<ApiErrorDetail, 'rule' | 'params'> & Partial<Pick<ApiErrorDetail, 'message'>>) | PreviewProblem;

/** The text of one problem (a refusal's detail, or a problem of the duplicate preview). */
export function problemText(p: Problem, i18n: I18nProvider, price: (v: string | number) => string): string {
  const t = i18n.translate;
  const rule = 'rule' in p ? p.rule : p.errorCode;
  const params = p.params ?? {};
  if (rule === 'NotEnoughStock' && typeof params.stock === 'number') return stockMessage(t, params.stock);
  const text = hasMessage(i18n, `ErrorMessage.${rule}`) ? t(`ErrorMessage.${rule}`) : ('message' in p && p.message) || t('app.error.general');
  if (rule === 'BelowMinimumOrderQuantity' && params.minOrderQuant !== undefined) {
    return `${text} (${t('shop.orderEdits.duplicate.minimum', { smart_count: Number(params.minOrderQuant) })})`;
  }
  if (rule === 'TenderLimitExceeded' && params.total !== undefined) return `${text} (${price(params.total)})`;
  if (rule === 'BelowMinimumOrderPrice' && params.minimumOrderPrice) return `${text} (${price(params.minimumOrderPrice)})`;
  return text;
}

/** The texts of a refused call; `nameOf(path)` names the line or supplier of a detail's path when the page knows it. */
export function refusalTexts(error: unknown, failure: FailureContext, i18n: I18nProvider, price: (v: string | number) => string,
  nameOf: (path: string, params: Record<string, string | number>) => string | undefined = () => undefined): string[] {
  const body = (error instanceof HttpError ? error.body : undefined) as HttpErrorBody | undefined;
  const details = (body?.details ?? []).filter((d) => d.rule && d.rule !== 'validationFailed' && hasMessage(i18n, `ErrorMessage.${d.rule}`));
  if (!details.length) return [describeError(error, failure, i18n)];
  return details.map((d) => {
    const message = problemText(d, i18n, price);
    const name = nameOf(d.path, d.params ?? {});
    return name ? i18n.translate('shop.orderEdits.duplicate.lineProblem', { title: name, message }) : message;
  });
}
