import { sql, type Kysely } from 'kysely';
import type { Owner } from '../crud/scope';
import { ApiError } from '../errors';
import type { AuthContext } from '../types';
import type { Acting } from './acting';
import { recordHistory } from './record-history';
import { lockOrderForLines } from './order-edits';
import { assertOneLineType } from './order-line-types';
import { nextOrderNumber } from './order-number';
import { assertSuppliersFit, moneyLines, orderMoney, settleSupplierSpend, storeOrderMoney, termsFor } from './order-totals';
import { orderDto } from './order-query';
import type { DB } from '../../../generated/db/database.gen';

/**
 * flows §4 "split (extract selected lines into a new order)", §5 "Split: not all lines selected,
 * and the selection must leave lines in both orders" (POST /v2/orders/{id}/extract-order-lines
 * {orderLines: ids}). One transaction on the locked order row, then the tenant's order counter,
 * then the suppliers: a refusal leaves both orders as they were.
 *
 * Decisions (docs/decisions/0001-orders.md, "Splitting"): the new order is the same order in every other respect — orderer,
 * department, project, address, about, extra info, labels, follow-up user, status and order date
 * (so budgets keep charging the period the order was placed in) — with the next order number; the
 * moved lines keep their budgets and are numbered 1… in their order; the lines left keep their
 * numbers. Points spent stay with the original. Each order's shipping is its suppliers' own again,
 * so a supplier whose lines are in both may charge shipping twice: the supplier's budget follows.
 */

type Who = Pick<AuthContext, 'user' | 'access'>;

/**
 * Moves the lines `lineIds` of the order to a new order and answers the new order. Refused:
 * NoOrderLinesProvided (none named), OrderLineNotInOrder (a line of another order),
 * CannotExtractAllLines (every line named), ConflictingOrderLineTypes (the lines moved mix articles
 * and attachments), the lock's refusals (lockOrderForLines: not the caller's to change, decided,
 * transactions locked) and a supplier left below its minimum order price or over the tender limit.
 */
export async function extractLines(db: Kysely<DB>, acting: Acting, who: Who, orderId: unknown, lineIds: readonly string[], onlyOwn?: Owner['onlyOwn']) {
  const wanted = [...new Set(lineIds.map((id) => id.toLowerCase()))];
  if (!wanted.length) throw new ApiError('NoOrderLinesProvided');
  return db.transaction().execute(async (trx) => {
    const order = await lockOrderForLines(trx, acting, who, orderId, onlyOwn);
    const kinds = await trx.selectFrom('orderLines').select(['id', 'lineType']).where('orderId', '=', order.id)
      .where('tenantId', '=', acting.tenantId).execute();
    const typeOf = new Map(kinds.map((k) => [String(k.id).toLowerCase(), k.lineType]));
    if (wanted.some((id) => !typeOf.has(id))) throw new ApiError('OrderLineNotInOrder');
    if (wanted.length >= typeOf.size) throw new ApiError('CannotExtractAllLines');
    assertOneLineType(wanted.map((id) => typeOf.get(id)));

    const lines = await moneyLines(trx, acting, order.id);
    const moving = new Set(wanted);
    const moved = lines.filter((l) => moving.has(l.id.toLowerCase()));
    const kept = lines.filter((l) => !moving.has(l.id.toLowerCase()));
    const termsOf = await termsFor(trx, acting, lines);
    const before = orderMoney(lines, termsOf);
    const keptMoney = orderMoney(kept, termsOf);
    const movedMoney = orderMoney(moved, termsOf);
    const touched = new Set(moved.map((l) => l.supplierId).filter((id): id is string => !!id));
    assertSuppliersFit(keptMoney.suppliers, touched);
    assertSuppliersFit(movedMoney.suppliers, touched);

    const tenant = await trx.selectFrom('tenants').select('supplierOrderPrefix').where('id', '=', acting.tenantId).executeTakeFirst();
    const orderNumber = await nextOrderNumber(trx, acting.tenantId, tenant?.supplierOrderPrefix);
    // Every column of the original but its identity, number, money, lock and archive flag (the new order is a copy of it).
    const created = await trx.insertInto('orders').columns([
      'tenantId', 'customerId', 'orderNumber', 'orderDate', 'orderedById', 'assignedToId', 'status', 'departmentId', 'projectId',
      'addressId', 'address', 'about', 'extraInfo', 'requestedDeliveryDate', 'labels', 'totalProductCostExcl', 'totalProductCostIncl', 'shippingCost', 'shippingCostVat',
      'loyaltyDiscount', 'totalCost', 'archived', 'transactionsLocked',
    ]).expression((eb) => eb.selectFrom('orders').select([
      'tenantId', 'customerId', sql.val(orderNumber).as('orderNumber'), 'orderDate', 'orderedById', 'assignedToId', 'status', 'departmentId', 'projectId',
      'addressId', 'address', 'about', 'extraInfo', 'requestedDeliveryDate', 'labels', ...(['a', 'b', 'c', 'd', 'e', 'f'] as const).map((n) => sql.lit(0).as(n)),
      sql.lit(false).as('archived'), sql.lit(false).as('transactionsLocked'),
    ]).where('id', '=', order.id).where('tenantId', '=', acting.tenantId)).returning('id').executeTakeFirstOrThrow();
    const newId = String(created.id);

    for (const [i, l] of moved.entries()) {
      await trx.updateTable('orderLines').set({ orderId: newId, lineNumber: i + 1, updatedAt: sql`now()` })
        .where('id', '=', l.id).where('orderId', '=', order.id).where('tenantId', '=', acting.tenantId).execute();
    }
    await storeOrderMoney(trx, acting, order.id, kept, keptMoney);
    await storeOrderMoney(trx, acting, newId, moved, movedMoney);
    await settleSupplierSpend(trx, acting, before.suppliers, [...keptMoney.suppliers, ...movedMoney.suppliers]);

    await recordHistory(trx, acting, { orderId: order.id, action: 'extracted', userId: who.user.id, reason: orderNumber });
    await recordHistory(trx, acting, { orderId: newId, action: 'createdByExtraction', userId: who.user.id, toStatus: order.status as never, reason: String(order.orderNumber ?? '') || null });
    return orderDto(trx, acting, newId);
  });
}
