import { describe, expect, it } from 'vitest';
import { draftFromUbl, enterpriseNumberOf } from '../../src/server/invoicing/ubl-draft';
import { sample } from './ubl-helpers';

describe('a UBL invoice as the product books it', () => {
  it('takes number, order reference (BT-13), dates, totals and the seller', () => {
    const draft = draftFromUbl(sample());
    expect(draft).toMatchObject({
      kind: 'invoice', number: 'INV-2026-0142', orderReference: 'PO-2026-00042',
      invoiceDate: '2026-03-02', dueDate: '2026-04-01', currency: 'EUR', priceExcl: '125.00', priceIncl: '142.25',
      seller: { vatId: 'BE0456123494', enterpriseNumber: '0456123494' },
    });
    expect(draft.pdf?.mimeCode).toBe('application/pdf');
    expect(Buffer.from(draft.pdf!.content!).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('gives each line the price charged per unit: net amount over quantity, whatever the base quantity', () => {
    const { lines } = draftFromUbl(sample());
    expect(lines.map((l) => [l.lineNumber, l.orderLineReference, l.articleNumberSupplier, l.quantity, l.unitPriceExcl, l.vatPercent, l.lineTotalExcl])).toEqual([
      [1, '1', 'VD-PAP-A4-80', '10', '4.95', '21', '49.50'],
      // 3.20 per 10 pieces: 25 pieces for 8.00, 0.32 each
      [2, '2', 'VD-PEN-BLU', '25', '0.32', '21', '8.00'],
      [3, '3', 'VD-COF-1KG', '4', '15.5', '6', '62.00'],
    ]);
    expect(lines[0].description).toBe('Copy paper A4');
  });

  it('a line allowance lowers the unit price the match sees', () => {
    const doc = sample();
    doc.lines[0].netAmount = '44.50'; // 10 boxes at 4.95 minus a 5.00 line allowance
    expect(draftFromUbl(doc).lines[0].unitPriceExcl).toBe('4.45');
  });

  it('a credit note gives back: negative amounts and quantities, positive unit prices', () => {
    const draft = draftFromUbl(sample('creditNote'));
    expect(draft.kind).toBe('creditNote');
    expect(draft.priceExcl.startsWith('-')).toBe(true);
    expect(draft.lines.every((l) => l.quantity.startsWith('-') && !l.unitPriceExcl.startsWith('-'))).toBe(true);
  });
});

describe('enterprise number of a seller', () => {
  it('reads the ten digits of a Belgian VAT id or company id', () => {
    expect(enterpriseNumberOf('BE0456123494')).toBe('0456123494');
    expect(enterpriseNumberOf('BE 0456.123.494')).toBe('0456123494');
    expect(enterpriseNumberOf('456123494')).toBe('0456123494');
    expect(enterpriseNumberOf('NL123')).toBeNull();
    expect(enterpriseNumberOf(null)).toBeNull();
  });
});
