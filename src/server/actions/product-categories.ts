import { productCategoryContracts } from '../../shared/contracts/product-categories';
import { callerVisibility } from '../catalogue/caller';
import { categoryDto, loadCategoryTree } from '../catalogue/categories';
import { ApiError } from '../errors';
import { implement, type ActionContext } from './define';

type Contracts = typeof productCategoryContracts;

/** The whole tree as one flat page (parents before their children), subCategories empty. */
const flatPage = async ({ db, request, query: { page, pageSize } }: ActionContext<Contracts['productCategories']>) => {
  const tree = await loadCategoryTree(db, await callerVisibility(db, request));
  const start = (page - 1) * pageSize;
  return { items: tree.ordered.slice(start, start + pageSize).map((n) => categoryDto(n, false)), total: tree.ordered.length, page, pageSize };
};

export const productCategoryActions = implement(productCategoryContracts, {
  /** POST /articleCategories/category-groups {query:{customerId}}: the top level, each with its whole subtree. */
  categoryGroups: async ({ db, request, body: { query } }) => {
    const tree = await loadCategoryTree(db, await callerVisibility(db, request, query.customerId));
    return { result: tree.roots.map((n) => categoryDto(n, true)) };
  },

  /** POST /articleCategories/sub-categories {query:{parentId}}: the children of one category, each with its subtree. */
  subCategories: async ({ db, request, body: { query } }) => {
    const tree = await loadCategoryTree(db, await callerVisibility(db, request, query.customerId));
    const parent = tree.byId.get(query.parentId);
    if (!parent) throw new ApiError('CategoryNotFound');
    return { result: parent.children.map((n) => categoryDto(n, true)) };
  },

  productCategories: flatPage,
  productManagementCategories: flatPage,

  /** GET /v2/product-categories/popular: the categories marked popular, most visible articles first. */
  popular: async ({ db, request }) => {
    const tree = await loadCategoryTree(db, await callerVisibility(db, request));
    const items = tree.ordered.filter((n) => n.popular)
      .sort((a, b) => b.total - a.total || a.sequenceNumber - b.sequenceNumber || (a.id < b.id ? -1 : 1))
      .map((n) => categoryDto(n, false));
    return { items };
  },
});
