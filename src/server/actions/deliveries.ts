import { sql } from 'kysely';
import { z } from 'zod';
import { DELIVERY_PROBLEM_TYPES, DELIVERY_STATUSES, resourceByName, type DeliveryProblemType, type DeliveryStatus } from '../../../model';
import { schemasFor } from '../../shared/schema-builder';
import { fieldSchema } from '../../shared/field-schemas';
import { safeString } from '../../shared/safe-text';
import { listRows } from '../crud/list';
import { readable } from '../crud/scope';
import { toRecord } from '../db/records';
import { authOf } from '../request-context';
import { resultOf } from '../ordering/answers';
import { orderQuery } from '../ordering/order-query';
import { actingOf } from '../ordering/acting';
import { ApiError } from '../errors';
import {
  confirmDelivery, createDelivery, deliveryDetail, readableDelivery, returnItems as returnItemsOf, undoConfirmation, updateDelivery,
} from '../fulfilment/deliveries';
import { actionsOf, type ActionContext, type ActionSchemas } from './index';

/** core §7 and flows §7 Deliveries: the calls beside the generated GET /deliveries and the admin query (src/server/fulfilment/deliveries.ts does the work). */

const deliveries = resourceByName('deliveries');
const record = schemasFor(deliveries).record;
const lineRecord = schemasFor(resourceByName('delivery-lines')).record;
const filters = schemasFor(deliveries).filters;
const uuid = z.string().regex(/^[0-9a-fA-F-]{36}$/, 'invalid');
const problemType = z.enum(Object.keys(DELIVERY_PROBLEM_TYPES) as [DeliveryProblemType, ...DeliveryProblemType[]]);
const status = z.enum(Object.keys(DELIVERY_STATUSES) as [DeliveryStatus, ...DeliveryStatus[]]);
const amount = z.number().int().min(0, { error: 'minValue' }).max(1_000_000, { error: 'maxValue' });
const remark = safeString().max(2000).nullish();
// The model's own kinds: a real yyyy-MM-dd day, an http(s) address.
const day = fieldSchema(deliveries.fields.expectedDate!, 'update') as z.ZodType<string | null | undefined>;
const trackingLink = fieldSchema(deliveries.fields.trackingLink!, 'update') as z.ZodType<string | null | undefined>;
const deliveryNoteNumber = fieldSchema(deliveries.fields.deliveryNoteNumber!, 'update') as z.ZodType<string | null | undefined>;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const detail = record.extend({
  lines: z.array(lineRecord),
  approvedByName: z.string().nullable(),
  createdByName: z.string().nullable(),
  /** What the caller may do now (the workflow's steps from here that are theirs). */
  mayConfirm: z.boolean(), mayReturn: z.boolean(), mayUndo: z.boolean(), mayUpdate: z.boolean(),
  /** Whether the caller reads the order itself (/order-detail/{orderId}). */
  mayOpenOrder: z.boolean(),
});

const newDelivery = z.object({
  deliveryNoteNumber, expectedDate: day, deliveryDate: day, trackingLink, remark,
  lines: z.array(z.object({ supplierOrderLineId: uuid, amount: amount.min(1, { error: 'minValue' }) })).max(500).nullish(),
});
const bodies = {
  confirm: z.object({
    id: uuid, deliveryDate: day, problemType: problemType.nullish(), remark,
    lines: z.array(z.object({ id: uuid, delivered: amount, problemType: problemType.nullish(), remark })).max(500).nullish(),
  }),
  returnItems: z.object({
    id: uuid,
    lines: z.array(z.object({ id: uuid, amount: amount.min(1, { error: 'minValue' }), problemType: problemType.nullish(), remark })).min(1).max(500),
  }),
  update: z.object({ deliveryNoteNumber, expectedDate: day, deliveryDate: day, trackingLink, problemType: problemType.nullish(), remark }).strict(),
  create: newDelivery,
  adminCreate: z.object({ dto: newDelivery.extend({ supplierOrderId: uuid }) }),
};
const queries = {
  byId: z.object({ id: z.string().max(100), customerId: z.string().max(100).optional() }),
  byGcsNumber: z.object({
    gcsNumber: safeString(undefined, false).trim().max(100).optional(),
    deliveryStatus: z.union([z.literal('').transform(() => undefined), status]).optional(),
    deliveryId: safeString(undefined, false).trim().max(100).optional(),
    supplierId: z.union([z.literal('').transform(() => undefined), z.uuid()]).optional(),
    dueDateFilter: z.union([z.literal('').transform(() => undefined), z.string().regex(DATE, 'date')]).optional(),
    customerId: z.string().max(100).optional(),
  }),
  count: z.object({
    customerId: z.string().max(100).optional(),
    dateFilter: z.union([z.literal('').transform(() => undefined), z.string().regex(DATE, 'date')]).optional(),
  }),
};
const answers = {
  detail: resultOf(detail),
  page: resultOf(z.object({ items: z.array(record), total: z.number() })),
  list: resultOf(z.array(record)),
  count: resultOf(z.object({ count: z.number() })),
};
type Answer<S extends z.ZodType> = Promise<z.input<S>>;
type Detail = z.input<typeof detail>;

export const deliverySchemas: Record<string, ActionSchemas> = {
  byGcsNumber: { querystring: queries.byGcsNumber, response: answers.page },
  byId: { querystring: queries.byId, response: answers.detail },
  confirm: { body: bodies.confirm, response: answers.detail },
  undoConfirm: { body: z.object({}).prefault({}), response: answers.detail },
  returnItems: { body: bodies.returnItems, response: answers.detail },
  toApproveCount: { querystring: queries.count, response: answers.count },
  update: { body: bodies.update, response: answers.detail },
  ofOrder: { response: answers.list },
  createForSupplierOrder: { body: bodies.create, response: answers.detail },
  adminCreate: { body: bodies.adminCreate, response: answers.detail },
};

const tenantOf = (ctx: ActionContext) => ctx.owner.tenantId;
const asRecord = (row: Record<string, unknown>) => toRecord(deliveries, row) as z.input<typeof record>;

const byGcsNumber = async (ctx: ActionContext<unknown, z.output<typeof queries.byGcsNumber>>): Answer<typeof answers.page> => {
  const { gcsNumber, deliveryStatus, deliveryId, supplierId, dueDateFilter } = ctx.query;
  const parsed = filters.parse({ gcsNumber, deliveryStatus, deliveryID: deliveryId, supplierId, dueDateFilter });
  const { rows, total } = await listRows(ctx.db, deliveries, ctx.owner, { filters: parsed, offset: 0, limit: 500 });
  return { result: { items: rows.map(asRecord), total } };
};

const byId = async (ctx: ActionContext<unknown, z.output<typeof queries.byId>>): Answer<typeof answers.detail> => {
  const who = authOf(ctx.request);
  return { result: await deliveryDetail(ctx.db, who, await readableDelivery(ctx.db, tenantOf(ctx), who, ctx.query.id)) as Detail };
};

const confirm = async (ctx: ActionContext<z.output<typeof bodies.confirm>>): Answer<typeof answers.detail> =>
  ({ result: await confirmDelivery(ctx.db, tenantOf(ctx), authOf(ctx.request), ctx.body) as Detail });

const undoConfirm = async (ctx: ActionContext): Answer<typeof answers.detail> =>
  ({ result: await undoConfirmation(ctx.db, tenantOf(ctx), authOf(ctx.request), ctx.params.id) as Detail });

const returnItems = async (ctx: ActionContext<z.output<typeof bodies.returnItems>>): Answer<typeof answers.detail> =>
  ({ result: await returnItemsOf(ctx.db, tenantOf(ctx), authOf(ctx.request), ctx.body) as Detail });

/** The deliveries the caller reads that wait for a confirmation (a buyer: of their own orders). */
const toApproveCount = async (ctx: ActionContext<unknown, z.output<typeof queries.count>>): Answer<typeof answers.count> => {
  let q = readable(ctx.db.selectFrom('deliveries'), deliveries, ctx.owner).where('status', '=', 'toApprove');
  if (ctx.query.dateFilter) q = q.where('expectedDate', '<=', sql<string>`${ctx.query.dateFilter}::date`);
  const row = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { result: { count: Number(row.n) } };
};

const update = async (ctx: ActionContext<z.output<typeof bodies.update>>): Answer<typeof answers.detail> =>
  ({ result: await updateDelivery(ctx.db, tenantOf(ctx), authOf(ctx.request), ctx.params.id, ctx.body) as Detail });

/** GET /v2/orders/{id}/deliveries: the order as the caller reads it (OrderNotFound otherwise), then its deliveries, oldest first. */
const ofOrder = async (ctx: ActionContext): Answer<typeof answers.list> => {
  // A buyer reads their own orders' deliveries (both resources' ownRows are the orderer).
  const acting = await actingOf(ctx.db, ctx.request, ctx.owner);
  if (!(await orderQuery(ctx.db, acting, ctx.params.id, ctx.owner.onlyOwn).select('id').executeTakeFirst())) {
    throw new ApiError('OrderNotFound');
  }
  const rows = await readable(ctx.db.selectFrom('deliveries').selectAll(), deliveries, ctx.owner).where('orderId', '=', ctx.params.id!).orderBy('createdAt').orderBy('id').execute();
  return { result: rows.map((r) => asRecord(r as Record<string, unknown>)) };
};

const createForSupplierOrder = async (ctx: ActionContext<z.output<typeof bodies.create>>): Answer<typeof answers.detail> =>
  ({ result: await createDelivery(ctx.db, tenantOf(ctx), authOf(ctx.request), ctx.params.id, ctx.body) as Detail });

const adminCreate = async (ctx: ActionContext<z.output<typeof bodies.adminCreate>>): Answer<typeof answers.detail> => {
  const { supplierOrderId, ...input } = ctx.body.dto;
  return { result: await createDelivery(ctx.db, tenantOf(ctx), authOf(ctx.request), supplierOrderId, input) as Detail };
};

export const deliveryActions = actionsOf({
  byGcsNumber, byId, confirm, undoConfirm, returnItems, toApproveCount, update, ofOrder, createForSupplierOrder, adminCreate,
});
