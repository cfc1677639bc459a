import { actingOf } from '../ordering/acting';
import { orderAnswer } from '../ordering/decisions';
import { placeOrderForm } from '../ordering/order-form';
import { completeOrderRequest, placeOrderRequest } from '../ordering/order-request';
import { authOf } from '../request-context';
import type { HandlersOf } from './define';
import type { orderContracts } from '../../shared/contracts/orders';

/**
 * POST /v2/orders (flows §7): orders that are not from the basket — the order form with its quotes
 * (ordering/order-form.ts) and the order request (ordering/order-request.ts), told apart by `kind`
 * — and PATCH /v2/orders/{id}/complete for a request placed without its amount. Bound with the
 * other order calls (actions/orders.ts); each answers the order as GET /v2/orders/{id} does.
 */
export const orderFormHandlers: HandlersOf<typeof orderContracts, 'place' | 'complete'> = {
  /** POST /v2/orders {kind: 'orderForm' | 'orderRequest', …}: the new order. */
  place: async ({ db, request, owner, body }) => {
    const acting = await actingOf(db, request, owner);
    const who = authOf(request);
    const store = request.server.blobs;
    const order = body.kind === 'orderForm'
      ? await placeOrderForm(db, store, acting, who, body)
      : await placeOrderRequest(db, store, acting, who, body);
    return orderAnswer(db, acting, who, order);
  },

  /** PATCH /v2/orders/{id}/complete {estimatedAmount, vatRate?}: the incomplete request enters the workflow. */
  complete: async ({ db, request, owner, params, body }) => {
    const acting = await actingOf(db, request, owner);
    const who = authOf(request);
    return orderAnswer(db, acting, who, await completeOrderRequest(db, acting, who, params.id, body, owner.onlyOwn));
  },
};
