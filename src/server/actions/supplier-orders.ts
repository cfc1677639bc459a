import { resourceByName } from '../../../model';
import { supplierOrderContracts } from '../../shared/contracts/supplier-orders';
import type { AnswerOf } from '../../shared/contracts/define';
import { listRows } from '../crud/list';
import { requireCustomer } from '../crud/scope';
import { toRecord } from '../db/records';
import { requestLanguage } from '../i18n';
import { todayInShopZone } from '../../shared/shop-clock';
import { authOf } from '../request-context';
import {
  addFollowUp, adminUpdate, followUpsOf, linesOf, monthCount, queryForSupplier,
  readableSupplierOrder, statusesIn, supplierOrderDetail, yearTotals,
} from '../fulfilment/supplier-orders';
import { commsOf, sandboxCreate, sandboxSend, sendPdf } from '../fulfilment/supplier-order-comms';
import { implement, type ActionHandler } from './define';

/** flows §7 Supplier orders: the calls beside the generated query and get (src/server/fulfilment does the work). */

const supplierOrders = resourceByName('supplier-orders');
type Contracts = typeof supplierOrderContracts;
type Page = AnswerOf<Contracts['mine']>['result'];
type Detail = AnswerOf<Contracts['getByGcsNumber']>['result'];
const thisYear = () => Number(todayInShopZone().slice(0, 4));

/** The PDF of a supplier order the caller reads (readableSupplierOrder: another's is not found). */
const pdfOf: ActionHandler<Contracts['pdf']> = async ({ db, request, reply, owner, params, query }) => {
  const so = await readableSupplierOrder(db, owner.tenantId, authOf(request), { id: params.id });
  return sendPdf(db, reply, owner.tenantId, so.id, query.inline === 'true');
};

export const supplierOrderActions = implement(supplierOrderContracts, {
  mine: async ({ db, owner }) => {
    const { rows, total } = await listRows(db, supplierOrders, owner, { filters: {}, offset: 0, limit: 50 });
    return { result: { items: rows.map((r) => toRecord(supplierOrders, r) as Page['items'][number]), total } };
  },
  queryForSupplier: async ({ db, request, owner, body }) =>
    ({ result: await queryForSupplier(db, owner.tenantId, authOf(request), body.query) as Page }),
  getByGcsNumber: async ({ db, request, owner, body }) => {
    const who = authOf(request);
    const so = await readableSupplierOrder(db, owner.tenantId, who, { gcsNumber: body.query.gcsNumber });
    return { result: await supplierOrderDetail(db, who, so) as Detail };
  },
  queryStatus: async ({ request }) => ({ result: statusesIn(requestLanguage(request)) }),
  lines: async ({ db, request, owner, body }) => {
    const so = await readableSupplierOrder(db, owner.tenantId, authOf(request), { id: body.query.supplierOrderId });
    return { result: await linesOf(db, so, body.query) as AnswerOf<Contracts['lines']>['result'] };
  },
  addFollowUp: async ({ db, request, owner, body }) =>
    ({ result: await addFollowUp(db, owner.tenantId, authOf(request), body.dto) as AnswerOf<Contracts['addFollowUp']>['result'] }),
  followUps: async ({ db, request, owner, body }) => {
    const so = await readableSupplierOrder(db, owner.tenantId, authOf(request), { id: body.query.supplierOrderId });
    return { result: await followUpsOf(db, so) };
  },
  saveAmount: async ({ db, request, owner, body }) =>
    ({ result: (await yearTotals(db, owner.tenantId, requireCustomer(owner), authOf(request), body.query.year ?? thisYear())).saved }),
  yearSpent: async ({ db, request, owner, body }) =>
    ({ result: (await yearTotals(db, owner.tenantId, requireCustomer(owner), authOf(request), body.query.year ?? thisYear())).spent }),
  ordersCountForMonth: async ({ db, request, owner, body }) => {
    const today = todayInShopZone();
    const { year: y = Number(today.slice(0, 4)), month: m = Number(today.slice(5, 7)) } = body.query;
    return { result: await monthCount(db, owner.tenantId, requireCustomer(owner), authOf(request), y, m) };
  },
  adminUpdate: async ({ db, request, owner, body }) =>
    ({ result: await adminUpdate(db, owner.tenantId, authOf(request), body.dto) as Detail }),
  getComms: async ({ db, request, owner, body }) => {
    const so = await readableSupplierOrder(db, owner.tenantId, authOf(request), { id: body.query.supplierOrderId });
    return { result: await commsOf(db, owner.tenantId, { supplierOrderId: so.id }) };
  },
  getErrorComms: async ({ db, request, owner, body }) => {
    const id = body.query.supplierOrderId;
    if (id) await readableSupplierOrder(db, owner.tenantId, authOf(request), { id });
    return { result: await commsOf(db, owner.tenantId, { supplierOrderId: id, failedOnly: true }) };
  },
  adminPdf: pdfOf,
  pdf: pdfOf,
  sandboxCreate: async ({ db, owner, body }) => ({ result: await sandboxCreate(db, owner.tenantId, body.dto.orderId) }),
  sandboxSend: async ({ db, owner, body }) => ({ result: await sandboxSend(db, owner.tenantId, body.dto.supplierOrderIds) }),
});
