import { sql, type Kysely, type Transaction } from 'kysely';
import { CONFIRMED_DELIVERY_STATUSES, CONSTANTS, type InvoiceMatchStatus } from '../../../model';
import { ApiError } from '../errors';
import { recordHistory } from '../ordering/record-history';
import type { Who } from '../fulfilment/parties';
import { matchInvoice, unitPriceOf, type InvoicedLine, type MatchResult, type MatchTolerance, type OrderedLine } from './match';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The three-way match of a stored invoice (match.ts does the arithmetic): what its supplier order
 * ordered, what that order's confirmed deliveries brought (delivered less returned), and what this
 * invoice and the order's earlier invoices charge, within the company's tolerance. The invoice keeps
 * the outcome in matchStatus (refreshed whenever one of the three sides changes: the invoice, another
 * invoice of the order, a delivery confirmed, undone or returned) so lists filter on it and paying
 * checks it; the pages get the line by line result, computed when read.
 */

type Db = Kysely<DB> | Transaction<DB>;
const CONFIRMED = CONFIRMED_DELIVERY_STATUSES;

export interface InvoiceMatch extends MatchResult {
  readonly matchStatus: InvoiceMatchStatus;
  readonly tolerance: MatchTolerance;
}

interface InvoiceSide {
  id: string; tenantId: string; customerId: string; supplierOrderId: string | null; priceExcl: unknown;
  createdAt: unknown; matchAcceptedFingerprint: string | null; deleted?: boolean;
}

const decimalText = (value: unknown): string => (typeof value === 'number' ? String(value) : String(value ?? '0'));

/** The company's tolerance, its defaults where it set none. */
async function toleranceOf(db: Db, customerId: string): Promise<MatchTolerance> {
  const c = await db.selectFrom('customers').select(['invoicePriceTolerancePercent', 'invoiceQuantityTolerancePercent']).where('id', '=', customerId).executeTakeFirst();
  return {
    pricePercent: decimalText(c?.invoicePriceTolerancePercent ?? CONSTANTS.invoicePriceTolerancePercent),
    quantityPercent: decimalText(c?.invoiceQuantityTolerancePercent ?? CONSTANTS.invoiceQuantityTolerancePercent),
  };
}

/** A supplier order's lines as the match reads them, with the price agreed (charged, else catalogue). */
export async function orderedLinesOf(db: Db, tenantId: string, supplierOrderId: string): Promise<OrderedLine[]> {
  const soLines = await db.selectFrom('supplierOrderLines').select(['id', 'lineNumber', 'articleNumberSupplier', 'quantity', 'chargedUnitPrice', 'unitPriceExcl'])
    .where('supplierOrderId', '=', supplierOrderId).where('tenantId', '=', tenantId).orderBy('lineNumber').execute();
  return soLines.map((l) => ({
    id: String(l.id), lineNumber: l.lineNumber == null ? null : Number(l.lineNumber), articleNumberSupplier: l.articleNumberSupplier ?? null,
    quantity: Number(l.quantity ?? 0), unitPriceExcl: l.chargedUnitPrice != null ? String(l.chargedUnitPrice) : l.unitPriceExcl != null ? String(l.unitPriceExcl) : null,
  }));
}

/** The match of `inv` now, or null when it names no supplier order (nothing to match against). */
export async function matchOf(db: Db, inv: InvoiceSide): Promise<InvoiceMatch | null> {
  if (!inv.supplierOrderId) return null;
  const ordered = await orderedLinesOf(db, inv.tenantId, inv.supplierOrderId);
  const received = await db.selectFrom('deliveryLines as dl').innerJoin('deliveries as d', 'd.id', 'dl.deliveryId')
    .select(['dl.supplierOrderLineId as lineId', sql<string>`sum(coalesce(dl.delivered, 0) - coalesce(dl.returned, 0))::text`.as('quantity')])
    .where('d.supplierOrderId', '=', inv.supplierOrderId).where('d.tenantId', '=', inv.tenantId).where('d.status', 'in', CONFIRMED)
    .where('dl.supplierOrderLineId', 'is not', null).groupBy('dl.supplierOrderLineId').execute();
  // The order's invoices booked before this one (creation order) charged what they charge first.
  const before = await db.selectFrom('invoiceLines as il').innerJoin('invoices as i', 'i.id', 'il.invoiceId')
    .select(['il.supplierOrderLineId as lineId', sql<string>`sum(il.quantity)::text`.as('quantity')])
    .where('i.supplierOrderId', '=', inv.supplierOrderId).where('i.tenantId', '=', inv.tenantId).where('i.deleted', '=', false).where('i.id', '!=', inv.id)
    .where((eb) => eb.or([eb('i.createdAt', '<', inv.createdAt as Date), eb.and([eb('i.createdAt', '=', inv.createdAt as Date), eb('i.id', '<', inv.id)])]))
    .where('il.supplierOrderLineId', 'is not', null).groupBy('il.supplierOrderLineId').execute();
  const own = await db.selectFrom('invoiceLines').select(['lineNumber', 'supplierOrderLineId', 'articleNumberSupplier', 'quantity', 'unitPriceExcl', 'lineTotalExcl'])
    .where('invoiceId', '=', inv.id).where('tenantId', '=', inv.tenantId).orderBy('lineNumber').orderBy('id').execute();
  const lines: InvoicedLine[] = own.map((l) => {
    const quantity = decimalText(l.quantity);
    // The price charged per unit: the line's total over its quantity (exact as the supplier wrote it), else its unit price.
    const unit = l.lineTotalExcl != null && Number(l.quantity) !== 0 ? unitPriceOf(String(l.lineTotalExcl), quantity) : String(l.unitPriceExcl ?? '0');
    return {
      lineNumber: Number(l.lineNumber ?? 0), supplierOrderLineId: l.supplierOrderLineId ?? null, articleNumberSupplier: l.articleNumberSupplier ?? null,
      quantity, unitPriceExcl: unit.startsWith('-') ? unit.slice(1) : unit,
    };
  });
  const tolerance = await toleranceOf(db, inv.customerId);
  const result = matchInvoice({
    ordered,
    received: new Map(received.map((r) => [String(r.lineId), Number(r.quantity)])),
    invoicedBefore: new Map(before.map((r) => [String(r.lineId), r.quantity])),
    lines, totalExcl: inv.priceExcl == null ? null : String(inv.priceExcl), tolerance,
  });
  const matchStatus: InvoiceMatchStatus = result.status === 'matched' ? 'matched'
    : inv.matchAcceptedFingerprint != null && inv.matchAcceptedFingerprint === result.fingerprint ? 'accepted' : 'mismatch';
  return { ...result, matchStatus, tolerance };
}

const invoiceSide = (db: Db, id: string) => db.selectFrom('invoices')
  .select(['id', 'tenantId', 'customerId', 'supplierOrderId', 'priceExcl', 'createdAt', 'matchAcceptedFingerprint', 'matchStatus', 'deleted'])
  .where('id', '=', id).executeTakeFirst();

/** Recomputes and keeps the invoice's matchStatus; answers it. */
export async function refreshMatch(db: Db, invoiceId: string): Promise<InvoiceMatchStatus> {
  const inv = await invoiceSide(db, invoiceId);
  if (!inv) return 'notChecked';
  const match = await matchOf(db, inv as unknown as InvoiceSide);
  const status: InvoiceMatchStatus = match?.matchStatus ?? 'notChecked';
  if (status !== inv.matchStatus) await db.updateTable('invoices').set({ matchStatus: status }).where('id', '=', invoiceId).execute();
  return status;
}

/** After a change to what a supplier order received or was charged: every invoice of it (not deleted) again. */
export async function refreshMatchesOfSupplierOrder(db: Db, tenantId: string, supplierOrderId: string | null | undefined): Promise<void> {
  if (!supplierOrderId) return;
  const rows = await db.selectFrom('invoices').select('id').where('tenantId', '=', tenantId).where('supplierOrderId', '=', supplierOrderId)
    .where('deleted', '=', false).orderBy('createdAt').orderBy('id').execute();
  for (const row of rows) await refreshMatch(db, String(row.id));
}

/** Paying needs a match that holds: a mismatch nobody accepted is InvoiceMismatchNotAccepted. */
export async function assertPayable(db: Db, invoiceId: string): Promise<void> {
  if ((await refreshMatch(db, invoiceId)) === 'mismatch') throw new ApiError('InvoiceMismatchNotAccepted');
}

/**
 * POST /invoices/accept-mismatch: a finance user accepts the problems the match finds now, with a
 * reason; the order's history records it. The caller's access (invoices X) is checked by the route.
 */
export async function acceptMismatch(trx: Transaction<DB>, inv: { id: string; tenantId: string; customerId: string; number: string; orderId?: unknown }, who: Who, reason: string): Promise<void> {
  const side = await invoiceSide(trx, inv.id);
  const match = side ? await matchOf(trx, side as unknown as InvoiceSide) : null;
  if (!match || match.status === 'matched' || match.matchStatus === 'accepted') throw new ApiError('InvoiceMatchNothingToAccept');
  await trx.updateTable('invoices').set({
    matchStatus: 'accepted', matchAcceptedFingerprint: match.fingerprint, matchAcceptReason: reason, matchAcceptedById: who.user.id,
    matchAcceptedAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()`,
  }).where('id', '=', inv.id).execute();
  if (typeof inv.orderId === 'string' && inv.orderId) {
    await recordHistory(trx, { tenantId: inv.tenantId, customerId: inv.customerId }, {
      orderId: inv.orderId, action: 'invoiceMismatchAccepted', userId: who.user.id, reason: `${inv.number}: ${reason}`.slice(0, 2000),
    });
  }
}
