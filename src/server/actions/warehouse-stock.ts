import type { FastifyRequest } from 'fastify';
import { stockMovementContracts } from '../../shared/contracts/stock-movements';
import { requireCustomer, type Owner } from '../crud/scope';
import { authOf } from '../request-context';
import { actingOf } from '../ordering/acting';
import { orderQuery } from '../ordering/order-query';
import { ApiError } from '../errors';
import { EDITABLE, warehouseInstanceContracts } from '../../shared/contracts/warehouse-instances';
import {
  createInstance, generateTag as newTag, queryInstances, removeInstance, updateInstance, warehouseActivity,
  type InstanceInput, type StockOwner,
} from '../stock/instances';
import { orderStockUpdates } from '../stock/movements';
import { implement } from './define';
import type { HandlersOf } from './define';
import type { orderContracts } from '../../shared/contracts/orders';

/**
 * core §7 Warehouses (the warehouse articles, a warehouse's activity, tags) and flows §7
 * GET /v2/orders/{id}/update-stock; the work is in src/server/stock. The warehouses themselves are
 * the model's generic calls (/warehouses and /warehouse-management).
 */

const ownerOf = (owner: Owner, request: FastifyRequest): StockOwner => ({ tenantId: owner.tenantId, customerId: requireCustomer(owner), userId: authOf(request).user.id });
/** The editable keys sent (the keys a read answers and a write sends back are left out), and the article of a new one. */
const input = (body: Record<string, unknown>): InstanceInput => {
  const out: InstanceInput = Object.fromEntries(EDITABLE.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
  if (typeof body.supplierArticleId === 'string') out.supplierArticleId = body.supplierArticleId;
  return out;
};

export const warehouseInstanceActions = implement(warehouseInstanceContracts, {
  query: async ({ db, request, owner, query }) => queryInstances(db, ownerOf(owner, request), query),
  create: async ({ db, request, owner, params, body }) => createInstance(db, ownerOf(owner, request), params.warehouseId, input(body)),
  update: async ({ db, request, owner, params, body }) => updateInstance(db, ownerOf(owner, request), params.warehouseId, params.id, input(body)),
  remove: async ({ db, request, owner, params }) => removeInstance(db, ownerOf(owner, request), params.warehouseId, params.id),
  ofArticle: async ({ db, request, owner, query }) => queryInstances(db, ownerOf(owner, request), query),
  createForArticle: async ({ db, request, owner, body }) => createInstance(db, ownerOf(owner, request), body.warehouseId, input(body)),
  updateForArticle: async ({ db, request, owner, params, body }) => updateInstance(db, ownerOf(owner, request), undefined, params.id, input(body)),
  removeForArticle: async ({ db, request, owner, params }) => removeInstance(db, ownerOf(owner, request), undefined, params.id),
  generateTag: async ({ db, owner }) => {
    requireCustomer(owner);
    return { tag: await newTag(db, owner.tenantId) };
  },
});

export const stockMovementActions = implement(stockMovementContracts, {
  activity: async ({ db, request, owner, params, query }) => warehouseActivity(db, ownerOf(owner, request), params.id, query),
});

export const orderStockHandlers: HandlersOf<typeof orderContracts, 'updateStock'> = {
  /** GET /v2/orders/{id}/update-stock: the order as the caller reads it (OrderNotFound otherwise), then its stock movements. */
  updateStock: async ({ db, request, owner, params: { id } }) => {
    const acting = await actingOf(db, request, owner);
    if (!(await orderQuery(db, acting, id, owner.onlyOwn).select('id').executeTakeFirst())) throw new ApiError('OrderNotFound');
    return { result: { orderId: id, updates: await orderStockUpdates(db, acting, id) } };
  },
};
