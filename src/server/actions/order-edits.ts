import { z } from 'zod';
import { resourceByName } from '../../../model';
import { schemasFor } from '../../shared/schema-builder';
import { safeString } from '../../shared/safe-text';
import { afterArticlesChanged } from '../catalogue/changes';
import { languageOf } from '../errors';
import { authOf } from '../request-context';
import { actingOf, type Acting } from '../ordering/acting';
import { orderSchema, resultOf } from '../../shared/contracts/shapes';
import { decide, decisionsFor } from '../ordering/decisions';
import { duplicateOrder, duplicatePreview } from '../ordering/order-duplicate';
import { assignees as companyAssignees, changeLineAmount, deleteLine, updateOrder } from '../ordering/order-edits';
import { DEFAULT_TAKE, orderIdOfGcsNumber, orderLinesPage, waitingPayment as waitingPaymentPage } from '../ordering/order-legacy';
import { orderTasks } from '../ordering/order-tasks';
import { lockTransactions as lockOrderTransactions } from '../ordering/order-lock';
import { extractLines as extractOrderLines } from '../ordering/order-split';
import { orderDto } from '../ordering/order-query';
import type { ActionContext, ActionSchemas } from './index';

/**
 * The handlers of changing, splitting, duplicating and locking orders and of flows §7's older order
 * calls (model/resources/ordering.ts, the `orders` actions from `update` on): thin, each over one
 * function of src/server/ordering (order-edits.ts, order-split.ts, order-duplicate.ts,
 * order-lock.ts, order-legacy.ts) and answering the order with the caller's `decisions`, as the
 * other order calls do. actions/orders.ts registers them.
 */

const orders = resourceByName('orders');
const uuid = z.string().regex(/^[0-9a-fA-F-]{36}$/, 'invalid');
const text = (max: number) => safeString(undefined, false).trim().max(max);

/** PATCH /v2/orders/{id}: the keys to change; null clears one. */
const updateBody = z.object({
  about: text(orders.fields.about!.max ?? 200).nullish(),
  departmentId: uuid.nullish(),
  projectId: uuid.nullish(),
  labels: z.array(text(50)).max(20).nullish(),
  assignedToId: uuid.nullish(),
});
/** PUT /v2/order-lines/{id}: the order line as the client has it; only its amount is taken (InvalidQuantity unless a whole number above 0). */
const lineBody = z.object({ amount: z.number() });
const extractBody = z.object({ orderLines: z.array(uuid).max(1000) });
const duplicateBody = z.object({ lines: z.array(z.object({ orderLineId: uuid, amount: z.number() })).max(1000).optional() }).nullish();
const lockBody = z.object({ locked: z.boolean().optional() }).nullish();
const page = { skip: z.number().int().min(0).max(1_000_000).optional(), take: z.number().int().min(1).max(1000).optional() };
const byIdBody = z.object({ id: z.string().max(100) });
const linesBody = z.object({ query: z.object({ orderId: z.string().max(100), ...page }) });
const validateDtoBody = z.object({ dto: z.object({ orderId: uuid, approve: z.boolean(), reason: z.string().max(2000).nullish() }) });
const waitingBody = z.object({ query: z.object(page).nullish() }).nullish();
const byGcsNumberBody = z.object({ query: z.object({ gcsNumber: text(100).min(1, { error: 'required' }) }) });

const money = z.string();
const maybe = <T extends z.ZodType>(s: T) => s.nullable();
const problemSchema = z.object({ errorCode: z.string(), params: z.record(z.string(), z.union([z.number(), z.string()])).optional() });

/** GET /v2/orders/{orderId}/duplicate: the order's lines next to today's articles, the delivery details and totals of ordering it again. */
const previewSchema = z.object({
  orderId: z.string(), orderNumber: maybe(z.string()),
  delivery: z.object({
    addressId: maybe(z.string()), addressName: maybe(z.string()),
    address: maybe(z.object({
      street: maybe(z.string()).optional(), houseNumber: maybe(z.string()).optional(), bus: maybe(z.string()).optional(),
      zipCode: maybe(z.string()).optional(), city: maybe(z.string()).optional(), countryCode: maybe(z.string()).optional(),
    })),
    sameAddress: z.boolean(), departmentId: maybe(z.string()), departmentName: maybe(z.string()), projectId: maybe(z.string()), about: maybe(z.string()),
  }),
  lines: z.array(z.object({
    orderLineId: z.string(), lineNumber: maybe(z.number()), lineType: z.string(),
    title: maybe(z.object({ nl: maybe(z.string()).optional(), en: maybe(z.string()).optional(), fr: maybe(z.string()).optional() })),
    articleNumberSupplier: maybe(z.string()), amount: z.number(), orderedUnitPrice: maybe(money), orderedPriceQuantity: maybe(z.number()),
    orderedLineTotalExcl: maybe(money),
    article: maybe(z.object({
      id: z.string(), price: money, priceQuantity: z.number(), minOrderQuant: z.number(), stock: maybe(z.number()), available: z.boolean(), giftCard: z.boolean(),
    })),
    todayLineTotalExcl: maybe(money),
    problems: z.array(problemSchema),
  })),
  totals: z.object({ totalProductCostExcl: money, totalProductCostIncl: money, totalShippingCost: money, totalShippingCostVat: money, totalCost: money }),
  problems: z.array(problemSchema.extend({ path: z.string() })),
  orderable: z.boolean(),
});

const orderAnswer = resultOf(orderSchema);
const pageOf = <T extends z.ZodType>(item: T) => resultOf(z.object({ items: z.array(item), total: z.number(), skip: z.number(), take: z.number() }));
const linesAnswer = pageOf(schemasFor(resourceByName('order-lines')).record);
const ordersAnswer = pageOf(schemasFor(orders).record);
const previewAnswer = resultOf(previewSchema);
const taskUser = z.object({ id: z.string(), name: maybe(z.string()), email: maybe(z.string()) });
const tasksAnswer = resultOf(z.object({
  orderId: z.string(), status: z.string(),
  tasks: z.array(z.object({ action: z.string(), to: z.string(), needsReason: z.boolean(), roles: z.array(z.string()), users: z.array(taskUser) })),
}));
const assigneesAnswer = resultOf(z.array(z.object({ id: z.string(), name: z.string(), email: maybe(z.string()) })));
type Answer<S extends z.ZodType> = Promise<z.input<S>>;

export const orderEditSchemas: Record<string, ActionSchemas> = {
  update: { body: updateBody, response: orderAnswer },
  updateLine: { body: lineBody, response: orderAnswer },
  deleteLine: { response: orderAnswer },
  extractLines: { body: extractBody, response: orderAnswer },
  duplicatePreview: { response: previewAnswer },
  duplicate: { body: duplicateBody, response: orderAnswer },
  lockTransactions: { body: lockBody, response: orderAnswer },
  assignees: { response: assigneesAnswer },
  byId: { body: byIdBody, response: orderAnswer },
  lines: { body: linesBody, response: linesAnswer },
  validateDto: { body: validateDtoBody, response: orderAnswer },
  waitingPayment: { body: waitingBody, response: ordersAnswer },
  byGcsNumber: { body: byGcsNumberBody, response: orderAnswer },
  tasks: { response: tasksAnswer },
};

/** The order answered with what the caller may do on it now. */
async function answer(ctx: Pick<ActionContext, 'db' | 'request'>, acting: Acting, order: Awaited<ReturnType<typeof orderDto>>): Answer<typeof orderAnswer> {
  return { result: { ...order, decisions: await decisionsFor(ctx.db, acting, authOf(ctx.request), order) } };
}
const param = (ctx: Pick<ActionContext, 'request'>, name: 'id' | 'orderId') => (ctx.request.params as Record<string, string | undefined>)[name];
const language = (ctx: Pick<ActionContext, 'request'>) => languageOf(ctx.request.headers['accept-language']);

/** PATCH /v2/orders/{id} {about, departmentId, projectId, labels, assignedToId} (ordering/order-edits.ts updateOrder). */
const update = async (ctx: ActionContext<z.output<typeof updateBody>>): Answer<typeof orderAnswer> => {
  const acting = await actingOf(ctx.db, ctx.request, ctx.owner);
  return answer(ctx, acting, await updateOrder(ctx.db, acting, authOf(ctx.request), param(ctx, 'id'), ctx.body, language(ctx), ctx.owner.onlyOwn));
};

/** PUT /v2/order-lines/{id}?customerId {amount, …}: the line's amount; the search index learns the stock it moved once committed. */
const updateLine = async (ctx: ActionContext<z.output<typeof lineBody>>): Answer<typeof orderAnswer> => {
  const acting = await actingOf(ctx.db, ctx.request, ctx.owner);
  const done = await changeLineAmount(ctx.db, acting, authOf(ctx.request), param(ctx, 'id'), ctx.body.amount, language(ctx), ctx.owner.onlyOwn);
  if (done.articleIds.length) await afterArticlesChanged(ctx.db, acting.tenantId, done.articleIds, ctx.request.log);
  return answer(ctx, acting, done.order);
};

/** DELETE /v2/order-lines/{id}?customerId: the line removed, its stock given back. */
const deleteLineHandler = async (ctx: ActionContext): Answer<typeof orderAnswer> => {
  const acting = await actingOf(ctx.db, ctx.request, ctx.owner);
  const done = await deleteLine(ctx.db, acting, authOf(ctx.request), param(ctx, 'id'), ctx.owner.onlyOwn);
  if (done.articleIds.length) await afterArticlesChanged(ctx.db, acting.tenantId, done.articleIds, ctx.request.log);
  return answer(ctx, acting, done.order);
};

/** POST /v2/orders/{id}/extract-order-lines {orderLines}: answers the new order. */
const extractLines = async (ctx: ActionContext<z.output<typeof extractBody>>): Answer<typeof orderAnswer> => {
  const acting = await actingOf(ctx.db, ctx.request, ctx.owner);
  return answer(ctx, acting, await extractOrderLines(ctx.db, acting, authOf(ctx.request), param(ctx, 'id'), ctx.body.orderLines, ctx.owner.onlyOwn));
};

/** GET /v2/orders/{orderId}/duplicate: what ordering it again would be today (the /duplicate-order page). */
const preview = async (ctx: ActionContext): Answer<typeof previewAnswer> => {
  const acting = await actingOf(ctx.db, ctx.request, ctx.owner);
  return { result: await duplicatePreview(ctx.db, acting, authOf(ctx.request), param(ctx, 'orderId'), ctx.owner.onlyOwn) };
};

/** POST /v2/orders/{orderId}/duplicate {lines?}: the new order; the search index learns the stock it took. */
const duplicate = async (ctx: ActionContext<z.output<typeof duplicateBody>>): Answer<typeof orderAnswer> => {
  const acting = await actingOf(ctx.db, ctx.request, ctx.owner);
  const done = await duplicateOrder(ctx.db, acting, authOf(ctx.request), param(ctx, 'orderId'), ctx.body?.lines, ctx.owner.onlyOwn);
  await afterArticlesChanged(ctx.db, acting.tenantId, done.articleIds, ctx.request.log);
  return answer(ctx, acting, done.order);
};

/** PATCH /v2/orders/{id}/lock-transactions {locked?}: locks (the default) or unlocks. */
const lockTransactions = async (ctx: ActionContext<z.output<typeof lockBody>>): Answer<typeof orderAnswer> => {
  const acting = await actingOf(ctx.db, ctx.request, ctx.owner);
  return answer(ctx, acting, await lockOrderTransactions(ctx.db, acting, authOf(ctx.request), param(ctx, 'id'), ctx.body?.locked ?? true, ctx.owner.onlyOwn));
};

/** GET /v2/orders/assignees: the follow-up picker's users. */
const assignees = async (ctx: ActionContext): Answer<typeof assigneesAnswer> => {
  const acting = await actingOf(ctx.db, ctx.request, ctx.owner);
  return { result: await companyAssignees(ctx.db, acting, authOf(ctx.request)) };
};

/** POST /orders/id {id}: the order, as GET /v2/orders/{id}. */
const byId = async (ctx: ActionContext<z.output<typeof byIdBody>>): Answer<typeof orderAnswer> => {
  const acting = await actingOf(ctx.db, ctx.request, ctx.owner);
  return answer(ctx, acting, await orderDto(ctx.db, acting, ctx.body.id, ctx.owner.onlyOwn));
};

/** POST /orders/orderLines {query:{orderId, skip, take}}: the order's lines. */
const lines = async (ctx: ActionContext<z.output<typeof linesBody>>): Answer<typeof linesAnswer> => {
  const acting = await actingOf(ctx.db, ctx.request, ctx.owner);
  const q = ctx.body.query;
  return { result: await orderLinesPage(ctx.db, acting, q.orderId, { skip: q.skip ?? 0, take: q.take ?? DEFAULT_TAKE }, ctx.owner.onlyOwn) };
};

/** POST /orders/validate {dto:{orderId, approve, reason}}: as PATCH /v2/orders/{orderId}/validate. */
const validateDto = async (ctx: ActionContext<z.output<typeof validateDtoBody>>): Answer<typeof orderAnswer> => {
  const acting = await actingOf(ctx.db, ctx.request, ctx.owner);
  const { orderId, approve, reason } = ctx.body.dto;
  return answer(ctx, acting, await decide(ctx.db, acting, authOf(ctx.request), orderId, { approve, reason }, ctx.owner.onlyOwn));
};

/** POST /orders/byGcsNumber {query:{gcsNumber}}: the order of the acting customer's supplier order with that number. */
const byGcsNumber = async (ctx: ActionContext<z.output<typeof byGcsNumberBody>>): Answer<typeof orderAnswer> => {
  const acting = await actingOf(ctx.db, ctx.request, ctx.owner);
  const orderId = await orderIdOfGcsNumber(ctx.db, acting, ctx.body.query.gcsNumber);
  return answer(ctx, acting, await orderDto(ctx.db, acting, orderId, ctx.owner.onlyOwn));
};

/** GET /v2/orders/{id}/tasks: the steps the order waits for and who may take them (platform admins; ordering/order-tasks.ts). */
const tasks = async (ctx: ActionContext): Answer<typeof tasksAnswer> => ({ result: await orderTasks(ctx.db, ctx.owner.tenantId, String(param(ctx, 'id') ?? '')) });

/** POST /orders/waiting-payment {query:{skip, take}}: the orders with an invoice to pay (ordering/order-legacy.ts). */
const waitingPayment = async (ctx: ActionContext<z.output<typeof waitingBody>>): Answer<typeof ordersAnswer> => {
  const acting = await actingOf(ctx.db, ctx.request, ctx.owner);
  const q = ctx.body?.query;
  return { result: await waitingPaymentPage(ctx.db, acting, { skip: q?.skip ?? 0, take: q?.take ?? DEFAULT_TAKE }, ctx.owner.onlyOwn) };
};

/** By the model's action names (orders resource). */
export const orderEditHandlers = {
  update, updateLine, deleteLine: deleteLineHandler, extractLines, duplicatePreview: preview, duplicate, lockTransactions, assignees, byId, lines, validateDto, waitingPayment, byGcsNumber, tasks,
};
