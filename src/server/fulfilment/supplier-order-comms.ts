import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { ApiError } from '../errors';
import { replyPdf, supplierOrderPdf, supplierOrderPdfName } from './order-pdf';
import { supplierOrderPdfData } from './order-pdf-data';
import { queueSupplierOrderSending } from './send-queue';
import { createSupplierOrders } from './split';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The platform's side of sending supplier orders (flows §7 getComms/getErrorComms, core §7 sandbox):
 * the communications the sending job wrote, the supplier order's PDF as a download, and the sandbox
 * calls that create and send supplier orders by hand.
 */

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** A supplier order's communications (or, without one, the tenant's latest 100), newest first; `failedOnly`: the failures. */
export async function commsOf(db: Kysely<DB>, tenantId: string, where: { supplierOrderId?: string; failedOnly?: boolean }) {
  let q = db.selectFrom('supplierOrderComms as c').leftJoin('supplierOrders as so', 'so.id', 'c.supplierOrderId')
    .select(['c.id', 'c.supplierOrderId', 'so.gcsNumber', 'c.channel', 'c.recipient', 'c.subject', 'c.success', 'c.errorMessage', 'c.attempt', 'c.mailId', 'c.createdAt'])
    .where('c.tenantId', '=', tenantId);
  if (where.supplierOrderId) q = q.where('c.supplierOrderId', '=', where.supplierOrderId);
  if (where.failedOnly) q = q.where('c.success', 'is not', true);
  const rows = await q.orderBy('c.createdAt', 'desc').orderBy('c.id', 'desc').limit(where.supplierOrderId ? 500 : 100).execute();
  return rows.map((r) => ({
    id: String(r.id), supplierOrderId: String(r.supplierOrderId), gcsNumber: r.gcsNumber ?? null, channel: r.channel as 'email' | 'manual',
    recipient: r.recipient ?? null, subject: r.subject ?? null, success: r.success === true, errorMessage: r.errorMessage ?? null,
    attempt: r.attempt ?? null, mailId: r.mailId ?? null, createdAt: iso(r.createdAt),
  }));
}

/** Answers the supplier order's PDF, made now: a download named <gcsNumber>.pdf, or shown inline. */
export async function sendPdf(db: Kysely<DB>, reply: FastifyReply, tenantId: string, id: string, inline: boolean) {
  const source = await supplierOrderPdfData(db, tenantId, id);
  if (!source) throw new ApiError('SupplierOrderNotFound');
  const pdf = await supplierOrderPdf(source.data);
  return replyPdf(reply, pdf, supplierOrderPdfName(source.data.gcsNumber), inline);
}

/**
 * POST /admin/sandbox/createSupplierOrders: the supplier orders of an approved order of the tenant
 * that has none, queued for sending as at its approval (one transaction). An order that has them is
 * left alone (created: 0). Not approved: OrderNotInStep.
 */
export async function sandboxCreate(db: Kysely<DB>, tenantId: string, orderId: string) {
  return db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').select(['id', 'customerId', 'status']).where('id', '=', orderId).where('tenantId', '=', tenantId).forUpdate().executeTakeFirst();
    if (!order) throw new ApiError('OrderNotFound');
    if (order.status !== 'approved') throw new ApiError('OrderNotInStep');
    const created = await createSupplierOrders(trx, { tenantId, customerId: String(order.customerId) }, orderId);
    await queueSupplierOrderSending(trx, tenantId, created);
    const all = await trx.selectFrom('supplierOrders').select('id').where('orderId', '=', orderId).where('tenantId', '=', tenantId).orderBy('gcsNumber').execute();
    return { created: created.length, supplierOrderIds: all.map((r) => String(r.id)) };
  });
}

/** POST /admin/sandbox/runSendOrdersToSuppliers: queues sending the tenant's CREATED supplier orders (those named, or all; at most 500). */
export async function sandboxSend(db: Kysely<DB>, tenantId: string, supplierOrderIds?: readonly string[]) {
  if (supplierOrderIds && !supplierOrderIds.length) return { queued: 0, supplierOrderIds: [] };
  return db.transaction().execute(async (trx) => {
    let q = trx.selectFrom('supplierOrders').select('id').where('tenantId', '=', tenantId).where('status', '=', 'CREATED');
    if (supplierOrderIds) q = q.where('id', 'in', [...supplierOrderIds]);
    const ids = (await q.orderBy('createdAt').orderBy('id').limit(500).execute()).map((r) => String(r.id));
    await queueSupplierOrderSending(trx, tenantId, ids);
    return { queued: ids.length, supplierOrderIds: ids };
  });
}
