import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { addDays as addCalendarDays } from 'date-fns';
import { formatDate, textLocale, toDate } from '../../src/shared/dates';
import { addDays, shopClock, shopDayTime, shopMoment, todayInShopZone } from '../../src/shared/shop-clock';

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

// Summer time in Brussels starts on the last Sunday of March (02:00 CET → 03:00 CEST, at 01:00 UTC)
// and ends on the last Sunday of October (03:00 CEST → 02:00 CET, at 01:00 UTC).
describe("the shop's clock (Europe/Brussels, summer time included)", () => {
  test('today in Brussels turns at local midnight, not UTC midnight', () => {
    expect(todayInShopZone(new Date('2026-03-28T22:59:00Z'))).toBe('2026-03-28'); // 23:59 CET
    expect(todayInShopZone(new Date('2026-03-28T23:00:00Z'))).toBe('2026-03-29'); // 00:00 CET
    expect(todayInShopZone(new Date('2026-10-24T21:59:00Z'))).toBe('2026-10-24'); // 23:59 CEST
    expect(todayInShopZone(new Date('2026-10-24T22:00:00Z'))).toBe('2026-10-25'); // 00:00 CEST
    expect(todayInShopZone(new Date('2026-12-31T22:59:00Z'))).toBe('2026-12-31');
    expect(todayInShopZone(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
  });

  test('a moment as Brussels shows it, either side of both changes', () => {
    expect(shopDayTime('2026-03-29T00:59:00Z')).toEqual({ day: '2026-03-29', time: '01:59' });
    expect(shopDayTime('2026-03-29T01:00:00Z')).toEqual({ day: '2026-03-29', time: '03:00' });
    expect(shopDayTime('2026-10-25T00:30:00Z')).toEqual({ day: '2026-10-25', time: '02:30' }); // CEST
    expect(shopDayTime('2026-10-25T01:30:00Z')).toEqual({ day: '2026-10-25', time: '02:30' }); // CET
    expect(shopDayTime('2026-10-25T02:00:00Z')).toEqual({ day: '2026-10-25', time: '03:00' });
    expect(formatDate('2026-10-24T22:30:00Z', 'short')).toBe('25/10/26');
  });

  test('the moment Brussels shows a day and time: skipped times read an hour later, doubled ones are one of the two', () => {
    expect(shopMoment('2026-03-29', '00:30')).toBe('2026-03-28T23:30:00.000Z');
    expect(shopMoment('2026-03-29', '01:59')).toBe('2026-03-29T00:59:00.000Z');
    expect(shopMoment('2026-03-29', '02:30')).toBe('2026-03-29T01:30:00.000Z'); // no 02:30 that night: 03:30 CEST
    expect(shopMoment('2026-03-29', '03:00')).toBe('2026-03-29T01:00:00.000Z');
    expect(shopMoment('2026-10-25', '01:30')).toBe('2026-10-24T23:30:00.000Z');
    // 02:30 twice: CEST or CET (date-fns's TZDate takes the one the system's own zone suggests).
    expect(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']).toContain(shopMoment('2026-10-25', '02:30'));
    expect(shopMoment('2026-10-25', '03:00')).toBe('2026-10-25T02:00:00.000Z');
    expect(shopMoment('2027-01-01', '00:00')).toBe('2026-12-31T23:00:00.000Z');
  });

  test('calendar days: month, year and leap-year ends, whatever the summer time', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', -1)).toBe('2026-10-24');
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
  });

  test('date-fns arithmetic on the shop clock keeps the Brussels time across a change', () => {
    expect(new Date(+addCalendarDays(shopClock(new Date('2026-03-28T08:00:00Z')), 1)).toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(new Date(+addCalendarDays(shopClock(new Date('2026-10-24T07:00:00Z')), 1)).toISOString()).toBe('2026-10-25T08:00:00.000Z');
  });
});

describe("the app's entry stays free of the time-zone library", () => {
  // i18n/format.ts (in every page's entry) imports dates.ts; a bundled module comes whole, so a
  // TZDate in dates.ts would put @date-fns/tz on every page. The clock is shop-clock.ts's.
  const importsOf = (file: string) => [...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]);
  test('dates.ts and i18n/format.ts import neither @date-fns/tz nor the shop clock', () => {
    expect(importsOf('../../src/shared/dates.ts')).toEqual(['../../model/catalogue/constants']);
    expect(importsOf('../../src/app/i18n/format.ts')).not.toContain('../../shared/shop-clock');
    expect(importsOf('../../src/shared/shop-clock.ts')).toContain('@date-fns/tz');
  });
});
