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
 * These are Intl's formats in the shop's time zone; reckoning with days and times (today in
 * Brussels, a day plus n, a moment on the Brussels clock) is shop-clock.ts's. The app's entry imports
 * this module, so it stays free of the time-zone library.
 */
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
      return formatter(DATE_LOCALE, { day: '2-digit', month: '2-digit', year: '2-digit' }).format(date);
    case 'yyyy-MM-dd':
      // The Canadian English date is written yyyy-MM-dd.
      return formatter('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
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
