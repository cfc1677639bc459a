import { z } from 'zod';
import { actingOf, assertSelf, type Acting } from '../ordering/acting';
import { idsSchema, shippingInput, shippingSchema } from '../ordering/body';
import { afterArticlesChanged } from '../catalogue/changes';
import { orderDto } from '../ordering/order-query';
import { orderFromBasket } from '../ordering/orders';
import { ApiError, languageOf } from '../errors';
import { authOf } from '../request-context';
import { toApproveCount as countToApprove, workflowFor } from '../ordering/tasks';
import { requireCustomer } from '../crud/scope';
import { historyEntrySchema, orderSchema, resultOf, statesSchema, toApproveCountSchema, workflowSchema } from '../../shared/contracts/shapes';
import { decide, decisionsFor } from '../ordering/decisions';
import { orderHistory } from '../ordering/history';
import { archiveOrder, changeExtraInfo } from '../ordering/order-changes';
import { assignBudget as assignBudgetTo, removeBudget as removeBudgetFrom, validateBudgets as confirmBudgets } from '../ordering/order-budgets';
import { actionsOf, type ActionContext, type ActionSchemas } from './index';
import { orderEditHandlers, orderEditSchemas } from './order-edits';
import { orderFormActions, orderFormSchemas } from './order-form';
import { orderStockActions, orderStockSchemas } from './warehouse-stock';
import { resourceByName } from '../../../model';
import { schemasFor } from '../../shared/schema-builder';
import { countsBy } from '../crud/list';

const fromTransporterBody = idsSchema.extend({ shippingDetails: shippingSchema }).prefault({} as never);

/** The decision on an order: approve, or reject with a reason (flows §4). */
const validateBody = z.object({ approve: z.boolean(), reason: z.string().max(2000).nullish() });

/** Archive or bring back; without a body the flag turns around. */
const archiveBody = z.object({ archived: z.boolean().optional() }).nullish();
const extraInfoBody = z.object({ extraInfo: z.string().max(2000).nullable() });
const uuid = z.string().regex(/^[0-9a-fA-F-]{36}$/, 'invalid');
const assignBudgetBody = z.object({ budgetId: uuid, orderLineIds: z.array(uuid).max(1000).nullish() });
const removeBudgetBody = z.object({ budgetId: uuid });

const orderAnswer = resultOf(orderSchema);
const historyAnswer = resultOf(z.array(historyEntrySchema));
const countAnswer = resultOf(toApproveCountSchema);
const workflowAnswer = resultOf(workflowSchema);
const statesAnswer = resultOf(statesSchema);
type Answer<S extends z.ZodType> = Promise<z.input<S>>;

/** Every order answer carries the decisions the caller may take on it now (the order page's buttons). */
const withDecisions = async (db: ActionContext['db'], acting: Acting, who: ReturnType<typeof authOf>, order: Awaited<ReturnType<typeof orderDto>>) =>
  ({ result: { ...order, decisions: await decisionsFor(db, acting, who, order) } });

const adminValidateBody = z.object({ orderId: z.string().regex(/^[0-9a-fA-F-]{36}$/, 'invalid'), approve: z.boolean(), reason: z.string().max(2000).nullish() });
const orderFilters = schemasFor(resourceByName('orders')).filters;
const countsAnswer = resultOf(z.object({ byStatus: z.record(z.string(), z.number()), total: z.number() }));

export const orderSchemas: Record<string, ActionSchemas> = {
  statusCounts: { querystring: orderFilters, response: countsAnswer },
  adminValidate: { body: adminValidateBody, response: orderAnswer },
  get: { response: orderAnswer },
  fromTransporter: { body: fromTransporterBody, response: orderAnswer },
  toApproveCount: { response: countAnswer },
  validate: { body: validateBody, response: orderAnswer },
  history: { response: historyAnswer },
  archive: { body: archiveBody, response: orderAnswer },
  extraInfo: { body: extraInfoBody, response: orderAnswer },
  assignBudget: { body: assignBudgetBody, response: orderAnswer },
  removeBudget: { body: removeBudgetBody, response: orderAnswer },
  validateBudgets: { body: z.object({}).nullish(), response: orderAnswer },
  workflow: { response: workflowAnswer },
  states: { response: statesAnswer },
  ...orderEditSchemas,
  ...orderFormSchemas,
  ...orderStockSchemas,
};

/** GET /v2/orders/{id}: an order of the acting customer with its lines and budgets; 404 OrderNotFound otherwise. */
const get = async ({ db, request, owner }: ActionContext): Answer<typeof orderAnswer> => {
  const acting = await actingOf(db, request, owner);
  const order = await orderDto(db, acting, (request.params as { id?: string }).id, owner.onlyOwn);
  return withDecisions(db, acting, authOf(request), order);
};

/**
 * POST /v2/orders/transporter {customerId, userId, shippingDetails?}: the user's basket becomes an
 * order (flows §3) and the basket is emptied, in one transaction. The order took stock: the search
 * index learns the articles' new stock once it is committed (the marketplace cards show it).
 */
const fromTransporter = async ({ db, request, owner, body }: ActionContext<z.output<typeof fromTransporterBody>>): Answer<typeof orderAnswer> => {
  const acting = await actingOf(db, request, owner);
  assertSelf(acting, body);
  const order = await orderFromBasket(db, acting, shippingInput(body.shippingDetails));
  const articleIds = order.orderLines.map((l) => l.supplierArticleId).filter((id): id is string => typeof id === 'string');
  await afterArticlesChanged(db, acting.tenantId, articleIds, request.log);
  return withDecisions(db, acting, authOf(request), order);
};

/** PATCH /v2/orders/{orderId}/validate {approve, reason}: the caller's step of the workflow on the order (ordering/decisions.ts). */
const validate = async ({ db, request, owner, body }: ActionContext<z.output<typeof validateBody>>): Answer<typeof orderAnswer> => {
  const acting = await actingOf(db, request, owner);
  const who = authOf(request);
  const order = await decide(db, acting, who, (request.params as { orderId?: string }).orderId, body, owner.onlyOwn);
  return withDecisions(db, acting, who, order);
};

/** PATCH /v2/orders/{id}/archive {archived?}: archives the order or brings it back (ordering/order-changes.ts). */
const archive = async ({ db, request, owner, body }: ActionContext<z.output<typeof archiveBody>>): Answer<typeof orderAnswer> => {
  const acting = await actingOf(db, request, owner);
  const order = await archiveOrder(db, acting, (request.params as { id?: string }).id, body?.archived, owner.onlyOwn);
  return withDecisions(db, acting, authOf(request), order);
};

/** PATCH /v2/orders/{id}/extra-info {extraInfo}: the order's extra info, until it is final. */
const extraInfo = async ({ db, request, owner, body }: ActionContext<z.output<typeof extraInfoBody>>): Answer<typeof orderAnswer> => {
  const acting = await actingOf(db, request, owner);
  const who = authOf(request);
  const order = await changeExtraInfo(db, acting, who, (request.params as { id?: string }).id, body.extraInfo, owner.onlyOwn);
  return withDecisions(db, acting, who, order);
};

/** POST /v2/orders/{id}/assign-budget {budgetId, orderLineIds?}: a budget on the order's lines (ordering/order-budgets.ts). */
const assignBudget = async ({ db, request, owner, body }: ActionContext<z.output<typeof assignBudgetBody>>): Answer<typeof orderAnswer> => {
  const acting = await actingOf(db, request, owner);
  const who = authOf(request);
  return withDecisions(db, acting, who, await assignBudgetTo(db, acting, who, (request.params as { id?: string }).id, body, owner.onlyOwn));
};

/** POST /v2/orders/{id}/remove-budget {budgetId}: the budget off the order's lines, released. */
const removeBudget = async ({ db, request, owner, body }: ActionContext<z.output<typeof removeBudgetBody>>): Answer<typeof orderAnswer> => {
  const acting = await actingOf(db, request, owner);
  const who = authOf(request);
  return withDecisions(db, acting, who, await removeBudgetFrom(db, acting, who, (request.params as { id?: string }).id, body.budgetId, owner.onlyOwn));
};

/** POST /v2/orders/{orderId}/validate-budgets: every line has a budget; the order goes on to its validator. */
const validateBudgets = async ({ db, request, owner }: ActionContext): Answer<typeof orderAnswer> => {
  const acting = await actingOf(db, request, owner);
  const who = authOf(request);
  return withDecisions(db, acting, who, await confirmBudgets(db, acting, who, (request.params as { orderId?: string }).orderId, owner.onlyOwn));
};

/** GET /v2/orders/{id}/history: what happened to the order, oldest first. */
const history = async ({ db, request, owner }: ActionContext): Answer<typeof historyAnswer> => {
  const acting = await actingOf(db, request, owner);
  return { result: await orderHistory(db, acting, (request.params as { id?: string }).id, owner.onlyOwn) };
};

/**
 * POST /admin/orders/validate {orderId, approve, reason}: a platform admin takes the order's due step
 * for its customer (any customer of the tenant); OrderNotFound for an order of another tenant.
 */
const adminValidate = async ({ db, request, body }: ActionContext<z.output<typeof adminValidateBody>>): Answer<typeof orderAnswer> => {
  const order = await db.selectFrom('orders').innerJoin('customers as c', 'c.id', 'orders.customerId').select(['orders.customerId', 'c.features'])
    .where('orders.id', '=', body.orderId).where('orders.tenantId', '=', request.tenant.id).executeTakeFirst();
  if (!order) throw new ApiError('OrderNotFound');
  const features = (typeof order.features === 'string' ? JSON.parse(order.features) : order.features ?? []) as string[];
  const who = authOf(request);
  const acting: Acting = { tenantId: request.tenant.id, customerId: String(order.customerId), userId: who.user.id, features };
  const decided = await decide(db, acting, who, body.orderId, { approve: body.approve, reason: body.reason }, undefined, { onBehalf: true });
  return withDecisions(db, acting, who, decided);
};

/** GET /v2/orders/status-counts?<list filters>: the list's counts per status (orderState itself is left out, so every status counts). */
const statusCounts = async ({ db, owner, query }: ActionContext<unknown, z.output<typeof orderFilters>>): Answer<typeof countsAnswer> => {
  const { orderState: _ignored, ...filters } = query as Record<string, unknown>;
  const byStatus = await countsBy(db as never, resourceByName('orders'), owner, filters, 'status');
  return { result: { byStatus, total: Object.values(byStatus).reduce((a, b) => a + b, 0) } };
};

/** GET /v2/orders/to-approve-count: the dashboard's count of orders waiting for the user's step. */
const toApproveCount = async ({ db, request, owner }: ActionContext): Answer<typeof countAnswer> =>
  ({ result: await countToApprove(db, owner.tenantId, requireCustomer(owner), authOf(request)) });

/** GET /workflows/orders/workflow: statuses (name, displayName in the caller's language) and transitions. */
const workflow = async ({ request }: ActionContext): Answer<typeof workflowAnswer> => ({ result: workflowFor(languageOf(request.headers['accept-language'])) });

/** GET /workflows/orders/state: the states with a display name, for list filters. */
const states = async ({ request }: ActionContext): Answer<typeof statesAnswer> => ({ result: workflowFor(languageOf(request.headers['accept-language'])).statuses });

export const orderActions = actionsOf({
  get, fromTransporter, statusCounts, adminValidate, toApproveCount, validate, archive, extraInfo, assignBudget, removeBudget, validateBudgets, history, workflow, states,
  ...orderEditHandlers,
  ...orderFormActions,
  ...orderStockActions,
});
