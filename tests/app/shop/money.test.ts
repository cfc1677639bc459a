import { describe, expect, it } from 'vitest';
import { fromCents, mulDivHalfUp, readCents, toCents } from '../../../src/shared/money';
import { formatPrice } from '../../../src/app/common/money';

const NBSP = '\u00a0';
/** French groups thousands with a narrow no-break space. */
const NNBSP = '\u202f';

describe('shop prices', () => {
  it('reads decimal strings into whole cents (bigint, the one money type of server and app) without float rounding', () => {
    expect(readCents('4.95')).toBe(495n);
    expect(readCents('0.1')).toBe(10n);
    expect(readCents('1234.5')).toBe(123450n);
    expect(readCents('-1.50')).toBe(-150n);
    expect(readCents('4,95')).toBe(495n);
    expect(readCents(12)).toBe(1200n);
    expect(readCents(0.1 + 0.2)).toBe(30n);
    expect(readCents('90071992547409.93')).toBe(9007199254740993n);
    expect(readCents('abc')).toBeNull();
    expect(readCents('4.999')).toBeNull();
    expect(readCents('')).toBeNull();
    expect(readCents(null)).toBeNull();
    expect(() => toCents('abc')).toThrow('Not a money amount');
    expect(fromCents(9007199254740993n)).toBe('90071992547409.93');
    expect(fromCents(-5n)).toBe('-0.05');
  });

  it('rounds a × b / c to whole cents, halves up, as line totals and VAT are', () => {
    expect(mulDivHalfUp(495n, 3n, 2n)).toBe(743n); // 742.5
    expect(mulDivHalfUp(333n, 1n, 10n)).toBe(33n); // 33.3
    expect(mulDivHalfUp(1005n, 21n, 100n)).toBe(211n); // 211.05
    expect(mulDivHalfUp(250n, 21n, 100n)).toBe(53n); // 52.5
  });

  it("shows EUR as the interface language writes it: nl-BE '€ 4,95', en-BE '€4.95', fr-BE '4,95 €'", () => {
    expect(formatPrice('4.95', 'EUR', 'nl')).toBe(`€${NBSP}4,95`);
    expect(formatPrice('1234.5', 'EUR', 'nl')).toBe(`€${NBSP}1.234,50`);
    expect(formatPrice('1234.5', 'EUR', 'en')).toBe('€1,234.50');
    expect(formatPrice('1234.5', 'EUR', 'fr')).toBe(`1${NNBSP}234,50${NBSP}€`);
    expect(formatPrice('0', 'EUR', 'fr')).toBe(`0,00${NBSP}€`);
    expect(formatPrice('-2.5', 'EUR')).toBe(`-€${NBSP}2,50`);
    expect(formatPrice('-2.5', 'EUR', 'fr')).toBe(`-2,50${NBSP}€`);
  });

  it("shows POINTS as whole points with the unit of the language: '495 pts'", () => {
    expect(formatPrice('4.95', 'POINTS', 'en')).toBe(`495${NBSP}pts`);
    expect(formatPrice('4.95', 'POINTS', 'fr')).toBe(`495${NBSP}pts`);
    expect(formatPrice('4.95', 'POINTS', 'nl')).toBe(`495${NBSP}ptn`);
    expect(formatPrice('12345.67', 'POINTS', 'en')).toBe(`1.234.567${NBSP}pts`);
    expect(formatPrice('12345.67', 'POINTS', 'fr')).toBe(`1${NNBSP}234${NNBSP}567${NBSP}pts`);
  });

  it('leaves a missing amount empty', () => {
    expect(formatPrice(null)).toBe('');
    expect(formatPrice(undefined, 'POINTS')).toBe('');
  });
});
