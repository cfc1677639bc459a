import type { Kysely } from 'kysely';
import { z } from 'zod';
import { CONSTANTS, resourceByName } from '../../../model';
import type { FieldDef } from '../../../model/dsl/field';
import { baseString } from '../../shared/field-kinds';
import { fieldSchema } from '../../shared/field-schemas';
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
 * Decision (README): the order's one line is the chosen quote — an attachment line with that
 * supplier's price, VAT rate and file — and the order keeps every quote (its `quotes`, the chosen
 * one marked), so totals, budgets, the tender limit and the approval all speak of what is bought,
 * while the validator still sees the quotes it was chosen from.
 */

const orders = resourceByName('orders');
const QUOTE = orders.fields.quotes!.fields!;

/**
 * A field of the model as a body key, required (or not) whatever the stored field says, validated by
 * the field's own kind (field-kinds.ts); typed here by what that kind parses to (a text, money as a
 * decimal string, an id, a number), optional ones null when left out or empty.
 */
function bodyField<T>(f: FieldDef, required: true): z.ZodType<T>;
function bodyField<T>(f: FieldDef, required: false): z.ZodType<T | null | undefined>;
function bodyField(f: FieldDef, required: boolean): z.ZodType {
  return fieldSchema({ ...f, readOnly: false, required }, 'create');
}
export { bodyField };

/**
 * A file POST /upload answered for the 'order-attachments' container, named by container and blob
 * name. Which file it is, and whether it may be used, is claimAttachments' to say (FileNotFound on
 * the attachment's path), so any other container or name is refused the same way.
 */
export const attachmentRefSchema = z.object({
  containerName: baseString().max(200, { error: 'maxLength' }),
  blobName: baseString().max(200, { error: 'maxLength' }),
}, { error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'invalid') });

/** One quote of the body: the model's quote fields but `chosen` (the body's `chosenQuote` says which). */
const quoteSchema = z.object({
  supplierName: bodyField<string>(QUOTE.supplierName!, true),
  supplierId: bodyField<string>(QUOTE.supplierId!, false),
  supplierEmail: bodyField<string>(QUOTE.supplierEmail!, true),
  priceExcl: bodyField<string>(QUOTE.priceExcl!, true),
  vatRate: bodyField<number>(QUOTE.vatRate!, true),
  attachment: attachmentRefSchema,
});

/** POST /v2/orders with kind 'orderForm'. */
export const orderFormBody = z.object({
  kind: z.literal('orderForm'),
  description: bodyField<string>(orders.fields.description!, true),
  about: bodyField<string>(orders.fields.about!, false),
  departmentId: bodyField<string>(orders.fields.departmentId!, true),
  addressId: bodyField<string>(orders.fields.addressId!, false),
  quotes: z.array(quoteSchema).length(CONSTANTS.orderFormQuotes, { error: 'length' }),
  chosenQuote: z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'invalid') })
    .int({ error: 'numerical' }).min(0, { error: 'minValue' }).max(CONSTANTS.orderFormQuotes - 1, { error: 'maxValue' }),
});
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
