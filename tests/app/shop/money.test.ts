import { describe, expect, it } from 'vitest';
import { formatPrice, toCents } from '../../../src/app/shop/money';

const NBSP = '\u00a0';
/** French groups thousands with a narrow no-break space. */
const NNBSP = '\u202f';

describe('shop prices', () => {
  it('reads decimal strings into whole cents without float rounding', () => {
    expect(toCents('4.95')).toBe(495);
    expect(toCents('0.1')).toBe(10);
    expect(toCents('1234.5')).toBe(123450);
    expect(toCents('-1.50')).toBe(-150);
    expect(toCents('4,95')).toBe(495);
    expect(toCents(12)).toBe(1200);
    expect(toCents('abc')).toBeNull();
    expect(toCents(null)).toBeNull();
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
