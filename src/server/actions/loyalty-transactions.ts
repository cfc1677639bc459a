import { z } from 'zod';
import { DECIMAL_RE } from '../../shared/field-schemas';
import { fromCents, toCents } from '../../shared/money';
import { actingOf, assertSelf } from '../ordering/acting';
import { discountFor, pointsBalance } from '../ordering/loyalty';
import { actionsOf, type ActionContext, type ActionSchemas } from './index';

/**
 * The loyalty calls (core §7 Budgets and loyalty). The resource is behind the ycoin feature: the
 * access layer refuses customers without it (403) before these run.
 */

/** GET /loyalty/getYcoinCount?customerId: the acting customer's balance. */
const pointsCount = async ({ db, request, owner }: ActionContext): Answer<typeof countAnswer> => {
  const acting = await actingOf(db, request, owner);
  assertSelf(acting, { customerId: (request.query as Record<string, unknown> | undefined)?.customerId });
  return { result: { points: await pointsBalance(db, acting) } };
};

const discountQuery = z.object({
  cost: z.string('required').trim().regex(DECIMAL_RE, 'numerical').refine((v) => !v.startsWith('-'), 'minValue'),
  points: z.string('required').trim().regex(/^\d{1,9}$/, 'numerical'),
  customerId: z.string().optional(),
});

const countAnswer = z.object({ result: z.object({ points: z.number() }) });
/** The discount is a decimal string like every amount. */
const discountAnswer = z.object({ result: z.object({ discount: z.string(), pointsUsed: z.number(), balance: z.number() }) });
type Answer<S extends z.ZodType> = Promise<z.input<S>>;

export const loyaltySchemas: Record<string, ActionSchemas> = {
  pointsCount: { response: countAnswer },
  calculateDiscount: { querystring: discountQuery, response: discountAnswer },
};

/**
 * GET /loyalty/calculateDiscount?cost&points&customerId: the discount of spending `points` on
 * `cost` — the points' value, limited by the balance and by the cost — and the points it uses.
 */
const calculateDiscount = async ({ db, request, owner, query: q }: ActionContext<unknown, z.output<typeof discountQuery>>): Answer<typeof discountAnswer> => {
  const acting = await actingOf(db, request, owner);
  assertSelf(acting, { customerId: q.customerId });
  const balance = await pointsBalance(db, acting);
  const { discountCents, pointsUsed } = discountFor(toCents(q.cost), Number(q.points), balance);
  return { result: { discount: fromCents(discountCents), pointsUsed, balance } };
};

export const loyaltyActions = actionsOf({ pointsCount, calculateDiscount });
