import { ERRORS } from '../../../model';
import { objectAt, parseOrThrow } from '../crud/validate';
import { languageOf } from '../errors';
import { actingOf, assertSelf } from '../ordering/acting';
import { basketProblems, basketState, currentBasket, replaceBasket } from '../ordering/basket';
import { loadBasket } from '../ordering/basket-store';
import { idsSchema, parseBasket } from '../ordering/body';
import type { ActionHandler } from './index';

/**
 * The basket calls (core §7 Basket, contract "Basket"). Every call works on the acting user's
 * basket for the acting customer; naming another user or customer is refused.
 */

/** GET /v2/transporters/load?customerId&userId: an empty basket when the user has none (nothing is stored). */
const load: ActionHandler = async ({ db, request, owner }) => {
  const acting = await actingOf(db, request, owner);
  assertSelf(acting, parseOrThrow(idsSchema, request.query ?? {}));
  return { result: await currentBasket(db, acting) };
};

/** PUT /v2/transporters/update {customerId, userId, transporter}: replaces the basket after checking every line. */
const update: ActionHandler = async ({ db, request, owner }) => {
  const body = objectAt(request.body);
  const acting = await actingOf(db, request, owner);
  assertSelf(acting, parseOrThrow(idsSchema, body));
  const input = parseBasket(objectAt(body, 'transporter'), 'transporter');
  return { result: await replaceBasket(db, acting, input.lines, input.shipping, 'transporter.') };
};

/** POST /v2/transporters/update {dto}: the same replacement with the whole transporter as dto (after removing a line). */
const remove: ActionHandler = async ({ db, request, owner }) => {
  const dto = objectAt(request.body, 'dto');
  const acting = await actingOf(db, request, owner);
  assertSelf(acting, parseOrThrow(idsSchema, dto, 'dto'));
  const input = parseBasket(dto, 'dto');
  return { result: await replaceBasket(db, acting, input.lines, input.shipping, 'dto.') };
};

/**
 * POST /v2/transporters/validate {customerId, userId}: whether the basket can become an order now,
 * with every problem found (stock changed, article gone, supplier below its minimum order price,
 * chosen address gone, not enough points, empty basket). Never refuses for a problem it can list.
 */
const validate: ActionHandler = async ({ db, request, owner }) => {
  const body = request.body === undefined || request.body === null ? {} : objectAt(request.body);
  const acting = await actingOf(db, request, owner);
  assertSelf(acting, parseOrThrow(idsSchema, body));
  const problems = await basketProblems(db, acting, await basketState(db, acting, await loadBasket(db, acting)));
  const lang = languageOf(request.headers['accept-language']);
  return {
    result: {
      valid: problems.length === 0,
      problems: problems.map((p) => ({ errorCode: p.errorCode, message: ERRORS[p.errorCode].message[lang], ...(p.lineIndex !== undefined ? { lineIndex: p.lineIndex } : {}), ...(p.supplierId ? { supplierId: p.supplierId } : {}), ...(p.params ? { params: p.params } : {}) })),
    },
  };
};

export const transporterActions = { load, update, remove, validate };
