import { z } from 'zod';
import { CONSTANTS, RESTOCK_SETTINGS } from '../../../model';
import { access } from '../../../model/dsl/access';
import { warehouseInstances } from '../../../model/resources/warehouse-stock';
import { fieldSchema } from '../field-schemas';
import { safeString } from '../safe-text';
import { contractsOf } from './define';
import { movementSchema, uuidText } from './shapes';
import { warehouseInstanceRecordSchema } from '../../../generated/schemas/warehouse-instances.gen';

/**
 * core §7 Warehouses: the warehouse articles (a supplier article's stock in one of the company's
 * warehouses) and their tags; the work is in src/server/stock/instances.ts, the handlers in
 * src/server/actions/warehouse-stock.ts. The warehouses themselves are the model's generic calls.
 */

/** The fields a write may set (the article and warehouse stay what they were created with). */
export const EDITABLE = ['stock', 'tag', 'minimumStock', 'orderQuantity', 'restockQuantity', 'autoRestock'] as const;
/** What the lists sort by (a leading '-' sorts down). */
export const INSTANCE_SORTS = ['articleNumberSupplier', 'articleName', 'warehouseName', 'name', 'stock', 'minimumStock', 'depletedAt', 'createdAt'] as const;

const id = uuidText;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A query parameter that may also be sent empty (the same as left out). */
export const orEmpty = <T extends z.ZodType>(s: T) => z.union([z.literal('').transform(() => undefined), s]).optional();
const text = orEmpty(safeString(undefined, false).trim().max(200));

/** Keys a read answers that a write may send back (ignored), besides the editable fields. */
const READ_KEYS = ['id', 'supplierArticleId', 'createdAt', 'updatedAt', 'customerId', 'warehouseId', 'depletedAt', 'restockUserId', 'restockOrderId',
  'warehouseName', 'departmentId', 'restockSetting', 'articleNumberSupplier', 'articleTitle', 'articleImage', 'supplierName'];
const editable = Object.fromEntries(EDITABLE.map((k) => [k, fieldSchema(warehouseInstances.fields[k]!, 'update')]));
const ignored = Object.fromEntries(READ_KEYS.map((k) => [k, z.unknown().optional()]));
const updateBody = z.object({ ...editable, ...ignored }).strict();
const createBody = z.object({ ...editable, ...ignored, supplierArticleId: id }).strict();

/** A warehouse article with its warehouse and article. */
const instanceSchema = warehouseInstanceRecordSchema.extend({
  warehouseName: z.string().nullable(), departmentId: z.string().nullable(), restockSetting: z.string().nullable(),
  articleNumberSupplier: z.string().nullable(), articleTitle: movementSchema.shape.articleTitle, articleImage: z.string().nullable(), supplierName: z.string().nullable(),
});
/** A page of a list ({items, total, page, pageSize}), as the warehouse pages read them. */
export const stockPage = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
const instancePage = stockPage(instanceSchema);
const removed = z.object({ id: z.string() });

/** Page and page size of the warehouse lists, and the acting company (customerId). */
export const stockPaging = {
  page: z.coerce.number().int().min(1).default(CONSTANTS.defaultPage),
  pageSize: z.coerce.number().int().min(1).max(CONSTANTS.maxPageSize).default(CONSTANTS.adminPageSize),
  customerId: z.string().max(100).optional(),
};
const idList = z.union([z.array(id), z.string().transform((s) => s.split(',').filter(Boolean)).pipe(z.array(id))]).pipe(z.array(z.string()).max(1000));
const restockSetting = z.enum(Object.keys(RESTOCK_SETTINGS) as [string, ...string[]]);
const sortParam = z.enum([...INSTANCE_SORTS, ...INSTANCE_SORTS.map((s) => `-${s}` as const)]);
const queries = {
  instances: z.object({
    ...stockPaging, name: text, departmentId: orEmpty(id), restockSetting: orEmpty(restockSetting), articleNumberSupplier: text, articleName: text,
    warehouseId: orEmpty(idList), supplierArticleId: orEmpty(id), depletedAt: orEmpty(z.string().regex(DAY, 'date')), sort: orEmpty(sortParam),
  }),
  ofArticle: z.object({ ...stockPaging, filter: text, sort: orEmpty(sortParam) }),
};

/** The warehouse articles' calls (model/resources/warehouse-stock.ts `warehouseInstances`). */
export const warehouseInstanceContracts = contractsOf(warehouseInstances, {
  query: {
    method: 'GET', path: '/warehouse-management/instances', access: access.customer('warehouses', 'R'),
    summary: "The acting company's warehouse articles across its warehouses ({items, total, page, pageSize}), each with its warehouse and article: filters name (warehouse name, a part), departmentId and restockSetting (the warehouse's), articleNumberSupplier and articleName (a part), warehouseId (one id or a comma list), supplierArticleId, depletedAt (a day: at or below the minimum since that day or later), page, pageSize and sort (articleNumberSupplier, articleName, warehouseName, stock, minimumStock, depletedAt, createdAt; a leading '-' sorts down).",
    query: queries.instances,
    response: instancePage,
  },
  create: {
    method: 'POST', path: '/warehouse-management/{warehouseId}/instances', access: access.customer('warehouses', 'C'),
    summary: 'Adds an article to a warehouse ({supplierArticleId, stock?, tag?, minimumStock?, orderQuantity?, restockQuantity?, autoRestock?}). One per warehouse and article (WarehouseInstanceAlreadyExists), a tag unique in the company (TagAlreadyExists), auto-restock only in a warehouse with a department (RestockNeedsDepartment). The starting stock is an activity entry. Answers the instance.',
    body: createBody,
    response: instanceSchema,
    errors: ['WarehouseNotFound', 'WarehouseInstanceAlreadyExists', 'TagAlreadyExists', 'RestockNeedsDepartment', 'notFound'],
  },
  update: {
    method: 'PUT', path: '/warehouse-management/{warehouseId}/instances/{id}', access: access.customer('warehouses', 'W'),
    summary: 'Changes a warehouse article (the keys sent of stock, tag, minimumStock, orderQuantity, restockQuantity, autoRestock; the article and warehouse stay). A new stock is a manual correction in the activity. Answers the instance.',
    body: updateBody,
    response: instanceSchema,
    errors: ['WarehouseNotFound', 'WarehouseInstanceNotFound', 'TagAlreadyExists', 'RestockNeedsDepartment'],
  },
  remove: {
    method: 'DELETE', path: '/warehouse-management/{warehouseId}/instances/{id}', access: access.customer('warehouses', 'D'),
    summary: 'Removes a warehouse article; its activity stays. Answers {id}.',
    response: removed,
    errors: ['WarehouseNotFound', 'WarehouseInstanceNotFound'],
  },
  ofArticle: {
    method: 'GET', path: '/warehouses/supplier-article-warehouse-instances', access: access.customer('warehouses', 'R'),
    summary: "Warehouse articles as product management's stock tab reads them ({items, total, page, pageSize}): filter is a supplier article's id (its instances in every warehouse) or a text found in the tag, the article number or the warehouse's name; customerId is the acting company's.",
    query: queries.ofArticle,
    response: instancePage,
  },
  createForArticle: {
    method: 'POST', path: '/warehouses/supplier-article-warehouse-instances', access: access.customer('warehouses', 'C'),
    summary: 'As POST /warehouse-management/{warehouseId}/instances with the warehouse in the body ({warehouseId, supplierArticleId, …}).',
    body: createBody.extend({ warehouseId: id }),
    response: instanceSchema,
    errors: ['WarehouseNotFound', 'WarehouseInstanceAlreadyExists', 'TagAlreadyExists', 'RestockNeedsDepartment', 'notFound'],
  },
  updateForArticle: {
    method: 'PUT', path: '/warehouses/supplier-article-warehouse-instances/{id}', access: access.customer('warehouses', 'W'),
    summary: 'As PUT /warehouse-management/{warehouseId}/instances/{id}, the instance named by its id alone.',
    body: updateBody,
    response: instanceSchema,
    errors: ['WarehouseNotFound', 'WarehouseInstanceNotFound', 'TagAlreadyExists', 'RestockNeedsDepartment'],
  },
  removeForArticle: {
    method: 'DELETE', path: '/warehouses/supplier-article-warehouse-instances/{id}', access: access.customer('warehouses', 'D'),
    summary: 'As DELETE /warehouse-management/{warehouseId}/instances/{id}, the instance named by its id alone.',
    response: removed,
    errors: ['WarehouseInstanceNotFound'],
  },
  generateTag: {
    method: 'GET', path: '/warehouses/supplier-article-warehouse-instances/tag/generate', access: access.customer('warehouses', 'R'),
    summary: 'A new barcode tag ({tag}: 12 characters, WH- and nine digits or capitals) that no warehouse article of the tenant carries.',
    response: z.object({ tag: z.string() }),
  },
});
