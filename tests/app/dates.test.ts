import { describe, expect, test } from 'vitest';
import { formatDate, textLocale, toDate } from '../../src/shared/dates';

// 5 March 2026 14:07 in Brussels (UTC+1); 31 Dec 2025 23:30 UTC is already 1 January 2026 there.
const MARCH = '2026-03-05T13:07:00Z';
const NEW_YEAR = new Date('2025-12-31T23:30:00Z');

describe('formatDate (core §1, nl-BE)', () => {
  test('the numeric formats', () => {
    expect(formatDate(MARCH, 'short')).toBe('05/03/26');
    expect(formatDate(MARCH, 'yyyy-MM-dd')).toBe('2026-03-05');
    expect(formatDate(MARCH, 'date')).toBe('05/03/2026');
    expect(formatDate(MARCH)).toBe('05/03/2026');
  });

  test('the worded formats follow the interface language', () => {
    expect(formatDate(MARCH, 'date-text')).toBe('5 maart 2026');
    expect(formatDate(MARCH, 'date-text', 'en')).toBe('5 March 2026');
    expect(formatDate(MARCH, 'date-text', 'fr')).toBe('5 mars 2026');
    expect(formatDate(MARCH, 'date-time-text')).toBe('5 maart 2026 14:07');
    expect(formatDate(MARCH, 'date-time-text', 'fr')).toBe('5 mars 2026 14:07');
  });

  test('dates are days in Brussels; a bare calendar date stays that day', () => {
    expect(formatDate(NEW_YEAR, 'yyyy-MM-dd')).toBe('2026-01-01');
    expect(formatDate(NEW_YEAR, 'date-time-text', 'en')).toBe('1 January 2026 00:30');
    expect(formatDate('2026-07-14', 'date')).toBe('14/07/2026');
    expect(formatDate(Date.UTC(2026, 6, 14, 22, 0), 'short')).toBe('15/07/26'); // summer time, UTC+2
  });

  test('empty and unreadable values give an empty text', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date', 'date-text')).toBe('');
    expect(toDate(undefined)).toBeNull();
  });

  test('textLocale', () => {
    expect(textLocale('en')).toBe('en-BE');
    expect(textLocale('nl')).toBe('nl-BE');
    expect(textLocale(undefined)).toBe('nl-BE');
  });
});
