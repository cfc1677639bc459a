import { orderRatingContracts } from '../../shared/contracts/order-ratings';
import { orderReaderOf } from '../ordering/order-reader';
import { orderRatings, rateOrder } from '../ratings/ratings';
import { implement } from './define';

/** GET and POST /v2/orders/{id}/ratings: the work is in src/server/ratings. */
export const orderRatingActions = implement(orderRatingContracts, {
  list: async ({ db, request, owner, params }) =>
    ({ result: await orderRatings(db, await orderReaderOf(db, request, owner), params.id) }),
  create: async ({ db, request, owner, params, body }) =>
    ({ result: await rateOrder(db, await orderReaderOf(db, request, owner), params.id, body) }),
});
