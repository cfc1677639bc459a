import { orders } from '../../../model/resources/ordering';
import { orderContracts } from '../../shared/contracts/orders';
import { actingOf, assertSelf, type Acting } from '../ordering/acting';
import { shippingInput } from '../ordering/body';
import { afterArticlesChanged } from '../catalogue/changes';
import { orderDto } from '../ordering/order-query';
import { orderFromBasket } from '../ordering/orders';
import { ApiError } from '../errors';
import { requestLanguage } from '../i18n';
import { authOf } from '../request-context';
import { toApproveCount as countToApprove, workflowFor } from '../ordering/tasks';
import { requireCustomer } from '../crud/scope';
import { decide, orderAnswer } from '../ordering/decisions';
import { approvalInbox, approveMany } from '../ordering/approval-inbox';
import { orderHistory } from '../ordering/history';
import { archiveOrder, changeExtraInfo } from '../ordering/order-changes';
import { assignBudget as assignBudgetTo, removeBudget as removeBudgetFrom, validateBudgets as confirmBudgets } from '../ordering/order-budgets';
import { countsBy } from '../crud/list';
import { sendListExport } from '../crud/list-export';
import { ORDERS_SHEET } from '../reporting/list-sheets';
import { replyPdf } from '../fulfilment/order-pdf';
import { orderPdf, orderPdfData, orderPdfName, type OrderForPdf } from '../ordering/order-pdf';
import { implement } from './define';
import { orderEditHandlers } from './order-edits';
import { orderFormHandlers } from './order-form';
import { orderStockHandlers } from './warehouse-stock';

/**
 * The order calls (src/shared/contracts/orders.ts): reading, placing from the basket, deciding,
 * archiving, extra info, budgets, history and the workflow; the work is in src/server/ordering.
 */
export const orderActions = implement(orderContracts, {
  /** GET /v2/orders/{id}: an order of the acting customer with its lines and budgets; 404 OrderNotFound otherwise. */
  get: async ({ db, request, owner, params }) => {
    const acting = await actingOf(db, request, owner);
    return orderAnswer(db, acting, authOf(request), await orderDto(db, acting, params.id, owner.onlyOwn));
  },

  /**
   * GET /v2/orders/{id}/pdf: the order as GET /v2/orders/{id} reads it (another's: OrderNotFound),
   * as a PDF in the caller's language (ordering/order-pdf.ts), a download or shown inline.
   */
  pdf: async ({ db, request, reply, owner, params, query }) => {
    const acting = await actingOf(db, request, owner);
    // orderDto's record is the model's wire record (toRecord), as GET /v2/orders/{id} answers it.
    const order = await orderDto(db, acting, params.id, owner.onlyOwn) as unknown as OrderForPdf;
    const pdf = await orderPdf(await orderPdfData(db, acting, order, requestLanguage(request)));
    return replyPdf(reply, pdf, orderPdfName(order.orderNumber ?? null, String(order.id)), query.inline === 'true');
  },

  /**
   * POST /v2/orders/transporter {customerId, userId, shippingDetails?, budgetId?}: the user's basket
   * becomes an order (flows §3) and the basket is emptied, in one transaction; a budget chosen in
   * the basket is assigned to every line and confirmed in it. The order took stock: the search
   * index learns the articles' new stock once it is committed (the marketplace cards show it), in a
   * keyed request once its answer is kept, before the answer leaves (catalogue/changes.ts).
   */
  fromTransporter: async ({ db, request, owner, body }) => {
    const acting = await actingOf(db, request, owner);
    assertSelf(acting, body);
    const budget = body.budgetId ? { budgetId: body.budgetId, who: authOf(request) } : undefined;
    const order = await orderFromBasket(db, acting, shippingInput(body.shippingDetails), budget);
    const articleIds = order.orderLines.map((l) => l.supplierArticleId).filter((id): id is string => typeof id === 'string');
    await afterArticlesChanged(db, acting.tenantId, articleIds, request.log);
    return orderAnswer(db, acting, authOf(request), order);
  },

  /** GET /v2/orders/export.xlsx?<list filters and sort>: the rows of GET /v2/orders (a buyer's own), every page, as a spreadsheet (crud/list-export.ts). */
  export: async ({ db, request, reply, owner, query }) =>
    sendListExport(db, request, reply, ORDERS_SHEET, owner, { filters: query, sort: query.sort, order: query.order }, requestLanguage(request)) as never,

  /** GET /v2/orders/status-counts?<list filters>: the list's counts per status (orderState itself is left out, so every status counts). */
  statusCounts: async ({ db, owner, query }) => {
    const { orderState: _ignored, ...filters } = query;
    const byStatus = await countsBy(db, orders, owner, filters, 'status');
    return { result: { byStatus, total: Object.values(byStatus).reduce((a, b) => a + b, 0) } };
  },

  /** GET /v2/orders/to-approve-count: the dashboard's count of orders waiting for the user's step. */
  toApproveCount: async ({ db, request, owner }) => ({ result: await countToApprove(db, owner.tenantId, requireCustomer(owner), authOf(request)) }),

  /** GET /v2/orders/to-approve: the approval inbox, the orders the to-approve count counts (ordering/approval-inbox.ts). */
  toApprove: async ({ db, request, owner }) => {
    const acting = await actingOf(db, request, owner);
    return { result: await approvalInbox(db, acting, authOf(request)) };
  },

  /** POST /v2/orders/validate-bulk {orderIds}: each order approved through the single decision, in its own transaction. */
  validateBulk: async ({ db, request, owner, body }) => {
    const acting = await actingOf(db, request, owner);
    return { result: await approveMany(db, acting, authOf(request), body.orderIds, owner.onlyOwn) };
  },

  /** PATCH /v2/orders/{orderId}/validate {approve, reason}: the caller's step of the workflow on the order (ordering/decisions.ts). */
  validate: async ({ db, request, owner, params, body }) => {
    const acting = await actingOf(db, request, owner);
    const who = authOf(request);
    return orderAnswer(db, acting, who, await decide(db, acting, who, params.orderId, body, owner.onlyOwn));
  },

  /** PATCH /v2/orders/{id}/archive {archived?}: archives the order or brings it back (ordering/order-changes.ts). */
  archive: async ({ db, request, owner, params, body }) => {
    const acting = await actingOf(db, request, owner);
    return orderAnswer(db, acting, authOf(request), await archiveOrder(db, acting, params.id, body?.archived, owner.onlyOwn));
  },

  /** PATCH /v2/orders/{id}/extra-info {extraInfo}: the order's extra info, until it is final. */
  extraInfo: async ({ db, request, owner, params, body }) => {
    const acting = await actingOf(db, request, owner);
    const who = authOf(request);
    return orderAnswer(db, acting, who, await changeExtraInfo(db, acting, who, params.id, body.extraInfo, owner.onlyOwn));
  },

  /** POST /v2/orders/{id}/assign-budget {budgetId, orderLineIds?}: a budget on the order's lines (ordering/order-budgets.ts). */
  assignBudget: async ({ db, request, owner, params, body }) => {
    const acting = await actingOf(db, request, owner);
    const who = authOf(request);
    return orderAnswer(db, acting, who, await assignBudgetTo(db, acting, who, params.id, body, owner.onlyOwn));
  },

  /** POST /v2/orders/{id}/remove-budget {budgetId}: the budget off the order's lines, released. */
  removeBudget: async ({ db, request, owner, params, body }) => {
    const acting = await actingOf(db, request, owner);
    const who = authOf(request);
    return orderAnswer(db, acting, who, await removeBudgetFrom(db, acting, who, params.id, body.budgetId, owner.onlyOwn));
  },

  /** POST /v2/orders/{orderId}/validate-budgets: every line has a budget; the order goes on to its validator. */
  validateBudgets: async ({ db, request, owner, params }) => {
    const acting = await actingOf(db, request, owner);
    const who = authOf(request);
    return orderAnswer(db, acting, who, await confirmBudgets(db, acting, who, params.orderId, owner.onlyOwn));
  },

  /** GET /v2/orders/{id}/history: what happened to the order, oldest first. */
  history: async ({ db, request, owner, params }) => {
    const acting = await actingOf(db, request, owner);
    return { result: await orderHistory(db, acting, params.id, owner.onlyOwn) };
  },

  /**
   * POST /admin/orders/validate {orderId, approve, reason}: a platform admin takes the order's due step
   * for its customer (any customer of the tenant); OrderNotFound for an order of another tenant.
   */
  adminValidate: async ({ db, request, body }) => {
    const order = await db.selectFrom('orders').innerJoin('customers as c', 'c.id', 'orders.customerId').select(['orders.customerId', 'c.features'])
      .where('orders.id', '=', body.orderId).where('orders.tenantId', '=', request.tenant.id).executeTakeFirst();
    if (!order) throw new ApiError('OrderNotFound');
    const features = (typeof order.features === 'string' ? JSON.parse(order.features) : order.features ?? []) as string[];
    const who = authOf(request);
    const acting: Acting = { tenantId: request.tenant.id, customerId: String(order.customerId), userId: who.user.id, features };
    const decided = await decide(db, acting, who, body.orderId, { approve: body.approve, reason: body.reason }, undefined, { onBehalf: true });
    return orderAnswer(db, acting, who, decided);
  },

  /** GET /workflows/orders/workflow: statuses (name, displayName in the caller's language) and transitions. */
  workflow: async ({ request }) => ({ result: workflowFor(requestLanguage(request)) }),

  /** GET /workflows/orders/state: the states with a display name, for list filters. */
  states: async ({ request }) => ({ result: workflowFor(requestLanguage(request)).statuses }),

  ...orderEditHandlers,
  ...orderFormHandlers,
  ...orderStockHandlers,
});
