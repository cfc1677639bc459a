import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { orderRatings } from '../../../model/resources/order-ratings';
import { orderRatingCreateSchema } from '../../../generated/schemas/order-ratings.gen';
import { contractsOf } from './define';
import { resultOf } from './shapes';

/** A rating with the name of who gave it. */
const rating = z.object({
  id: z.string(), orderId: z.string(), userId: z.string().nullable(), userName: z.string().nullable(),
  score: z.number().int(), comment: z.string().nullable(), createdAt: z.string(),
});

/** GET and POST /v2/orders/{id}/ratings (flows §3 Rating, §5 once per order). */
export const orderRatingContracts = contractsOf(orderRatings, {
  list: {
    method: 'GET', path: '/v2/orders/{id}/ratings', access: access.customer('orders', 'R'),
    summary: "The order's rating (a list of at most one), with the name of who gave it.",
    response: resultOf(z.array(rating)),
    errors: ['OrderNotFound'],
  },
  create: {
    method: 'POST', path: '/v2/orders/{id}/ratings', access: access.customer('orders', 'R'),
    summary: 'Rates an approved order ({score: 0 to 4, comment}); once per order (OrderAlreadyRated), not before it is approved (OrderNotRatable).',
    body: orderRatingCreateSchema,
    response: resultOf(rating),
    errors: ['OrderNotFound', 'OrderAlreadyRated', 'OrderNotRatable'],
  },
});
