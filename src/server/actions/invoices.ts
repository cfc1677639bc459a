import { sql } from 'kysely';
import { z } from 'zod';
import { INVOICE_MATCH_PROBLEMS, INVOICE_MATCH_STATUSES, INVOICE_STATUSES, INVOICES_TO_PAY, resourceByName, type InvoiceMatchProblem, type InvoiceMatchStatus, type InvoiceStatus } from '../../../model';
import { schemasFor } from '../../shared/schema-builder';
import { fieldSchema } from '../../shared/field-schemas';
import { safeString } from '../../shared/safe-text';
import { inGroup, listRows } from '../crud/list';
import { readable } from '../crud/scope';
import { toRecord } from '../db/records';
import { authOf } from '../request-context';
import { resultOf } from '../ordering/answers';
import { languageOf } from '../errors';
import {
  acceptInvoiceMismatch, createInvoice, deleteInvoiceFile, hardDeleteInvoice, invoiceDetail, readableInvoice, softDeleteInvoice, updateInvoice,
  type InvoiceDetail,
} from '../invoicing/invoices';
import { sendInvoiceFile } from '../invoicing/invoice-files';
import { createPlatformInvoice } from '../invoicing/platform-invoice';
import { actionsOf, type ActionContext, type ActionSchemas } from './index';

/** flows §7 Invoices: the calls of the customer side and create-yc-invoice (src/server/invoicing does the work; the admin query and id are the model's). */

const invoices = resourceByName('invoices');
const record = schemasFor(invoices).record;
const lineRecord = schemasFor(resourceByName('invoice-lines')).record;
const filters = schemasFor(invoices).filters;
const uuid = z.string().regex(/^[0-9a-fA-F-]{36}$/, 'invalid');
const status = z.enum(Object.keys(INVOICE_STATUSES) as [InvoiceStatus, ...InvoiceStatus[]]);
// The model's own kinds: a real yyyy-MM-dd day, an amount with up to two decimals (comma or dot).
const f = invoices.fields;
const kind = (name: string, op: 'create' | 'update') => fieldSchema(f[name]!, op);
const amount = fieldSchema(resourceByName('invoice-lines').fields.unitPriceExcl!, 'create');

const decimal = z.string().meta({ description: 'An exact decimal number as text.' });
/** One invoice line's three-way match (src/server/invoicing/match.ts): what was ordered, received and charged, and what is wrong. */
const lineMatch = z.object({
  lineNumber: z.number().nullable().meta({ description: "The invoice line; null for the check of an invoice without lines (its total against what was received)." }),
  supplierOrderLineId: z.string().nullable(),
  ordered: z.number().nullable(),
  received: z.number().nullable(),
  invoicedTotal: decimal.meta({ description: "What this line and the supplier order's earlier invoices charge of the ordered line." }),
  agreedUnitPrice: decimal.nullable(),
  invoicedUnitPrice: decimal.nullable(),
  problems: z.array(z.object({
    code: z.enum(Object.keys(INVOICE_MATCH_PROBLEMS) as [InvoiceMatchProblem, ...InvoiceMatchProblem[]]),
    expected: decimal, actual: decimal,
  })),
});

/** The invoice as every call answers it: the record, its lines, names, its match, and what the caller may do now. */
export const invoiceDetailSchema = record.extend({
  lines: z.array(lineRecord),
  paidByName: z.string().nullable(),
  createdByName: z.string().nullable(),
  match: z.object({
    status: z.enum(Object.keys(INVOICE_MATCH_STATUSES) as [InvoiceMatchStatus, ...InvoiceMatchStatus[]]),
    tolerance: z.object({ pricePercent: decimal, quantityPercent: decimal }),
    lines: z.array(lineMatch),
  }).nullable().meta({ description: 'The three-way match as it stands now; null when the invoice names no supplier order.' }),
  matchAcceptedByName: z.string().nullable(),
  mayPay: z.boolean(), mayReopen: z.boolean(), mayUpdate: z.boolean(), mayDelete: z.boolean(), mayAcceptMismatch: z.boolean(),
});

const line = z.object({
  supplierOrderLineId: uuid.nullish(),
  articleNumberSupplier: safeString(undefined, false).trim().max(100).nullish(),
  description: safeString(undefined, false).trim().max(500).nullish(),
  quantity: z.number().min(0, { error: 'minValue' }).max(1_000_000, { error: 'maxValue' }),
  unitPriceExcl: amount,
  vatPercent: z.number().min(0, { error: 'minValue' }).max(100, { error: 'maxValue' }).nullish(),
});
const editable = {
  number: kind('number', 'create'),
  gcsNumber: kind('gcsNumber', 'update'),
  supplierId: kind('supplierId', 'update'),
  supplierName: kind('supplierName', 'update'),
  priceExcl: kind('priceExcl', 'create'),
  priceIncl: kind('priceIncl', 'create'),
  invoiceDate: kind('invoiceDate', 'create'),
  dueDate: kind('dueDate', 'create'),
  remarks: kind('remarks', 'update'),
};
const newInvoice = z.object({ ...editable, lines: z.array(line).max(500).nullish() }).strict();
const changes = z.object({
  id: uuid,
  ...Object.fromEntries(Object.entries(editable).map(([k, s]) => [k, s.optional()])) as { [K in keyof typeof editable]: z.ZodOptional<(typeof editable)[K]> },
  status: status.nullish(),
}).strict();
const blank = (s: z.ZodType) => z.union([z.literal('').transform(() => undefined), s]).optional();
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const bodies = {
  byGcsNumber: z.object({ query: z.object({ gcsNumber: safeString(undefined, false).trim().min(1, { error: 'required' }).max(100) }) }),
  create: z.object({ dto: newInvoice }),
  update: z.object({ dto: changes }),
  delete: z.object({ dto: z.object({ id: uuid }) }),
  invoiceId: z.object({ invoiceId: uuid }),
  createYcInvoice: z.object({ deliveryId: uuid }),
  acceptMismatch: z.object({ invoiceId: uuid, reason: safeString(undefined, false).trim().min(3, { error: 'minLength' }).max(2000, { error: 'maxLength' }) }),
};
const queries = {
  list: z.object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(20),
    supplierId: blank(z.uuid()),
    gcsNumber: blank(safeString(undefined, false).trim().max(100)),
    status: blank(z.union([status, z.literal('All'), z.literal('toPay')])),
    matchStatus: blank(z.enum(Object.keys(INVOICE_MATCH_STATUSES) as [InvoiceMatchStatus, ...InvoiceMatchStatus[]])),
    dueDateFilter: blank(z.string().regex(DATE, 'date')),
    invoiceDateFilter: blank(z.string().regex(DATE, 'date')),
    search: blank(safeString(undefined, false).trim().max(200)),
    customerId: z.string().max(100).optional(),
  }),
  byId: z.object({ id: z.string().max(100), customerId: z.string().max(100).optional() }),
};
const answers = {
  detail: resultOf(invoiceDetailSchema),
  page: resultOf(z.object({ items: z.array(record), total: z.number(), page: z.number(), pageSize: z.number() })),
  items: resultOf(z.object({ items: z.array(record), total: z.number() })),
  removed: resultOf(z.object({ id: z.string() })),
  count: resultOf(z.object({ count: z.number() })),
};
/** A PDF answered as its bytes (the OpenAPI document shows the type; nothing is serialized). */
const pdfAnswer = { description: "The invoice's PDF, offered under its file name.", content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } } as unknown as z.ZodType;
type Answer<S extends z.ZodType> = Promise<z.input<S>>;
type Detail = z.input<typeof invoiceDetailSchema>;
const asDetail = (d: InvoiceDetail) => d as unknown as Detail;

export const invoiceSchemas: Record<string, ActionSchemas> = {
  list: { querystring: queries.list, response: answers.page },
  byGcsNumber: { body: bodies.byGcsNumber, response: answers.items },
  byId: { querystring: queries.byId, response: answers.detail },
  create: { body: bodies.create, response: answers.detail },
  update: { body: bodies.update, response: answers.detail },
  delete: { body: bodies.delete, response: answers.removed },
  hardDelete: { body: bodies.invoiceId, response: answers.removed },
  deleteFile: { body: bodies.invoiceId, response: answers.detail },
  download: { body: bodies.invoiceId, response: pdfAnswer },
  toPayCount: { body: z.object({}).nullish(), response: answers.count },
  createYcInvoice: { body: bodies.createYcInvoice, response: answers.detail },
  acceptMismatch: { body: bodies.acceptMismatch, response: answers.detail },
};

const tenantOf = (ctx: ActionContext) => ctx.owner.tenantId;
const asRecord = (row: Record<string, unknown>) => toRecord(invoices, row) as z.input<typeof record>;
const storeOf = (ctx: ActionContext) => ctx.request.server.blobs;

const list = async (ctx: ActionContext<unknown, z.output<typeof queries.list>>): Answer<typeof answers.page> => {
  const { page, pageSize, supplierId, gcsNumber, status: s, matchStatus, dueDateFilter, invoiceDateFilter, search } = ctx.query;
  const parsed = filters.parse({ supplierId, gcsNumber, status: s, matchStatus, dueDateFilter, invoiceDateFilter, search });
  const { rows, total } = await listRows(ctx.db, invoices, ctx.owner, { filters: parsed, offset: (page - 1) * pageSize, limit: pageSize });
  return { result: { items: rows.map(asRecord), total, page, pageSize } };
};

const byGcsNumber = async (ctx: ActionContext<z.output<typeof bodies.byGcsNumber>>): Answer<typeof answers.items> => {
  const rows = await readable(ctx.db.selectFrom('invoices').selectAll(), invoices, ctx.owner).where('deleted', '=', false)
    .where('gcsNumber', '=', ctx.body.query.gcsNumber).orderBy('invoiceDate', 'desc').orderBy('id').limit(500).execute();
  return { result: { items: rows.map((r) => asRecord(r as Record<string, unknown>)), total: rows.length } };
};

const byId = async (ctx: ActionContext<unknown, z.output<typeof queries.byId>>): Answer<typeof answers.detail> => {
  const who = authOf(ctx.request);
  return { result: asDetail(await invoiceDetail(ctx.db, who, await readableInvoice(ctx.db, tenantOf(ctx), who, ctx.query.id))) };
};

const create = async (ctx: ActionContext<z.output<typeof bodies.create>>): Answer<typeof answers.detail> => {
  const customerId = ctx.owner.customerId!;
  const dto = ctx.body.dto as Parameters<typeof createInvoice>[3];
  return { result: asDetail(await createInvoice(ctx.db, { tenantId: tenantOf(ctx), customerId }, authOf(ctx.request), dto)) };
};

const update = async (ctx: ActionContext<z.output<typeof bodies.update>>): Answer<typeof answers.detail> => {
  const { id, ...input } = ctx.body.dto;
  return { result: asDetail(await updateInvoice(ctx.db, tenantOf(ctx), authOf(ctx.request), id, input as unknown as Parameters<typeof updateInvoice>[4])) };
};

const remove = async (ctx: ActionContext<z.output<typeof bodies.delete>>): Answer<typeof answers.removed> =>
  ({ result: await softDeleteInvoice(ctx.db, tenantOf(ctx), authOf(ctx.request), ctx.body.dto.id) });

const hardDelete = async (ctx: ActionContext<z.output<typeof bodies.invoiceId>>): Answer<typeof answers.removed> =>
  ({ result: await hardDeleteInvoice(ctx.db, storeOf(ctx), tenantOf(ctx), authOf(ctx.request), ctx.body.invoiceId) });

const deleteFile = async (ctx: ActionContext<z.output<typeof bodies.invoiceId>>): Answer<typeof answers.detail> =>
  ({ result: asDetail(await deleteInvoiceFile(ctx.db, storeOf(ctx), tenantOf(ctx), authOf(ctx.request), ctx.body.invoiceId)) });

const download = async (ctx: ActionContext<z.output<typeof bodies.invoiceId>>) =>
  sendInvoiceFile(ctx.db, storeOf(ctx), ctx.reply, tenantOf(ctx), authOf(ctx.request), ctx.body.invoiceId);

/** The invoices the caller reads (not deleted) that are still to pay: the model's one rule (INVOICES_TO_PAY), as the list's status=toPay. */
const toPayCount = async (ctx: ActionContext): Answer<typeof answers.count> => {
  const row = await inGroup(readable(ctx.db.selectFrom('invoices'), invoices, ctx.owner).where('deleted', '=', false), INVOICES_TO_PAY)
    .select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { result: { count: Number(row.n) } };
};

const createYcInvoice = async (ctx: ActionContext<z.output<typeof bodies.createYcInvoice>>): Answer<typeof answers.detail> => {
  const tenant = await ctx.db.selectFrom('tenants').select('defaultLanguage').where('id', '=', tenantOf(ctx)).executeTakeFirst();
  const language = typeof tenant?.defaultLanguage === 'string' && tenant.defaultLanguage ? tenant.defaultLanguage.toLowerCase() : languageOf(ctx.request.headers['accept-language']);
  return { result: asDetail(await createPlatformInvoice(ctx.db, tenantOf(ctx), authOf(ctx.request), ctx.body.deliveryId, language)) };
};

const acceptMismatch = async (ctx: ActionContext<z.output<typeof bodies.acceptMismatch>>): Answer<typeof answers.detail> =>
  ({ result: asDetail(await acceptInvoiceMismatch(ctx.db, tenantOf(ctx), authOf(ctx.request), ctx.body.invoiceId, ctx.body.reason)) });

export const invoiceActions = actionsOf({
  list, byGcsNumber, byId, create, update, delete: remove, hardDelete, deleteFile, download, toPayCount, createYcInvoice, acceptMismatch,
});
