import { describe, expect, it } from 'vitest';
import { matchInvoice, resolveOrderedLine, unitPriceOf, type InvoicedLine, type MatchInput, type OrderedLine } from '../../src/server/invoicing/match';

const ordered: OrderedLine[] = [
  { id: 'sol-1', lineNumber: 1, articleNumberSupplier: 'PAP-A4', quantity: 10, unitPriceExcl: '4.50' },
  { id: 'sol-2', lineNumber: 2, articleNumberSupplier: 'PEN-BL', quantity: 20, unitPriceExcl: '1.20' },
];
const line = (over: Partial<InvoicedLine>): InvoicedLine => ({
  lineNumber: 1, supplierOrderLineId: 'sol-1', articleNumberSupplier: 'PAP-A4', quantity: '10', unitPriceExcl: '4.50', ...over,
});
const input = (over: Partial<MatchInput>): MatchInput => ({
  ordered,
  received: new Map([['sol-1', 10], ['sol-2', 20]]),
  invoicedBefore: new Map(),
  lines: [line({})],
  totalExcl: null,
  tolerance: { pricePercent: '0', quantityPercent: '0' },
  ...over,
});

describe('three-way match', () => {
  it('matches an invoice that charges what was ordered and received at the agreed price', () => {
    const result = matchInvoice(input({ lines: [line({}), line({ lineNumber: 2, supplierOrderLineId: 'sol-2', quantity: '20', unitPriceExcl: '1.2' })] }));
    expect(result.status).toBe('matched');
    expect(result.fingerprint).toBe('');
    expect(result.lines.map((l) => l.problems)).toEqual([[], []]);
  });

  it('flags a unit price above the agreed one, and lets it pass within the price tolerance', () => {
    const dearer = [line({ unitPriceExcl: '4.59' })];
    const strict = matchInvoice(input({ lines: dearer }));
    expect(strict.status).toBe('mismatch');
    expect(strict.lines[0].problems).toEqual([{ code: 'priceAboveAgreed', expected: '4.5', actual: '4.59' }]);
    // 4.59 is 2 % above 4.50: exactly at a 2 % tolerance, just over 1.9 %.
    expect(matchInvoice(input({ lines: dearer, tolerance: { pricePercent: '2', quantityPercent: '0' } })).status).toBe('matched');
    expect(matchInvoice(input({ lines: dearer, tolerance: { pricePercent: '1.9', quantityPercent: '0' } })).status).toBe('mismatch');
  });

  it('a lower price is no mismatch', () => {
    expect(matchInvoice(input({ lines: [line({ unitPriceExcl: '3.99' })] })).status).toBe('matched');
  });

  it('flags more than was received (a short delivery) and more than was ordered', () => {
    const short = matchInvoice(input({ received: new Map([['sol-1', 8]]) }));
    expect(short.lines[0].problems).toEqual([{ code: 'moreThanReceived', expected: '8', actual: '10' }]);
    const over = matchInvoice(input({ lines: [line({ quantity: '12' })], received: new Map([['sol-1', 12]]) }));
    expect(over.lines[0].problems).toEqual([{ code: 'moreThanOrdered', expected: '10', actual: '12' }]);
    // 10 % quantity tolerance lets 11 of 10 through, not 12.
    const tolerance = { pricePercent: '0', quantityPercent: '10' };
    expect(matchInvoice(input({ lines: [line({ quantity: '11' })], received: new Map([['sol-1', 11]]), tolerance })).status).toBe('matched');
    expect(matchInvoice(input({ lines: [line({ quantity: '12' })], received: new Map([['sol-1', 12]]), tolerance })).status).toBe('mismatch');
  });

  it('counts what earlier invoices of the supplier order already charged, and lines that charge one ordered line twice', () => {
    const second = matchInvoice(input({ lines: [line({ quantity: '4' })], invoicedBefore: new Map([['sol-1', '7']]) }));
    expect(second.lines[0].invoicedTotal).toBe('11');
    expect(second.lines[0].problems.map((p) => p.code)).toEqual(['moreThanOrdered', 'moreThanReceived']);
    const split = matchInvoice(input({ lines: [line({ quantity: '6' }), line({ lineNumber: 2, quantity: '6' })] }));
    expect(split.lines.map((l) => l.problems.length)).toEqual([0, 2]);
    // A credit note's negative quantity gives back what an earlier invoice charged too much.
    const credit = matchInvoice(input({ lines: [line({ quantity: '-2', unitPriceExcl: '9.99' })], invoicedBefore: new Map([['sol-1', '12']]) }));
    expect(credit.status).toBe('matched');
  });

  it('an invoice line that matches no ordered line is notOrdered', () => {
    const result = matchInvoice(input({ lines: [line({ supplierOrderLineId: null, articleNumberSupplier: 'UNKNOWN', quantity: '1' })] }));
    expect(result.status).toBe('mismatch');
    expect(result.lines[0]).toMatchObject({ supplierOrderLineId: null, problems: [{ code: 'notOrdered', expected: '0', actual: '1' }] });
  });

  it('without lines, the total excl. VAT is matched against the value received', () => {
    // received: 10 × 4.50 + 20 × 1.20 = 69.00
    expect(matchInvoice(input({ lines: [], totalExcl: '69.00' })).status).toBe('matched');
    const above = matchInvoice(input({ lines: [], totalExcl: '69.01' }));
    expect(above.lines[0].problems).toEqual([{ code: 'totalAboveReceived', expected: '69', actual: '69.01' }]);
    expect(matchInvoice(input({ lines: [], totalExcl: '70.00', tolerance: { pricePercent: '2', quantityPercent: '0' } })).status).toBe('matched');
  });

  it('the fingerprint changes when the problems change, so an acceptance covers only what was accepted', () => {
    const a = matchInvoice(input({ lines: [line({ unitPriceExcl: '4.60' })] }));
    const b = matchInvoice(input({ lines: [line({ unitPriceExcl: '4.70' })] }));
    expect(a.fingerprint).not.toBe('');
    expect(a.fingerprint).toBe(matchInvoice(input({ lines: [line({ unitPriceExcl: '4.600' })] })).fingerprint);
    expect(a.fingerprint).not.toBe(b.fingerprint);
  });
});

describe('resolving the ordered line of an invoice line', () => {
  it('by id, else by the order line reference (BT-132) as line number, else by a unique article number', () => {
    expect(resolveOrderedLine(line({ supplierOrderLineId: 'sol-2' }), ordered)?.id).toBe('sol-2');
    expect(resolveOrderedLine(line({ supplierOrderLineId: null, orderLineReference: '2', articleNumberSupplier: null }), ordered)?.id).toBe('sol-2');
    expect(resolveOrderedLine(line({ supplierOrderLineId: null, articleNumberSupplier: 'pen-bl ' }), ordered)?.id).toBe('sol-2');
    const twice = [...ordered, { ...ordered[1], id: 'sol-3', lineNumber: 3 }];
    expect(resolveOrderedLine(line({ supplierOrderLineId: null, articleNumberSupplier: 'PEN-BL' }), twice)).toBeNull();
    expect(resolveOrderedLine(line({ supplierOrderLineId: 'gone' }), ordered)).toBeNull();
  });
});

describe('unit price from a price per base quantity', () => {
  it('divides exactly and rounds to 4 decimals', () => {
    expect(unitPriceOf('4.50', null)).toBe('4.5');
    expect(unitPriceOf('4.50', '1')).toBe('4.5');
    expect(unitPriceOf('45.00', '10')).toBe('4.5');
    expect(unitPriceOf('10.00', '3')).toBe('3.3333');
    expect(unitPriceOf('20.00', '3')).toBe('6.6667');
  });
});
