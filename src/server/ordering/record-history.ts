import { sql, type Kysely, type Transaction } from 'kysely';
import type { ORDER_HISTORY_ACTIONS, ORDER_STATUSES } from '../../../model';
import type { Acting } from './acting';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Writing an order's history (flows §3 "Order history actions"), in the transaction of what it
 * records. Apart from reading it (history.ts) so that the areas that record (deliveries, invoices)
 * need nothing of the orders' queries.
 */

type Status = keyof typeof ORDER_STATUSES;
type Db = Kysely<DB> | Transaction<DB>;

/** Adds an entry to an order's history (in the caller's transaction). */
export async function recordHistory(db: Db, acting: Pick<Acting, 'tenantId' | 'customerId'>, entry: {
  orderId: string; action: keyof typeof ORDER_HISTORY_ACTIONS; userId: string | null; fromStatus?: Status | null; toStatus?: Status | null; reason?: string | null;
}): Promise<void> {
  await db.insertInto('orderHistory').values({
    tenantId: acting.tenantId, customerId: acting.customerId, orderId: entry.orderId, action: entry.action, userId: entry.userId,
    fromStatus: entry.fromStatus ?? null, toStatus: entry.toStatus ?? null, reason: entry.reason ?? null,
    // Entries of one transaction can share a clock tick (PGlite's clock counts milliseconds) and ids are random:
    // each entry is stamped at least a microsecond after the order's latest, so the history reads in the order written.
    createdAt: sql`greatest(clock_timestamp(), (select max(created_at) + interval '1 microsecond' from order_history where order_id = ${entry.orderId}))`,
  }).execute();
}

