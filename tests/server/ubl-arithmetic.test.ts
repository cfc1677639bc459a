import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { add, compare, dec, formatDec, fromCents, mul, normaliseDecimal, parseDec, round, sub, toCents } from '../../src/shared/money';
import { isBelgianEnterpriseNumber, validateEn16931 } from '../../src/server/invoicing/ubl';
import { vatOf } from '../../src/server/invoicing/ubl/validate-vat';
import { sample } from './ubl-helpers';

/** The exact decimals under the rules, and the totals arithmetic as properties. */

const cents = fc.bigInt({ min: -10_000_000n, max: 10_000_000n });
const scaled = fc.record({ units: fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), scale: fc.integer({ min: 0, max: 6 }) });

describe('decimals', () => {
  test('normalised text keeps the value and the decimals as written', () => {
    expect(normaliseDecimal('015.50')).toBe('15.50');
    expect(normaliseDecimal('+3')).toBe('3');
    expect(normaliseDecimal('.5')).toBe('0.5');
    expect(normaliseDecimal('-0.00')).toBe('0.00');
    expect(normaliseDecimal('1e3')).toBeNull();
    expect(normaliseDecimal('1,50')).toBeNull();
    expect(normaliseDecimal('.')).toBeNull();
  });

  test('rounding is half away from zero, as the schematron rounds magnitudes', () => {
    expect(formatDec(round(dec('0.125'), 2))).toBe('0.13');
    expect(formatDec(round(dec('-0.125'), 2))).toBe('-0.13');
    expect(formatDec(round(dec('0.1249'), 2))).toBe('0.12');
    expect(formatDec(vatOf(dec('65.00'), dec('21')))).toBe('13.65');
    expect(formatDec(vatOf(dec('9.90'), dec('21')))).toBe('2.08');
    expect(formatDec(vatOf(dec('0.25'), dec('6')))).toBe('0.02');
  });

  test.prop([cents])('two-decimal amounts agree with the cents of money', (c) => {
    expect(toCents(formatDec({ units: c, scale: 2 }))).toBe(c);
    expect(formatDec(dec(fromCents(c)))).toBe(fromCents(c));
  });

  test.prop([scaled, scaled])('add and sub are exact at any scale', (a, b) => {
    expect(compare(sub(add(a, b), b), a)).toBe(0);
    expect(compare(add(a, b), add(b, a))).toBe(0);
  });

  test.prop([scaled])('text round trip: format then parse is the same value', (a) => {
    expect(compare(parseDec(formatDec(a))!, a)).toBe(0);
  });

  test.prop([scaled, fc.integer({ min: 0, max: 4 })])('rounding moves a value by at most half a unit of the last kept decimal', (a, scale) => {
    const gap = sub(round(a, scale), a);
    const half = { units: 5n, scale: scale + 1 };
    expect(compare(gap.units < 0n ? { units: -gap.units, scale: gap.scale } : gap, half)).toBeLessThanOrEqual(0);
  });

  test.prop([cents, fc.constantFrom('21', '12', '6', '0')])('VAT of a taxable amount matches the integer formula (half up on the magnitude)', (taxable, rate) => {
    const magnitude = taxable < 0n ? -taxable : taxable;
    const expected = (magnitude * BigInt(rate) * 2n + 100n) / 200n;
    const vat = vatOf({ units: taxable, scale: 2 }, dec(rate));
    expect(vat).toEqual({ units: taxable < 0n ? -expected : expected, scale: 2 });
    expect(compare(mul(dec('1'), vat), vat)).toBe(0);
  });
});

describe('the totals rules on generated invoices', () => {
  const line = fc.record({ quantity: fc.integer({ min: 1, max: 500 }), priceCents: fc.integer({ min: 0, max: 100_000 }), rate: fc.constantFrom('21', '6') });
  const invoiceOf = (lines: { quantity: number; priceCents: number; rate: string }[], prepaidCents: number) => {
    const doc = sample();
    const nets = lines.map((l) => BigInt(l.quantity) * BigInt(l.priceCents));
    doc.lines = lines.map((l, i) => ({
      ...structuredClone(doc.lines[0]), id: String(i + 1), quantity: String(l.quantity), netAmount: fromCents(nets[i]),
      price: { amount: fromCents(BigInt(l.priceCents)), baseQuantity: null, baseQuantityUnitCode: null }, vat: { categoryCode: 'S', percent: l.rate },
    }));
    doc.allowanceCharges = [];
    doc.vatBreakdown = ['21', '6'].filter((rate) => lines.some((l) => l.rate === rate)).map((rate) => {
      const taxable = nets.filter((_, i) => lines[i].rate === rate).reduce((a, b) => a + b, 0n);
      return { taxableAmount: fromCents(taxable), taxAmount: formatDec(vatOf({ units: taxable, scale: 2 }, dec(rate))), categoryCode: 'S', percent: rate, exemptionReason: null, exemptionReasonCode: null };
    });
    const lineTotal = nets.reduce((a, b) => a + b, 0n);
    const vat = doc.vatBreakdown.reduce((a, v) => a + toCents(v.taxAmount!), 0n);
    const prepaid = BigInt(prepaidCents);
    doc.totals = {
      lineExtension: fromCents(lineTotal), taxExclusive: fromCents(lineTotal), taxInclusive: fromCents(lineTotal + vat), allowanceTotal: null,
      chargeTotal: null, prepaid: fromCents(prepaid), payableRounding: null, payable: fromCents(lineTotal + vat - prepaid), vat: fromCents(vat),
    };
    return doc;
  };

  test.prop([fc.array(line, { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 1000 })])('an invoice whose totals add up breaks no rule', (lines, prepaid) => {
    expect(validateEn16931(invoiceOf(lines, prepaid))).toEqual([]);
  });

  const totals = ['lineExtension', 'taxExclusive', 'taxInclusive', 'payable', 'vat'] as const;
  test.prop([fc.array(line, { minLength: 1, maxLength: 8 }), fc.constantFrom(...totals), fc.constantFrom(-1n, 1n)])(
    'one cent more or less on any total breaks a BR-CO rule', (lines, total, delta) => {
      const doc = invoiceOf(lines, 0);
      doc.totals[total] = fromCents(toCents(doc.totals[total]!) + delta);
      const broken = validateEn16931(doc).filter((v) => v.severity === 'fatal').map((v) => v.rule);
      expect(broken.some((rule) => rule.startsWith('BR-CO-1'))).toBe(true);
    });
});

describe('Belgian enterprise numbers', () => {
  test('97 − (first eight digits mod 97) are the last two', () => {
    expect(isBelgianEnterpriseNumber('0456123494')).toBe(true);
    expect(isBelgianEnterpriseNumber('0789654333')).toBe(true);
    expect(isBelgianEnterpriseNumber('0456123495')).toBe(false);
    expect(isBelgianEnterpriseNumber('456123494')).toBe(false);
    expect(isBelgianEnterpriseNumber('0456.123.494')).toBe(false);
  });

  test.prop([fc.integer({ min: 0, max: 19_999_999 })])('every eight digits have exactly one valid pair of check digits', (first8) => {
    const base = String(first8).padStart(8, '0');
    const valid = Array.from({ length: 100 }, (_, n) => `${base}${String(n).padStart(2, '0')}`).filter(isBelgianEnterpriseNumber);
    expect(valid).toHaveLength(1);
  });
});
