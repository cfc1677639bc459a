import { describe, expect, it } from 'vitest';
import { formatPrice, toCents } from '../../../src/app/shop/money';

const NBSP = '\u00a0';

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

  it("shows EUR in nl-BE formatting: '€ 4,95', thousands with a dot", () => {
    expect(formatPrice('4.95', 'EUR', 'nl')).toBe(`€${NBSP}4,95`);
    expect(formatPrice('1234.5', 'EUR', 'en')).toBe(`€${NBSP}1.234,50`);
    expect(formatPrice('0', 'EUR', 'fr')).toBe(`€${NBSP}0,00`);
    expect(formatPrice('-2.5', 'EUR')).toBe(`-€${NBSP}2,50`);
  });

  it("shows POINTS as whole points with the unit of the language: '495 pts'", () => {
    expect(formatPrice('4.95', 'POINTS', 'en')).toBe(`495${NBSP}pts`);
    expect(formatPrice('4.95', 'POINTS', 'fr')).toBe(`495${NBSP}pts`);
    expect(formatPrice('4.95', 'POINTS', 'nl')).toBe(`495${NBSP}ptn`);
    expect(formatPrice('12345.67', 'POINTS', 'en')).toBe(`1.234.567${NBSP}pts`);
  });

  it('leaves a missing amount empty', () => {
    expect(formatPrice(null)).toBe('');
    expect(formatPrice(undefined, 'POINTS')).toBe('');
  });
});
