/**
 * The date formats of core §1 ("Dates are displayed in the Belgian Dutch locale (nl-BE). The formats
 * are short, yyyy-MM-dd, date, date-text and date-time-text"), in the shop's time zone
 * (Europe/Brussels, as "today" on the server). Numeric formats always use nl-BE; the formats with
 * month names follow the interface language (nl-BE, en-BE or fr-BE) so the words can be read.
 *
 * | format          | example (5 March 2026, 14:07 in Brussels) | use                              |
 * |-----------------|--------------------------------------------|----------------------------------|
 * | short           | 05/03/26                                   | narrow table columns             |
 * | yyyy-MM-dd      | 2026-03-05                                 | API values, date inputs, files   |
 * | date            | 05/03/2026                                 | the usual date in lists, details |
 * | date-text       | 5 maart 2026 / 5 March 2026 / 5 mars 2026  | headings, sentences              |
 * | date-time-text  | 5 maart 2026 14:07                         | events: comments, history, logs  |
 *
 * It is also the shop's clock for server and app alike: today in Brussels, calendar days, and a
 * moment as Brussels shows it and back. The time zone arithmetic is date-fns's with its time-zone
 * package (@date-fns/tz's TZDate), never hand-written offsets.
 */
import { TZDate } from '@date-fns/tz';
import { addDays as addCalendarDays, lightFormat } from 'date-fns';
import { CONSTANTS } from '../../model/catalogue/constants';

export type DateFormat = 'short' | 'yyyy-MM-dd' | 'date' | 'date-text' | 'date-time-text';
export const DATE_FORMATS: readonly DateFormat[] = ['short', 'yyyy-MM-dd', 'date', 'date-text', 'date-time-text'];

export const DATE_LOCALE: string = CONSTANTS.dateLocale;
export const SHOP_TIME_ZONE = 'Europe/Brussels';

/** The Intl locale for the worded formats: the interface language in Belgium ('en' → 'en-BE'); nl-BE otherwise. */
export function textLocale(language?: string | null): string {
  return language === 'en' || language === 'fr' ? `${language}-BE` : DATE_LOCALE;
}

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat(locale, { timeZone: SHOP_TIME_ZONE, ...options })));
  return f;
}

/**
 * The shop's clock: `at` as a date-fns TZDate in Europe/Brussels, so date-fns arithmetic on it
 * (addDays, addMonths, startOfDay, lightFormat) runs on Brussels days and hours, summer time included.
 */
export function shopClock(at: Date | number): TZDate {
  return new TZDate(+at, SHOP_TIME_ZONE);
}

/** The day (yyyy-MM-dd) `now` falls on in Brussels: the shop's business day (DESIGN §5), not the server's or the database's. */
export function todayInShopZone(now: Date = new Date()): string {
  return lightFormat(shopClock(now), 'yyyy-MM-dd');
}

/** A day (yyyy-MM-dd) plus `days` calendar days, as yyyy-MM-dd (no time zone shifts a calendar date). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return lightFormat(addCalendarDays(new Date(y, m - 1, d), days), 'yyyy-MM-dd');
}

/** The day (yyyy-MM-dd) and time (HH:mm) a moment shows on the Brussels clock. */
export function shopDayTime(at: Date | string): { day: string; time: string } {
  const clock = shopClock(new Date(at));
  return { day: lightFormat(clock, 'yyyy-MM-dd'), time: lightFormat(clock, 'HH:mm') };
}

/**
 * The moment (ISO, UTC) when the Brussels clock shows `day` (yyyy-MM-dd) at `time` (HH:mm). A time
 * skipped when summer time starts is read an hour later (02:30 → 03:30); a time shown twice when it
 * ends (02:00–03:00 on the last Sunday of October) is one of the two, as TZDate picks it.
 */
export function shopMoment(day: string, time: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  return new Date(+new TZDate(y, m - 1, d, h, min, SHOP_TIME_ZONE)).toISOString();
}

/**
 * A Date, an ISO timestamp or a bare 'yyyy-MM-dd' (a calendar date: shown as that day, whatever the
 * time zone) → Date; null for empty or unreadable input.
 */
export function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Formats a date in one of the spec's formats; '' for an empty or invalid value. */
export function formatDate(value: Date | string | number | null | undefined, format: DateFormat = 'date', language?: string | null): string {
  const date = toDate(value);
  if (!date) return '';
  switch (format) {
    case 'short':
      return lightFormat(shopClock(date), 'dd/MM/yy');
    case 'yyyy-MM-dd':
      return todayInShopZone(date);
    case 'date':
      return formatter(DATE_LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
    case 'date-text':
      return formatter(textLocale(language), { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
    case 'date-time-text': {
      const day = formatter(textLocale(language), { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
      const time = formatter(DATE_LOCALE, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
      return `${day} ${time}`;
    }
  }
}
