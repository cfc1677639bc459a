import type { Kysely } from 'kysely';
import { addDays, todayInShopZone } from '../../shared/shop-clock';
import { fromCents, mulDivHalfUp, toCents } from '../../shared/money';
import { lineTotal } from '../invoicing/invoices';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Demo data: the company's first supplier orders got their invoices (one twice when it has fewer than three), so /invoices and the sidebar's
 * count show something on the first start: one open (due in three weeks), one expired (due ten days
 * ago) and one paid by the finance user. Written as POST /invoices/create would, with lines from the
 * supplier-order lines (quantity × charged price, their VAT). No PDFs: the seed does not write to the
 * blob store; finance uploads one in the app.
 */
export async function seedDemoInvoices(db: Kysely<DB>, owner: { tenantId: string; customerId: string }, financeUserId: string): Promise<void> {
  const sos = await db.selectFrom('supplierOrders').select(['id', 'gcsNumber', 'orderId', 'orderNumber', 'supplierId', 'supplierName', 'createdAt'])
    .where('tenantId', '=', owner.tenantId).where('customerId', '=', owner.customerId).orderBy('gcsNumber').limit(3).execute();
  const today = todayInShopZone();
  const plans = [
    { status: 'open', invoiceDate: addDays(today, -9), dueDate: addDays(today, 21) },
    { status: 'expired', invoiceDate: addDays(today, -40), dueDate: addDays(today, -10) },
    { status: 'payed', invoiceDate: addDays(today, -20), dueDate: addDays(today, 10) },
  ] as const;
  if (!sos.length) return;
  const made = new Map<string, number>();
  for (const [i, plan] of plans.entries()) {
    // With fewer supplier orders than plans, one is invoiced twice: its first line on its own (a part delivery).
    const so = sos[i % sos.length]!;
    const nth = (made.get(so.id) ?? 0) + 1;
    made.set(so.id, nth);
    const allLines = await db.selectFrom('supplierOrderLines').select(['id', 'articleNumberSupplier', 'title', 'quantity', 'chargedUnitPrice', 'unitPriceExcl', 'vat'])
      .where('supplierOrderId', '=', so.id).orderBy('lineNumber').execute();
    const soLines = nth > 1 ? allLines.slice(0, 1) : allLines;
    if (!soLines.length) continue;
    const lines = soLines.map((l) => {
      const unitPriceExcl = String(l.chargedUnitPrice ?? l.unitPriceExcl ?? '0.00');
      const total = lineTotal(Number(l.quantity), unitPriceExcl);
      const title = (typeof l.title === 'string' ? JSON.parse(l.title) : l.title) as Record<string, string> | null;
      return { l, unitPriceExcl, total, vat: mulDivHalfUp(toCents(total), BigInt(Number(l.vat ?? 21)), 100n), description: title?.nl ?? title?.en ?? l.articleNumberSupplier };
    });
    const excl = lines.reduce((s, x) => s + toCents(x.total), 0n);
    const vat = lines.reduce((s, x) => s + x.vat, 0n);
    const at = new Date(`${plan.invoiceDate}T09:00:00Z`);
    const invoice = await db.insertInto('invoices').values({
      ...owner, number: `${String(so.gcsNumber)}-F${nth}`, gcsNumber: so.gcsNumber, supplierOrderId: so.id, orderId: so.orderId, orderNumber: so.orderNumber,
      supplierId: so.supplierId, supplierName: so.supplierName, priceExcl: fromCents(excl), priceIncl: fromCents(excl + vat),
      invoiceDate: plan.invoiceDate, dueDate: plan.dueDate, status: plan.status, source: 'manual', createdById: financeUserId, deleted: false,
      paidAt: plan.status === 'payed' ? new Date(at.getTime() + 5 * 86_400_000) : null, paidById: plan.status === 'payed' ? financeUserId : null,
      createdAt: at, updatedAt: at,
    } as never).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('invoiceLines').values(lines.map((x, n) => ({
      ...owner, invoiceId: invoice.id, lineNumber: n + 1, supplierOrderLineId: x.l.id, articleNumberSupplier: x.l.articleNumberSupplier, description: x.description,
      quantity: Number(x.l.quantity), unitPriceExcl: x.unitPriceExcl, vatPercent: Number(x.l.vat ?? 21), lineTotalExcl: x.total, createdAt: at, updatedAt: at,
    }))).execute();
  }
}
