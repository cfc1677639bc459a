import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { CONSTANTS } from '../../../model/catalogue/constants';
import { CURRENCIES, supplierArticles } from '../../../model/resources/catalogue';
import type { SupplierArticleDto } from '../catalogue-dto';
import { safeString } from '../safe-text';
import { wireValueSchema } from '../wire-schemas';
import { contractsOf, type Agrees, type Assert } from './define';
import { resultOf } from './shapes';
import { evaluatedPriceSchema, supplierArticleAdminContracts } from './articles';

const text = z.string();
const maybe = <T extends z.ZodType>(s: T) => s.nullable();
const languageText = z.object({ languageCode: text, description: text });
const perLanguage = z.object({ nl: text, en: text, fr: text });

/**
 * The SupplierArticleDto every customer-facing article call answers. Answers are serialized through
 * it, so a DTO key it misses would vanish from the shop: the check below makes the shared DTO type
 * and this schema agree key for key at compile time. Values the builder copies from a column without
 * a default are nullable, so an odd row is answered, not a 500.
 */
export const supplierArticleDtoSchema = z.object({
  id: text, customerId: maybe(text), articleNumberSupplier: maybe(text), title: perLanguage,
  price: maybe(text), priceQuantity: z.number(), minOrderQuant: z.number(), currency: z.enum(Object.keys(CURRENCIES) as [keyof typeof CURRENCIES]), tax: z.number(),
  manufacturer: maybe(text), brand: maybe(text), supplierId: maybe(text), supplierName: maybe(text),
  supplierShippingCost: maybe(text), minimumOrderPrice: maybe(text), stock: maybe(z.number()), estimateDeliveryDays: z.number(),
  type: text, image: maybe(text), images: z.array(text), shortDescriptions: z.array(languageText), longDescriptions: z.array(languageText),
  categoryId: maybe(text), categoryHierarchy: maybe(perLanguage), marketplaceId: maybe(text), family: maybe(text),
  available: z.boolean(), promoted: z.boolean(), offerId: maybe(text), keywords: z.array(text), ean: maybe(text), pnNumber: maybe(text),
  attributes: wireValueSchema<SupplierArticleDto['attributes']>(supplierArticles.fields.attributes),
});

/** Compiles only when both have the same keys and every DTO value fits the schema. */
export type ArticleSchemaAgrees = Assert<Agrees<SupplierArticleDto, typeof supplierArticleDtoSchema>>;

const optionalId = z.union([z.literal('').transform(() => undefined), z.null().transform(() => undefined), z.uuid()]).optional();
const optionalText = z.union([z.null().transform(() => undefined), safeString(undefined, false).trim().max(200)]).optional()
  .transform((s) => (s ? s : undefined));
const skip = z.coerce.number().int().min(0).default(0);
const take = (fallback: number) => z.coerce.number().int().min(1).default(fallback).transform((n) => Math.min(n, CONSTANTS.maxPageSize));

/** {query} may be left out, as may its properties. */
const inQuery = <S extends z.ZodObject>(q: S) => z.object({ query: q.prefault({} as z.input<S>) }).prefault({});

const articles = z.array(supplierArticleDtoSchema);
const items = z.object({ items: articles });
/** A customer names the customer of a shop call in its body; one it may not act for is refused (catalogue/caller.ts). */
const namedCustomer = ['CustomerNotFound', 'NoAccessToCustomer'] as const;

/** The shop's article calls (core §7 Supplier articles, flows §3 Supplier article). */
export const supplierArticleContracts = contractsOf(supplierArticles, {
  query: {
    method: 'POST', read: true, path: '/supplier-articles/query', access: access.customer(),
    summary: 'Articles the user may see (catalogue rules), filtered by {query: search, supplierId, categoryId, marketplaceId, skip, take}.',
    body: inQuery(z.object({
      search: optionalText, supplierId: optionalId, categoryId: optionalId, marketplaceId: optionalId, customerId: optionalId,
      skip, take: take(CONSTANTS.adminPageSize),
    })),
    response: resultOf(z.object({ items: articles, total: z.number(), skip: z.number(), take: z.number() })),
    errors: namedCustomer,
  },
  queryRecent: {
    method: 'POST', read: true, path: '/v2/supplier-articles/query-recent', access: access.customer(),
    summary: 'Articles the acting customer ordered most recently, newest first ({items}).',
    body: inQuery(z.object({ customerId: optionalId, skip, take: take(CONSTANTS.adminPageSize) })),
    response: items,
    errors: namedCustomer,
  },
  queryTop: {
    method: 'GET', path: '/v2/supplier-articles/query-top', access: access.customer(),
    summary: 'The most ordered articles of the acting customer (actingSupplierId, skip, take) ({items}).',
    query: z.object({ actingSupplierId: optionalId, skip, take: take(CONSTANTS.adminPageSize) }),
    response: items,
  },
  forBanner: {
    method: 'POST', read: true, path: '/supplier-articles/for-banner', access: access.customer(),
    summary: 'The articles of one banner ({query:{offerId}}).',
    body: inQuery(z.object({ offerId: z.uuid(), customerId: optionalId })),
    response: resultOf(articles),
    errors: namedCustomer,
  },
  queryPromoted: {
    method: 'POST', read: true, path: '/supplier-articles/query-promoted', access: access.customer(),
    summary: 'Promoted articles (skip 0, take 20) with their total.',
    body: inQuery(z.object({ customerId: optionalId, skip, take: take(CONSTANTS.promotedTake) })),
    response: resultOf(z.object({ items: articles, total: z.number() })),
    errors: namedCustomer,
  },
  byId: {
    method: 'POST', read: true, path: '/supplier-articles/id', access: access.customer(),
    summary: 'One article ({query:{id, customerId}}) with line breaks in its long descriptions; refused when the catalogue rules exclude it.',
    // Any id: one that is no text or no article's answers SupplierArticleNotFound, as an excluded one does.
    body: inQuery(z.object({ id: z.unknown(), customerId: optionalId })),
    response: resultOf(supplierArticleDtoSchema),
    errors: ['SupplierArticleNotFound', ...namedCustomer],
  },
  offers: {
    method: 'POST', read: true, path: '/supplier-articles/offers', access: access.customer(),
    summary: "Every offer of the article of one offer ({query:{id, customerId, quantity?}}) that the catalogue rules let the user see, each with its price as the buyer pays it for `quantity` (its minimum when not given: per unit, shipping, total incl. VAT), cheapest per unit with shipping first. {result: [{article, price}]}. An offer the user may not see answers SupplierArticleNotFound.",
    body: inQuery(z.object({ id: z.unknown(), customerId: optionalId, quantity: z.coerce.number().int().min(1, 'minValue').max(100000, 'maxValue').optional() })),
    response: resultOf(z.array(z.object({ article: supplierArticleDtoSchema, price: evaluatedPriceSchema }))),
    errors: ['SupplierArticleNotFound', ...namedCustomer],
  },
  byIds: {
    method: 'GET', path: '/supplier-articles', access: access.customer(),
    summary: 'Several articles by id (customerId, ids) as a result list; excluded ones are left out.',
    query: z.object({ customerId: z.string().optional(), ids: z.union([z.string(), z.array(z.string())]).optional() }),
    response: resultOf(articles),
  },
  createOwn: {
    method: 'POST', path: '/supplier-articles/createOwn', access: access.customer('product-management', 'C'),
    summary: 'Creates an own (CustomerDefined) article of the acting customer; answers its id.',
    // The dto is checked in the handler: the spec's description lists are turned into fields first.
    body: z.object({ dto: z.record(z.string(), z.unknown()) }),
    response: resultOf(z.string()),
    errors: ['noActiveCustomer', 'SupplierArticleAlreadyExists'],
  },
  createOrUpdateOwn: {
    method: 'POST', path: '/supplier-articles/createOrUpdateOwn', access: access.customer('product-management', 'C'),
    summary: 'Creates or updates own articles by supplier and article number ({dtos}), all or nothing.',
    // Each dto is checked in the handler: whether it creates or updates depends on the stored articles.
    body: z.object({ dtos: z.array(z.unknown()).max(1000, { error: 'maxLength' }) }),
    response: resultOf(z.array(z.string())),
    errors: ['noActiveCustomer'],
  },
  sandboxImportStaples: {
    method: 'POST', path: '/admin/sandbox/runImportStaplesCatalog', access: access.platformAdmin('product-management', 'W'),
    summary: "Queues the catalogue.importStaples job for the tenant ({}): the sample Staples catalogue file of the demo data is read into the tenant's supplier Staples (created when missing), upserting its articles by article number; the job's result (created, updated, unchanged, refused with the lines' reasons) is in POST /admin/tasks/logs. {result: {taskName, jobId}}.",
    body: z.object({}).strict().prefault({}),
    response: resultOf(z.object({ taskName: z.string(), jobId: z.string() })),
  },
  queryV2: {
    method: 'GET', path: '/v2/supplier-articles/query', access: access.customer(),
    summary: 'Articles by article number, supplier or order (articleNumber, supplierId, orderId).',
    query: z.object({
      articleNumber: optionalText, supplierId: optionalId, orderId: optionalId, skip,
      take: z.coerce.number().int().min(1).optional().transform((n) => (n === undefined ? undefined : Math.min(n, CONSTANTS.maxPageSize))),
    }),
    response: items,
    errors: ['OrderNotFound'],
  },
  ...supplierArticleAdminContracts,
});
