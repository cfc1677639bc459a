import { sql } from 'kysely';
import { resourceByName } from '../../../model';
import { deliveryContracts } from '../../shared/contracts/deliveries';
import { schemasFor } from '../../shared/schema-builder';
import { listRows } from '../crud/list';
import { sendListExport } from '../crud/list-export';
import { DELIVERIES_SHEET } from '../reporting/list-sheets';
import { requestLanguage } from '../i18n';
import { readable } from '../crud/scope';
import { toRecord } from '../db/records';
import { authOf } from '../request-context';
import { orderQuery } from '../ordering/order-query';
import { actingOf } from '../ordering/acting';
import { ApiError } from '../errors';
import {
  confirmDelivery, createDelivery, deliveryDetail, readableDelivery, returnItems as returnItemsOf, undoConfirmation, updateDelivery,
} from '../fulfilment/deliveries';
import type { AnswerOf } from '../../shared/contracts/define';
import { implement } from './define';

/** core §7 and flows §7 Deliveries: the calls beside the generated GET /deliveries and the admin query (src/server/fulfilment/deliveries.ts does the work). */

const deliveries = resourceByName('deliveries');
const filters = schemasFor(deliveries).filters;
type Detail = AnswerOf<typeof deliveryContracts.byId>['result'];
type DeliveryRecord = AnswerOf<typeof deliveryContracts.ofOrder>['result'][number];

const asRecord = (row: Record<string, unknown>) => toRecord(deliveries, row) as DeliveryRecord;

export const deliveryActions = implement(deliveryContracts, {
  /** GET /deliveries/export.xlsx?<list filters and sort>: the rows of GET /deliveries (a buyer's of their own orders), every page, as a spreadsheet. */
  export: async ({ db, request, reply, owner, query }) =>
    sendListExport(db, request, reply, DELIVERIES_SHEET, owner, { filters: query, sort: query.sort, order: query.order }, requestLanguage(request)) as never,
  byGcsNumber: async ({ db, owner, query }) => {
    const { gcsNumber, deliveryStatus, deliveryId, supplierId, dueDateFilter } = query;
    const parsed = filters.parse({ gcsNumber, deliveryStatus, deliveryID: deliveryId, supplierId, dueDateFilter });
    const { rows, total } = await listRows(db, deliveries, owner, { filters: parsed, offset: 0, limit: 500 });
    return { result: { items: rows.map(asRecord), total } };
  },
  byId: async ({ db, request, owner, query }) => {
    const who = authOf(request);
    return { result: await deliveryDetail(db, who, await readableDelivery(db, owner.tenantId, who, query.id)) as Detail };
  },
  confirm: async ({ db, request, owner, body }) =>
    ({ result: await confirmDelivery(db, owner.tenantId, authOf(request), body) as Detail }),
  undoConfirm: async ({ db, request, owner, params }) =>
    ({ result: await undoConfirmation(db, owner.tenantId, authOf(request), params.id) as Detail }),
  returnItems: async ({ db, request, owner, body }) =>
    ({ result: await returnItemsOf(db, owner.tenantId, authOf(request), body) as Detail }),
  /** The deliveries the caller reads that wait for a confirmation (a buyer: of their own orders). */
  toApproveCount: async ({ db, owner, query }) => {
    let q = readable(db.selectFrom('deliveries'), deliveries, owner).where('status', '=', 'toApprove');
    if (query.dateFilter) q = q.where('expectedDate', '<=', sql<string>`${query.dateFilter}::date`);
    const row = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    return { result: { count: Number(row.n) } };
  },
  update: async ({ db, request, owner, params, body }) =>
    ({ result: await updateDelivery(db, owner.tenantId, authOf(request), params.id, body) as Detail }),
  /** GET /v2/orders/{id}/deliveries: the order as the caller reads it (OrderNotFound otherwise), then its deliveries, oldest first. */
  ofOrder: async ({ db, request, owner, params }) => {
    // A buyer reads their own orders' deliveries (both resources' ownRows are the orderer).
    const acting = await actingOf(db, request, owner);
    if (!(await orderQuery(db, acting, params.id, owner.onlyOwn).select('id').executeTakeFirst())) {
      throw new ApiError('OrderNotFound');
    }
    const rows = await readable(db.selectFrom('deliveries').selectAll(), deliveries, owner).where('orderId', '=', params.id).orderBy('createdAt').orderBy('id').execute();
    return { result: rows.map((r) => asRecord(r as Record<string, unknown>)) };
  },
  createForSupplierOrder: async ({ db, request, owner, params, body }) =>
    ({ result: await createDelivery(db, owner.tenantId, authOf(request), params.id, body) as Detail }),
  adminCreate: async ({ db, request, owner, body }) => {
    const { supplierOrderId, ...input } = body.dto;
    return { result: await createDelivery(db, owner.tenantId, authOf(request), supplierOrderId, input) as Detail };
  },
});
