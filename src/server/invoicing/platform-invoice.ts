import { sql, type Kysely } from 'kysely';
import { CONFIRMED_DELIVERY_STATUSES, CONSTANTS, type DeliveryStatus } from '../../../model';
import { UUID_RE } from '../db/records';
import { ApiError } from '../errors';
import { addDays, todayInShopZone } from '../../shared/shop-clock';
import { fromCents, mulDivHalfUp, toCents } from '../../shared/money';
import type { Who } from '../fulfilment/parties';
import { insertLines, invoiceDetail, lineTotal, reread, type Db, type LineInput } from './invoices';
import { refreshMatch } from './three-way';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The platform's invoice of a confirmed delivery (POST /admin/invoices/create-yc-invoice): its
 * number, its lines from what the delivery kept at the supplier order's prices, its due date.
 */


/** Invoice numbers of the platform `F-<year>-<6-digit sequence>`, one app_state counter per tenant and year (as order numbers). */
async function nextInvoiceNumber(db: Db, tenantId: string): Promise<string> {
  const year = todayInShopZone().slice(0, 4);
  const key = `invoiceNumber:${tenantId}:${year}`;
  const result = await sql<{ last: string }>`
    insert into app_state (key, value, updated_at) values (${key}, '{"last":1}'::jsonb, now())
    on conflict (key) do update set value = jsonb_build_object('last', (app_state.value->>'last')::int + 1), updated_at = now()
    returning (value->>'last') as last`.execute(db);
  return `F-${year}-${String(Number(result.rows[0]!.last)).padStart(6, '0')}`;
}

const titleIn = (title: unknown, language: string): string | null => {
  const value = typeof title === 'string' ? (() => { try { return JSON.parse(title) as unknown; } catch { return title; } })() : title;
  if (!value || typeof value !== 'object') return typeof value === 'string' ? value : null;
  const t = value as Record<string, string | undefined>;
  return t[language] ?? t.nl ?? t.en ?? t.fr ?? null;
};

/**
 * POST /admin/invoices/create-yc-invoice: the platform's invoice of a confirmed delivery. One line per
 * delivery line that kept something (delivered less returned), at the supplier-order line's charged
 * unit price (what the order charged; the catalogue price when none) and its VAT; totals from the
 * lines, VAT rounded per line. Invoice date today (Brussels), due after the payment term. The
 * delivery row is locked, so two calls at once make one invoice; the second is DeliveryAlreadyInvoiced.
 */
export async function createPlatformInvoice(db: Kysely<DB>, tenantId: string, who: Who, deliveryId: string, language: string) {
  return db.transaction().execute(async (trx) => {
    if (!UUID_RE.test(deliveryId)) throw new ApiError('DeliveryNotFound');
    const d = await trx.selectFrom('deliveries').selectAll().where('tenantId', '=', tenantId).where('id', '=', deliveryId).forUpdate().executeTakeFirst();
    if (!d) throw new ApiError('DeliveryNotFound');
    if (!CONFIRMED_DELIVERY_STATUSES.includes(d.status as DeliveryStatus)) throw new ApiError('DeliveryNotConfirmed');
    const existing = await trx.selectFrom('invoices').select('id').where('tenantId', '=', tenantId).where('deliveryId', '=', deliveryId).where('deleted', '=', false).executeTakeFirst();
    if (existing) throw new ApiError('DeliveryAlreadyInvoiced');
    const dLines = await trx.selectFrom('deliveryLines').selectAll().where('deliveryId', '=', deliveryId).where('tenantId', '=', tenantId).orderBy('lineNumber').orderBy('id').execute();
    const soLineIds = dLines.map((l) => l.supplierOrderLineId).filter((v): v is string => typeof v === 'string');
    const soLines = soLineIds.length ? await trx.selectFrom('supplierOrderLines').select(['id', 'chargedUnitPrice', 'unitPriceExcl', 'vat']).where('id', 'in', soLineIds).execute() : [];
    const lines: (LineInput & { vat: bigint })[] = [];
    for (const l of dLines) {
      const quantity = Math.max(0, Number(l.delivered ?? 0) - Number(l.returned ?? 0));
      if (quantity <= 0) continue;
      const so = soLines.find((s) => s.id === l.supplierOrderLineId);
      const unitPriceExcl = String(so?.chargedUnitPrice ?? so?.unitPriceExcl ?? '0.00');
      const vatPercent = Number(so?.vat ?? CONSTANTS.standardVat);
      const total = lineTotal(quantity, unitPriceExcl);
      lines.push({
        supplierOrderLineId: l.supplierOrderLineId, articleNumberSupplier: l.articleNumberSupplier, description: titleIn(l.title, language) ?? l.articleNumberSupplier,
        quantity, unitPriceExcl, vatPercent, lineTotalExcl: total, vat: mulDivHalfUp(toCents(total), BigInt(Math.round(vatPercent * 100)), 10000n),
      });
    }
    if (!lines.length) throw new ApiError('NothingToInvoice');
    const excl = lines.reduce((s, l) => s + toCents(l.lineTotalExcl!), 0n);
    const vat = lines.reduce((s, l) => s + l.vat, 0n);
    const invoiceDate = todayInShopZone();
    const dueDate = addDays(invoiceDate, CONSTANTS.invoicePaymentTermDays);
    const created = await trx.insertInto('invoices').values({
      tenantId, customerId: d.customerId, number: await nextInvoiceNumber(trx, tenantId), gcsNumber: d.gcsNumber, supplierOrderId: d.supplierOrderId,
      orderId: d.orderId, orderNumber: d.orderNumber, deliveryId: d.id, supplierId: d.supplierId, supplierName: d.supplierName,
      priceExcl: fromCents(excl), priceIncl: fromCents(excl + vat), invoiceDate, dueDate, status: 'open', source: 'platform',
      createdById: who.user.id, deleted: false,
    } as never).returning('id').executeTakeFirstOrThrow();
    const inv = await reread(trx, String(created.id));
    await insertLines(trx, inv, lines.map(({ vat: _vat, ...l }) => l));
    await refreshMatch(trx, inv.id);
    await trx.updateTable('deliveries').set({ hasInvoice: true, updatedAt: sql`clock_timestamp()` }).where('id', '=', d.id).execute();
    return invoiceDetail(trx, who, await reread(trx, inv.id));
  });
}

