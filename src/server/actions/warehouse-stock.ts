import { z } from 'zod';
import { CONSTANTS, RESTOCK_SETTINGS, resourceByName } from '../../../model';
import { schemasFor } from '../../shared/schema-builder';
import { fieldSchema } from '../../shared/field-schemas';
import { safeString } from '../../shared/safe-text';
import { requireCustomer } from '../crud/scope';
import { authOf } from '../request-context';
import { actingOf } from '../ordering/acting';
import { orderQuery } from '../ordering/order-query';
import { resultOf } from '../../shared/contracts/shapes';
import { ApiError } from '../errors';
import {
  createInstance, EDITABLE, generateTag as newTag, INSTANCE_SORTS, queryInstances, removeInstance, updateInstance, warehouseActivity,
  type InstanceInput, type StockOwner,
} from '../stock/instances';
import { orderStockUpdates } from '../stock/movements';
import { actionsOf, type ActionContext, type ActionSchemas } from './index';

/**
 * core §7 Warehouses (the warehouse articles, a warehouse's activity, tags) and flows §7
 * GET /v2/orders/{id}/update-stock; the work is in src/server/stock. The warehouses themselves are
 * the model's generic calls (/warehouses and /warehouse-management).
 */

const instances = resourceByName('warehouse-instances');
const record = schemasFor(instances).record;
const uuid = z.string().regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, 'invalid');
const translated = z.object({ nl: z.string().nullable(), en: z.string().nullable(), fr: z.string().nullable() }).nullable();
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const empty = <T extends z.ZodType>(s: T) => z.union([z.literal('').transform(() => undefined), s]).optional();
const text = empty(safeString(undefined, false).trim().max(200));

/** Keys a read answers that a write may send back (ignored), besides the editable fields. */
const READ_KEYS = ['id', 'supplierArticleId', 'createdAt', 'updatedAt', 'customerId', 'warehouseId', 'depletedAt', 'restockUserId', 'restockOrderId',
  'warehouseName', 'departmentId', 'restockSetting', 'articleNumberSupplier', 'articleTitle', 'articleImage', 'supplierName'];
const editable = Object.fromEntries(EDITABLE.map((k) => [k, fieldSchema(instances.fields[k]!, 'update')]));
const ignored = Object.fromEntries(READ_KEYS.map((k) => [k, z.unknown().optional()]));
const updateBody = z.object({ ...editable, ...ignored }).strict();
const createBody = z.object({ ...editable, ...ignored, supplierArticleId: uuid }).strict();
const createForArticleBody = createBody.extend({ warehouseId: uuid });

const instanceSchema = record.extend({
  warehouseName: z.string().nullable(), departmentId: z.string().nullable(), restockSetting: z.string().nullable(),
  articleNumberSupplier: z.string().nullable(), articleTitle: translated, articleImage: z.string().nullable(), supplierName: z.string().nullable(),
});
const movementSchema = z.object({
  id: z.string(), kind: z.string(), quantity: z.number(), stockAfter: z.number().nullable(),
  warehouseId: z.string(), warehouseName: z.string().nullable(), warehouseInstanceId: z.string().nullable(), supplierArticleId: z.string().nullable(),
  articleNumberSupplier: z.string().nullable(), articleTitle: translated, orderId: z.string().nullable(), orderNumber: z.string().nullable(),
  deliveryId: z.string().nullable(), deliveryNumber: z.string().nullable(), userName: z.string().nullable(), remark: z.string().nullable(), createdAt: z.string(),
});
const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });

const paging = {
  page: z.coerce.number().int().min(1).default(CONSTANTS.defaultPage),
  pageSize: z.coerce.number().int().min(1).max(CONSTANTS.maxPageSize).default(CONSTANTS.adminPageSize),
  customerId: z.string().max(100).optional(),
};
const idList = z.union([z.array(uuid), z.string().transform((s) => s.split(',').filter(Boolean)).pipe(z.array(uuid))]).pipe(z.array(z.string()).max(1000));
const restockSetting = z.enum(Object.keys(RESTOCK_SETTINGS) as [string, ...string[]]);
const sortParam = z.enum([...INSTANCE_SORTS, ...INSTANCE_SORTS.map((s) => `-${s}`)] as [string, ...string[]]);
const queries = {
  instances: z.object({
    ...paging, name: text, departmentId: empty(uuid), restockSetting: empty(restockSetting), articleNumberSupplier: text, articleName: text,
    warehouseId: empty(idList), supplierArticleId: empty(uuid), depletedAt: empty(z.string().regex(DAY, 'date')), sort: empty(sortParam),
  }),
  ofArticle: z.object({ ...paging, filter: text, sort: empty(sortParam) }),
  activity: z.object({ ...paging, sort: empty(z.enum(['createdAt', '-createdAt'])) }),
};

const answers = {
  page: page(instanceSchema),
  one: instanceSchema,
  removed: z.object({ id: z.string() }),
  tag: z.object({ tag: z.string() }),
  activity: page(movementSchema),
  updates: resultOf(z.object({ orderId: z.string(), updates: z.array(movementSchema) })),
};
type Answer<S extends z.ZodType> = Promise<z.input<S>>;

export const warehouseInstanceSchemas: Record<string, ActionSchemas> = {
  query: { querystring: queries.instances, response: answers.page },
  create: { body: createBody, response: answers.one },
  update: { body: updateBody, response: answers.one },
  remove: { body: z.object({}).nullish(), response: answers.removed },
  ofArticle: { querystring: queries.ofArticle, response: answers.page },
  createForArticle: { body: createForArticleBody, response: answers.one },
  updateForArticle: { body: updateBody, response: answers.one },
  removeForArticle: { body: z.object({}).nullish(), response: answers.removed },
  generateTag: { response: answers.tag },
};
export const stockMovementSchemas: Record<string, ActionSchemas> = {
  activity: { querystring: queries.activity, response: answers.activity },
};
export const orderStockSchemas: Record<string, ActionSchemas> = {
  updateStock: { response: answers.updates },
};

const ownerOf = (ctx: ActionContext): StockOwner => ({ tenantId: ctx.owner.tenantId, customerId: requireCustomer(ctx.owner), userId: authOf(ctx.request).user.id });
const input = (body: Record<string, unknown>): InstanceInput => {
  const out: InstanceInput = Object.fromEntries(EDITABLE.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
  if (typeof body.supplierArticleId === 'string') out.supplierArticleId = body.supplierArticleId;
  return out;
};
type Out = z.input<typeof instanceSchema>;

const query = async (ctx: ActionContext<unknown, z.output<typeof queries.instances>>): Answer<typeof answers.page> =>
  queryInstances(ctx.db, ownerOf(ctx), ctx.query) as Promise<z.input<typeof answers.page>>;

const create = async (ctx: ActionContext<Record<string, unknown>>): Answer<typeof answers.one> =>
  createInstance(ctx.db, ownerOf(ctx), ctx.params.warehouseId, input(ctx.body)) as Promise<Out>;

const update = async (ctx: ActionContext<Record<string, unknown>>): Answer<typeof answers.one> =>
  updateInstance(ctx.db, ownerOf(ctx), ctx.params.warehouseId, ctx.params.id, input(ctx.body)) as Promise<Out>;

const remove = async (ctx: ActionContext): Answer<typeof answers.removed> => removeInstance(ctx.db, ownerOf(ctx), ctx.params.warehouseId, ctx.params.id);

const ofArticle = async (ctx: ActionContext<unknown, z.output<typeof queries.ofArticle>>): Answer<typeof answers.page> =>
  queryInstances(ctx.db, ownerOf(ctx), ctx.query) as Promise<z.input<typeof answers.page>>;

const createForArticle = async (ctx: ActionContext<z.output<typeof createForArticleBody>>): Answer<typeof answers.one> =>
  createInstance(ctx.db, ownerOf(ctx), ctx.body.warehouseId, input(ctx.body)) as Promise<Out>;

const updateForArticle = async (ctx: ActionContext<Record<string, unknown>>): Answer<typeof answers.one> =>
  updateInstance(ctx.db, ownerOf(ctx), undefined, ctx.params.id, input(ctx.body)) as Promise<Out>;

const removeForArticle = async (ctx: ActionContext): Answer<typeof answers.removed> => removeInstance(ctx.db, ownerOf(ctx), undefined, ctx.params.id);

const generateTag = async (ctx: ActionContext): Answer<typeof answers.tag> => {
  requireCustomer(ctx.owner);
  return { tag: await newTag(ctx.db, ctx.owner.tenantId) };
};

export const warehouseInstanceActions = actionsOf({ query, create, update, remove, ofArticle, createForArticle, updateForArticle, removeForArticle, generateTag });

const activity = async (ctx: ActionContext<unknown, z.output<typeof queries.activity>>): Answer<typeof answers.activity> =>
  warehouseActivity(ctx.db, ownerOf(ctx), ctx.params.id, ctx.query) as Promise<z.input<typeof answers.activity>>;

export const stockMovementActions = actionsOf({ activity });

/** GET /v2/orders/{id}/update-stock: the order as the caller reads it (OrderNotFound otherwise), then its stock movements. */
const updateStock = async (ctx: ActionContext): Answer<typeof answers.updates> => {
  const acting = await actingOf(ctx.db, ctx.request, ctx.owner);
  const id = ctx.params.id;
  if (!(await orderQuery(ctx.db, acting, id, ctx.owner.onlyOwn).select('id').executeTakeFirst())) throw new ApiError('OrderNotFound');
  return { result: { orderId: String(id), updates: await orderStockUpdates(ctx.db, acting, String(id)) } };
};

export const orderStockActions = actionsOf({ updateStock });
