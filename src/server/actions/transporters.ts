import { ERRORS } from '../../../model';
import { transporterContracts } from '../../shared/contracts/transporters';
import { requestLanguage } from '../i18n';
import { actingOf, assertSelf } from '../ordering/acting';
import { basketProblems, basketState, currentBasket, replaceBasket } from '../ordering/basket';
import { loadBasket } from '../ordering/basket-store';
import { basketInput } from '../ordering/body';
import { implement } from './define';

/**
 * The basket calls (core §7 Basket, contract "Basket"). Every call works on the acting user's
 * basket for the acting customer; naming another user or customer is refused.
 */
export const transporterActions = implement(transporterContracts, {
  /** GET /v2/transporters/load?customerId&userId: an empty basket when the user has none (nothing is stored). */
  load: async ({ db, request, owner, query }) => {
    const acting = await actingOf(db, request, owner);
    assertSelf(acting, query);
    return { result: await currentBasket(db, acting) };
  },

  /** PUT /v2/transporters/update {customerId, userId, transporter}: replaces the basket after checking every line. */
  update: async ({ db, request, owner, body }) => {
    const acting = await actingOf(db, request, owner);
    assertSelf(acting, body);
    const input = basketInput(body.transporter);
    return { result: await replaceBasket(db, acting, input.lines, input.shipping, 'transporter.') };
  },

  /** POST /v2/transporters/update {dto}: the same replacement with the whole transporter as dto (after removing a line). */
  remove: async ({ db, request, owner, body: { dto } }) => {
    const acting = await actingOf(db, request, owner);
    assertSelf(acting, dto);
    const input = basketInput(dto);
    return { result: await replaceBasket(db, acting, input.lines, input.shipping, 'dto.') };
  },

  /**
   * POST /v2/transporters/validate {customerId, userId}: whether the basket can become an order now,
   * with every problem found (stock changed, article gone, supplier below its minimum order price,
   * chosen address gone, not enough points, empty basket). Never refuses for a problem it can list.
   */
  validate: async ({ db, request, owner, body }) => {
    const acting = await actingOf(db, request, owner);
    assertSelf(acting, body);
    const problems = await basketProblems(db, acting, await basketState(db, acting, await loadBasket(db, acting)));
    const lang = requestLanguage(request);
    return {
      result: {
        valid: problems.length === 0,
        problems: problems.map((p) => ({ errorCode: p.errorCode, message: ERRORS[p.errorCode].message[lang], ...(p.lineIndex !== undefined ? { lineIndex: p.lineIndex } : {}), ...(p.supplierId ? { supplierId: p.supplierId } : {}), ...(p.params ? { params: p.params } : {}) })),
      },
    };
  },
});
