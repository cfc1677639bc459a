import { z } from 'zod';
import { resourceByName, SUPPLIER_ORDER_STATUSES, type SupplierOrderStatus } from '../../../model';
import { schemasFor } from '../../shared/schema-builder';
import { safeString } from '../../shared/safe-text';
import { listRows } from '../crud/list';
import { requireCustomer } from '../crud/scope';
import { toRecord } from '../crud/record';
import { languageOf } from '../errors';
import { todayInShopZone } from '../../shared/shop-clock';
import { authOf } from '../plugins/auth';
import { resultOf } from '../ordering/answers';
import {
  addFollowUp as addFollowUpTo, adminUpdate as updateAsAdmin, followUpsOf, linesOf, monthCount, queryForSupplier as supplierQuery,
  readableSupplierOrder, statusesIn, supplierOrderDetail, yearTotals,
} from '../fulfilment/supplier-orders';
import { ApiError } from '../errors';
import { commsOf, sandboxCreate as createForOrder, sandboxSend as queueCreated, sendPdf } from '../fulfilment/supplier-order-comms';
import { actionsOf, type ActionContext, type ActionSchemas } from './index';

/** flows §7 Supplier orders: the calls beside the generated query and get (src/server/fulfilment does the work). */

const supplierOrders = resourceByName('supplier-orders');
const record = schemasFor(supplierOrders).record;
const lineRecord = schemasFor(resourceByName('supplier-order-lines')).record;
const uuid = z.string().regex(/^[0-9a-fA-F-]{36}$/, 'invalid');
const status = z.enum(Object.keys(SUPPLIER_ORDER_STATUSES) as [SupplierOrderStatus, ...SupplierOrderStatus[]]);
const year = z.number().int().min(2000).max(2100);

const followUp = z.object({
  id: z.string(), status: status.nullable(), fromStatus: status.nullable(), remark: z.string().nullable(),
  userId: z.string().nullable(), userName: z.string().nullable(), createdAt: z.string(),
});
const day = z.string().nullable();
const detail = record.extend({
  customerName: z.string().nullable(),
  /** Where the supplier delivers: the order's delivery address (flows §6: what a supplier's user needs of the customer). */
  shipTo: z.record(z.string(), z.unknown()).nullable(),
  /** Whom the supplier contacts about it: who ordered. */
  contact: z.object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  /** Its deliveries and invoices as the caller reads them (a supplier's users and platform admins: all). */
  deliveries: z.array(z.object({ id: z.string(), deliveryNumber: z.string().nullable(), status: z.string(), expectedDate: day, deliveryDate: day, trackingLink: z.string().nullable(), deliveryNoteNumber: z.string().nullable() })),
  invoices: z.array(z.object({ id: z.string(), number: z.string(), status: z.string(), invoiceDate: day, dueDate: day, priceExcl: z.string().nullable(), priceIncl: z.string().nullable() })),
  lines: z.array(lineRecord),
  followUps: z.array(followUp),
  /** The statuses the caller may move it to now (the workflow's steps from here that are theirs). */
  allowedStatuses: z.array(status),
  /** Whether the caller may add a follow-up (a remark). */
  mayFollowUp: z.boolean(),
  /** Whether the caller may announce a delivery now (POST /v2/supplier-orders/{id}/deliveries). */
  mayAnnounce: z.boolean(),
  /** Whether the caller reads the order itself (/order-detail/{orderId}). */
  mayOpenOrder: z.boolean(),
});
const comm = z.object({
  id: z.string(), supplierOrderId: z.string(), gcsNumber: z.string().nullable(), channel: z.enum(['email', 'manual']), recipient: z.string().nullable(),
  subject: z.string().nullable(), success: z.boolean(), errorMessage: z.string().nullable(), attempt: z.number().nullable(), mailId: z.string().nullable(), createdAt: z.string(),
});
/** A PDF answered as its bytes (the OpenAPI document shows the type; nothing is serialized). */
const pdfAnswer = { description: 'The supplier order as a PDF, offered as <gcsNumber>.pdf (inline with ?inline=true).', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } } as unknown as z.ZodType;
const pdfQuery = z.object({ inline: z.enum(['true', 'false']).optional() }).prefault({});
const page = z.object({ items: z.array(record.extend({ customerName: z.string().nullable().optional() })), total: z.number() });

const bodies = {
  queryForSupplier: z.object({ query: z.object({ page: z.number().int().min(1).optional(), pageSize: z.number().int().min(1).max(100).optional(), orderStatus: status.nullish(), gcsNumber: safeString(undefined, false).max(100).nullish() }).prefault({}) }).prefault({}),
  getByGcsNumber: z.object({ query: z.object({ gcsNumber: safeString(undefined, false).min(1).max(100) }) }),
  none: z.object({}).prefault({}),
  lines: z.object({ query: z.object({ supplierOrderId: uuid, skip: z.number().int().min(0).optional(), take: z.number().int().min(1).max(500).optional() }) }),
  addFollowUp: z.object({ dto: z.object({ supplierOrderId: uuid, status: status.nullish(), remark: safeString().max(2000).nullish() }) }),
  followUps: z.object({ query: z.object({ supplierOrderId: uuid }) }),
  year: z.object({ query: z.object({ year: year.optional() }).prefault({}) }).prefault({}),
  month: z.object({ query: z.object({ year: year.optional(), month: z.number().int().min(1).max(12).optional() }).prefault({}) }).prefault({}),
  comms: z.object({ query: z.object({ supplierOrderId: uuid }) }),
  errorComms: z.object({ query: z.object({ supplierOrderId: uuid.optional() }).prefault({}) }).prefault({}),
  sandboxCreate: z.object({ dto: z.object({ orderId: uuid }) }),
  sandboxSend: z.object({ dto: z.object({ supplierOrderIds: z.array(uuid).max(500).optional() }).prefault({}) }).prefault({}),
  adminUpdate: z.object({ dto: z.object({ id: uuid, status: status.nullish(), extraInfo: safeString().max(2000).nullish(), supplierEmail: z.email().max(254).nullish().or(z.literal('')), reason: safeString().max(2000).nullish() }) }),
};
const answers = {
  page: resultOf(page),
  detail: resultOf(detail),
  statuses: resultOf(z.array(z.object({ name: status, displayName: z.string() }))),
  lines: resultOf(z.object({ items: z.array(lineRecord), total: z.number(), skip: z.number(), take: z.number() })),
  followUp: resultOf(z.object({ followUp, supplierOrder: detail })),
  followUps: resultOf(z.array(followUp)),
  amount: resultOf(z.string()),
  comms: resultOf(z.array(comm)),
  created: resultOf(z.object({ created: z.number(), supplierOrderIds: z.array(z.string()) })),
  queued: resultOf(z.object({ queued: z.number(), supplierOrderIds: z.array(z.string()) })),
  count: resultOf(z.number()),
};
type Answer<S extends z.ZodType> = Promise<z.input<S>>;

export const supplierOrderSchemas: Record<string, ActionSchemas> = {
  mine: { response: answers.page },
  queryForSupplier: { body: bodies.queryForSupplier, response: answers.page },
  getByGcsNumber: { body: bodies.getByGcsNumber, response: answers.detail },
  queryStatus: { body: bodies.none, response: answers.statuses },
  lines: { body: bodies.lines, response: answers.lines },
  addFollowUp: { body: bodies.addFollowUp, response: answers.followUp },
  followUps: { body: bodies.followUps, response: answers.followUps },
  saveAmount: { body: bodies.year, response: answers.amount },
  yearSpent: { body: bodies.year, response: answers.amount },
  ordersCountForMonth: { body: bodies.month, response: answers.count },
  adminUpdate: { body: bodies.adminUpdate, response: answers.detail },
  getComms: { body: bodies.comms, response: answers.comms },
  getErrorComms: { body: bodies.errorComms, response: answers.comms },
  adminPdf: { querystring: pdfQuery, response: pdfAnswer },
  pdf: { querystring: pdfQuery, response: pdfAnswer },
  sandboxCreate: { body: bodies.sandboxCreate, response: answers.created },
  sandboxSend: { body: bodies.sandboxSend, response: answers.queued },
};

const tenantOf = (ctx: ActionContext) => ctx.owner.tenantId;
const thisYear = () => Number(todayInShopZone().slice(0, 4));

const mine = async (ctx: ActionContext): Answer<typeof answers.page> => {
  const { rows, total } = await listRows(ctx.db, supplierOrders, ctx.owner, { filters: {}, offset: 0, limit: 50 });
  return { result: { items: rows.map((r) => toRecord(supplierOrders, r) as z.input<typeof record>), total } };
};

const queryForSupplier = async (ctx: ActionContext<z.output<typeof bodies.queryForSupplier>>): Answer<typeof answers.page> =>
  ({ result: await supplierQuery(ctx.db, tenantOf(ctx), authOf(ctx.request), ctx.body.query) as z.input<typeof page> });

const getByGcsNumber = async (ctx: ActionContext<z.output<typeof bodies.getByGcsNumber>>): Answer<typeof answers.detail> => {
  const who = authOf(ctx.request);
  const so = await readableSupplierOrder(ctx.db, tenantOf(ctx), who, { gcsNumber: ctx.body.query.gcsNumber });
  return { result: await supplierOrderDetail(ctx.db, who, so) as z.input<typeof detail> };
};

const queryStatus = async (ctx: ActionContext): Answer<typeof answers.statuses> =>
  ({ result: statusesIn(languageOf(ctx.request.headers['accept-language'])) });

const lines = async (ctx: ActionContext<z.output<typeof bodies.lines>>): Answer<typeof answers.lines> => {
  const so = await readableSupplierOrder(ctx.db, tenantOf(ctx), authOf(ctx.request), { id: ctx.body.query.supplierOrderId });
  return { result: await linesOf(ctx.db, so, ctx.body.query) as z.input<typeof answers.lines>['result'] };
};

const addFollowUp = async (ctx: ActionContext<z.output<typeof bodies.addFollowUp>>): Answer<typeof answers.followUp> =>
  ({ result: await addFollowUpTo(ctx.db, tenantOf(ctx), authOf(ctx.request), ctx.body.dto) as z.input<typeof answers.followUp>['result'] });

const followUps = async (ctx: ActionContext<z.output<typeof bodies.followUps>>): Answer<typeof answers.followUps> => {
  const so = await readableSupplierOrder(ctx.db, tenantOf(ctx), authOf(ctx.request), { id: ctx.body.query.supplierOrderId });
  return { result: await followUpsOf(ctx.db, so) };
};

const saveAmount = async (ctx: ActionContext<z.output<typeof bodies.year>>): Answer<typeof answers.amount> =>
  ({ result: (await yearTotals(ctx.db, tenantOf(ctx), requireCustomer(ctx.owner), authOf(ctx.request), ctx.body.query.year ?? thisYear())).saved });

const yearSpent = async (ctx: ActionContext<z.output<typeof bodies.year>>): Answer<typeof answers.amount> =>
  ({ result: (await yearTotals(ctx.db, tenantOf(ctx), requireCustomer(ctx.owner), authOf(ctx.request), ctx.body.query.year ?? thisYear())).spent });

const ordersCountForMonth = async (ctx: ActionContext<z.output<typeof bodies.month>>): Answer<typeof answers.count> => {
  const today = todayInShopZone();
  const { year: y = Number(today.slice(0, 4)), month: m = Number(today.slice(5, 7)) } = ctx.body.query;
  return { result: await monthCount(ctx.db, tenantOf(ctx), requireCustomer(ctx.owner), authOf(ctx.request), y, m) };
};

const adminUpdate = async (ctx: ActionContext<z.output<typeof bodies.adminUpdate>>): Answer<typeof answers.detail> =>
  ({ result: await updateAsAdmin(ctx.db, tenantOf(ctx), authOf(ctx.request), ctx.body.dto) as z.input<typeof detail> });

const getComms = async (ctx: ActionContext<z.output<typeof bodies.comms>>): Answer<typeof answers.comms> => {
  const so = await readableSupplierOrder(ctx.db, tenantOf(ctx), authOf(ctx.request), { id: ctx.body.query.supplierOrderId });
  return { result: await commsOf(ctx.db, tenantOf(ctx), { supplierOrderId: so.id }) };
};

const getErrorComms = async (ctx: ActionContext<z.output<typeof bodies.errorComms>>): Answer<typeof answers.comms> => {
  const id = ctx.body.query.supplierOrderId;
  if (id) await readableSupplierOrder(ctx.db, tenantOf(ctx), authOf(ctx.request), { id });
  return { result: await commsOf(ctx.db, tenantOf(ctx), { supplierOrderId: id, failedOnly: true }) };
};

/** The PDF of a supplier order the caller reads (readableSupplierOrder: another's is not found). */
const pdfOf = async (ctx: ActionContext<never, z.output<typeof pdfQuery>>) => {
  const id = ctx.params.id;
  const so = await readableSupplierOrder(ctx.db, tenantOf(ctx), authOf(ctx.request), { id });
  if (!so) throw new ApiError('SupplierOrderNotFound');
  return sendPdf(ctx.db, ctx.reply, tenantOf(ctx), so.id, ctx.query?.inline === 'true');
};

const sandboxCreate = async (ctx: ActionContext<z.output<typeof bodies.sandboxCreate>>): Answer<typeof answers.created> =>
  ({ result: await createForOrder(ctx.db, tenantOf(ctx), ctx.body.dto.orderId) });

const sandboxSend = async (ctx: ActionContext<z.output<typeof bodies.sandboxSend>>): Answer<typeof answers.queued> =>
  ({ result: await queueCreated(ctx.db, tenantOf(ctx), ctx.body.dto.supplierOrderIds) });

export const supplierOrderActions = actionsOf({
  getComms, getErrorComms, adminPdf: pdfOf, pdf: pdfOf, sandboxCreate, sandboxSend,
  mine, queryForSupplier, getByGcsNumber, queryStatus, lines, addFollowUp, followUps, saveAmount, yearSpent, ordersCountForMonth, adminUpdate,
});
