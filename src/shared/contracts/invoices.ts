import { z } from 'zod';
import { CONSTANTS, INVOICE_MATCH_PROBLEMS, INVOICE_MATCH_STATUSES, INVOICE_STATUSES, resourceByName, type InvoiceMatchProblem, type InvoiceMatchStatus, type InvoiceStatus } from '../../../model';
import { access } from '../../../model/dsl/access';
import { invoices } from '../../../model/resources/invoices';
import { fieldSchema } from '../field-schemas';
import { safeString } from '../safe-text';
import { binaryAnswer, contractsOf, filePart } from './define';
import { listExportCall } from './list-export';
import { resultOf, uuidText } from './shapes';
import { invoiceRecordSchema } from '../../../generated/schemas/invoices.gen';
import { invoiceLineRecordSchema } from '../../../generated/schemas/invoice-lines.gen';

const record = invoiceRecordSchema;
const lineRecord = invoiceLineRecordSchema;
const status = z.enum(Object.keys(INVOICE_STATUSES) as [InvoiceStatus, ...InvoiceStatus[]]);
const matchStatus = z.enum(Object.keys(INVOICE_MATCH_STATUSES) as [InvoiceMatchStatus, ...InvoiceMatchStatus[]]);
// The model's own kinds: a real yyyy-MM-dd day, an amount with up to two decimals (comma or dot), as text.
const required = (name: keyof typeof invoices.fields) => fieldSchema(invoices.fields[name], 'create') as z.ZodType<string>;
const optional = (name: keyof typeof invoices.fields) => fieldSchema(invoices.fields[name], 'update') as z.ZodType<string | null | undefined>;
const amount = fieldSchema(resourceByName('invoice-lines').fields.unitPriceExcl!, 'create') as z.ZodType<string>;

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

/** The invoice as every call answers it (and the uploads: src/server/storage/upload-routes.ts): the record, its lines, names, its match, and what the caller may do now. */
export const invoiceDetailSchema = record.extend({
  lines: z.array(lineRecord),
  paidByName: z.string().nullable(),
  createdByName: z.string().nullable(),
  match: z.object({
    status: matchStatus,
    tolerance: z.object({ pricePercent: decimal, quantityPercent: decimal }),
    lines: z.array(lineMatch),
  }).nullable().meta({ description: 'The three-way match as it stands now; null when the invoice names no supplier order.' }),
  matchAcceptedByName: z.string().nullable(),
  mayPay: z.boolean(), mayReopen: z.boolean(), mayUpdate: z.boolean(), mayDelete: z.boolean(), mayAcceptMismatch: z.boolean(),
});

const line = z.object({
  supplierOrderLineId: uuidText.nullish(),
  articleNumberSupplier: safeString(undefined, false).trim().max(100).nullish(),
  description: safeString(undefined, false).trim().max(500).nullish(),
  quantity: z.number().min(0, { error: 'minValue' }).max(1_000_000, { error: 'maxValue' }),
  unitPriceExcl: amount,
  vatPercent: z.number().min(0, { error: 'minValue' }).max(100, { error: 'maxValue' }).nullish(),
});
const editable = {
  number: required('number'),
  gcsNumber: optional('gcsNumber'),
  supplierId: optional('supplierId'),
  supplierName: optional('supplierName'),
  priceExcl: required('priceExcl'),
  priceIncl: required('priceIncl'),
  invoiceDate: required('invoiceDate'),
  dueDate: required('dueDate'),
  remarks: optional('remarks'),
};
const blank = <T extends z.ZodType>(s: T) => z.union([z.literal('').transform(() => undefined), s]).optional();
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const invoiceId = z.object({ invoiceId: uuidText });
const detail = resultOf(invoiceDetailSchema);
const removed = resultOf(z.object({ id: z.string() }));
/** A PDF answered as its bytes (the OpenAPI document shows the type; nothing is serialized). */
const pdfAnswer = binaryAnswer('application/pdf', "The invoice's PDF, offered under its file name.");

/** GET /invoices's filters: the list's, and its export's and outstanding total's (src/server/actions/invoices.ts listFiltersOf reads them once for all three). */
const listFilters = z.object({
  supplierId: blank(z.uuid()),
  gcsNumber: blank(safeString(undefined, false).trim().max(100)),
  status: blank(z.union([status, z.literal('All'), z.literal('toPay')])),
  matchStatus: blank(matchStatus),
  dueDateFilter: blank(z.string().regex(DATE, 'date')),
  invoiceDateFilter: blank(z.string().regex(DATE, 'date')),
  search: blank(safeString(undefined, false).trim().max(200)),
  customerId: z.string().max(100).optional(),
});
const readRule = access.customer('invoices', 'R');

/** flows §7 Invoices: the calls of the customer side and create-yc-invoice (the admin query and id are the model's endpoints). */
export const invoiceContracts = contractsOf(invoices, {
  list: {
    method: 'GET', path: '/invoices', access: readRule,
    summary: "The acting customer's invoices (not deleted), newest invoice date first, with the filters supplierId, gcsNumber (a part of it), status (open, expired, payed; All; toPay = still to pay: open or expired, and not a mismatch waiting to be accepted), matchStatus (the three-way match: notChecked, matched, mismatch, accepted), dueDateFilter (due up to that day), invoiceDateFilter (invoiced from that day), search; page and pageSize: {result: {items, total, page, pageSize}}.",
    query: listFilters.extend({
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(500).default(20),
    }),
    response: resultOf(z.object({ items: z.array(record), total: z.number(), page: z.number(), pageSize: z.number() })),
  },
  export: listExportCall('/invoices/export.xlsx', readRule, listFilters,
    "the acting customer's invoices of GET /invoices", 'number, status, match, supplier, supplier order number, amounts excl. and incl. VAT, invoice date, due date, paid on'),
  outstanding: {
    method: 'GET', path: '/invoices/outstanding', access: readRule,
    summary: "Beyond the spec (issue 29): what the invoices GET /invoices selects with the same filters still owe: the sum of the amounts incl. VAT of those not paid (open or expired, a mismatch too), and their number: {result: {amount, count}}; amount a decimal string in EUR (invoices carry no other currency).",
    query: listFilters,
    response: resultOf(z.object({ amount: decimal, count: z.number() })),
  },
  markPaidBulk: {
    method: 'POST', path: '/invoices/mark-paid-bulk', access: access.customer('invoices', 'W'),
    summary: `Beyond the spec (issue 29): marks several invoices paid at once ({invoiceIds}, at most ${CONSTANTS.bulkActionMaxIds}): each through the step of POST /invoices/update {status: payed} (the same workflow, roles and three-way-match rule; paidAt and paidById set), each in its own transaction, so one refused invoice leaves the others paid. Answers per invoice, in the order sent, {invoiceId, ok, status?, errorCode?} with the errorCode the single call would answer (InvoiceNotFound for another company's, UnauthorizedRole, InvoiceMismatchNotAccepted); one paid already stays as it is and counts as paid, as the single call answers it.`,
    body: z.object({ invoiceIds: z.array(uuidText).min(1, { error: 'required' }).max(CONSTANTS.bulkActionMaxIds, { error: 'maxLength' }) }),
    response: resultOf(z.array(z.object({ invoiceId: z.string(), ok: z.boolean(), status: status.optional(), errorCode: z.string().optional() }))),
  },
  byGcsNumber: {
    method: 'POST', read: true, path: '/invoices/byGcsNumber', access: access.customer('invoices', 'R'),
    summary: "The acting customer's invoices of a supplier order number ({query: {gcsNumber}}, the whole number), newest first: {result: {items, total}}.",
    body: z.object({ query: z.object({ gcsNumber: safeString(undefined, false).trim().min(1, { error: 'required' }).max(100) }) }),
    response: resultOf(z.object({ items: z.array(record), total: z.number() })),
  },
  byId: {
    method: 'GET', path: '/invoices/by-id', access: access.authenticated(),
    summary: "One invoice (?id) with its lines and what the caller may do (mark paid, reopen, change, upload, delete): for the acting customer's users who read invoices, or a platform admin. {result}.",
    query: z.object({ id: z.string().max(100), customerId: z.string().max(100).optional() }),
    response: detail,
    errors: ['InvoiceNotFound'],
  },
  create: {
    method: 'POST', path: '/invoices/create', access: access.customer('invoices', 'C'),
    summary: 'Enters an invoice for the acting customer ({dto: {number, gcsNumber?, supplierId?, supplierName?, priceExcl, priceIncl, invoiceDate, dueDate, remarks?, lines?}}): status open (expired when the due date has passed), source manual. A gcsNumber of one of the customer\'s supplier orders links the invoice to it (supplier, order). {result}.',
    body: z.object({ dto: z.object({ ...editable, lines: z.array(line).max(500).nullish() }).strict() }),
    response: detail,
    errors: ['invalidDueDate'],
  },
  update: {
    method: 'POST', path: '/invoices/update', access: access.customer('invoices', 'W'),
    summary: "Changes an invoice ({dto: {id, …the fields of create but lines, status?}}). A status change goes through the invoice workflow: to payed (sets paidAt, paidById) by customer admins, finance and platform admins, back from payed to open (a payment booked by mistake; expired at once when past its due date); another change of status is InvoiceNotInStep (409), one the role may not take UnauthorizedRole (403). The due date may not be before the invoice date (invalidDueDate). {result}.",
    body: z.object({
      dto: z.object({
        id: uuidText,
        ...Object.fromEntries(Object.entries(editable).map(([k, s]) => [k, s.optional()])) as { [K in keyof typeof editable]: z.ZodOptional<(typeof editable)[K]> },
        status: status.nullish(),
      }).strict(),
    }),
    response: detail,
    errors: ['InvoiceNotFound', 'InvoiceNotInStep', 'UnauthorizedRole', 'invalidDueDate', 'InvoiceMismatchNotAccepted'],
  },
  delete: {
    method: 'POST', path: '/invoices/delete', access: access.customer('invoices', 'D'),
    summary: 'Deletes an invoice ({dto: {id}}): it leaves the lists and counts, its row and file stay. {result: {id}}.',
    body: z.object({ dto: z.object({ id: uuidText }) }),
    response: removed,
    errors: ['InvoiceNotFound'],
  },
  hardDelete: {
    method: 'POST', path: '/invoices/hard-delete', access: access.customer('invoices', 'D'),
    summary: 'Removes an invoice for good ({invoiceId}): its PDF first; only once that succeeded the invoice and its lines (a failing file removal keeps the invoice: InvoiceFileNotDeleted, 502). {result: {id}}.',
    body: invoiceId,
    response: removed,
    errors: ['InvoiceNotFound', 'InvoiceFileNotDeleted'],
  },
  deleteFile: {
    method: 'POST', path: '/invoices/deleteFile', access: access.customer('invoices', 'W'),
    summary: "Removes an invoice's PDF ({invoiceId}): the file is removed, then fileUrl and blobName are emptied (a failing removal changes nothing: InvoiceFileNotDeleted, 502). {result}.",
    body: invoiceId,
    response: detail,
    errors: ['InvoiceNotFound', 'UnauthorizedRole', 'InvoiceFileNotDeleted'],
  },
  download: {
    method: 'POST', path: '/invoices/download', access: access.customer('invoices', 'R'),
    summary: "The invoice's PDF ({invoiceId}) as application/pdf, offered under its file name; FileNotFound when it has none.",
    body: invoiceId,
    response: pdfAnswer,
    errors: ['InvoiceNotFound', 'FileNotFound'],
  },
  upload: {
    method: 'POST', path: '/invoices/upload', access: access.authenticated(),
    summary: "Uploads an invoice's PDF (multipart/form-data: invoiceId, customerId?, then file): customer users who change invoices (invoices W), platform admins for any company of the tenant. The invoice is checked before a byte of the file is read; a PDF by its first bytes (415 FileTypeNotAllowed), at most 20 MB (413 FileTooLarge, refused while it streams in); nothing is kept of a refused file. Replaces the invoice's former file. {result: invoice}.",
    multipart: z.object({
      invoiceId: z.string().meta({ description: "The invoice's id (a form field sent before the file)." }),
      customerId: z.string().optional().meta({ description: "The invoice's company (optional; the acting customer's by default)." }),
      file: filePart('The PDF (one part of multipart/form-data), at most 20 MB.'),
    }),
    response: detail,
    errors: ['FileRequired', 'FileEmpty', 'FileTypeNotAllowed', 'FileTooLarge', 'InvoiceNotFound', 'UnauthorizedRole'],
  },
  uploadUbl: {
    method: 'POST', path: '/invoices/upload-ubl', access: access.customer('invoices', 'C'),
    summary: "Beyond the spec: books a supplier's UBL e-invoice for the acting company (multipart/form-data: file): checked while it streams in (XML, at most 30 MB: 415, 413), against EN 16931 / Peppol BIS 3.0 (422 UblInvoiceUnreadable, UblInvoiceInvalid with the rules broken, UblCurrencyNotSupported), linked to the supplier order its order reference (BT-13) names (422 UblOrderReferenceUnknown, UblSellerMismatch, UblBuyerMismatch), not booked twice (409 InvoiceAlreadyBooked); its embedded PDF becomes the invoice's file; the three-way match runs. {result: invoice}.",
    multipart: z.object({
      file: filePart(`The e-invoice: a UBL 2.1 Invoice or CreditNote (Peppol BIS Billing 3.0) as XML, at most ${CONSTANTS.ublInvoiceMaxMb} MB.`),
    }),
    response: detail,
    errors: ['FileRequired', 'FileEmpty', 'FileTypeNotAllowed', 'FileTooLarge', 'FileNotFound', 'UblInvoiceUnreadable', 'UblInvoiceInvalid', 'UblCurrencyNotSupported', 'UblOrderReferenceUnknown', 'UblSellerMismatch', 'UblBuyerMismatch', 'InvoiceAlreadyBooked'],
  },
  acceptMismatch: {
    method: 'POST', path: '/invoices/accept-mismatch', access: access.customer('invoices', 'X'),
    summary: "Beyond the spec: a finance user (invoices X) accepts what the three-way match found on an invoice ({invoiceId, reason}: 3 to 2000 characters), so it may be paid. Holds for exactly the problems seen now: when they change (a delivery undone, another invoice), the invoice is a mismatch again. The order's history records it (invoiceMismatchAccepted). An invoice without a mismatch is InvoiceMatchNothingToAccept (409). {result: invoice}.",
    body: z.object({ invoiceId: uuidText, reason: safeString(undefined, false).trim().min(3, { error: 'minLength' }).max(2000, { error: 'maxLength' }) }),
    response: detail,
    errors: ['InvoiceNotFound', 'UnauthorizedRole', 'InvoiceMatchNothingToAccept'],
  },
  toPayCount: {
    method: 'POST', read: true, path: '/invoices/toPayCount', access: access.customer('invoices', 'R'),
    summary: 'How many of the invoices the caller reads are still to pay (open or expired, and not a three-way-match mismatch waiting for finance to accept it: what the list\'s status=toPay shows): {result: {count}}.',
    body: z.object({}).nullish(),
    response: resultOf(z.object({ count: z.number() })),
  },
  createYcInvoice: {
    method: 'POST', path: '/admin/invoices/create-yc-invoice', access: access.platformAdmin('invoices', 'C'),
    summary: "A platform admin makes the invoice of a confirmed delivery ({deliveryId}): one line per delivered line (delivered less returned) at the supplier order line's charged unit price and VAT, invoice date today, due date after CONSTANTS.invoicePaymentTermDays, source platform; the delivery gets hasInvoice. A delivery that waits is DeliveryNotConfirmed, one with an invoice DeliveryAlreadyInvoiced (409). {result}.",
    body: z.object({ deliveryId: uuidText }),
    response: detail,
    errors: ['DeliveryNotFound', 'DeliveryNotConfirmed', 'DeliveryAlreadyInvoiced', 'NothingToInvoice'],
  },
});
