import type { Kysely } from 'kysely';
import type { ErrorCode } from '../../../model';
import { visibilityFor } from '../catalogue/visibility';
import type { Owner } from '../crud/scope';
import { ApiError, type ErrorDetail } from '../errors';
import type { Acting } from '../ordering/acting';
import { loadArticles } from '../ordering/articles';
import { basketDto, basketState, type TransporterDto } from '../ordering/basket';
import { isGiftCard, lineProblems, mergeLines } from '../ordering/basket-lines';
import { loadBasket, lockBasketKey, saveBasket, type StoredLine } from '../ordering/basket-store';
import { templateRow } from './store';
import type { DB } from '../../../generated/db/database.gen';

/**
 * "A template fills the basket in one click": the template's lines are added to the user's basket
 * (an article already there gets the amounts added up, as adding it by hand would; the other lines
 * and the delivery details stay). The result passes the basket's own line rules before it is stored
 * (src/server/ordering/basket-lines.ts: visible to this user now, minimum quantity, stock over all
 * lines of an article), so a template never smuggles in what the basket would refuse. All or
 * nothing: on any problem the basket stays as it was and every problem is named.
 */
export async function fillBasket(db: Kysely<DB>, acting: Acting, owner: Owner, templateId: string): Promise<TransporterDto> {
  return db.transaction().execute(async (trx) => {
    // The basket's own lock first, as every basket write takes it, so a save at the same time waits.
    await lockBasketKey(trx, acting);
    const template = await templateRow(trx, owner, templateId);
    if (!template.lines.length) throw new ApiError('NoOrderLinesProvided');
    const stored = await loadBasket(trx, acting);
    const added: StoredLine[] = template.lines.map((l) => ({ supplierArticleId: l.supplierArticleId, amount: l.amount, giftCard: null }));
    const articles = await loadArticles(trx, acting.tenantId, [...stored.lines, ...added].map((l) => l.supplierArticleId));
    // Lines of articles gone since are not shown in the basket either (basketState): they are dropped.
    const kept = stored.lines.filter((l) => articles.has(l.supplierArticleId.toLowerCase()));
    const input = [...kept, ...added];
    const visibility = await visibilityFor(trx, acting.tenantId, acting.customerId, acting.userId);

    const problems: (ErrorDetail & { rule: ErrorCode })[] = [];
    /** A problem of the template's line with this article when the template has it, else of the basket's line. */
    const pathOf = (index: number) => {
      const id = input[index]?.supplierArticleId.toLowerCase();
      const inTemplate = template.lines.findIndex((l) => l.supplierArticleId === id);
      return inTemplate >= 0 ? `lines.${inTemplate}` : `transporterLines.${index}`;
    };
    template.lines.forEach((l, i) => {
      const a = articles.get(l.supplierArticleId);
      if (a && isGiftCard(a)) problems.push({ path: `lines.${i}`, rule: 'GiftCardNotInTemplate' });
    });
    const merged = mergeLines(input, articles);
    if (!problems.length) {
      for (const p of lineProblems(merged, articles, visibility)) problems.push({ path: pathOf(p.lineIndex), rule: p.errorCode, ...(p.params ? { params: p.params } : {}) });
    }
    if (problems.length) throw new ApiError(problems[0].rule, problems);

    await saveBasket(trx, acting, merged.map(({ supplierArticleId, amount, giftCard }) => ({ supplierArticleId, amount, giftCard })), stored.shippingDetails);
    return basketDto(acting, await basketState(trx, acting, await loadBasket(trx, acting)));
  });
}
