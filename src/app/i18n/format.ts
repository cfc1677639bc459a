/**
 * Dates, numbers and money as the interface language writes them: nl-BE, en-BE or fr-BE, whatever
 * language i18next (i18n/index.ts) is in now, so a language switch changes the formats with the
 * texts. Components re-render on a switch because their translate function changes with it.
 *
 * Dates have one format across the app: the day, the month's short name and the year in the
 * interface language ('5 mrt 2026', '5 Mar 2026', '5 mars 2026'), with the time in 24 hours where
 * the moment matters ('5 mrt 2026 14:07'), always in the shop's time zone (Europe/Brussels). A
 * numeric dd/mm/yyyy would read the same in the three Belgian locales, so it would not follow the
 * language, and a month's name cannot be mistaken for a day.
 */
import { SHOP_TIME_ZONE, toDate } from '../../shared/dates';
import { isLanguage, type Language } from './language';

/** The Intl locale of each interface language: the language as written in Belgium. */
export const INTL_LOCALES: Readonly<Record<Language, string>> = { nl: 'nl-BE', en: 'en-BE', fr: 'fr-BE' };

let current: Language = 'nl';

/** Called by i18n/index.ts whenever the i18next instance changes language. */
export function setFormatLanguage(language: string): void {
  if (isLanguage(language)) current = language;
}

/** The Intl locale to format in: the given interface language's, else the current one's. */
export function intlLocale(language?: string | null): string {
  return INTL_LOCALES[isLanguage(language) ? language : current];
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) cache.set(key, (f = make()));
  return f;
}

/** The one date format (see above). */
export const DATE_OPTIONS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: SHOP_TIME_ZONE };
/** The one date-and-time format: the date, then hours and minutes on the 24-hour clock. */
export const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = { ...DATE_OPTIONS, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

function dateFormat(withTime: boolean, language?: string | null): Intl.DateTimeFormat {
  const locale = intlLocale(language);
  return cached(`d|${withTime}|${locale}`, () => new Intl.DateTimeFormat(locale, withTime ? DATE_TIME_OPTIONS : DATE_OPTIONS));
}

/** A date (a Date, an ISO timestamp or 'yyyy-MM-dd') in the one date format; '' when empty or unreadable. */
export function formatDate(value: Date | string | number | null | undefined, language?: string | null): string {
  const date = toDate(value);
  return date ? dateFormat(false, language).format(date) : '';
}

/** A moment in the one date format with its time; '' when empty or unreadable. */
export function formatDateTime(value: Date | string | number | null | undefined, language?: string | null): string {
  const date = toDate(value);
  return date ? dateFormat(true, language).format(date) : '';
}

/** A number as the interface language writes it ('1.234,5', '1 234,5'); '' for no number. */
export function formatNumber(value: number | null | undefined, options: Intl.NumberFormatOptions = {}, language?: string | null): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const locale = intlLocale(language);
  return cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options)).format(value);
}

/** An amount of a currency ('€ 4,95', '€4.95', '4,95 €'), always with two decimals. */
export function formatCurrency(amount: number, currency = 'EUR', language?: string | null): string {
  return formatNumber(amount, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }, language);
}
