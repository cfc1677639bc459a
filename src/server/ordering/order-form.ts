import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { orderFormBody } from '../../shared/contracts/orders';
import { validationError } from '../crud/validate';
import { ApiError, type ErrorDetail } from '../errors';
import type { BlobStore } from '../storage/blob-store';
import type { AuthContext } from '../types';
import { hasFeature, type Acting } from './acting';
import { departmentProblems } from './department-membership';
import {
  addressOf, assertWithinTenderLimit, chargeSupplier, insertAttachmentOrder, supplierProblems, titleOf, type StoredQuote,
} from './attachment-order';
import { initialStatus, orderEntered } from './new-order';
import { claimAttachments } from './order-attachments';
import { orderDto } from './order-query';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The order form (flows §1 "three quotes are collected", §2 /order-form, §5 "Order form: every
 * line must be filled"; feature orderForm): what is needed, for which department and address, and
 * CONSTANTS.orderFormQuotes supplier quotes, one of them chosen.
 *
 * Decision (docs/decisions/0002-basket-and-checkout.md): the order's one line is the chosen quote — an attachment line with that
 * supplier's price, VAT rate and file — and the order keeps every quote (its `quotes`, the chosen
 * one marked), so totals, budgets, the tender limit and the approval all speak of what is bought,
 * while the validator still sees the quotes it was chosen from.
 */

export type OrderFormInput = z.output<typeof orderFormBody>;

type Quote = OrderFormInput['quotes'][number];
const idOf = (v: string | null | undefined) => (v ? v.toLowerCase() : null);

/**
 * Places the order form's order in one transaction. Refused, changing nothing: forbiddenAccess
 * without the orderForm feature; validationFailed with every problem as a detail on its body path —
 * a department of another customer (DepartmentNotFound) or not the orderer's (NotDepartmentMember,
 * which then names the error), an address not in the book (AddressNotFound), a supplier id that is
 * not the customer's or the platform's (SupplierNotFound), a quote file the caller did not upload
 * for this customer (FileNotFound) or that is named twice or already an order's (FileAlreadyAdded);
 * then the chosen quote above the tender limit (TenderLimitExceeded). The order starts as one
 * from the basket does (new-order.ts), the chosen supplier's budget_spent is charged when it is
 * one of the book.
 */
export async function placeOrderForm(db: Kysely<DB>, store: BlobStore, acting: Acting, who: Pick<AuthContext, 'user'>, body: OrderFormInput) {
  if (!hasFeature(acting, 'orderForm')) throw new ApiError('forbiddenAccess');
  return db.transaction().execute(async (trx) => {
    const claimed = await claimAttachments(trx, store, acting, body.quotes.map((q, i) => ({ path: `quotes.${i}.attachment`, ref: q.attachment })));
    const address = await addressOf(trx, acting, idOf(body.addressId), 'addressId');
    const problems: ErrorDetail[] = [
      ...await departmentProblems(trx, acting, acting.userId, idOf(body.departmentId), 'departmentId'),
      ...('rule' in address ? [address] : []),
      ...await supplierProblems(trx, acting, body.quotes.map((q, i) => ({ path: `quotes.${i}.supplierId`, supplierId: idOf(q.supplierId) }))),
      ...claimed.problems,
    ];
    if (problems.length || 'rule' in address) throw validationError(problems);

    const chosen: Quote = body.quotes[body.chosenQuote]!;
    assertWithinTenderLimit({ supplierId: idOf(chosen.supplierId), supplierName: chosen.supplierName }, chosen.priceExcl, `quotes.${body.chosenQuote}.priceExcl`);
    const quotes: StoredQuote[] = body.quotes.map((q, i) => ({
      supplierName: q.supplierName, supplierId: idOf(q.supplierId), supplierEmail: q.supplierEmail,
      priceExcl: q.priceExcl, vatRate: q.vatRate, attachment: claimed.files[i]!, chosen: i === body.chosenQuote,
    }));
    const picked = quotes[body.chosenQuote]!;

    const status = initialStatus(acting);
    const orderId = await insertAttachmentOrder(trx, acting, {
      status, description: body.description, about: body.about ?? null, departmentId: idOf(body.departmentId), address, quotes,
      line: { supplierId: picked.supplierId, title: titleOf(body.description), attachment: picked.attachment, priceExcl: picked.priceExcl, vatRate: picked.vatRate },
    });
    await chargeSupplier(trx, acting, picked.supplierId, picked.priceExcl, orderId);
    await orderEntered(trx, acting, orderId, status);
    return orderDto(trx, acting, orderId);
  });
}
