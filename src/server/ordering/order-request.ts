import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { CONSTANTS } from '../../../model';
import type { completeBody, orderRequestBody } from '../../shared/contracts/orders';
import type { Owner } from '../crud/scope';
import { validationError } from '../crud/validate';
import { ApiError, type ErrorDetail } from '../errors';
import { fromCents } from '../../shared/money';
import type { BlobStore } from '../storage/blob-store';
import type { AuthContext } from '../types';
import { hasFeature, type Acting } from './acting';
import { departmentProblems } from './department-membership';
import { addressOf, assertWithinTenderLimit, attachmentMoney, insertAttachmentOrder, titleOf } from './attachment-order';
import { initialStatus, orderEntered } from './new-order';
import { claimAttachments } from './order-attachments';
import { assertOneLineType } from './order-line-types';
import { lockOrder, orderDto } from './order-query';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The order request (flows §1, §2 /order-request; feature orderRequest): what is wanted in the
 * user's own words, optionally a document and an estimated amount excluding VAT.
 *
 * Decision (docs/decisions/0002-basket-and-checkout.md): the request is an order of one attachment line (its title the first line of
 * the text, its file the document, its price the amount). Without an amount it starts 'incomplete'
 * (flows §4), outside the approval flow: nobody decides it and no budget is charged; whoever placed
 * it completes it with PATCH /v2/orders/{id}/complete {estimatedAmount}, and it then enters the
 * workflow exactly as a new order does (toApproveBudget or toApprove, the deciders' mail). With an
 * amount it enters the workflow at once. A validator or customer admin may still reject an
 * incomplete request (orderWorkflow).
 */

export type OrderRequestInput = z.output<typeof orderRequestBody>;
export type CompleteInput = z.output<typeof completeBody>;

const idOf = (v: string | null | undefined) => (v ? v.toLowerCase() : null);
const NO_SUPPLIER = { supplierId: null, supplierName: null };

/**
 * Places the order request in one transaction. Refused, changing nothing: forbiddenAccess without
 * the orderRequest feature; validationFailed with each problem on its body path (a department that
 * is not the customer's or the orderer's, an address not in the book, a file the caller did not
 * upload or that an order holds); an amount above the tender limit (TenderLimitExceeded).
 */
export async function placeOrderRequest(db: Kysely<DB>, store: BlobStore, acting: Acting, who: Pick<AuthContext, 'user'>, body: OrderRequestInput) {
  if (!hasFeature(acting, 'orderRequest')) throw new ApiError('forbiddenAccess');
  return db.transaction().execute(async (trx) => {
    const claimed = await claimAttachments(trx, store, acting, [{ path: 'attachment', ref: body.attachment }]);
    const address = await addressOf(trx, acting, idOf(body.addressId), 'addressId');
    const problems: ErrorDetail[] = [
      ...await departmentProblems(trx, acting, acting.userId, idOf(body.departmentId), 'departmentId'),
      ...('rule' in address ? [address] : []),
      ...claimed.problems,
    ];
    if (problems.length || 'rule' in address) throw validationError(problems);
    const amount = body.estimatedAmount ?? null;
    if (amount != null) assertWithinTenderLimit(NO_SUPPLIER, amount, 'estimatedAmount');

    const status = amount == null ? 'incomplete' : initialStatus(acting);
    const orderId = await insertAttachmentOrder(trx, acting, {
      status, description: body.description, about: body.about ?? null, departmentId: idOf(body.departmentId), address, quotes: [],
      line: { supplierId: null, title: titleOf(body.description), attachment: claimed.files[0] ?? null, priceExcl: amount, vatRate: body.vatRate ?? CONSTANTS.standardVat },
    });
    await orderEntered(trx, acting, orderId, status);
    return orderDto(trx, acting, orderId);
  });
}

/**
 * PATCH /v2/orders/{id}/complete: the incomplete request gets its amount and enters the workflow,
 * on the locked order row. Refused, changing nothing: OrderNotFound (not one the caller reads),
 * OrderNotInStep (not incomplete, or not a request of one attachment line), UnauthorizedRole (not
 * whoever placed it; super admins may), ConflictingOrderLineTypes (its lines were mixed since),
 * TenderLimitExceeded. The history records the status change from incomplete.
 */
export async function completeOrderRequest(db: Kysely<DB>, acting: Acting, who: Pick<AuthContext, 'user'>, orderId: unknown, body: CompleteInput, onlyOwn?: Owner['onlyOwn']) {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, acting, orderId, onlyOwn, ['orders.id', 'orders.status', 'orders.orderedById']);
    if (order.status !== 'incomplete') throw new ApiError('OrderNotInStep');
    if (order.orderedById !== acting.userId && who.user.userType !== 1) throw new ApiError('UnauthorizedRole');
    const id = String(order.id);
    const lines = await trx.selectFrom('orderLines').select(['id', 'lineType', 'tax']).where('orderId', '=', id)
      .where('tenantId', '=', acting.tenantId).where('customerId', '=', acting.customerId).execute();
    assertOneLineType(lines.map((l) => l.lineType));
    const [line] = lines;
    if (!line || lines.length !== 1 || line.lineType !== 'attachment') throw new ApiError('OrderNotInStep');
    assertWithinTenderLimit(NO_SUPPLIER, body.estimatedAmount, 'estimatedAmount');

    const vatRate = body.vatRate ?? (line.tax == null ? CONSTANTS.standardVat : Number(line.tax));
    const money = attachmentMoney(body.estimatedAmount, vatRate);
    await trx.updateTable('orderLines').set({
      unitPrice: body.estimatedAmount, priceQuantity: 1, amount: 1, tax: vatRate,
      totalLineCostExcl: fromCents(money.excl), totalLineCostIncl: fromCents(money.incl), updatedAt: sql`now()`,
    }).where('id', '=', String(line.id)).where('tenantId', '=', acting.tenantId).execute();
    const status = initialStatus(acting);
    await trx.updateTable('orders').set({
      status, totalProductCostExcl: fromCents(money.excl), totalProductCostIncl: fromCents(money.incl),
      shippingCost: '0.00', shippingCostVat: '0.00', totalCost: fromCents(money.incl), updatedAt: sql`now()`,
    }).where('id', '=', id).where('tenantId', '=', acting.tenantId).execute();
    await orderEntered(trx, acting, id, status, { action: 'statusChanged', fromStatus: 'incomplete' });
    return orderDto(trx, acting, id);
  });
}
