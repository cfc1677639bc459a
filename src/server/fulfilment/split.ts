import type { Kysely } from 'kysely';
import { CONSTANTS, resourceByName } from '../../../model';
import { insertColumns, jsonValue } from '../db/records';
import { fromCents, mulDivHalfUp, toCents } from '../../shared/money';
import { moneyLines, orderMoney, termsFor } from '../ordering/order-totals';
import type { DB } from '../../../generated/db/database.gen';

/**
 * flows §3, §4: an approved order becomes one supplier order per supplier, in the transaction that
 * approves it. Each gets the order's number and a sequence (`<orderNumber>-<n>`, n by supplier name:
 * the tenant's supplier-order prefix leads it, as it leads the order's number), copies of the order
 * lines as ordered from that supplier, and its totals: its products, its share of the order's
 * shipping (shippingShares) and what it costs in all, so the supplier orders of an order add up to
 * what the order charged (its totalCost before points). An order form's attachment line goes to the
 * chosen quote's supplier (a supplier of the platform or the customer, or only a name and e-mail).
 * Creating them twice for one order does nothing the second time.
 */

const supplierOrders = resourceByName('supplier-orders');
const supplierOrderLines = resourceByName('supplier-order-lines');

interface Owner { tenantId: string; customerId: string }

interface Quote { supplierId?: string | null; supplierName?: string | null; supplierEmail?: string | null; chosen?: boolean | null }

/** Per unit: a line's price is for `priceQuantity` units. Rounded to the cent, half up. */
function perUnit(price: unknown, priceQuantity: unknown): bigint {
  const cents = toCents(String(price ?? '0'));
  const q = BigInt(Math.max(1, Number(priceQuantity ?? 1)));
  return (cents * 2n + q) / (2n * q);
}

interface ShippingShare { cost: bigint; vat: bigint }

/**
 * Each supplier's share of the order's shipping: its shipping cost as the order keeps it
 * (orders.supplierShipping; an order from before that was kept: its suppliers' terms of today), and
 * of the order's VAT on shipping the part on that cost, rounded half up; what the rounding leaves
 * goes to the supplier with the largest cost, so the shares add up to the order's shippingCostVat.
 */
async function shippingShares(db: Kysely<DB>, owner: Owner, order: { id: string; shippingCost: unknown; shippingCostVat: unknown; supplierShipping: unknown }): Promise<Map<string, ShippingShare>> {
  const total = toCents(String(order.shippingCost ?? '0'));
  const shares = new Map<string, ShippingShare>();
  if (total === 0n) return shares;
  let kept = (jsonValue<{ supplierId: string; shippingCost: string }[]>(order.supplierShipping) ?? []).map((s) => ({ supplierId: s.supplierId, cost: toCents(s.shippingCost) }));
  if (!kept.length) {
    const lines = await moneyLines(db, owner, order.id);
    kept = orderMoney(lines, await termsFor(db, owner, lines)).suppliers.map((s) => ({ supplierId: s.supplierId, cost: s.shippingCost }));
  }
  for (const s of kept) shares.set(s.supplierId, { cost: s.cost, vat: mulDivHalfUp(s.cost, BigInt(CONSTANTS.standardVat), 100n) });
  const largest = [...shares.values()].sort((a, b) => (b.cost > a.cost ? 1 : b.cost < a.cost ? -1 : 0))[0];
  const vat = [...shares.values()].reduce((sum, s) => sum + s.vat, 0n);
  if (largest) largest.vat += toCents(String(order.shippingCostVat ?? '0')) - vat;
  return shares;
}

/** Creates the order's supplier orders (none when it has some already), in the caller's transaction. Answers their ids. */
export async function createSupplierOrders(trx: Kysely<DB>, { tenantId, customerId }: Owner, orderId: string): Promise<string[]> {
  const owner: Owner = { tenantId, customerId };
  const order = await trx.selectFrom('orders').select(['id', 'orderNumber', 'orderedById', 'quotes', 'status', 'shippingCost', 'shippingCostVat', 'supplierShipping']).where('id', '=', orderId)
    .where('tenantId', '=', owner.tenantId).where('customerId', '=', owner.customerId).executeTakeFirst();
  if (!order) return [];
  const existing = await trx.selectFrom('supplierOrders').select('id').where('orderId', '=', orderId).where('tenantId', '=', owner.tenantId).execute();
  if (existing.length) return [];
  const lines = await trx.selectFrom('orderLines as l').leftJoin('supplierArticles as a', 'a.id', 'l.supplierArticleId')
    .select(['l.id', 'l.lineNumber', 'l.lineType', 'l.supplierArticleId', 'l.supplierId', 'l.articleNumberSupplier', 'l.title', 'l.unitPrice',
      'l.priceQuantity', 'l.tax', 'l.amount', 'l.totalLineCostExcl', 'l.totalLineCostIncl', 'l.giftCard',
      'a.price as catalogPrice', 'a.priceQuantity as catalogPriceQuantity'])
    .where('l.orderId', '=', orderId).where('l.tenantId', '=', owner.tenantId).orderBy('l.lineNumber').orderBy('l.id').execute();
  if (!lines.length) return [];

  const chosen = (jsonValue<Quote[]>(order.quotes) ?? []).find((q) => q.chosen) ?? null;
  const key = (supplierId: unknown) => (supplierId ? String(supplierId) : 'quote');
  const groups = new Map<string, typeof lines>();
  for (const line of lines) {
    const k = key(line.supplierId ?? (line.lineType === 'attachment' ? chosen?.supplierId : null));
    groups.set(k, [...(groups.get(k) ?? []), line]);
  }
  const supplierIds = [...groups.keys()].filter((k) => k !== 'quote');
  const suppliers = supplierIds.length
    ? await trx.selectFrom('suppliers').select(['id', 'name', 'orderEmail', 'email', 'customerId']).where('id', 'in', supplierIds).where('tenantId', '=', owner.tenantId).execute()
    : [];
  const byId = new Map(suppliers.map((s) => [String(s.id), s]));
  const named = [...groups.entries()].map(([k, group]) => {
    const s = byId.get(k);
    return {
      group,
      supplierId: s ? String(s.id) : null,
      supplierName: (s?.name as string | null | undefined) ?? chosen?.supplierName ?? null,
      supplierEmail: (s ? (s.orderEmail ?? s.email) as string | null : chosen?.supplierEmail) ?? null,
      supplierType: s && s.customerId == null ? 'platform' : 'own',
    };
  }).sort((a, b) => (a.supplierName ?? '').localeCompare(b.supplierName ?? '') || (a.supplierId ?? '').localeCompare(b.supplierId ?? ''));

  const shipping = await shippingShares(trx, owner, { ...order, id: String(order.id) });
  const ids: string[] = [];
  for (const [index, s] of named.entries()) {
    let excl = 0n;
    let incl = 0n;
    let saved = 0n;
    const rows = s.group.map((l, i) => {
      const charged = perUnit(l.unitPrice, l.priceQuantity);
      const catalogue = l.catalogPrice == null ? charged : perUnit(l.catalogPrice, l.catalogPriceQuantity);
      const quantity = Number(l.amount);
      excl += toCents(String(l.totalLineCostExcl ?? '0'));
      incl += toCents(String(l.totalLineCostIncl ?? '0'));
      if (catalogue > charged) saved += (catalogue - charged) * BigInt(quantity);
      return {
        orderLineId: String(l.id), lineNumber: i + 1, supplierArticleId: (l.supplierArticleId as string | null) ?? null,
        articleNumberSupplier: (l.articleNumberSupplier as string | null) ?? null, title: jsonValue<Record<string, string>>(l.title),
        quantity, quantityToBeDelivered: quantity, despatchQuantity: 0, replacement: false,
        unitPriceExcl: fromCents(catalogue), chargedUnitPrice: fromCents(charged), vat: (l.tax as number | null) ?? null,
        totalLinePriceIncl: l.totalLineCostIncl == null ? null : String(l.totalLineCostIncl), giftCard: l.giftCard != null,
      };
    });
    const share = (s.supplierId && shipping.get(s.supplierId)) || { cost: 0n, vat: 0n };
    const inserted = await trx.insertInto('supplierOrders').values({
      ...owner,
      ...insertColumns('supplierOrders', supplierOrders, {
        gcsNumber: `${order.orderNumber ?? String(order.id).slice(0, 8).toUpperCase()}-${index + 1}`,
        orderId, orderNumber: order.orderNumber, orderedById: order.orderedById, supplierId: s.supplierId, supplierName: s.supplierName, supplierEmail: s.supplierEmail,
        supplierType: s.supplierType, status: 'CREATED', totalExcl: fromCents(excl), totalIncl: fromCents(incl), saveAmount: fromCents(saved),
        shippingCost: fromCents(share.cost), shippingCostVat: fromCents(share.vat), totalCost: fromCents(incl + share.cost + share.vat),
      }),
    }).returning('id').executeTakeFirstOrThrow();
    const id = String(inserted.id);
    ids.push(id);
    await trx.insertInto('supplierOrderLines').values(rows.map((r) => ({
      ...owner, ...insertColumns('supplierOrderLines', supplierOrderLines, { ...r, supplierOrderId: id }),
    }))).execute();
  }
  return ids;
}
