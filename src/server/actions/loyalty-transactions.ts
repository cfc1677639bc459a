import { loyaltyContracts } from '../../shared/contracts/loyalty-transactions';
import { fromCents, toCents } from '../../shared/money';
import { actingOf, assertSelf } from '../ordering/acting';
import { discountFor, pointsBalance } from '../ordering/loyalty';
import { implement } from './define';

/** The loyalty calls (core §7 Budgets and loyalty): the acting customer's balance and what spending points gives. */
export const loyaltyActions = implement(loyaltyContracts, {
  /**
   * GET /loyalty/calculateDiscount?cost&points&customerId: the discount of spending `points` on
   * `cost` — the points' value, limited by the balance and by the cost — and the points it uses.
   */
  calculateDiscount: async ({ db, request, owner, query: q }) => {
    const acting = await actingOf(db, request, owner);
    assertSelf(acting, { customerId: q.customerId });
    const balance = await pointsBalance(db, acting);
    const { discountCents, pointsUsed } = discountFor(toCents(q.cost), Number(q.points), balance);
    return { result: { discount: fromCents(discountCents), pointsUsed, balance } };
  },

  /** GET /loyalty/getYcoinCount?customerId: the acting customer's balance. */
  pointsCount: async ({ db, request, owner, query }) => {
    const acting = await actingOf(db, request, owner);
    assertSelf(acting, { customerId: query.customerId });
    return { result: { points: await pointsBalance(db, acting) } };
  },
});
