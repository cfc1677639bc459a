import { z } from 'zod';
import { DELIVERY_PROBLEM_TYPES, DELIVERY_STATUSES, type DeliveryProblemType, type DeliveryStatus } from '../../../model';
import { access } from '../../../model/dsl/access';
import { deliveries } from '../../../model/resources/deliveries';
import { fieldSchema } from '../field-schemas';
import { safeString } from '../safe-text';
import { contractsOf } from './define';
import { listAccessOf, listExportCall, modelListExportQuery } from './list-export';
import { resultOf, uuidText } from './shapes';
import { deliveryRecordSchema } from '../../../generated/schemas/deliveries.gen';
import { deliveryLineRecordSchema } from '../../../generated/schemas/delivery-lines.gen';

const record = deliveryRecordSchema;
const lineRecord = deliveryLineRecordSchema;
const problemType = z.enum(Object.keys(DELIVERY_PROBLEM_TYPES) as [DeliveryProblemType, ...DeliveryProblemType[]]);
const status = z.enum(Object.keys(DELIVERY_STATUSES) as [DeliveryStatus, ...DeliveryStatus[]]);
const amount = z.number().int().min(0, { error: 'minValue' }).max(1_000_000, { error: 'maxValue' });
const remark = safeString().max(2000).nullish();
/** An optional model field as a body takes it ('' stands for none). */
type Optional = z.ZodOptional<z.ZodType<string | null, string | null>>;
// The model's own kinds: a real yyyy-MM-dd day, an http(s) address.
const day = fieldSchema(deliveries.fields.expectedDate, 'update') as z.ZodType as Optional;
const trackingLink = fieldSchema(deliveries.fields.trackingLink, 'update') as z.ZodType as Optional;
const deliveryNoteNumber = fieldSchema(deliveries.fields.deliveryNoteNumber, 'update') as z.ZodType as Optional;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const blank = <T extends z.ZodType>(s: T) => z.union([z.literal('').transform(() => undefined), s]).optional();

/** A delivery with its lines, names and what the caller may do now. */
const detail = resultOf(record.extend({
  lines: z.array(lineRecord),
  approvedByName: z.string().nullable(),
  createdByName: z.string().nullable(),
  /** What the caller may do now (the workflow's steps from here that are theirs). */
  mayConfirm: z.boolean(), mayReturn: z.boolean(), mayUndo: z.boolean(), mayUpdate: z.boolean(),
  /** Whether the caller reads the order itself (/order-detail/{orderId}). */
  mayOpenOrder: z.boolean(),
}));

const newDelivery = z.object({
  deliveryNoteNumber, expectedDate: day, deliveryDate: day, trackingLink, remark,
  lines: z.array(z.object({ supplierOrderLineId: uuidText, amount: amount.min(1, { error: 'minValue' }) })).max(500).nullish(),
});
const announceErrors = ['SupplierOrderNotFound', 'UnauthorizedRole', 'NothingToDeliver'] as const;

/** core §7 and flows §7 Deliveries: the calls beside the generated GET /deliveries and the admin query. */
export const deliveryContracts = contractsOf(deliveries, {
  export: listExportCall('/deliveries/export.xlsx', listAccessOf(deliveries, 'customer'), modelListExportQuery(deliveries),
    "the deliveries of GET /deliveries the caller reads (a buyer those of their own orders)", 'delivery number, status, supplier, order number, supplier order number, expected date, delivery date'),
  byGcsNumber: {
    method: 'GET', path: '/deliveries/by-gcs-number', access: access.customer('deliveries', 'R'),
    summary: "The acting customer's deliveries of a supplier order number (gcsNumber, a part of it), with deliveryStatus, deliveryId, supplierId and dueDateFilter as in GET /deliveries: {items, total}, newest first.",
    query: z.object({
      gcsNumber: safeString(undefined, false).trim().max(100).optional(),
      deliveryStatus: blank(status),
      deliveryId: safeString(undefined, false).trim().max(100).optional(),
      supplierId: blank(z.uuid()),
      dueDateFilter: blank(z.string().regex(DATE, 'date')),
      customerId: z.string().max(100).optional(),
    }),
    response: resultOf(z.object({ items: z.array(record), total: z.number() })),
  },
  byId: {
    method: 'GET', path: '/deliveries/by-id', access: access.authenticated(),
    summary: 'One delivery (?id) with its lines and what the caller may do (confirm, return items, undo, change): for its company (a buyer: of their own orders), a user of its supplier, or a platform admin. {result}.',
    query: z.object({ id: z.string().max(100), customerId: z.string().max(100).optional() }),
    response: detail,
    errors: ['DeliveryNotFound'],
  },
  confirm: {
    method: 'PATCH', path: '/deliveries/confirm', access: access.authenticated(),
    summary: 'Confirms what a delivery brought ({id, deliveryDate?, problemType?, remark?, lines?: [{id, delivered, problemType?, remark?}]}; without lines every line as announced): approved (a line that is short or has a problem keeps its problemType; what is still to deliver stays open on the supplier order). The supplier order becomes DELIVERED once every line is in; the order history records it. Answers the delivery {result}. A confirmed delivery is DeliveryAlreadyConfirmed (409).',
    body: z.object({
      id: uuidText, deliveryDate: day, problemType: problemType.nullish(), remark,
      lines: z.array(z.object({ id: uuidText, delivered: amount, problemType: problemType.nullish(), remark })).max(500).nullish(),
    }),
    response: detail,
    errors: ['DeliveryNotFound', 'DeliveryAlreadyConfirmed', 'UnauthorizedRole'],
  },
  undoConfirm: {
    method: 'PATCH', path: '/deliveries/undo-confirm/{id}', access: access.authenticated(),
    summary: "Undoes a delivery's confirmation (company admins and validators, platform admins): back to toApprove, delivered and returned amounts cleared, the supplier order back to WAITFORDELIVERY when it is no longer fully delivered. {result}.",
    body: z.object({}).prefault({}),
    response: detail,
    errors: ['DeliveryNotFound', 'DeliveryNotConfirmed', 'UnauthorizedRole'],
  },
  returnItems: {
    method: 'PATCH', path: '/deliveries/return-items', access: access.authenticated(),
    summary: 'Returns items of a confirmed delivery ({id, lines: [{id, amount, problemType?, remark?}]}: amount more per line, never more than delivered in all). The supplier order is no longer delivered while items are out. {result}.',
    body: z.object({
      id: uuidText,
      lines: z.array(z.object({ id: uuidText, amount: amount.min(1, { error: 'minValue' }), problemType: problemType.nullish(), remark })).min(1).max(500),
    }),
    response: detail,
    errors: ['DeliveryNotFound', 'DeliveryNotConfirmed', 'UnauthorizedRole'],
  },
  toApproveCount: {
    method: 'GET', path: '/deliveries/to-approve-count', access: access.customer('deliveries', 'R'),
    summary: 'How many of the deliveries the caller reads wait for a confirmation (?dateFilter: only those expected up to that day): {count}.',
    query: z.object({ customerId: z.string().max(100).optional(), dateFilter: blank(z.string().regex(DATE, 'date')) }),
    response: resultOf(z.object({ count: z.number() })),
  },
  update: {
    method: 'PUT', path: '/deliveries/{id}/update', access: access.authenticated(),
    summary: "Changes a delivery that waits for its confirmation ({deliveryNoteNumber?, expectedDate?, deliveryDate?, trackingLink?, problemType?, remark?}): by its company's admins, validators and orderer, a user of its supplier or a platform admin. {result}.",
    body: z.object({ deliveryNoteNumber, expectedDate: day, deliveryDate: day, trackingLink, problemType: problemType.nullish(), remark }).strict(),
    response: detail,
    errors: ['DeliveryNotFound', 'DeliveryAlreadyConfirmed', 'UnauthorizedRole'],
  },
  ofOrder: {
    method: 'GET', path: '/v2/orders/{id}/deliveries', access: access.customer('deliveries', 'R'),
    summary: "An order's deliveries, oldest first, as the caller reads the order: {result: [delivery]}.",
    response: resultOf(z.array(record)),
    errors: ['OrderNotFound'],
  },
  createForSupplierOrder: {
    method: 'POST', path: '/v2/supplier-orders/{id}/deliveries', access: access.authenticated(),
    summary: "A user of the supplier order's supplier or a platform admin announces a delivery ({deliveryNoteNumber?, expectedDate?, deliveryDate?, trackingLink?, remark?, lines?: [{supplierOrderLineId, amount}]}; without lines everything still to deliver). Each amount is at most what the line still waits for. {result}.",
    body: newDelivery,
    response: detail,
    errors: announceErrors,
  },
  adminCreate: {
    method: 'POST', path: '/admin/deliveries/create-for-supplierorder', access: access.platformAdmin('deliveries', 'C'),
    summary: 'A platform admin creates a delivery for a supplier order ({dto: {supplierOrderId, expectedDate?, deliveryDate?, trackingLink?, remark?, lines?}}), as POST /v2/supplier-orders/{id}/deliveries. {result}.',
    body: z.object({ dto: newDelivery.extend({ supplierOrderId: uuidText }) }),
    response: detail,
    errors: announceErrors,
  },
});
