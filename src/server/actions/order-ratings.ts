import { z } from 'zod';
import { resourceByName } from '../../../model';
import { schemasFor } from '../../shared/schema-builder';
import { resultOf } from '../ordering/answers';
import { orderReaderOf } from '../ordering/order-reader';
import { orderRatings, rateOrder } from '../ratings/ratings';
import { actionsOf, type ActionContext, type ActionSchemas } from './index';

/** GET and POST /v2/orders/{id}/ratings (flows §3 Rating, §5 once per order): the work is in src/server/ratings. */

const ratingBody = schemasFor(resourceByName('order-ratings')).create;
const ratingSchema = z.object({
  id: z.string(), orderId: z.string(), userId: z.string().nullable(), userName: z.string().nullable(),
  score: z.number().int(), comment: z.string().nullable(), createdAt: z.string(),
});
const listAnswer = resultOf(z.array(ratingSchema));
const oneAnswer = resultOf(ratingSchema);
type Answer<S extends z.ZodType> = Promise<z.input<S>>;

export const orderRatingSchemas: Record<string, ActionSchemas> = {
  list: { response: listAnswer },
  create: { body: ratingBody, response: oneAnswer },
};

const orderIdOf = (ctx: ActionContext) => (ctx.params as { id?: string }).id;

const list = async (ctx: ActionContext): Answer<typeof listAnswer> =>
  ({ result: await orderRatings(ctx.db, await orderReaderOf(ctx.db, ctx.request, ctx.owner), orderIdOf(ctx)) });

const create = async (ctx: ActionContext<{ score: number; comment?: string | null }>): Answer<typeof oneAnswer> =>
  ({ result: await rateOrder(ctx.db, await orderReaderOf(ctx.db, ctx.request, ctx.owner), orderIdOf(ctx), ctx.body) });

export const orderRatingActions = actionsOf({ list, create });
