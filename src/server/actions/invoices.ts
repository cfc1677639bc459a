import { sql } from 'kysely';
import { INVOICES_TO_PAY, INVOICES_UNPAID, resourceByName } from '../../../model';
import { schemasFor } from '../../shared/schema-builder';
import { invoiceContracts } from '../../shared/contracts/invoices';
import type { AnswerOf, QueryOf } from '../../shared/contracts/define';
import { inGroup, listRows, listSelection } from '../crud/list';
import { sendListExport } from '../crud/list-export';
import { INVOICES_SHEET } from '../reporting/list-sheets';
import { readable } from '../crud/scope';
import { toRecord } from '../db/records';
import { authOf } from '../request-context';
import { requestLanguage } from '../i18n';
import {
  acceptInvoiceMismatch, createInvoice, deleteInvoiceFile, hardDeleteInvoice, invoiceDetail, markPaidMany, readableInvoice, softDeleteInvoice, updateInvoice,
  type InvoiceDetail,
} from '../invoicing/invoices';
import { sendInvoiceFile, uploadInvoiceFile, uploadUblInvoice } from '../invoicing/invoice-files';
import { createPlatformInvoice } from '../invoicing/platform-invoice';
import { implement } from './define';

/** flows §7 Invoices: the calls of the customer side and create-yc-invoice (src/server/invoicing does the work; the admin query and id are the model's). */

const invoices = resourceByName('invoices');
const filters = schemasFor(invoices).filters;
type Detail = AnswerOf<typeof invoiceContracts.byId>['result'];
type InvoiceRecord = AnswerOf<typeof invoiceContracts.byGcsNumber>['result']['items'][number];
const asDetail = (d: InvoiceDetail) => d as unknown as Detail;
const asRecord = (row: Record<string, unknown>) => toRecord(invoices, row) as InvoiceRecord;

/** GET /invoices's filters as the model's list reads them: the list, its export and its outstanding total select the same invoices. */
type ListQuery = QueryOf<typeof invoiceContracts.export>;
const listFiltersOf = ({ supplierId, gcsNumber, status, matchStatus, dueDateFilter, invoiceDateFilter, search }: ListQuery) =>
  filters.parse({ supplierId, gcsNumber, status, matchStatus, dueDateFilter, invoiceDateFilter, search });

export const invoiceActions = implement(invoiceContracts, {
  list: async ({ db, owner, query }) => {
    const { page, pageSize } = query;
    const { rows, total } = await listRows(db, invoices, owner, { filters: listFiltersOf(query), offset: (page - 1) * pageSize, limit: pageSize });
    return { result: { items: rows.map(asRecord), total, page, pageSize } };
  },
  /** GET /invoices/export.xlsx?<list filters>: the rows of GET /invoices, every page, in its order, as a spreadsheet (crud/list-export.ts). */
  export: async ({ db, request, reply, owner, query }) =>
    sendListExport(db, request, reply, INVOICES_SHEET, owner, { filters: listFiltersOf(query) }, requestLanguage(request)) as never,
  /** GET /invoices/outstanding?<list filters>: what the invoices the list selects still owe (the model's INVOICES_UNPAID). */
  outstanding: async ({ db, owner, query }) => {
    const row = await inGroup(listSelection(db, invoices, owner, { filters: listFiltersOf(query) }).matching, INVOICES_UNPAID)
      .select([sql<string>`coalesce(sum(price_incl), 0)::numeric(14,2)::text`.as('amount'), sql<number>`count(*)::int`.as('n')]).executeTakeFirstOrThrow();
    return { result: { amount: String(row.amount), count: Number(row.n) } };
  },
  /** POST /invoices/mark-paid-bulk {invoiceIds}: each invoice through the single mark-paid step, in its own transaction. */
  markPaidBulk: async ({ db, request, owner, body }) => ({ result: await markPaidMany(db, owner.tenantId, authOf(request), body.invoiceIds) }),
  byGcsNumber: async ({ db, owner, body }) => {
    const rows = await readable(db.selectFrom('invoices').selectAll(), invoices, owner).where('deleted', '=', false)
      .where('gcsNumber', '=', body.query.gcsNumber).orderBy('invoiceDate', 'desc').orderBy('id').limit(500).execute();
    return { result: { items: rows.map((r) => asRecord(r as Record<string, unknown>)), total: rows.length } };
  },
  byId: async ({ db, request, owner, query }) => {
    const who = authOf(request);
    return { result: asDetail(await invoiceDetail(db, who, await readableInvoice(db, owner.tenantId, who, query.id))) };
  },
  create: async ({ db, request, owner, body }) => {
    const customerId = owner.customerId!;
    return { result: asDetail(await createInvoice(db, { tenantId: owner.tenantId, customerId }, authOf(request), body.dto)) };
  },
  update: async ({ db, request, owner, body }) => {
    const { id, ...input } = body.dto;
    return { result: asDetail(await updateInvoice(db, owner.tenantId, authOf(request), id, input)) };
  },
  delete: async ({ db, request, owner, body }) =>
    ({ result: await softDeleteInvoice(db, owner.tenantId, authOf(request), body.dto.id) }),
  hardDelete: async ({ db, request, owner, body }) =>
    ({ result: await hardDeleteInvoice(db, request.server.blobs, owner.tenantId, authOf(request), body.invoiceId) }),
  deleteFile: async ({ db, request, owner, body }) =>
    ({ result: asDetail(await deleteInvoiceFile(db, request.server.blobs, owner.tenantId, authOf(request), body.invoiceId)) }),
  upload: async ({ db, request }) => ({ result: asDetail(await uploadInvoiceFile(db, request)) }),
  uploadUbl: async ({ db, request }) => ({ result: asDetail(await uploadUblInvoice(db, request)) }),
  download: async ({ db, request, reply, owner, body }) =>
    sendInvoiceFile(db, request.server.blobs, reply, owner.tenantId, authOf(request), body.invoiceId),
  /** The invoices the caller reads (not deleted) that are still to pay: the model's one rule (INVOICES_TO_PAY), as the list's status=toPay. */
  toPayCount: async ({ db, owner }) => {
    const row = await inGroup(readable(db.selectFrom('invoices'), invoices, owner).where('deleted', '=', false), INVOICES_TO_PAY)
      .select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    return { result: { count: Number(row.n) } };
  },
  createYcInvoice: async ({ db, request, owner, body }) => {
    const tenant = await db.selectFrom('tenants').select('defaultLanguage').where('id', '=', owner.tenantId).executeTakeFirst();
    const language = typeof tenant?.defaultLanguage === 'string' && tenant.defaultLanguage ? tenant.defaultLanguage.toLowerCase() : requestLanguage(request);
    return { result: asDetail(await createPlatformInvoice(db, owner.tenantId, authOf(request), body.deliveryId, language)) };
  },
  acceptMismatch: async ({ db, request, owner, body }) =>
    ({ result: asDetail(await acceptInvoiceMismatch(db, owner.tenantId, authOf(request), body.invoiceId, body.reason)) }),
});
