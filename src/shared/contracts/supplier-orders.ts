import { z } from 'zod';
import { resourceByName, SUPPLIER_ORDER_STATUSES, type SupplierOrderStatus } from '../../../model';
import { access } from '../../../model/dsl/access';
import { supplierOrders } from '../../../model/resources/supplier-orders';
import { safeString } from '../safe-text';
import { wireValueSchema } from '../wire-schemas';
import { binaryAnswer, contractsOf } from './define';
import { reasonText, resultOf, uuidText } from './shapes';
import { supplierOrderRecordSchema } from '../../../generated/schemas/supplier-orders.gen';
import { supplierOrderLineRecordSchema } from '../../../generated/schemas/supplier-order-lines.gen';
import type { OrderRecord } from '../../../generated/types/orders.gen';

const record = supplierOrderRecordSchema;
const lineRecord = supplierOrderLineRecordSchema;
/** A supplier-order status (flows §4), by its name. */
export const supplierOrderStatusSchema = z.enum(Object.keys(SUPPLIER_ORDER_STATUSES) as [SupplierOrderStatus, ...SupplierOrderStatus[]]);
const status = supplierOrderStatusSchema;
const year = z.number().int().min(2000).max(2100);

const followUp = z.object({
  id: z.string(), status: status.nullable(), fromStatus: status.nullable(), remark: z.string().nullable(),
  userId: z.string().nullable(), userName: z.string().nullable(), createdAt: z.string(),
});
const day = z.string().nullable();
/** A postal address as the orders' address field answers it (the model's addressField). */
const postalAddress = wireValueSchema<NonNullable<OrderRecord['address']>>(resourceByName('orders').fields.address!);
/** A supplier order with its lines, follow-ups, deliveries, invoices and what the caller may do now. */
const detail = record.extend({
  customerName: z.string().nullable(),
  /** Where the supplier delivers: the order's delivery address (flows §6: what a supplier's user needs of the customer). */
  shipTo: postalAddress.nullable(),
  /** By when the company would like it (the order's requested delivery date, yyyy-MM-dd), if it named one. */
  requestedDeliveryDate: day,
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
const pdfAnswer = binaryAnswer('application/pdf', 'The supplier order as a PDF, offered as <gcsNumber>.pdf (inline with ?inline=true).');
const pdfQuery = z.object({ inline: z.enum(['true', 'false']).optional() }).prefault({});
const page = resultOf(z.object({ items: z.array(record.extend({ customerName: z.string().nullable().optional() })), total: z.number() }));
const yearQuery = z.object({ query: z.object({ year: year.optional() }).prefault({}) }).prefault({});
const amount = resultOf(z.string());
const comms = resultOf(z.array(comm));
const ofSupplierOrder = z.object({ query: z.object({ supplierOrderId: uuidText }) });
const detailAnswer = resultOf(detail);
/** A status move: not from the supplier order's status (OrderNotInStep), not the caller's step (UnauthorizedRole). */
const moveErrors = ['SupplierOrderNotFound', 'OrderNotInStep', 'UnauthorizedRole'] as const;

/** flows §7 Supplier orders: the calls beside the generated query and get (src/server/fulfilment does the work). */
export const supplierOrderContracts = contractsOf(supplierOrders, {
  mine: {
    method: 'GET', path: '/supplier-orders', access: access.customer('orders', 'R'),
    summary: "The acting customer's latest supplier orders (the spec's GET /supplier-orders without an id), newest first: {result: {items, total}} of at most 50.",
    response: page,
  },
  queryForSupplier: {
    method: 'POST', read: true, path: '/supplier-orders/queryForSupplier', access: access.authenticated(),
    summary: "The supplier orders of the caller's suppliers (supplier users: the token's supplierIds; platform admins: every supplier) across the tenant's customers ({query: {page, pageSize, orderStatus, gcsNumber}}): {result: {items, total}}, newest first. Others get UnauthorizedRole.",
    body: z.object({ query: z.object({ page: z.number().int().min(1).optional(), pageSize: z.number().int().min(1).max(100).optional(), orderStatus: status.nullish(), gcsNumber: safeString(undefined, false).max(100).nullish() }).prefault({}) }).prefault({}),
    response: page,
    errors: ['UnauthorizedRole'],
  },
  getByGcsNumber: {
    method: 'POST', read: true, path: '/supplier-orders/getByGcsNumber', access: access.authenticated(),
    summary: 'One supplier order by its number ({query: {gcsNumber}}) with its lines, follow-ups and what the caller may do: for the acting customer, a user of its supplier, or a platform admin. {result}.',
    body: z.object({ query: z.object({ gcsNumber: safeString(undefined, false).min(1).max(100) }) }),
    response: detailAnswer,
    errors: ['SupplierOrderNotFound'],
  },
  queryStatus: {
    method: 'POST', read: true, path: '/supplier-orders/queryStatus', access: access.authenticated(),
    summary: "The supplier-order statuses in the caller's language ({result: [{name, displayName}]}), in workflow order.",
    body: z.object({}).prefault({}),
    response: resultOf(z.array(z.object({ name: status, displayName: z.string() }))),
  },
  lines: {
    method: 'POST', read: true, path: '/supplier-orders/lines', access: access.authenticated(),
    summary: "A supplier order's lines ({query: {supplierOrderId, skip, take}}), by line number: {result: {items, total, skip, take}}.",
    body: z.object({ query: z.object({ supplierOrderId: uuidText, skip: z.number().int().min(0).optional(), take: z.number().int().min(1).max(500).optional() }) }),
    response: resultOf(z.object({ items: z.array(lineRecord), total: z.number(), skip: z.number(), take: z.number() })),
    errors: ['SupplierOrderNotFound'],
  },
  addFollowUp: {
    method: 'POST', path: '/supplier-orders/addFollowUp', access: access.authenticated(),
    summary: "Adds a follow-up ({dto: {supplierOrderId, status?, remark?}}, a status or a remark). A status different from the supplier order's moves it there as the workflow allows the caller (supplier users: WAITFORORDERRESPONSE, WAITFORDELIVERY, DELIVERED, FAILEDTOORDER; a failure needs a remark; DELIVERED announces what is still to deliver as one delivery for the buyer to confirm and leaves the supplier order WAITFORDELIVERY until they have), with updatedAt the server's time and an entry in the order's history. {result: {followUp, supplierOrder}}.",
    // The remark is the reason of a status change (a failure needs one).
    body: z.object({ dto: z.object({ supplierOrderId: uuidText, status: status.nullish(), remark: reasonText.nullish() }) }),
    response: resultOf(z.object({ followUp, supplierOrder: detail })),
    errors: moveErrors,
  },
  followUps: {
    method: 'POST', read: true, path: '/so-followups/query', access: access.authenticated(),
    summary: "A supplier order's follow-ups, oldest first ({query: {supplierOrderId}}): {result: [{id, status, remark, userName, createdAt}]}.",
    body: ofSupplierOrder,
    response: resultOf(z.array(followUp)),
    errors: ['SupplierOrderNotFound'],
  },
  saveAmount: {
    method: 'POST', read: true, path: '/supplier-orders/getSaveAmount', access: access.customer('orders', 'R'),
    summary: "What the acting customer saved this year ({query: {year?}}): the catalogue price less the charged price over its supplier orders' lines. {result: amount}.",
    body: yearQuery,
    response: amount,
  },
  yearSpent: {
    method: 'POST', read: true, path: '/supplier-orders/getYearSpent', access: access.customer('orders', 'R'),
    summary: "What the acting customer's supplier orders of a year ({query: {year?}}, default this year) total excluding VAT. {result: amount}.",
    body: yearQuery,
    response: amount,
  },
  ordersCountForMonth: {
    method: 'POST', read: true, path: '/supplier-orders/getOrdersCountForMonth', access: access.customer('orders', 'R'),
    summary: "How many supplier orders the acting customer got in a month ({query: {year?, month?}}, default this month). {result: count}.",
    body: z.object({ query: z.object({ year: year.optional(), month: z.number().int().min(1).max(12).optional() }).prefault({}) }).prefault({}),
    response: resultOf(z.number()),
  },
  getComms: {
    method: 'POST', read: true, path: '/admin/supplier-orders/getComms', access: access.platformAdmin('orders', 'R'),
    summary: "Every communication with the supplier about a supplier order ({query: {supplierOrderId}}), newest first: each attempt to send it (e-mail with the order PDF, or the note that it must be ordered by hand) with its recipient, subject, success, error and attempt number. {result: [...]}.",
    body: ofSupplierOrder,
    response: comms,
    errors: ['SupplierOrderNotFound'],
  },
  getErrorComms: {
    method: 'POST', read: true, path: '/admin/supplier-orders/getErrorComms', access: access.platformAdmin('orders', 'R'),
    summary: "The failed communications of a supplier order ({query: {supplierOrderId}}), newest first; without a supplierOrderId, the tenant's latest 100 failures across its supplier orders. {result: [...]}.",
    body: z.object({ query: z.object({ supplierOrderId: uuidText.optional() }).prefault({}) }).prefault({}),
    response: comms,
    errors: ['SupplierOrderNotFound'],
  },
  adminPdf: {
    method: 'GET', path: '/admin/supplier-orders/{id}/pdf', access: access.platformAdmin('orders', 'R'),
    summary: "The supplier order as the PDF sent to the supplier (made now from the supplier order, its customer and the supplier's order PDF settings): application/pdf, offered as <gcsNumber>.pdf; ?inline=true shows it in the browser.",
    query: pdfQuery,
    response: pdfAnswer,
    errors: ['SupplierOrderNotFound'],
  },
  pdf: {
    method: 'GET', path: '/supplier-orders/{id}/pdf', access: access.authenticated(),
    summary: "The supplier order's PDF for whoever reads the supplier order (the acting customer's readers, a user of its supplier, platform admins): application/pdf; ?inline=true shows it in the browser. Others get SupplierOrderNotFound.",
    query: pdfQuery,
    response: pdfAnswer,
    errors: ['SupplierOrderNotFound'],
  },
  sandboxCreate: {
    method: 'POST', path: '/admin/sandbox/createSupplierOrders', access: access.platformAdmin('orders', 'W'),
    summary: "Creates the supplier orders of an approved order that has none ({dto: {orderId}}) and queues sending them, as the approval does; an order that has them already is left as it is. {result: {created: n, supplierOrderIds: [all of the order's]}}. An order of another tenant is not found; one that is not approved is refused (OrderNotInStep).",
    body: z.object({ dto: z.object({ orderId: uuidText }) }),
    response: resultOf(z.object({ created: z.number(), supplierOrderIds: z.array(z.string()) })),
    errors: ['OrderNotFound', 'OrderNotInStep'],
  },
  sandboxSend: {
    method: 'POST', path: '/admin/sandbox/runSendOrdersToSuppliers', access: access.platformAdmin('orders', 'W'),
    summary: "Queues sending the tenant's supplier orders in status CREATED ({dto: {supplierOrderIds?}}: those, or every one), each by the supplierOrders.send job. {result: {queued: n, supplierOrderIds}}.",
    body: z.object({ dto: z.object({ supplierOrderIds: z.array(uuidText).max(500).optional() }).prefault({}) }).prefault({}),
    response: resultOf(z.object({ queued: z.number(), supplierOrderIds: z.array(z.string()) })),
  },
  adminUpdate: {
    method: 'POST', path: '/admin/supplier-orders/update', access: access.platformAdmin('orders', 'W'),
    summary: "A platform admin changes a supplier order ({dto: {id, status?, extraInfo?, supplierEmail?, reason?}}): the status as the workflow allows platform admins (a failure needs a reason), recorded as a follow-up and in the order's history. {result}.",
    body: z.object({ dto: z.object({ id: uuidText, status: status.nullish(), extraInfo: safeString().max(2000).nullish(), supplierEmail: z.email().max(254).nullish().or(z.literal('')), reason: reasonText.nullish() }) }),
    response: detailAnswer,
    errors: moveErrors,
  },
});
