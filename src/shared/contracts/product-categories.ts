import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { CONSTANTS } from '../../../model/catalogue/constants';
import { productCategories } from '../../../model/resources/catalogue';
import type { CategoryDto } from '../catalogue-dto';
import { contractsOf, type Agrees, type Assert } from './define';
import { resultOf } from './shapes';

const text = z.string();
const languageText = z.object({ languageCode: text, description: text });
const perLanguage = z.object({ nl: text, en: text, fr: text });

/**
 * The Category of the shop contract, with its subtree (recursive: the tree has no fixed depth).
 * Answers are serialized through it, so a DTO key it misses would vanish from the shop: the check
 * below makes the shared CategoryDto and this schema agree key for key at compile time.
 */
export const categoryDtoSchema = z.object({
  id: text, parentId: text.nullable(), level: z.number(), descriptions: z.array(languageText), hierarchy: perLanguage,
  get subCategories(): z.ZodArray<typeof categoryDtoSchema> { return z.array(categoryDtoSchema); },
  amountOfArticles: z.number(), imageUrl: text.nullable(), sequenceNumber: z.number(), popular: z.boolean(),
  // Named, so the document refers to it (#/components/schemas/Category) instead of an unresolvable inline cycle.
}).meta({ id: 'Category' });

/** Compiles only when both have the same keys and every DTO value fits the schema. */
export type CategorySchemaAgrees = Assert<Agrees<CategoryDto, typeof categoryDtoSchema>>;

/** Optional uuid that also accepts '' and null as "not given". */
const optionalId = z.union([z.literal('').transform(() => undefined), z.null().transform(() => undefined), z.uuid()]).optional();

/** {query} may be left out, as may its properties. */
const inQuery = <S extends z.ZodObject>(s: S) => z.object({ query: s.prefault({} as z.input<S>) }).prefault({});

/** page/pageSize of the category lists: pageSize defaults to the whole tree and is capped, never refused for being large. */
const pageParams = z.object({
  page: z.coerce.number().int().min(1).default(CONSTANTS.defaultPage),
  pageSize: z.coerce.number().int().min(1).default(CONSTANTS.categoriesPageSize).transform((n) => Math.min(n, CONSTANTS.maxPageSize)),
});

const categories = z.array(categoryDtoSchema);
const page = z.object({ items: categories, total: z.number(), page: z.number(), pageSize: z.number() });

/** The shop's category tree (core §3 Category, §7 Search and categories). */
export const productCategoryContracts = contractsOf(productCategories, {
  categoryGroups: {
    method: 'POST', read: true, path: '/articleCategories/category-groups', access: access.authenticated(),
    summary: 'The top level of the category tree with its sub-categories and article counts (the marketplace tabs).',
    body: inQuery(z.object({ customerId: optionalId })),
    response: resultOf(categories),
    errors: ['CustomerNotFound', 'NoAccessToCustomer'],
  },
  subCategories: {
    method: 'POST', read: true, path: '/articleCategories/sub-categories', access: access.authenticated(),
    summary: 'The sub-categories of one category ({query:{parentId}}), with article counts.',
    body: inQuery(z.object({ parentId: z.uuid(), customerId: optionalId })),
    response: resultOf(categories),
    errors: ['CategoryNotFound', 'CustomerNotFound', 'NoAccessToCustomer'],
  },
  productCategories: {
    method: 'GET', path: '/v2/product-categories', access: access.authenticated(),
    summary: 'The whole category tree, paged (page 1, pageSize 999999), with hierarchy strings per language.',
    query: pageParams,
    response: page,
  },
  productManagementCategories: {
    method: 'GET', path: '/product-management/categories', access: access.customer('product-management', 'R'),
    summary: 'The category tree for product management, paged.',
    query: pageParams,
    response: page,
  },
  popular: {
    method: 'GET', path: '/v2/product-categories/popular', access: access.authenticated(),
    summary: 'Categories marked popular, most articles first.',
    response: z.object({ items: categories }),
  },
});
