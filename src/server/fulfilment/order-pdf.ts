import { createRequire } from 'node:module';
import type { FastifyReply } from 'fastify';
import path from 'node:path';
import type { Language } from '../../../model/dsl/i18n';
import { COUNTRY_LABELS } from '../../../model/catalogue/texts';
import { serverText, type TextValues } from '../i18n';
import type { SUPPLIER_ORDER_PDF_LABELS } from './order-pdf-texts';
import type { PostalAddress } from '../ordering/address-book';
import { SHOP_TIME_ZONE } from '../../shared/dates';
import { attachmentDisposition } from '../storage/blob-store';

/**
 * The PDF of a supplier order, as the supplier receives it (flows §3 supplier order, order PDF
 * customisation): the supplier's header, the supplier order's and the order's numbers, the ordering
 * company (name, VAT number, the order's delivery address), the lines, the totals, the message to the
 * supplier and the footer. A pure function of its data: the sending job and the PDF calls load the
 * data (order-pdf-data.ts) and this only lays it out.
 *
 * pdfmake 0.3 (server build) with its bundled Roboto: a document may name neither a URL nor a local
 * file (both access policies refuse everything but the font files), so nothing a user typed can make
 * the server fetch or read anything.
 */

const require = createRequire(import.meta.url);

interface PdfMake {
  addFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (file: string) => boolean): void;
  createPdf(doc: Record<string, unknown>): { getBuffer(): Promise<Buffer> };
}

let configured: PdfMake | null = null;

/** pdfmake, its fonts added and both access policies set (once per process: pdfmake is a module singleton). */
function pdfmake(): PdfMake {
  if (configured) return configured;
  const lib = require('pdfmake') as PdfMake;
  const roboto = require('pdfmake/fonts/Roboto') as { Roboto: Record<string, string> };
  const fontFiles = new Set(Object.values(roboto.Roboto).map((f) => path.resolve(f)));
  lib.addFonts(roboto);
  lib.setUrlAccessPolicy(() => false);
  lib.setLocalAccessPolicy((file) => fontFiles.has(path.resolve(file)));
  configured = lib;
  return lib;
}

/** The order's delivery address as the address book keeps one. */
export type PdfAddress = PostalAddress;

export interface SupplierOrderPdfLine {
  lineNumber: number;
  articleNumberSupplier: string | null;
  /** In the PDF's language (order-pdf-data.ts picks it from the line's translations). */
  title: string;
  quantity: number;
  /** Decimal strings, excluding VAT: the price charged per unit. */
  unitPrice: string;
  vat: number | null;
  totalExcl: string;
  totalIncl: string | null;
}

export interface SupplierOrderPdfData {
  language: Language;
  /** The platform's name (the tenant's product name), who sends the order. */
  sender: string;
  settings: { header: string | null; messageToSupplier: string | null; footer: string | null } | null;
  supplierName: string | null;
  gcsNumber: string;
  orderNumber: string | null;
  /** ISO date-time of the order (or of the supplier order when the order has none). */
  orderDate: string | null;
  customer: { name: string | null; vatNumber: string | null; deliveryAddress: PdfAddress | null };
  orderedBy: string | null;
  /** yyyy-MM-dd: when the company would like the goods, if it said. */
  requestedDeliveryDate?: string | null;
  extraInfo: string | null;
  lines: readonly SupplierOrderPdfLine[];
  /** `shipping`: the supplier's shipping cost excluding VAT (in excl, vat and incl too), shown when there is one. */
  totals: { excl: string; vat: string; incl: string; shipping?: string | null };
}

const LOCALES: Readonly<Record<Language, string>> = { nl: 'nl-BE', en: 'en-BE', fr: 'fr-BE' };

/** An amount (a decimal string) as euros in the PDF's language. */
export const pdfMoney = (amount: string | null, language: Language) =>
  amount == null ? '' : new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'EUR' }).format(Number(amount));

/** An ISO date-time as a long date in the PDF's language (the shop's time zone). */
export const pdfDate = (iso: string | null, language: Language) =>
  iso ? new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: SHOP_TIME_ZONE }).format(new Date(iso)) : '';

/** An address as its lines: street and number (and box), postcode and city, country. */
export function addressLines(a: PdfAddress | null, language: Language): string[] {
  if (!a) return [];
  const street = [a.street, a.houseNumber].filter(Boolean).join(' ') + (a.bus ? ` ${a.bus}` : '');
  const city = [a.zipCode, a.city].filter(Boolean).join(' ');
  const country = !a.countryCode ? '' : Object.hasOwn(COUNTRY_LABELS, a.countryCode) ? serverText(language, `countries.${a.countryCode}`) : a.countryCode;
  return [street.trim(), city, country].filter(Boolean);
}

/** The file name the PDF is offered and attached under. */
/**
 * The page of an order document: A4, its margins and font, the document's properties, and a footer
 * with `footer` on the left and the page number (`page(n, of)`) on the right.
 */
export function pdfFrame(o: { title: string; subject: string; sender: string; footer: string; page: (page: number, pages: number) => string; compress?: boolean }): Record<string, unknown> {
  return {
    compress: o.compress ?? true,
    info: { title: o.title, author: o.sender, subject: o.subject, creator: o.sender, producer: o.sender },
    pageSize: 'A4',
    pageMargins: [40, 50, 40, 60],
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    footer: (current: number, count: number) => ({
      margin: [40, 10, 40, 0],
      columns: [
        { text: o.footer, fontSize: 8, color: '#555555' },
        { text: o.page(current, count), alignment: 'right', fontSize: 8, color: '#555555', width: 70 },
      ],
    }),
  };
}

/** The totals box at the bottom right of an order document: a label and an amount a row, the last (the total to pay) in bold. */
export function pdfTotals(rows: readonly (readonly [label: string, amount: string])[], width: number): Record<string, unknown> {
  return {
    margin: [0, 10, 0, 0],
    columns: [
      { width: '*', text: '' },
      {
        width,
        table: {
          widths: ['*', 80],
          body: rows.map(([label, amount], i) => {
            const bold = i === rows.length - 1;
            return [{ text: label, bold }, { text: amount, bold, alignment: 'right' }];
          }),
        },
        layout: 'noBorders',
      },
    ],
  };
}

export const supplierOrderPdfName = (gcsNumber: string) => `${gcsNumber.replace(/[^\w.-]+/g, '_')}.pdf`;

/** Builds the PDF document definition (exported for tests that look at the layout without rendering). */
export function supplierOrderDocument(data: SupplierOrderPdfData, options: { compress?: boolean } = {}): Record<string, unknown> {
  const L = (key: keyof typeof SUPPLIER_ORDER_PDF_LABELS, values?: TextValues) => serverText(data.language, `pdf.supplierOrder.${key}`, values);
  const cell = (text: string, extra: Record<string, unknown> = {}) => ({ text, ...extra });
  const right = (text: string) => cell(text, { alignment: 'right' });
  const header = data.settings?.header?.trim();
  const message = data.settings?.messageToSupplier?.trim();
  const footer = data.settings?.footer?.trim();

  return {
    ...pdfFrame({ title: L('title', { gcsNumber: data.gcsNumber }), subject: data.gcsNumber, sender: data.sender, footer: footer ?? '',
      page: (page, pages) => L('page', { page, pages }), compress: options.compress }),
    content: [
      ...(header ? [{ text: header, margin: [0, 0, 0, 12] }] : []),
      { text: L('title', { gcsNumber: data.gcsNumber }), fontSize: 16, bold: true, margin: [0, 0, 0, 8] },
      {
        columns: [
          {
            width: '*',
            stack: [
              { text: L('supplier'), bold: true },
              data.supplierName ?? '',
              { text: ' ' },
              { text: `${L('supplierOrder')}: ${data.gcsNumber}` },
              { text: `${L('order')}: ${data.orderNumber ?? ''}` },
              { text: `${L('date')}: ${pdfDate(data.orderDate, data.language)}` },
            ],
          },
          {
            width: '*',
            stack: [
              { text: L('customer'), bold: true },
              data.customer.name ?? '',
              ...(data.customer.vatNumber ? [`${L('vatNumber')}: ${data.customer.vatNumber}`] : []),
              ...(data.orderedBy ? [`${L('orderedBy')}: ${data.orderedBy}`] : []),
              { text: ' ' },
              { text: L('deliveryAddress'), bold: true },
              ...addressLines(data.customer.deliveryAddress, data.language),
              ...(data.requestedDeliveryDate
                ? [{ text: ' ' }, { text: L('requestedDeliveryDate'), bold: true }, pdfDate(`${data.requestedDeliveryDate}T12:00:00Z`, data.language)]
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
          widths: [18, 80, '*', 30, 60, 30, 65],
          body: [
            [L('line'), L('article'), L('description'), L('quantity'), L('unitPrice'), L('vat'), L('total')].map((h, i) => cell(h, { bold: true, alignment: i >= 3 ? 'right' : 'left' })),
            ...data.lines.map((l) => [
              cell(String(l.lineNumber)), cell(l.articleNumberSupplier ?? ''), cell(l.title), right(String(l.quantity)),
              right(pdfMoney(l.unitPrice, data.language)), right(l.vat == null ? '' : `${l.vat}%`), right(pdfMoney(l.totalExcl, data.language)),
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      pdfTotals([
        ...(data.totals.shipping && Number(data.totals.shipping) > 0 ? [[L('shipping'), pdfMoney(data.totals.shipping, data.language)] as const] : []),
        [L('totalExcl'), pdfMoney(data.totals.excl, data.language)],
        [L('totalVat'), pdfMoney(data.totals.vat, data.language)],
        [L('totalIncl'), pdfMoney(data.totals.incl, data.language)],
      ], 200),
      ...(data.extraInfo?.trim() ? [{ text: L('extraInfo'), bold: true, margin: [0, 14, 0, 2] }, { text: data.extraInfo.trim() }] : []),
      ...(message ? [{ text: message, margin: [0, 16, 0, 0] }] : []),
    ],
  };
}

/**
 * A document definition rendered by the project's one PDF writer (pdfmake, configured above): the
 * supplier order's PDF and the buyer's order PDF (ordering/order-pdf.ts) both come out of here.
 */
export async function renderPdf(doc: Record<string, unknown>): Promise<Buffer> {
  const buffer = await pdfmake().createPdf(doc).getBuffer();
  return Buffer.from(buffer);
}

/** Answers a rendered PDF under `fileName`: a download, or shown in the browser (`inline`); never cached. */
export function replyPdf(reply: FastifyReply, pdf: Buffer, fileName: string, inline: boolean) {
  const disposition = attachmentDisposition(fileName);
  return reply.type('application/pdf').header('content-length', String(pdf.length))
    .header('content-disposition', inline ? disposition.replace(/^attachment/, 'inline') : disposition)
    .header('cache-control', 'private, no-store').send(pdf);
}

/** The supplier order's PDF (compressed unless asked otherwise: tests read an uncompressed one). */
export async function supplierOrderPdf(data: SupplierOrderPdfData, options: { compress?: boolean } = {}): Promise<Buffer> {
  return renderPdf(supplierOrderDocument(data, options));
}
