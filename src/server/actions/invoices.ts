import { sql } from 'kysely';
import { INVOICES_TO_PAY, resourceByName } from '../../../model';
import { schemasFor } from '../../shared/schema-builder';
import { invoiceContracts } from '../../shared/contracts/invoices';
import type { AnswerOf } from '../../shared/contracts/define';
import { inGroup, listRows } from '../crud/list';
import { readable } from '../crud/scope';
import { toRecord } from '../db/records';
import { authOf } from '../request-context';
import { negotiateLanguage } from '../i18n';
import {
  acceptInvoiceMismatch, createInvoice, deleteInvoiceFile, hardDeleteInvoice, invoiceDetail, readableInvoice, softDeleteInvoice, updateInvoice,
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

export const invoiceActions = implement(invoiceContracts, {
  list: async ({ db, owner, query }) => {
    const { page, pageSize, supplierId, gcsNumber, status, matchStatus, dueDateFilter, invoiceDateFilter, search } = query;
    const parsed = filters.parse({ supplierId, gcsNumber, status, matchStatus, dueDateFilter, invoiceDateFilter, search });
    const { rows, total } = await listRows(db, invoices, owner, { filters: parsed, offset: (page - 1) * pageSize, limit: pageSize });
    return { result: { items: rows.map(asRecord), total, page, pageSize } };
  },
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
    const language = typeof tenant?.defaultLanguage === 'string' && tenant.defaultLanguage ? tenant.defaultLanguage.toLowerCase() : negotiateLanguage({ acceptLanguage: request.headers['accept-language'] });
    return { result: asDetail(await createPlatformInvoice(db, owner.tenantId, authOf(request), body.deliveryId, language)) };
  },
  acceptMismatch: async ({ db, request, owner, body }) =>
    ({ result: asDetail(await acceptInvoiceMismatch(db, owner.tenantId, authOf(request), body.invoiceId, body.reason)) }),
});
