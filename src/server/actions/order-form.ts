import { z } from 'zod';
import { actingOf } from '../ordering/acting';
import { orderSchema, resultOf } from '../../shared/contracts/shapes';
import { decisionsFor } from '../ordering/decisions';
import { orderFormBody, placeOrderForm } from '../ordering/order-form';
import { completeBody, completeOrderRequest, orderRequestBody, placeOrderRequest } from '../ordering/order-request';
import { authOf } from '../request-context';
import type { ActionContext, ActionSchemas } from './index';

/**
 * POST /v2/orders (flows §7): orders that are not from the basket — the order form with its quotes
 * (ordering/order-form.ts) and the order request (ordering/order-request.ts), told apart by `kind`
 * — and PATCH /v2/orders/{id}/complete for a request placed without its amount. Registered with the
 * other order actions (actions/orders.ts); each answers the order as GET /v2/orders/{id} does.
 */

const placeBody = z.discriminatedUnion('kind', [orderFormBody, orderRequestBody]);
const orderAnswer = resultOf(orderSchema);
type Answer = Promise<z.input<typeof orderAnswer>>;

export const orderFormSchemas: Record<string, ActionSchemas> = {
  place: { body: placeBody, response: orderAnswer },
  complete: { body: completeBody, response: orderAnswer },
};

/** The order with the decisions the caller may take on it now (the order page's buttons). */
async function answer(ctx: ActionContext, acting: Awaited<ReturnType<typeof actingOf>>, order: Awaited<ReturnType<typeof placeOrderForm>>): Answer {
  return { result: { ...order, decisions: await decisionsFor(ctx.db, acting, authOf(ctx.request), order) } };
}

/** POST /v2/orders {kind: 'orderForm' | 'orderRequest', …}: the new order. */
const place = async (ctx: ActionContext<z.output<typeof placeBody>>): Answer => {
  const acting = await actingOf(ctx.db, ctx.request, ctx.owner);
  const who = authOf(ctx.request);
  const store = ctx.request.server.blobs;
  const order = ctx.body.kind === 'orderForm'
    ? await placeOrderForm(ctx.db, store, acting, who, ctx.body)
    : await placeOrderRequest(ctx.db, store, acting, who, ctx.body);
  return answer(ctx as ActionContext, acting, order);
};

/** PATCH /v2/orders/{id}/complete {estimatedAmount, vatRate?}: the incomplete request enters the workflow. */
const complete = async (ctx: ActionContext<z.output<typeof completeBody>>): Answer => {
  const acting = await actingOf(ctx.db, ctx.request, ctx.owner);
  const order = await completeOrderRequest(ctx.db, acting, authOf(ctx.request), ctx.params.id, ctx.body, ctx.owner.onlyOwn);
  return answer(ctx as ActionContext, acting, order);
};

export const orderFormActions = { place, complete };
