import type { Transaction } from 'kysely';
import { enqueue } from '../jobs/enqueue';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Queues `supplierOrders.send` for each supplier order inside the caller's transaction (the approval
 * that created them, the sandbox): they are sent once it commits, never when it rolls back. Answers
 * the jobs' ids.
 */
export async function queueSupplierOrderSending(trx: Transaction<DB>, tenantId: string, supplierOrderIds: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const supplierOrderId of supplierOrderIds) ids.push(await enqueue(trx, 'supplierOrders.send', { tenantId, supplierOrderId }));
  return ids;
}
