import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { CONSTANTS } from '../../../model/catalogue/constants';
import { articles, supplierArticles } from '../../../model/resources/catalogue';
import { articleCreateSchema, articleRecordSchema, articleUpdateSchema } from '../../../generated/schemas/articles.gen';
import { supplierArticleRecordSchema } from '../../../generated/schemas/supplier-articles.gen';
import type { SupplierArticleCreateDto, SupplierArticleUpdateDto } from '../../../generated/types/supplier-articles.gen';
import { objectOf } from '../field-schemas';
import { safeString } from '../safe-text';
import { contractsOf, filePart } from './define';
import { resultOf, uuidText } from './shapes';

/**
 * Articles and their offers (flows §3 Supplier article and product data, core §7 Admin: articles and
 * supplier articles; issue 28). An article is the product; a supplier article is one supplier's offer
 * of it: the fields below in OFFER_FIELDS. The product data an offer answers is its article's
 * (src/server/db/after/0007_articles.sql). Handlers: src/server/actions/articles.ts.
 */

/** The fields of a supplier article that are the offer's own; the others are its article's. */
export const OFFER_FIELDS = [
  'articleNumberSupplier', 'supplierId', 'price', 'priceQuantity', 'minOrderQuant', 'currency', 'tax',
  'supplierShippingCost', 'minimumOrderPrice', 'stock', 'estimateDeliveryDays', 'type', 'promoted', 'offerId',
] as const satisfies readonly (keyof typeof supplierArticles.fields)[];
export type OfferField = (typeof OFFER_FIELDS)[number];

const offerFields = Object.fromEntries(OFFER_FIELDS.map((k) => [k, supplierArticles.fields[k]]));
/** An offer's own fields as a new offer sends them (model kinds, so a changed field changes this call). */
export const offerCreateSchema = objectOf(offerFields, 'create') as unknown as z.ZodType<Pick<SupplierArticleCreateDto, OfferField>, Pick<SupplierArticleCreateDto, OfferField>>;
/** An offer's own fields as a change sends them (each may be left out). */
export const offerUpdateSchema = objectOf(offerFields, 'update') as unknown as z.ZodType<Pick<SupplierArticleUpdateDto, OfferField>, Pick<SupplierArticleUpdateDto, OfferField>>;

/** A supplier article as the admin and product management answer it: the record with its supplier's name. */
export const offerSchema = supplierArticleRecordSchema.extend({ supplierName: z.string().nullable() });

/** An article with its offers, cheapest first (product management's detail). */
export const articleWithOffersSchema = articleRecordSchema.extend({ offers: z.array(offerSchema) });

/** One offer's price as a buyer pays it (queryEvaluatedPrices). Money is a decimal string. */
export const evaluatedPriceSchema = z.object({
  supplierArticleId: z.string(), articleId: z.string(), supplierId: z.string(), supplierName: z.string().nullable(),
  articleNumberSupplier: z.string(), quantity: z.number(),
  /** The price per single unit, excl. VAT (price / priceQuantity). */
  unitPriceExcl: z.string(),
  /** What `quantity` units cost: excl. VAT, the shipping the supplier's rules charge for them, incl. VAT. */
  totalExcl: z.string(), shippingCost: z.string(), totalIncl: z.string(),
  /** Per unit, all in (shipping included, excl. VAT): what the offers are compared by. */
  unitCostWithShipping: z.string(),
  minOrderQuant: z.number(), stock: z.number().nullable(), estimateDeliveryDays: z.number(),
});

const optionalId = z.union([z.literal('').transform(() => undefined), z.null().transform(() => undefined), z.uuid()]).optional();
const optionalText = z.union([z.null().transform(() => undefined), safeString(undefined, false).trim().max(200)]).optional()
  .transform((s) => (s ? s : undefined));
const page = z.coerce.number().int().min(1, 'minValue').default(1);
const pageSize = (fallback: number) => z.coerce.number().int().min(1, 'minValue').default(fallback).transform((n) => Math.min(n, CONSTANTS.maxPageSize));

/** The product management list's sorts (flows §3 product-management filters). */
export const PRODUCT_MANAGEMENT_SORTS = ['title', '-title', 'createdAt', '-createdAt', 'articleNumberSupplier', '-articleNumberSupplier', 'price', '-price'] as const;

/** One row of the product management list: the article with its cheapest offer and how many it has. */
export const productManagementRowSchema = z.object({
  id: z.string(), customerId: z.string().nullable(), title: articleRecordSchema.shape.title, brand: z.string().nullable(),
  ean: z.string().nullable(), image: z.string().nullable(), available: z.boolean(), family: z.string().nullable(),
  marketplaceId: z.string().nullable(), categoryId: z.string().nullable(), offerCount: z.number(),
  supplierId: z.string().nullable(), supplierName: z.string().nullable(), articleNumberSupplier: z.string().nullable(),
  price: z.string().nullable(), stock: z.number().nullable(), updatedAt: z.string(),
});

/** The list's filters (flows §3): the spec's names; `unavailable` include, exclude (default) or only. The list's export takes them too (product-imports.ts). */
export const productManagementQuery = z.object({
  page, pageSize: pageSize(CONSTANTS.adminPageSize),
  name: optionalText, articleNumberSupplier: optionalText, supplierId: optionalId, marketplaceId: optionalId,
  family: optionalText,
  unavailable: z.enum(['include', 'exclude', 'only']).default('exclude'),
  sort: z.enum(PRODUCT_MANAGEMENT_SORTS).default('-createdAt'),
});

const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });

/** An offer sent with an article: its own fields, and the id of an offer it changes. */
const offerInput = z.union([
  offerUpdateSchema.and(z.object({ id: uuidText })),
  offerCreateSchema.and(z.object({ id: z.undefined().optional() })),
]);

/** A new article with its first offers (at least one: an article nobody offers cannot be ordered). */
const newArticleBody = articleCreateSchema.and(z.object({ offers: z.array(offerCreateSchema).min(1, 'required').max(50, 'maxLength') }));
/** A change of an article: its fields, and offers to change (with id) or add (without). */
const changeBody = <A extends z.ZodType>(article: A) => article.and(z.object({ offers: z.array(offerInput).max(50, 'maxLength').optional() }));

const articleErrors = ['ArticleNotFound', 'SupplierArticleAlreadyExists', 'SupplierArticleNotFound'] as const;

/** The calls of articles: the admin's and a company's product management. */
export const articleContracts = contractsOf(articles, {
  adminCreate: {
    method: 'POST', path: '/admin/articles/create', access: access.platformAdmin('product-management', 'C'),
    summary: "Creates a platform article ({dto}: the article's fields); its offers are added with POST /admin/supplier-articles/create. Answers {result: article}.",
    body: z.object({ dto: articleCreateSchema }), fieldsIn: 'dto',
    response: resultOf(articleRecordSchema),
  },
  adminUpdate: {
    method: 'POST', path: '/admin/articles/update', access: access.platformAdmin('product-management', 'W'),
    summary: "Changes a platform article ({dto} with id); every offer of it answers the new product data, and the search index follows within seconds.",
    body: z.object({ dto: articleUpdateSchema.and(z.object({ id: uuidText })) }), fieldsIn: 'dto',
    response: resultOf(articleRecordSchema),
    errors: ['ArticleNotFound'],
  },
  productManagementList: {
    method: 'GET', path: '/product-management', access: access.customer('product-management', 'R'),
    summary: "The acting company's own articles (page, pageSize, name, articleNumberSupplier, supplierId, marketplaceId, family, unavailable include|exclude|only (default exclude), sort): each with its cheapest offer. {items, total, page, pageSize}.",
    query: productManagementQuery,
    response: pageOf(productManagementRowSchema),
  },
  productManagementCreate: {
    method: 'POST', path: '/product-management', access: access.customer('product-management', 'C'),
    summary: "Creates an own article of the acting company with its offers ({...article fields, offers: [{supplierId, articleNumberSupplier, price, …}]}); a supplier article number is unique per supplier (SupplierArticleAlreadyExists). Searchable within seconds. Answers the article with its offers.",
    body: newArticleBody,
    response: articleWithOffersSchema,
    errors: ['SupplierArticleAlreadyExists'],
  },
  productManagementGet: {
    method: 'GET', path: '/product-management/{id}', access: access.customer('product-management', 'R'),
    summary: 'One own article of the acting company with its offers, cheapest first.',
    response: articleWithOffersSchema,
    errors: ['ArticleNotFound'],
  },
  productManagementReplace: {
    method: 'PUT', path: '/product-management/{id}', access: access.customer('product-management', 'W'),
    summary: "Replaces an own article's fields (what is left out is cleared) and changes or adds the offers sent ({offers: [{id?, …}]}; offers not sent stay). Answers the article with its offers.",
    body: changeBody(articleCreateSchema),
    response: articleWithOffersSchema,
    errors: articleErrors,
  },
  productManagementPatch: {
    method: 'PATCH', path: '/product-management/{id}', access: access.customer('product-management', 'W'),
    summary: "Changes the fields sent of an own article (available: false takes it out of the shop and the search) and the offers sent. Answers the article with its offers.",
    body: changeBody(articleUpdateSchema),
    response: articleWithOffersSchema,
    errors: articleErrors,
  },
  productManagementAddImage: {
    method: 'POST', path: '/product-management/{id}/images', access: access.customer('product-management', 'W'),
    summary: `Beyond the spec: adds an image to an own article of the acting company (multipart/form-data, one part \`file\`: JPEG, PNG or WebP, told by its bytes (415 FileTypeNotAllowed), at most ${CONSTANTS.articleImageMaxMb} MB (413 FileTooLarge, refused while it streams in)), after its other images; the first image becomes the main one (\`image\`). The article is checked before a byte is read (ArticleNotFound: another company's too); nothing is stored on a refusal. The image is served at /article-images/{blobName}. Reorder, remove or choose the main image with PATCH {images, image}. Answers the article with its offers.`,
    multipart: z.object({ file: filePart(`The image (JPEG, PNG or WebP), at most ${CONSTANTS.articleImageMaxMb} MB.`) }),
    response: articleWithOffersSchema,
    errors: ['ArticleNotFound', 'FileRequired', 'FileEmpty', 'FileTooLarge', 'FileTypeNotAllowed'],
  },
  productAttributes: {
    method: 'GET', path: '/product-attributes', access: access.customer('product-management', 'R'),
    summary: "The attributes the caller's articles use (the platform's and the company's own), by name: {items: [{productAttributeId, name: {nl,en,fr}}], total, page, pageSize} (pageSize 30).",
    query: z.object({ page, pageSize: pageSize(CONSTANTS.productAttributesPageSize) }),
    response: pageOf(z.object({ productAttributeId: z.string(), name: z.object({ nl: z.string().nullable(), en: z.string().nullable(), fr: z.string().nullable() }) })),
  },
});

/** The admin's calls of supplier articles beside the generic query and get (core §7 Admin: supplier articles). */
export const supplierArticleAdminContracts = {
  adminCreate: {
    method: 'POST', path: '/admin/supplier-articles/create', access: access.platformAdmin('product-management', 'C'),
    summary: "Adds an offer to a platform article ({dto}: articleId and the offer's own fields: supplierId, articleNumberSupplier, price, priceQuantity, minOrderQuant, tax, stock, estimateDeliveryDays, shipping). The supplier article number is unique per supplier (SupplierArticleAlreadyExists).",
    body: z.object({ dto: offerCreateSchema.and(z.object({ articleId: uuidText })) }),
    response: resultOf(offerSchema),
    errors: ['ArticleNotFound', 'SupplierArticleAlreadyExists'],
  },
  adminUpdate: {
    method: 'POST', path: '/admin/supplier-articles/update', access: access.platformAdmin('product-management', 'W'),
    summary: "Changes a platform offer's own fields ({dto} with id; articleId moves it to another article).",
    body: z.object({ dto: offerUpdateSchema.and(z.object({ id: uuidText, articleId: uuidText.optional() })) }),
    response: resultOf(offerSchema),
    errors: ['ArticleNotFound', 'SupplierArticleNotFound', 'SupplierArticleAlreadyExists'],
  },
  perArticle: {
    method: 'GET', path: '/admin/supplier-articles/per-article/{articleId}', access: access.platformAdmin('product-management', 'R'),
    summary: 'The offers of one platform article, cheapest first ({result: offers}); actingSupplierId keeps those of one supplier.',
    query: z.object({ actingSupplierId: optionalId }),
    response: resultOf(z.array(offerSchema)),
    errors: ['ArticleNotFound'],
  },
  queryEvaluatedPrices: {
    method: 'POST', read: true, path: '/admin/supplier-articles/queryEvaluatedPrices', access: access.platformAdmin('product-management', 'R'),
    summary: "Each offer's price as a buyer pays it for {query: {articleId | ids, quantity (default: the offer's minimum)}}: per unit, the total excl. VAT, the supplier's shipping for that order, incl. VAT; cheapest per unit (shipping included) first.",
    body: z.object({ query: z.object({ articleId: optionalId, ids: z.array(uuidText).max(200, 'maxLength').optional(), quantity: z.coerce.number().int().min(1, 'minValue').max(100000, 'maxValue').optional(), actingSupplierId: optionalId }).prefault({}) }).prefault({}),
    response: resultOf(z.object({ items: z.array(evaluatedPriceSchema), total: z.number() })),
  },
  upload: {
    method: 'POST', path: '/admin/supplier-articles/{id}/upload', access: access.platformAdmin('product-management', 'W'),
    summary: `Adds an image (multipart/form-data, one part \`file\`: JPEG, PNG or WebP, told by its bytes (415 FileTypeNotAllowed), at most ${CONSTANTS.articleImageMaxMb} MB (413 FileTooLarge, refused while it streams in)) to the offer's article, after its other images; the first image becomes the article's main one (\`image\`). The offer is checked before a byte is read; nothing is stored on a refusal. The image is served at /article-images/{blobName}; every offer of the article shows it. Answers {result: offer}.`,
    multipart: z.object({ file: filePart(`The image (JPEG, PNG or WebP), at most ${CONSTANTS.articleImageMaxMb} MB.`) }),
    response: resultOf(offerSchema),
    errors: ['SupplierArticleNotFound', 'FileRequired', 'FileEmpty', 'FileTooLarge', 'FileTypeNotAllowed'],
  },
  evalUrlTemplate: {
    method: 'POST', path: '/admin/supplier-articles/eval-url-template', access: access.platformAdmin('product-management', 'R'),
    summary: "Fills a product-URL template ({template, supplierArticleId?}): {articleNumber}, {ean}, {pnNumber} and {supplierId} are replaced by the offer's values (URL-encoded); an unknown placeholder is refused (UrlTemplatePlaceholderUnknown). Without an offer, answers the placeholders only. {result: {url, placeholders}}.",
    body: z.object({ template: safeString(undefined, false).trim().min(1, 'required').max(500, 'maxLength'), supplierArticleId: optionalId }),
    response: resultOf(z.object({ url: z.string().nullable(), placeholders: z.array(z.string()) })),
    errors: ['UrlTemplatePlaceholderUnknown', 'SupplierArticleNotFound'],
  },
  setAsModified: {
    method: 'POST', path: '/admin/supplier-articles/set-as-modified', access: access.platformAdmin('product-management', 'W'),
    summary: 'Marks an offer as changed ({id}): it is written to the search index again now.',
    body: z.object({ id: uuidText }),
    response: resultOf(z.literal(true)),
    errors: ['SupplierArticleNotFound'],
  },
} as const;
