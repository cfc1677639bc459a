/**
 * The shop's clock, for server and app alike (DESIGN §5: the business day is Belgian): today in
 * Brussels, calendar days, and a moment as the Brussels clock shows it and back. The time-zone
 * arithmetic is date-fns's with its time-zone package (@date-fns/tz's TZDate), never hand-written
 * offsets. Display formats are dates.ts's (Intl, in the same time zone).
 */
import { TZDate } from '@date-fns/tz';
import { addDays as addCalendarDays, lightFormat } from 'date-fns';
import { SHOP_TIME_ZONE } from './dates';

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
