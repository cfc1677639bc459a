import { z } from 'zod';
import { CONSTANTS } from '../../../model';
import { categoryDtoSchema } from '../catalogue/answers';
import { callerVisibility } from '../catalogue/caller';
import { categoryDto, loadCategoryTree, type CategoryDto } from '../catalogue/categories';
import { ApiError } from '../errors';
import { actionsOf, type ActionContext, type ActionSchemas } from './index';

/** Optional uuid that also accepts '' and null as "not given". */
const optionalId = z.union([z.literal('').transform(() => undefined), z.null().transform(() => undefined), z.uuid()]).optional();

const groupsQuery = z.object({ customerId: optionalId });
const subQuery = z.object({ parentId: z.uuid(), customerId: optionalId });

/** page/pageSize of the category lists: pageSize defaults to the whole tree and is capped, never refused for being large. */
const pageParams = z.object({
  page: z.coerce.number().int().min(1).default(CONSTANTS.defaultPage),
  pageSize: z.coerce.number().int().min(1).default(CONSTANTS.categoriesPageSize).transform((n) => Math.min(n, CONSTANTS.maxPageSize)),
});

/** {query} may be left out, as may its properties. */
const inQuery = (s: z.ZodObject) => z.object({ query: s.prefault({}) }).prefault({});

const categories = z.array(categoryDtoSchema);
const treeAnswer = z.object({ result: categories });
const pageAnswer = z.object({ items: categories, total: z.number(), page: z.number(), pageSize: z.number() });
const popularAnswer = z.object({ items: categories });
type Answer<S extends z.ZodType> = Promise<z.input<S>>;

export const productCategorySchemas: Record<string, ActionSchemas> = {
  categoryGroups: { body: inQuery(groupsQuery), response: treeAnswer },
  subCategories: { body: inQuery(subQuery), response: treeAnswer },
  productCategories: { querystring: pageParams, response: pageAnswer },
  productManagementCategories: { querystring: pageParams, response: pageAnswer },
  popular: { response: popularAnswer },
};

/** POST /articleCategories/category-groups {query:{customerId}}: the top level, each with its whole subtree. */
const categoryGroups = async ({ db, request, body }: ActionContext<{ query: z.output<typeof groupsQuery> }>): Answer<typeof treeAnswer> => {
  const { query } = body;
  const tree = await loadCategoryTree(db, await callerVisibility(db, request, query.customerId));
  return { result: tree.roots.map((n) => categoryDto(n, true)) };
};

/** POST /articleCategories/sub-categories {query:{parentId}}: the children of one category, each with its subtree. */
const subCategories = async ({ db, request, body }: ActionContext<{ query: z.output<typeof subQuery> }>): Answer<typeof treeAnswer> => {
  const { query } = body;
  const tree = await loadCategoryTree(db, await callerVisibility(db, request, query.customerId));
  const parent = tree.byId.get(query.parentId);
  if (!parent) throw new ApiError('CategoryNotFound');
  return { result: parent.children.map((n) => categoryDto(n, true)) };
};

/** The whole tree as one flat page (parents before their children), subCategories empty. */
const flatPage = async ({ db, request, query }: ActionContext<unknown, z.output<typeof pageParams>>): Answer<typeof pageAnswer> => {
  const { page, pageSize } = query;
  const tree = await loadCategoryTree(db, await callerVisibility(db, request));
  const start = (page - 1) * pageSize;
  const items: CategoryDto[] = tree.ordered.slice(start, start + pageSize).map((n) => categoryDto(n, false));
  return { items, total: tree.ordered.length, page, pageSize };
};

/** GET /v2/product-categories/popular: the categories marked popular, most visible articles first. */
const popular = async ({ db, request }: ActionContext): Answer<typeof popularAnswer> => {
  const tree = await loadCategoryTree(db, await callerVisibility(db, request));
  const items = tree.ordered.filter((n) => n.popular)
    .sort((a, b) => b.total - a.total || a.sequenceNumber - b.sequenceNumber || (a.id < b.id ? -1 : 1))
    .map((n) => categoryDto(n, false));
  return { items };
};

export const productCategoryActions = actionsOf({
  categoryGroups,
  subCategories,
  productCategories: flatPage,
  productManagementCategories: flatPage,
  popular,
});
