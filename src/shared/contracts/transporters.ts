import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { transporters } from '../../../model/resources/ordering';
import { fieldSchema } from '../field-schemas';
import { safeString } from '../safe-text';
import { contractsOf } from './define';
import { basketCheckSchema, idsSchema, resultOf, shippingSchema, transporterSchema } from './shapes';

/**
 * The basket calls (core §7 Basket, contract "Basket"): every call works on the acting user's basket
 * for the acting customer; naming another user or customer is refused (forbiddenAccess). Bodies are
 * parsed with the model's own field schemas (the shipping details and gift card of
 * model/resources/ordering.ts), so a malformed body is a 400 with the path that is wrong; quantities
 * are checked by the basket rules (InvalidQuantity). The handlers are in src/server/actions/transporters.ts.
 */

const lineSchema = z.object({
  amount: z.unknown().optional(),
  giftCard: fieldSchema(transporters.fields.lines.fields!.giftCard, 'update'),
  transporterArticle: z.object({ id: safeString(undefined, false).max(100) }),
});

/** A transporter (basket) as the contract sends it. */
export const basketSchema = z.object({
  transporterLines: z.array(lineSchema).max(1000).default([]),
  transporterShippingDetails: shippingSchema,
});

/**
 * Refusals of a basket change: a line the stock, the article or its minimum does not allow, and
 * shipping details naming an address that is gone, a one-time address the company does not allow,
 * or a department the orderer is no member of.
 */
const CHANGING = [
  'InvalidQuantity', 'NotEnoughStock', 'BelowMinimumOrderQuantity', 'ArticleNotAvailable', 'GiftCardDetailsRequired', 'NotEnoughPoints',
  'AddressNotFound', 'OneTimeAddressesDisabled', 'NotDepartmentMember',
] as const;

/** The basket's calls (model/resources/ordering.ts `transporters`). */
export const transporterContracts = contractsOf(transporters, {
  load: {
    method: 'GET', path: '/v2/transporters/load', access: access.customer(),
    summary: "The user's basket (customerId, userId) with its lines, articles and string totals.",
    query: idsSchema,
    response: resultOf(transporterSchema),
  },
  update: {
    method: 'PUT', path: '/v2/transporters/update', access: access.customer(),
    summary: 'Replaces the basket ({customerId, userId, transporter}) after checking every line against stock; answers the stored basket.',
    body: idsSchema.extend({ transporter: basketSchema }),
    response: resultOf(transporterSchema),
    errors: CHANGING,
  },
  remove: {
    method: 'POST', path: '/v2/transporters/update', access: access.customer(),
    summary: 'Saves the basket after an article was removed ({dto}); answers the stored basket.',
    body: z.object({ dto: idsSchema.extend(basketSchema.shape) }),
    response: resultOf(transporterSchema),
    errors: CHANGING,
  },
  validate: {
    method: 'POST', path: '/v2/transporters/validate', access: access.customer(),
    summary: 'Checks the basket can become an order (lines, stock, minimum quantities, address); answers the problems found.',
    body: idsSchema,
    response: resultOf(basketCheckSchema),
  },
});
