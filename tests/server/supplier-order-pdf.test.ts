import { describe, expect, test } from 'vitest';
import { supplierOrderPdf, type SupplierOrderPdfData } from '../../src/server/fulfilment/order-pdf';
import { pdfContains, pdfTexts } from './pdf-text';

/** The supplier order's PDF (pdfmake 0.3): what the supplier reads is in it, and a document reaches neither a URL nor a file. */

const data: SupplierOrderPdfData = {
  language: 'nl',
  sender: 'Inkoopshop',
  settings: { header: 'Kantoorgroep NV — Kerkstraat 12, 9000 Gent', messageToSupplier: 'Gelieve binnen twee werkdagen te bevestigen.', footer: 'IBAN BE68 5390 0754 7034' },
  supplierName: 'Office Depot',
  gcsNumber: 'YCS-2024-0042-1',
  orderNumber: 'YCS-2024-0042',
  orderDate: '2024-05-02T10:00:00Z',
  customer: { name: 'Bakkerij Janssens BV', vatNumber: 'BE0123456749', deliveryAddress: { street: 'Veldstraat', houseNumber: '5', zipCode: '9000', city: 'Gent', countryCode: 'BE' } },
  orderedBy: 'Bert Buyer',
  extraInfo: null,
  lines: [
    { lineNumber: 1, articleNumberSupplier: 'OD-88231', title: 'Balpen blauw (doos van 50)', quantity: 3, unitPrice: '12.50', vat: 21, totalExcl: '37.50', totalIncl: '45.38' },
    { lineNumber: 2, articleNumberSupplier: 'OD-10001', title: 'Kopieerpapier A4 80 g', quantity: 10, unitPrice: '4.20', vat: 21, totalExcl: '42.00', totalIncl: '50.82' },
  ],
  totals: { excl: '79.50', vat: '16.70', incl: '96.20' },
};

describe('supplierOrderPdf', () => {
  test('a PDF with the numbers, the customer, the lines, the totals, the header, the message and the footer', async () => {
    const pdf = await supplierOrderPdf(data, { compress: false });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (const text of ['YCS-2024-0042-1', 'YCS-2024-0042', 'OD-88231', 'OD-10001', 'Balpen blauw (doos van 50)', 'Bakkerij Janssens BV', 'BE0123456749',
      'Veldstraat 5', '9000 Gent', 'Kantoorgroep NV', 'Gelieve binnen twee werkdagen te bevestigen.', 'IBAN BE68 5390 0754 7034', 'Leveradres']) {
      expect(pdfContains(pdf, text), text).toBe(true);
    }
    const all = pdfTexts(pdf).join('\n');
    // Belgian amounts: € 96,20 (the Intl separator may be a no-break space).
    expect(all).toMatch(/96,20/);
    expect(all).toMatch(/37,50/);
    expect(pdfContains(pdf, 'not in this PDF')).toBe(false);
  });

  test('compressed by default, still a PDF; in English with the English labels; without settings it leaves them out', async () => {
    const compressed = await supplierOrderPdf(data);
    expect(compressed.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const english = await supplierOrderPdf({ ...data, language: 'en', settings: null }, { compress: false });
    expect(pdfContains(english, 'Delivery address')).toBe(true);
    expect(pdfContains(english, 'Kantoorgroep NV')).toBe(false);
    expect(pdfContains(english, 'OD-88231')).toBe(true);
  });

  test('text that looks like a file or an address is printed, never opened', async () => {
    const pdf = await supplierOrderPdf({ ...data, settings: { header: '/etc/passwd', messageToSupplier: 'http://169.254.169.254/latest', footer: null } }, { compress: false });
    expect(pdfContains(pdf, '/etc/passwd')).toBe(true);
    expect(pdfContains(pdf, 'http://169.254.169.254/latest')).toBe(true);
  });
});
