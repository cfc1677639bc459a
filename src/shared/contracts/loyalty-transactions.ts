import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { loyaltyTransactions } from '../../../model/resources/loyalty';
import { DECIMAL_RE } from '../field-schemas';
import { contractsOf } from './define';
import { resultOf } from './shapes';

/**
 * The loyalty calls (core §7 Budgets and loyalty; model/resources/loyalty.ts). The resource is behind
 * the ycoin feature: the access layer refuses customers without it (403) before they run.
 */
export const loyaltyContracts = contractsOf(loyaltyTransactions, {
  calculateDiscount: {
    method: 'GET', path: '/loyalty/calculateDiscount', access: access.customer(),
    summary: 'The discount that spending points gives on a cost (cost, points, customerId), limited by the balance and the cost.',
    query: z.object({
      cost: z.string('required').trim().regex(DECIMAL_RE, 'numerical').refine((v) => !v.startsWith('-'), 'minValue'),
      points: z.string('required').trim().regex(/^\d{1,9}$/, 'numerical'),
      customerId: z.string().optional(),
    }),
    /** The discount is a decimal string like every amount. */
    response: resultOf(z.object({ discount: z.string(), pointsUsed: z.number(), balance: z.number() })),
  },
  pointsCount: {
    method: 'GET', path: '/loyalty/getYcoinCount', access: access.customer(),
    summary: "The acting customer's points balance (customerId).",
    query: z.object({ customerId: z.string().optional() }),
    response: resultOf(z.object({ points: z.number() })),
  },
});
