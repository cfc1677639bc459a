import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { resourceByName } from '../../../model';
import { onlyOwnFor, type Owner } from '../crud/scope';
import { ApiError } from '../errors';
import { authOf } from '../request-context';
import type { AuthContext } from '../types';
import { actingOf, type Acting } from './acting';
import { lockOrder, orderQuery } from './order-query';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Who works on an order's sub-resources (conversation, ratings, reminders): they may because they
 * may read the order, so these calls find an order exactly as GET /v2/orders/{id} does — the acting
 * customer's, and for a buyer (the orders' ownRows) only one they placed; another is OrderNotFound.
 * Their routes belong to other resources, whose own ownRows would not say this, hence `onlyOwn` is
 * taken from the orders resource here.
 */
export interface OrderReader {
  acting: Acting;
  auth: AuthContext;
  onlyOwn: Owner['onlyOwn'];
}

const orders = resourceByName('orders');

export async function orderReaderOf(db: Kysely<DB>, request: FastifyRequest, owner: Owner): Promise<OrderReader> {
  const auth = authOf(request);
  return { acting: await actingOf(db, request, owner), auth, onlyOwn: onlyOwnFor(orders, 'customer', auth) };
}

export interface ReadOrder {
  id: string;
  orderNumber: string | null;
  orderedById: string | null;
  status: string | null;
}

/** The order `id` as the reader may read it (locked FOR UPDATE when asked, in the caller's transaction), else OrderNotFound. */
export async function readOrder(db: Kysely<DB> | Transaction<DB>, reader: OrderReader, id: unknown, options: { lock?: boolean } = {}): Promise<ReadOrder> {
  const columns = ['orders.id', 'orders.orderNumber', 'orders.orderedById', 'orders.status'] as const;
  const row = options.lock ? await lockOrder(db, reader.acting, id, reader.onlyOwn, columns) : await orderQuery(db, reader.acting, id, reader.onlyOwn).select(columns).executeTakeFirst();
  if (!row) throw new ApiError('OrderNotFound');
  return { id: String(row.id), orderNumber: (row.orderNumber as string | null) ?? null, orderedById: (row.orderedById as string | null) ?? null, status: (row.status as string | null) ?? null };
}
