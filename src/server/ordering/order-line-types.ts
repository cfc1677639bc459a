import { ApiError } from '../errors';

/**
 * flows §5 "An order can contain articles or attachments, not both" (§8 ConflictingOrderLineTypes):
 * checked on the lines an order gets wherever lines are added to an order — a new order
 * (ordering/orders.ts placeOrder, which the basket and a duplicate go through) and the orders a
 * split leaves (ordering/order-split.ts). A line without a type is an article line (the field's default).
 */
export function assertOneLineType(types: Iterable<unknown>): void {
  const kinds = new Set([...types].map((t) => (t == null ? 'article' : String(t))));
  if (kinds.size > 1) throw new ApiError('ConflictingOrderLineTypes');
}
