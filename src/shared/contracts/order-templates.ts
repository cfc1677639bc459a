import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { orderTemplates } from '../../../model/resources/order-templates';
import { orderTemplateCreateSchema, orderTemplateUpdateSchema } from '../../../generated/schemas/order-templates.gen';
import { optional } from '../field-kinds';
import { safeString } from '../safe-text';
import { contractsOf } from './define';
import { resultOf, transporterSchema } from './shapes';

/** An id a body names: a uuid ('invalid' otherwise; left out, 'required'). */
const uuid = z.uuid({ error: 'invalid' });
/** A count of the query: a whole number in bounds; '' or null is "not given". */
const count = (min: number, max?: number) => {
  const n = z.number({ error: 'invalid' }).int({ error: 'numerical' }).min(min, { error: 'minValue' });
  return optional(max === undefined ? n : n.max(max, { error: 'maxValue' }));
};

const text = z.string();
const maybe = <T extends z.ZodType>(s: T) => s.nullable().optional();
const translated = z.object({ nl: text.nullish(), en: text.nullish(), fr: text.nullish() });

/** What a line's article shows: enough to recognise it and see whether it can still be ordered (price null when the caller may no longer see it). */
const articleView = z.object({
  id: text, articleNumberSupplier: maybe(text), title: maybe(translated), price: maybe(text),
  priceQuantity: maybe(z.number()), minOrderQuant: maybe(z.number()), supplierName: maybe(text), available: z.boolean(),
});

/** A template as /id, /create, /update and /delete answer it: its lines, each with its article. */
const templateView = z.object({
  id: text, title: text, createdAt: text, updatedAt: text, createdById: maybe(text), createdByName: maybe(text),
  lines: z.array(z.object({ supplierArticleId: text, amount: z.number(), article: maybe(articleView) })),
});

/** A template in the list: its line and item count and its first articles, to recognise it. */
const templateSummary = z.object({
  id: text, title: text, createdAt: text, createdById: maybe(text), createdByName: maybe(text),
  lineCount: z.number(), itemCount: z.number(),
  articles: z.array(z.object({ articleNumberSupplier: maybe(text), title: maybe(translated), amount: z.number() })),
});

const byId = z.object({ id: uuid });
/** Lines the caller may not order are refused with every problem as a detail. */
const lineProblems = ['ArticleNotAvailable', 'GiftCardNotInTemplate', 'BelowMinimumOrderQuantity'] as const;

/**
 * Order templates (flows §2 /order-templates, §7 the five calls, and the one click that fills the
 * basket from one). Reading needs the orders area's R; writing and filling the basket its C.
 */
export const orderTemplateContracts = contractsOf(orderTemplates, {
  query: {
    method: 'POST', read: true, path: '/order-templates/query', access: access.customer('orders', 'R'),
    summary: "The caller's order templates for the acting customer (a customer admin: the company's), by title, searched on the title ({query:{skip, take, search}}): {result:{items, total, skip, take}}, each with its line and item count and its first articles.",
    body: z.object({
      query: optional(z.object({ skip: count(0), take: count(1, 100), search: optional(safeString({ error: 'invalid' }).trim().max(200, { error: 'maxLength' })) })),
    }),
    response: resultOf(z.object({ items: z.array(templateSummary), total: z.number(), skip: z.number(), take: z.number() })),
    errors: ['noActiveCustomer'],
  },
  id: {
    method: 'POST', read: true, path: '/order-templates/id', access: access.customer('orders', 'R'),
    summary: "One template ({id}) with its lines, each line's article (number, title, price, whether the caller can still order it). Needs an active customer (noActiveCustomer); another user's template is OrderTemplateNotFound unless the caller is a customer admin.",
    body: byId,
    response: resultOf(templateView),
    errors: ['noActiveCustomer', 'OrderTemplateNotFound'],
  },
  create: {
    method: 'POST', path: '/order-templates/create', access: access.customer('orders', 'C'),
    summary: 'Creates a template ({dto:{title, lines}}); every article must be one the caller may order (ArticleNotAvailable), no gift card (GiftCardNotInTemplate), at least its minimum order quantity (BelowMinimumOrderQuantity). Repeated articles are merged.',
    body: z.object({ dto: orderTemplateCreateSchema }),
    response: resultOf(templateView),
    errors: ['noActiveCustomer', ...lineProblems],
  },
  update: {
    method: 'POST', path: '/order-templates/update', access: access.customer('orders', 'C'),
    summary: "Changes a template's title and/or replaces its lines ({dto:{id, title?, lines?}}) under the rules of create; an article already in the template is kept even when the caller can no longer order it.",
    // Lines left out keep the stored ones (the update shape has no default for them).
    body: z.object({ dto: z.intersection(byId, orderTemplateUpdateSchema) }),
    response: resultOf(templateView),
    errors: ['noActiveCustomer', 'OrderTemplateNotFound', ...lineProblems],
  },
  delete: {
    method: 'POST', path: '/order-templates/delete', access: access.customer('orders', 'C'),
    summary: 'Removes a template ({id}) and answers it as it was. Needs an active customer (noActiveCustomer).',
    body: byId,
    response: resultOf(templateView),
    errors: ['noActiveCustomer', 'OrderTemplateNotFound'],
  },
  toTransporter: {
    method: 'POST', path: '/order-templates/{id}/to-transporter', access: access.customer('orders', 'C'),
    summary: "Adds the template's lines to the caller's basket (amounts of an article already there are added up; the rest of the basket and its delivery details stay), after the basket's own checks on the whole result: visibility, minimum quantity, stock. Refuses with every problem as a detail (lines.N: the template's line, transporterLines.N: a basket line) and changes nothing then. Answers the stored basket.",
    // as the basket calls: the basket is the caller's for the acting customer; naming another is refused
    body: z.object({ customerId: optional(uuid), userId: optional(uuid) }).prefault({}),
    response: resultOf(transporterSchema),
    errors: ['noActiveCustomer', 'OrderTemplateNotFound', 'NoOrderLinesProvided', 'ArticleNotAvailable', 'BelowMinimumOrderQuantity', 'NotEnoughStock'],
  },
});
