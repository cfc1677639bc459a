import type { FastifyRequest } from 'fastify';
import { afterArticlesChanged } from '../catalogue/changes';
import { requestLanguage } from '../i18n';
import { authOf } from '../request-context';
import { actingOf } from '../ordering/acting';
import { decide, orderAnswer } from '../ordering/decisions';
import { duplicateOrder, duplicatePreview } from '../ordering/order-duplicate';
import { assignees as companyAssignees, changeLineAmount, deleteLine, updateOrder } from '../ordering/order-edits';
import { DEFAULT_TAKE, orderIdOfGcsNumber, orderLinesPage, waitingPayment as waitingPaymentPage } from '../ordering/order-legacy';
import { orderTasks } from '../ordering/order-tasks';
import { lockTransactions as lockOrderTransactions } from '../ordering/order-lock';
import { extractLines as extractOrderLines } from '../ordering/order-split';
import { orderDto } from '../ordering/order-query';
import type { HandlersOf } from './define';
import type { orderContracts } from '../../shared/contracts/orders';

/**
 * The handlers of changing, splitting, duplicating and locking orders and of flows §7's older order
 * calls (src/shared/contracts/orders.ts, from `update` on): thin, each over one function of
 * src/server/ordering (order-edits.ts, order-split.ts, order-duplicate.ts, order-lock.ts,
 * order-legacy.ts) and answering the order with the caller's `decisions`, as the other order calls
 * do. actions/orders.ts binds them.
 */

const language = (request: FastifyRequest) => requestLanguage(request);

export const orderEditHandlers: HandlersOf<typeof orderContracts, 
  'update' | 'updateLine' | 'deleteLine' | 'extractLines' | 'duplicatePreview' | 'duplicate' | 'lockTransactions' | 'assignees'
  | 'byId' | 'lines' | 'validateDto' | 'waitingPayment' | 'byGcsNumber' | 'tasks'
> = {
  /** PATCH /v2/orders/{id} {about, departmentId, projectId, labels, assignedToId} (ordering/order-edits.ts updateOrder). */
  update: async ({ db, request, owner, params, body }) => {
    const acting = await actingOf(db, request, owner);
    const who = authOf(request);
    return orderAnswer(db, acting, who, await updateOrder(db, acting, who, params.id, body, language(request), owner.onlyOwn));
  },

  /** PUT /v2/order-lines/{id}?customerId {amount, …}: the line's amount; the search index learns the stock it moved once committed. */
  updateLine: async ({ db, request, owner, params, body }) => {
    const acting = await actingOf(db, request, owner);
    const who = authOf(request);
    const done = await changeLineAmount(db, acting, who, params.id, body.amount, language(request), owner.onlyOwn);
    if (done.articleIds.length) await afterArticlesChanged(db, acting.tenantId, done.articleIds, request.log);
    return orderAnswer(db, acting, who, done.order);
  },

  /** DELETE /v2/order-lines/{id}?customerId: the line removed, its stock given back. */
  deleteLine: async ({ db, request, owner, params }) => {
    const acting = await actingOf(db, request, owner);
    const who = authOf(request);
    const done = await deleteLine(db, acting, who, params.id, owner.onlyOwn);
    if (done.articleIds.length) await afterArticlesChanged(db, acting.tenantId, done.articleIds, request.log);
    return orderAnswer(db, acting, who, done.order);
  },

  /** POST /v2/orders/{id}/extract-order-lines {orderLines}: answers the new order. */
  extractLines: async ({ db, request, owner, params, body }) => {
    const acting = await actingOf(db, request, owner);
    const who = authOf(request);
    return orderAnswer(db, acting, who, await extractOrderLines(db, acting, who, params.id, body.orderLines, owner.onlyOwn));
  },

  /** GET /v2/orders/{orderId}/duplicate: what ordering it again would be today (the /duplicate-order page). */
  duplicatePreview: async ({ db, request, owner, params }) => {
    const acting = await actingOf(db, request, owner);
    return { result: await duplicatePreview(db, acting, authOf(request), params.orderId, owner.onlyOwn) };
  },

  /** POST /v2/orders/{orderId}/duplicate {lines?}: the new order; the search index learns the stock it took. */
  duplicate: async ({ db, request, owner, params, body }) => {
    const acting = await actingOf(db, request, owner);
    const who = authOf(request);
    const done = await duplicateOrder(db, acting, who, params.orderId, body?.lines, owner.onlyOwn);
    await afterArticlesChanged(db, acting.tenantId, done.articleIds, request.log);
    return orderAnswer(db, acting, who, done.order);
  },

  /** PATCH /v2/orders/{id}/lock-transactions {locked?}: locks (the default) or unlocks. */
  lockTransactions: async ({ db, request, owner, params, body }) => {
    const acting = await actingOf(db, request, owner);
    const who = authOf(request);
    return orderAnswer(db, acting, who, await lockOrderTransactions(db, acting, who, params.id, body?.locked ?? true, owner.onlyOwn));
  },

  /** GET /v2/orders/assignees: the follow-up picker's users. */
  assignees: async ({ db, request, owner }) => {
    const acting = await actingOf(db, request, owner);
    return { result: await companyAssignees(db, acting, authOf(request)) };
  },

  /** POST /orders/id {id}: the order, as GET /v2/orders/{id}. */
  byId: async ({ db, request, owner, body }) => {
    const acting = await actingOf(db, request, owner);
    return orderAnswer(db, acting, authOf(request), await orderDto(db, acting, body.id, owner.onlyOwn));
  },

  /** POST /orders/orderLines {query:{orderId, skip, take}}: the order's lines. */
  lines: async ({ db, request, owner, body: { query: q } }) => {
    const acting = await actingOf(db, request, owner);
    return { result: await orderLinesPage(db, acting, q.orderId, { skip: q.skip ?? 0, take: q.take ?? DEFAULT_TAKE }, owner.onlyOwn) };
  },

  /** POST /orders/validate {dto:{orderId, approve, reason}}: as PATCH /v2/orders/{orderId}/validate. */
  validateDto: async ({ db, request, owner, body: { dto } }) => {
    const acting = await actingOf(db, request, owner);
    const who = authOf(request);
    return orderAnswer(db, acting, who, await decide(db, acting, who, dto.orderId, { approve: dto.approve, reason: dto.reason }, owner.onlyOwn));
  },

  /** POST /orders/byGcsNumber {query:{gcsNumber}}: the order of the acting customer's supplier order with that number. */
  byGcsNumber: async ({ db, request, owner, body }) => {
    const acting = await actingOf(db, request, owner);
    const orderId = await orderIdOfGcsNumber(db, acting, body.query.gcsNumber);
    return orderAnswer(db, acting, authOf(request), await orderDto(db, acting, orderId, owner.onlyOwn));
  },

  /** GET /v2/orders/{id}/tasks: the steps the order waits for and who may take them (platform admins; ordering/order-tasks.ts). */
  tasks: async ({ db, owner, params }) => ({ result: await orderTasks(db, owner.tenantId, params.id) }),

  /** POST /orders/waiting-payment {query:{skip, take}}: the orders with an invoice to pay (ordering/order-legacy.ts). */
  waitingPayment: async ({ db, request, owner, body }) => {
    const acting = await actingOf(db, request, owner);
    const q = body?.query;
    return { result: await waitingPaymentPage(db, acting, { skip: q?.skip ?? 0, take: q?.take ?? DEFAULT_TAKE }, owner.onlyOwn) };
  },
};
