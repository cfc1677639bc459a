import type { Kysely } from 'kysely';
import type { Language } from '../../../model/dsl/i18n';
import { negotiateLanguage } from '../i18n';
import { fromCents, toCents } from '../../shared/money';
import { jsonValue } from '../db/records';
import type { PdfAddress, SupplierOrderPdfData } from './order-pdf';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Reads what a supplier order's PDF shows (order-pdf.ts) as the database holds it now: the supplier
 * order and its lines, the order's number, date and delivery address, the ordering company, the
 * supplier's order PDF settings. The PDF is in the tenant's default language (a supplier has no
 * language of its own in the spec); a line's title in that language, else in any it has.
 */

/** A translated title in `language`, else in any language it has. */
export function titleIn(title: unknown, language: Language): string {
  const t = jsonValue<Record<string, string | null>>(title);
  if (!t) return '';
  return t[language] || t.nl || t.en || t.fr || Object.values(t).find(Boolean) || '';
}

const cents = (v: unknown) => toCents(Number(v ?? 0).toFixed(2));
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : new Date(String(v)).toISOString());

export interface PdfSource {
  data: SupplierOrderPdfData;
  supplierOrder: { id: string; tenantId: string; customerId: string; gcsNumber: string; supplierEmail: string | null; supplierName: string | null };
}

/** The PDF data of supplier order `id` of the tenant, or null when there is none. */
export async function supplierOrderPdfData(db: Kysely<DB>, tenantId: string, id: string): Promise<PdfSource | null> {
  const so = await db.selectFrom('supplierOrders').selectAll().where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
  if (!so) return null;
  const [tenant, customer, order, lines, settings] = await Promise.all([
    db.selectFrom('tenants').select(['name', 'defaultLanguage']).where('id', '=', tenantId).executeTakeFirstOrThrow(),
    db.selectFrom('customers').select(['name', 'vatNumber', 'address']).where('id', '=', so.customerId).executeTakeFirst(),
    so.orderId
      ? db.selectFrom('orders as o').leftJoin('customerAddresses as a', 'a.id', 'o.addressId').leftJoin('users as u', 'u.id', 'o.orderedById')
        .select(['o.orderDate', 'o.address', 'o.requestedDeliveryDate', 'a.address as bookAddress', 'u.displayname', 'u.email'])
        .where('o.id', '=', so.orderId).where('o.tenantId', '=', tenantId).executeTakeFirst()
      : Promise.resolve(undefined),
    db.selectFrom('supplierOrderLines').selectAll().where('supplierOrderId', '=', so.id).where('tenantId', '=', tenantId)
      .orderBy('lineNumber').orderBy('id').execute(),
    so.supplierId
      ? db.selectFrom('orderPdfSettings').select(['header', 'messageToSupplier', 'footer']).where('tenantId', '=', tenantId).where('supplierId', '=', so.supplierId).executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  const language = negotiateLanguage({ tenantDefault: tenant.defaultLanguage });
  let excl = 0n;
  let incl = 0n;
  const pdfLines = lines.map((l) => {
    const quantity = Number(l.quantity);
    const lineExcl = cents(l.chargedUnitPrice) * BigInt(quantity);
    // A line without its total incl. VAT: its VAT rate on the excluded total, rounded half up.
    const lineIncl = l.totalLinePriceIncl != null ? cents(l.totalLinePriceIncl) : (lineExcl * BigInt(100 + Number(l.vat ?? 0)) * 2n + 100n) / 200n;
    excl += lineExcl;
    incl += lineIncl;
    return {
      lineNumber: Number(l.lineNumber ?? 0), articleNumberSupplier: l.articleNumberSupplier ?? null, title: titleIn(l.title, language), quantity,
      unitPrice: fromCents(cents(l.chargedUnitPrice)), vat: l.vat ?? null, totalExcl: fromCents(lineExcl), totalIncl: fromCents(lineIncl),
    };
  });
  // The supplier order's own totals when it has them (they are what was approved); else the lines'.
  // Its shipping is charged on top of the products, VAT included in the totals.
  const shipping = so.shippingCost != null ? cents(so.shippingCost) : 0n;
  const totalExcl = (so.totalExcl != null ? cents(so.totalExcl) : excl) + shipping;
  const totalIncl = so.totalCost != null ? cents(so.totalCost) : so.totalIncl != null ? cents(so.totalIncl) : incl;
  const orderedBy = order ? (order.displayname?.trim() || order.email || null) : null;
  return {
    supplierOrder: {
      id: String(so.id), tenantId, customerId: String(so.customerId), gcsNumber: String(so.gcsNumber ?? so.id),
      supplierEmail: so.supplierEmail?.trim() || null, supplierName: so.supplierName ?? null,
    },
    data: {
      language,
      sender: tenant.name,
      settings: settings ? { header: settings.header ?? null, messageToSupplier: settings.messageToSupplier ?? null, footer: settings.footer ?? null } : null,
      supplierName: so.supplierName ?? null,
      gcsNumber: String(so.gcsNumber ?? so.id),
      orderNumber: so.orderNumber ?? null,
      orderDate: iso(order?.orderDate ?? so.createdAt),
      customer: {
        name: customer?.name ?? null, vatNumber: customer?.vatNumber ?? null,
        deliveryAddress: jsonValue<PdfAddress>(order?.address) ?? jsonValue<PdfAddress>(order?.bookAddress) ?? null,
      },
      orderedBy,
      requestedDeliveryDate: order?.requestedDeliveryDate ? String(order.requestedDeliveryDate).slice(0, 10) : null,
      extraInfo: so.extraInfo ?? null,
      lines: pdfLines,
      totals: { excl: fromCents(totalExcl), vat: fromCents(totalIncl - totalExcl), incl: fromCents(totalIncl), shipping: shipping > 0n ? fromCents(shipping) : null },
    },
  };
}
