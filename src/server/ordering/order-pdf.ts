import type { Kysely } from 'kysely';
import type { Language } from '../../../model/dsl/i18n';
import { ORDER_STATUSES } from '../../../model';
import { fromCents, toCents } from '../../shared/money';
import { jsonValue } from '../db/records';
import { serverText, type TextValues } from '../i18n';
import { addressLines, pdfDate, pdfFrame, pdfMoney, pdfTotals, renderPdf, type PdfAddress } from '../fulfilment/order-pdf';
import { titleIn } from '../fulfilment/order-pdf-data';
import type { ORDER_PDF_LABELS } from './order-pdf-texts';
import type { Acting } from './acting';
import type { DB } from '../../../generated/db/database.gen';
import type { OrderLineRecord } from '../../../generated/types/order-lines.gen';
import type { OrderRecord } from '../../../generated/types/orders.gen';

/**
 * The buyer's PDF of a whole order (GET /v2/orders/{id}/pdf), to print and archive: its number, date
 * and status, the company, who ordered it, the department, the delivery address, the requested
 * delivery date, the budgets, each line with its supplier, and the totals, in the reader's language.
 * Made from the order as GET /v2/orders/{id} answers it (orderDto: the same reading, the same
 * refusal) and rendered by the project's one PDF writer (fulfilment/order-pdf.ts renderPdf).
 */

export interface OrderPdfLine {
  lineNumber: number;
  articleNumber: string | null;
  title: string;
  supplier: string | null;
  quantity: number;
  /** Decimal strings, excluding VAT. */
  unitPrice: string | null;
  totalExcl: string | null;
}

export interface OrderPdfData {
  language: Language;
  /** The platform's name (the tenant's), the PDF's author. */
  sender: string;
  orderNumber: string | null;
  orderDate: string | null;
  /** The status's name in the PDF's language. */
  status: string | null;
  company: string | null;
  orderedBy: string | null;
  department: string | null;
  about: string | null;
  deliveryAddress: PdfAddress | null;
  /** yyyy-MM-dd, when the company named one. */
  requestedDeliveryDate: string | null;
  budgets: readonly string[];
  lines: readonly OrderPdfLine[];
  totals: { products: string; shipping: string; excl: string; vat: string; loyaltyDiscount: string | null; incl: string };
}

/** The order as orderDto reads it (GET /v2/orders/{id}'s answer): its record, lines, budgets and context. */
export type OrderForPdf = OrderRecord & {
  orderLines: readonly OrderLineRecord[];
  budgets: readonly { name: string }[];
  context?: { orderedByName: string | null; departmentName: string | null; suppliers: readonly { id: string | null; name: string }[] };
};

const cents = (v: unknown) => toCents(Number(v ?? 0).toFixed(2));
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : new Date(String(v)).toISOString());

/** What the PDF of `order` (read through orderDto, so already the caller's to read) shows, in `language`. */
export async function orderPdfData(db: Kysely<DB>, acting: Acting, order: OrderForPdf, language: Language): Promise<OrderPdfData> {
  const [tenant, customer, book] = await Promise.all([
    db.selectFrom('tenants').select('name').where('id', '=', acting.tenantId).executeTakeFirstOrThrow(),
    db.selectFrom('customers').select('name').where('id', '=', acting.customerId).where('tenantId', '=', acting.tenantId).executeTakeFirst(),
    order.addressId && !order.address
      ? db.selectFrom('customerAddresses').select('address').where('id', '=', String(order.addressId)).where('tenantId', '=', acting.tenantId).executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  const suppliers = new Map((order.context?.suppliers ?? []).map((s) => [s.id, s.name]));
  const products = cents(order.totalProductCostExcl);
  const shipping = cents(order.shippingCost);
  const vat = cents(order.totalProductCostIncl) - products + cents(order.shippingCostVat);
  const discount = cents(order.loyaltyDiscount);
  const status = order.status && Object.hasOwn(ORDER_STATUSES, order.status) ? ORDER_STATUSES[order.status as keyof typeof ORDER_STATUSES][language] : order.status ?? null;
  return {
    language,
    sender: tenant.name,
    orderNumber: order.orderNumber ?? null,
    orderDate: iso(order.orderDate),
    status,
    company: customer?.name ?? null,
    orderedBy: order.context?.orderedByName ?? null,
    department: order.context?.departmentName ?? null,
    about: order.about ?? null,
    deliveryAddress: (order.address as PdfAddress | null) ?? jsonValue<PdfAddress>(book?.address) ?? null,
    requestedDeliveryDate: order.requestedDeliveryDate ? String(order.requestedDeliveryDate).slice(0, 10) : null,
    budgets: order.budgets.map((b) => b.name),
    lines: order.orderLines.map((l) => ({
      lineNumber: Number(l.lineNumber ?? 0), articleNumber: l.articleNumberSupplier ?? null, title: titleIn(l.title, language),
      supplier: l.supplierId ? suppliers.get(String(l.supplierId)) ?? null : null, quantity: Number(l.amount ?? 0),
      unitPrice: l.unitPrice ?? null, totalExcl: l.totalLineCostExcl ?? null,
    })),
    totals: {
      products: fromCents(products), shipping: fromCents(shipping), excl: fromCents(products + shipping), vat: fromCents(vat),
      loyaltyDiscount: discount > 0n ? fromCents(discount) : null, incl: fromCents(cents(order.totalCost)),
    },
  };
}

/** The file name the order's PDF is offered under. */
export const orderPdfName = (orderNumber: string | null, id: string) => `${(orderNumber ?? id).replace(/[^\w.-]+/g, '_')}.pdf`;

/** The PDF's document definition (exported for tests that look at the layout without rendering). */
export function orderDocument(data: OrderPdfData, options: { compress?: boolean } = {}): Record<string, unknown> {
  const L = (key: keyof typeof ORDER_PDF_LABELS, values?: TextValues) => serverText(data.language, `pdf.order.${key}`, values);
  const money = (amount: string | null) => pdfMoney(amount, data.language);
  const cell = (text: string, extra: Record<string, unknown> = {}) => ({ text, ...extra });
  const right = (text: string) => cell(text, { alignment: 'right' });
  const fact = (label: string, value: string | null | undefined) => (value ? [{ text: [{ text: `${label}: `, bold: true }, value] }] : []);
  const title = L('title', { orderNumber: data.orderNumber ?? '' });

  return {
    ...pdfFrame({ title, subject: data.orderNumber ?? '', sender: data.sender, footer: data.sender, page: (page, pages) => L('page', { page, pages }), compress: options.compress }),
    content: [
      { text: title, fontSize: 16, bold: true, margin: [0, 0, 0, 8] },
      {
        columns: [
          {
            width: '*',
            stack: [
              ...fact(L('order'), data.orderNumber),
              ...fact(L('date'), pdfDate(data.orderDate, data.language)),
              ...fact(L('status'), data.status),
              ...fact(L('company'), data.company),
              ...fact(L('orderedBy'), data.orderedBy),
              ...fact(L('department'), data.department),
              ...fact(L('budget'), data.budgets.join(', ')),
              ...fact(L('about'), data.about),
            ],
          },
          {
            width: '*',
            stack: [
              { text: L('deliveryAddress'), bold: true },
              ...addressLines(data.deliveryAddress, data.language),
              ...(data.requestedDeliveryDate
                ? [{ text: ' ' }, ...fact(L('requestedDeliveryDate'), pdfDate(`${data.requestedDeliveryDate}T12:00:00Z`, data.language))]
                : []),
            ],
          },
        ],
        columnGap: 20,
        margin: [0, 0, 0, 14],
      },
      {
        table: {
          headerRows: 1,
          widths: [18, '*', 90, 30, 60, 65],
          body: [
            [L('line'), L('article'), L('supplier'), L('quantity'), L('unitPrice'), L('total')].map((h, i) => cell(h, { bold: true, alignment: i >= 3 ? 'right' : 'left' })),
            ...data.lines.map((l) => [
              cell(String(l.lineNumber)),
              { stack: [l.title, ...(l.articleNumber ? [{ text: l.articleNumber, color: '#555555' }] : [])] },
              cell(l.supplier ?? ''), right(String(l.quantity)), right(money(l.unitPrice)), right(money(l.totalExcl)),
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      pdfTotals([
        [L('products'), money(data.totals.products)],
        [L('shipping'), money(data.totals.shipping)],
        [L('totalExcl'), money(data.totals.excl)],
        [L('totalVat'), money(data.totals.vat)],
        ...(data.totals.loyaltyDiscount ? [[L('loyaltyDiscount'), `− ${money(data.totals.loyaltyDiscount)}`] as const] : []),
        [L('totalIncl'), money(data.totals.incl)],
      ], 220),
    ],
  };
}

/** The order's PDF (compressed unless asked otherwise: tests read an uncompressed one). */
export async function orderPdf(data: OrderPdfData, options: { compress?: boolean } = {}): Promise<Buffer> {
  return renderPdf(orderDocument(data, options));
}
