import type { Kysely } from 'kysely';
import { resourceByName } from '../../../model';
import type { AnswerOf } from '../../shared/contracts/define';
import type { orderTemplateContracts } from '../../shared/contracts/order-templates';
import { visibilityFor, isVisible } from '../catalogue/visibility';
import { UUID_RE } from '../db/records';
import { readable, type Owner } from '../crud/scope';
import { ApiError } from '../errors';
import { loadArticles, supplierTerms, type ArticleRow } from '../ordering/articles';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Reading order templates (model/resources/order-templates.ts) within the caller's reach: the
 * acting customer's, and of those only the caller's own unless they are a customer admin (the
 * resource's ownRows, which the route hands over as `owner.onlyOwn`). Another user's or another
 * company's template is simply not found, so its existence never shows.
 */

const orderTemplates = resourceByName('order-templates');

/** One stored line: the article and how many. */
export interface TemplateLine { supplierArticleId: string; amount: number }

export interface TemplateRow {
  id: string;
  title: string;
  lines: TemplateLine[];
  createdById: string | null;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
}

export type TemplateView = AnswerOf<typeof orderTemplateContracts.id>['result'];
export type TemplateListItem = AnswerOf<typeof orderTemplateContracts.query>['result']['items'][number];

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** The stored lines (jsonb: text on some drivers), ignoring anything that is no line. */
export function linesOf(v: unknown): TemplateLine[] {
  const list = typeof v === 'string' ? JSON.parse(v) : v;
  if (!Array.isArray(list)) return [];
  return list.filter((l) => l && typeof l.supplierArticleId === 'string')
    .map((l) => ({ supplierArticleId: String(l.supplierArticleId).toLowerCase(), amount: Number(l.amount) }));
}

/** The templates the owner may read, joined with their creator for the name. */
export function templatesQuery(db: Kysely<DB>, owner: Owner) {
  // The scope columns are the template's: the joined users row has tenant_id too.
  const scoped = readable(db.selectFrom('orderTemplates'), orderTemplates, owner);
  return db.selectFrom(scoped.selectAll().as('t'))
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 't.createdById').onRef('u.tenantId', '=', 't.tenantId'))
    .select(['t.id', 't.title', 't.lines', 't.createdById', 't.createdAt', 't.updatedAt', 'u.displayname as createdByName', 'u.email as createdByEmail']);
}

type Selected = Awaited<ReturnType<ReturnType<typeof templatesQuery>['execute']>>[number];

export function rowOf(r: Selected): TemplateRow {
  return {
    id: String(r.id), title: String(r.title), lines: linesOf(r.lines), createdById: r.createdById ? String(r.createdById) : null,
    createdByName: (r.createdByName as string | null) || (r.createdByEmail as string | null) || null,
    createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt),
  };
}

/** The template `id` as the owner may read it; OrderTemplateNotFound otherwise (also for an id that is no uuid). */
export async function templateRow(db: Kysely<DB>, owner: Owner, id: string, opts: { lock?: boolean } = {}): Promise<TemplateRow> {
  if (!UUID_RE.test(id)) throw new ApiError('OrderTemplateNotFound');
  if (opts.lock) {
    // Locks the template's own row (FOR UPDATE cannot go through the outer join of templatesQuery).
    const locked = await readable(db.selectFrom('orderTemplates'), orderTemplates, owner).select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!locked) throw new ApiError('OrderTemplateNotFound');
  }
  const row = await templatesQuery(db, owner).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError('OrderTemplateNotFound');
  return rowOf(row);
}

/**
 * How a line's article shows to this caller: number and title always (the user chose it), the
 * price and terms only while the caller may still order it (catalogue rules, available); an article
 * that no longer exists is left out (null).
 */
function articleOf(a: ArticleRow | undefined, visible: boolean, supplierName: string | null): TemplateView['lines'][number]['article'] {
  if (!a) return null;
  const title = { nl: a.title?.nl ?? null, en: a.title?.en ?? null, fr: a.title?.fr ?? null };
  if (!visible) return { id: a.id, articleNumberSupplier: a.articleNumberSupplier, title, available: false };
  return {
    id: a.id, articleNumberSupplier: a.articleNumberSupplier, title, price: a.price, priceQuantity: a.priceQuantity,
    minOrderQuant: a.minOrderQuant, supplierName, available: true,
  };
}

/** The template with each line's article as the caller sees it. */
export async function templateView(db: Kysely<DB>, owner: Owner, userId: string, t: TemplateRow): Promise<TemplateView> {
  const articles = await loadArticles(db, owner.tenantId, t.lines.map((l) => l.supplierArticleId));
  const visibility = await visibilityFor(db, owner.tenantId, owner.customerId, userId);
  const terms = await supplierTerms(db, owner.tenantId, [...articles.values()]);
  return {
    id: t.id, title: t.title, createdAt: t.createdAt, updatedAt: t.updatedAt, createdById: t.createdById, createdByName: t.createdByName,
    lines: t.lines.map((l) => {
      const a = articles.get(l.supplierArticleId);
      return { supplierArticleId: l.supplierArticleId, amount: l.amount, article: articleOf(a, !!a && isVisible(visibility, a), a ? terms.get(a.supplierId)?.supplierName ?? null : null) };
    }),
  };
}

/** How many of a template's first lines a list item names. */
export const PREVIEW_LINES = 3;

/** List items: counts and the first lines' articles (number and title), read for the whole page at once. */
export async function listItems(db: Kysely<DB>, tenantId: string, rows: readonly TemplateRow[]): Promise<TemplateListItem[]> {
  const articles = await loadArticles(db, tenantId, rows.flatMap((r) => r.lines.slice(0, PREVIEW_LINES).map((l) => l.supplierArticleId)));
  return rows.map((r) => ({
    id: r.id, title: r.title, createdAt: r.createdAt, createdById: r.createdById, createdByName: r.createdByName,
    lineCount: r.lines.length, itemCount: r.lines.reduce((sum, l) => sum + l.amount, 0),
    articles: r.lines.slice(0, PREVIEW_LINES).map((l) => {
      const a = articles.get(l.supplierArticleId);
      return { articleNumberSupplier: a?.articleNumberSupplier ?? null, title: a?.title ? { nl: a.title.nl ?? null, en: a.title.en ?? null, fr: a.title.fr ?? null } : null, amount: l.amount };
    }),
  }));
}
