/**
 * What the user reads when the server refuses a template's lines (saving: details at
 * `dto.lines.N`) or filling the basket from it (`lines.N` a template line, `transporterLines.N` a
 * line already in the basket): one text per problem, named after the article it concerns, with what
 * its params add (the stock left, the minimum quantity). Without details: the one message of
 * describeError (ErrorMessage.{errorCode}, else the failure text of `failure`).
 */
import { HttpError, type I18nProvider } from 'ra-core';
import { describeError, type FailureContext } from '../../data/errors';
import type { HttpErrorBody } from '../../data/http';
import type { ApiErrorDetail } from '../../../shared/session-types';
import { hasMessage } from '../../i18n/has-message';
import { stockMessage } from '../basket/messages';
import { currentBasket } from '../basket/store';
import { inLanguage } from '../../common/text';

/** The title of the template's line N in the interface language, when the page knows it. */
export type LineTitle = (index: number) => string | undefined;

function messageOf(d: ApiErrorDetail, i18n: I18nProvider): string {
  const t = i18n.translate;
  const rule = d.rule;
  if (rule === 'NotEnoughStock' && typeof d.params?.stock === 'number') return stockMessage(t, d.params.stock);
  const text = hasMessage(i18n, `ErrorMessage.${rule}`) ? t(`ErrorMessage.${rule}`) : d.message || t('app.error.general');
  const minimum = d.params?.minOrderQuant;
  return rule === 'BelowMinimumOrderQuantity' && minimum !== undefined ? `${text} (${t('shop.templates.minimum', { smart_count: Number(minimum) })})` : text;
}

/** The texts of a refused template call. */
export function templateProblems(error: unknown, failure: FailureContext, i18n: I18nProvider, titleOf: LineTitle): string[] {
  const body = (error instanceof HttpError ? error.body : undefined) as HttpErrorBody | undefined;
  const details = body?.details?.filter((d) => d.rule && /(^|\.)(lines|transporterLines)\.\d+$/.test(d.path)) ?? [];
  if (!details.length) return [describeError(error, failure, i18n)];
  const language = i18n.getLocale();
  return details.map((d) => {
    const [, list, index] = /(lines|transporterLines)\.(\d+)$/.exec(d.path)!;
    const message = messageOf(d, i18n);
    if (list === 'lines') {
      const title = titleOf(Number(index));
      return title ? i18n.translate('shop.templates.lineProblem', { title, message }) : message;
    }
    const article = currentBasket()?.transporterLines[Number(index)]?.transporterArticle;
    const title = article && (inLanguage(article.title, language) || article.articleNumberSupplier);
    return title ? i18n.translate('shop.templates.basketLineProblem', { title, message }) : message;
  });
}
