import { sql, type Transaction } from 'kysely';
import { SUPPLIER_ORDER_STATUSES, supplierOrderWorkflow, type SupplierOrderStatus } from '../../../model';
import { ApiError, invalid } from '../errors';
import { recordHistory } from '../ordering/record-history';
import type { Who } from './parties';
import type { DB } from '../../../generated/db/database.gen';

/** The columns of a supplier order a status step reads. */
export type SupplierOrderRow = Record<string, unknown> & { id: string; tenantId: string; customerId: string; supplierId: string | null; orderId: string | null; status: SupplierOrderStatus };

/**
 * The workflow's step from the supplier order's status to `to` as `parties` (the caller's, or
 * ['system']): refused when there is none (OrderNotInStep) or it is not theirs (UnauthorizedRole),
 * or when it needs a reason and has none.
 */
export function workflowStep(so: SupplierOrderRow, to: SupplierOrderStatus, reason: string | null, parties: readonly string[]) {
  if (!(to in SUPPLIER_ORDER_STATUSES)) throw invalid('status', 'enum');
  const steps = supplierOrderWorkflow.transitions.filter((t) => t.from.includes(so.status) && t.to === to);
  if (!steps.length) throw new ApiError('OrderNotInStep');
  const step = steps.find((t) => t.by.some((b) => parties.includes(b)));
  if (!step) throw new ApiError('UnauthorizedRole');
  if (step.needs === 'reason' && !reason) throw invalid('remark', 'required');
  return step;
}

/**
 * Takes the workflow's step (workflowStep) and records it in the order's history: sent to supplier,
 * supplier response, or status changed for the server's own steps. The steps that need nothing
 * more than the status: a party's "Delivered" goes through moveStatus (supplier-orders.ts), which
 * announces the rest of the delivery first.
 */
export async function takeSupplierOrderStep(trx: Transaction<DB>, who: Pick<Who, 'user'> | null, so: SupplierOrderRow, to: SupplierOrderStatus, reason: string | null, parties: readonly string[]): Promise<SupplierOrderStatus> {
  const step = workflowStep(so, to, reason, parties);
  await trx.updateTable('supplierOrders').set({
    status: to, statusReason: step.needs === 'reason' ? reason : null, updatedAt: sql`clock_timestamp()`,
    ...(to === 'WAITFORORDERRESPONSE' && so.sentAt == null ? { sentAt: sql`clock_timestamp()` } : {}),
  }).where('id', '=', so.id).execute();
  if (so.orderId) {
    // The sending is "sent to supplier"; what a supplier answers, or a platform admin records of its
    // answer, is a "supplier response"; the server's own steps (a failed send) are a status change.
    const bySupplier = parties.includes('supplier');
    const action = step.action === 'sent' && !bySupplier ? 'sentToSupplier' : who === null || (parties.length === 1 && parties[0] === 'system') ? 'statusChanged' : 'supplierResponse';
    await recordHistory(trx, { tenantId: so.tenantId, customerId: so.customerId }, {
      orderId: so.orderId, action, userId: who?.user.id ?? null,
      reason: `${String(so.gcsNumber ?? '')}: ${so.status} → ${to}${reason ? ` (${reason})` : ''}`,
    });
  }
  return to;
}
