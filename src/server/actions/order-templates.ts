import { sql } from 'kysely';
import { actingOf, assertSelf } from '../ordering/acting';
import { orderTemplateContracts } from '../../shared/contracts/order-templates';
import { requireCustomer } from '../crud/scope';
import { authOf } from '../request-context';
import { fillBasket } from '../order-templates/fill-basket';
import { checkedLines, type Saver } from '../order-templates/lines';
import { listItems, rowOf, templateRow, templatesQuery, templateView, type TemplateLine } from '../order-templates/store';
import { implement, type ActionContext } from './define';

/**
 * The order-template calls (flows §7 "Order templates": POST /order-templates/query, /id, /create,
 * /update, /delete) and the one click that fills the basket from a template
 * (POST /order-templates/{id}/to-transporter). Bodies and answers are the contracts'
 * (src/shared/contracts/order-templates.ts); the resource is behind the orderTemplates feature and the
 * access layer has checked the orders area's letters. Every handler needs the acting customer
 * (requireCustomer: 400 noActiveCustomer, 'There is no active customer', flows §5) and works only on
 * the templates the caller may read (`owner.onlyOwn`: their own, unless a customer admin).
 */

const DEFAULT_TAKE = 20;

/** The caller, for the catalogue rules of the lines they save. */
function saverOf(ctx: Pick<ActionContext, 'request' | 'owner'>): Saver {
  return { tenantId: ctx.owner.tenantId, customerId: requireCustomer(ctx.owner), userId: authOf(ctx.request).user.id };
}

const viewOf = async (ctx: Pick<ActionContext, 'db' | 'request' | 'owner'>, id: string) =>
  templateView(ctx.db, ctx.owner, authOf(ctx.request).user.id, await templateRow(ctx.db, ctx.owner, id));

/** Lines as sent: the contract's schema has checked ids and amounts (integers, at least 1). */
const sentLines = (lines: readonly { supplierArticleId: string; amount: number }[] | '' | null | undefined): TemplateLine[] =>
  (lines || []).map((l) => ({ supplierArticleId: l.supplierArticleId, amount: l.amount }));

/** Escapes LIKE's wildcards so a search for '50%' finds that text. */
const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const orderTemplateActions = implement(orderTemplateContracts, {
  /** POST /order-templates/query {query:{skip, take, search}}: a page of the templates by title (case-insensitive, then id). */
  query: async ({ db, body, owner }) => {
    requireCustomer(owner);
    const skip = body.query?.skip ?? 0;
    const take = body.query?.take ?? DEFAULT_TAKE;
    const search = body.query?.search?.trim();
    let q = templatesQuery(db, owner);
    if (search) q = q.where(sql<boolean>`lower(t.title) like ${contains(search)}`);
    const [{ total }, rows] = await Promise.all([
      q.clearSelect().select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      q.orderBy(sql`lower(t.title)`).orderBy('t.id').offset(skip).limit(take).execute(),
    ]);
    return { result: { items: await listItems(db, owner.tenantId, rows.map(rowOf)), total: Number(total), skip, take } };
  },

  /** POST /order-templates/id {id}: the template with its lines' articles as the caller sees them. */
  id: async (ctx) => {
    requireCustomer(ctx.owner);
    return { result: await viewOf(ctx, ctx.body.id) };
  },

  /** POST /order-templates/create {dto:{title, lines}}: a template of the caller (its creator) for the acting customer. */
  create: async (ctx) => {
    const { db, body } = ctx;
    const who = saverOf(ctx);
    const lines = await checkedLines(db, who, sentLines(body.dto.lines));
    const row = await db.insertInto('orderTemplates').values({
      tenantId: who.tenantId, customerId: who.customerId, title: body.dto.title, lines: JSON.stringify(lines), createdById: who.userId,
    }).returning('id').executeTakeFirstOrThrow();
    return { result: await viewOf(ctx, String(row.id)) };
  },

  /**
   * POST /order-templates/update {dto:{id, title?, lines?}}: a new title (an empty one the contract
   * refuses: required) and/or the whole new list of lines, on the locked row so two saves at once
   * cannot mix. Lines whose article the template already held are kept even when the caller can no
   * longer order it (lines.ts).
   */
  update: async (ctx) => {
    const { db, body: { dto } } = ctx;
    const who = saverOf(ctx);
    await db.transaction().execute(async (trx) => {
      const current = await templateRow(trx, ctx.owner, dto.id, { lock: true });
      const changes: { title?: string; lines?: string } = {};
      if (dto.title) changes.title = dto.title;
      if (dto.lines != null) {
        const kept = new Set(current.lines.map((l) => l.supplierArticleId));
        changes.lines = JSON.stringify(await checkedLines(trx, who, sentLines(dto.lines), kept));
      }
      if (Object.keys(changes).length) {
        await trx.updateTable('orderTemplates').set({ ...changes, updatedAt: sql<Date>`now()` })
          .where('id', '=', current.id).where('tenantId', '=', who.tenantId).where('customerId', '=', who.customerId).execute();
      }
    });
    return { result: await viewOf(ctx, dto.id) };
  },

  /** POST /order-templates/delete {id}: removes the template; answers it as it was. */
  delete: async (ctx) => {
    const { db, owner, body } = ctx;
    const customerId = requireCustomer(owner);
    const before = await viewOf(ctx, body.id);
    await db.deleteFrom('orderTemplates').where('id', '=', before.id).where('tenantId', '=', owner.tenantId).where('customerId', '=', customerId).execute();
    return { result: before };
  },

  /** POST /order-templates/{id}/to-transporter {customerId?, userId?}: the template's lines added to the caller's basket (fill-basket.ts). */
  toTransporter: async ({ db, request, owner, params, body }) => {
    const acting = await actingOf(db, request, owner);
    assertSelf(acting, body);
    return { result: await fillBasket(db, acting, owner, params.id) };
  },
});
