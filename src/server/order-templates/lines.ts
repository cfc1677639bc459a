import type { Kysely } from 'kysely';
import type { ErrorCode } from '../../../model';
import { visibilityFor, isVisible } from '../catalogue/visibility';
import { ApiError, type ErrorDetail } from '../errors';
import { loadArticles } from '../ordering/articles';
import { isGiftCard } from '../ordering/basket-lines';
import type { TemplateLine } from './store';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The rules a template's lines obey when they are saved (flows §3 "Gift cards cannot be added"):
 * the basket's own notions, so a saved template is one the basket would take (but for stock, which
 * changes by the hour and is checked when the template fills the basket).
 */

/** Who saves, for the catalogue rules: the tenant, the acting customer and the user. */
export interface Saver { tenantId: string; customerId: string; userId: string }

/**
 * Repeated articles become one line with the amounts added up, at the place of the first, as the
 * basket merges them; ids are compared without case.
 */
export function mergeTemplateLines(lines: readonly TemplateLine[]): { lines: TemplateLine[]; sourceIndex: number[] } {
  const out: TemplateLine[] = [];
  const sourceIndex: number[] = [];
  const at = new Map<string, number>();
  lines.forEach((l, i) => {
    const id = l.supplierArticleId.toLowerCase();
    const existing = at.get(id);
    if (existing !== undefined) {
      out[existing] = { ...out[existing], amount: out[existing].amount + l.amount };
      return;
    }
    at.set(id, out.length);
    out.push({ supplierArticleId: id, amount: l.amount });
    sourceIndex.push(i);
  });
  return { lines: out, sourceIndex };
}

/**
 * Checks the lines to save and answers them merged; refuses with every problem as a detail (path
 * `dto.lines.N`, the index sent). An article the caller may not order (unknown, another company's,
 * excluded by their catalogue rules, unavailable) is ArticleNotAvailable, as in the basket, so a
 * hidden article is not told apart from one that does not exist; a gift card is
 * GiftCardNotInTemplate; an amount below the article's minimum is BelowMinimumOrderQuantity.
 * Articles in `kept` (already in the stored template) skip the visibility check: a template keeps
 * what its user chose even when the catalogue changes, and filling the basket refuses them then.
 */
export async function checkedLines(db: Kysely<DB>, who: Saver, sent: readonly TemplateLine[], kept: ReadonlySet<string> = new Set()): Promise<TemplateLine[]> {
  const { lines, sourceIndex } = mergeTemplateLines(sent);
  const articles = await loadArticles(db, who.tenantId, lines.map((l) => l.supplierArticleId));
  const visibility = await visibilityFor(db, who.tenantId, who.customerId, who.userId);
  const problems: (ErrorDetail & { rule: ErrorCode })[] = [];
  lines.forEach((l, i) => {
    const path = `dto.lines.${sourceIndex[i]}`;
    const a = articles.get(l.supplierArticleId);
    if (!a || (!kept.has(l.supplierArticleId) && !isVisible(visibility, a))) problems.push({ path, rule: 'ArticleNotAvailable' });
    else if (isGiftCard(a)) problems.push({ path, rule: 'GiftCardNotInTemplate' });
    else if (l.amount < a.minOrderQuant) problems.push({ path, rule: 'BelowMinimumOrderQuantity', params: { minOrderQuant: a.minOrderQuant } });
  });
  if (problems.length) throw new ApiError(problems[0].rule, problems);
  return lines;
}
