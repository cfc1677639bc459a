import { SHOP_TIME_ZONE } from '../../shared/dates';
import type { REMINDER_FREQUENCIES } from '../../../model';

/**
 * When a recurring reminder comes back (flows §9 "Reminder frequencies daily, weekly, monthly,
 * yearly"): on the clock of the shop's time zone, so a reminder at 09:00 stays at 09:00 across
 * summer time, and always counted from its first date, so one on the 31st is on the last day of
 * shorter months and back on the 31st after them (never drifting to the 28th).
 */

export type Frequency = keyof typeof REMINDER_FREQUENCIES;

interface WallClock { year: number; month: number; day: number; hour: number; minute: number; second: number; ms: number }

const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

/** The date and time `at` shows on a clock in the shop's time zone. */
function wallClock(at: Date): WallClock {
  const parts = Object.fromEntries(formatter.formatToParts(at).map((p) => [p.type, p.value]));
  return { year: +parts.year!, month: +parts.month!, day: +parts.day!, hour: +parts.hour!, minute: +parts.minute!, second: +parts.second!, ms: at.getUTCMilliseconds() };
}

/** How far the zone's clock is ahead of UTC at `at`, in ms. */
function offsetAt(at: Date): number {
  const w = wallClock(at);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms) - at.getTime();
}

/** The moment the zone's clock shows `w` (month and day may overflow, as Date.UTC allows). */
function fromWallClock(w: WallClock): Date {
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms);
  const first = asUtc - offsetAt(new Date(asUtc));
  // Around a change of offset the first guess is off by the change: its own offset settles it.
  return new Date(asUtc - offsetAt(new Date(first)));
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The `n`th occurrence after `first` (n = 0 is `first`). */
export function occurrence(first: Date, frequency: Frequency, n: number): Date {
  const w = wallClock(first);
  switch (frequency) {
    case 'daily': return fromWallClock({ ...w, day: w.day + n });
    case 'weekly': return fromWallClock({ ...w, day: w.day + 7 * n });
    case 'monthly': case 'yearly': {
      const months = (w.month - 1) + (frequency === 'monthly' ? n : 12 * n);
      const year = w.year + Math.floor(months / 12);
      const month = (months % 12) + 1;
      return fromWallClock({ ...w, year, month, day: Math.min(w.day, daysIn(year, month)) });
    }
  }
}

/** Roughly how many occurrences lie between `first` and `after` (a start for the exact search). */
function estimate(first: Date, frequency: Frequency, after: Date): number {
  const days = (after.getTime() - first.getTime()) / 86_400_000;
  const per = { daily: 1, weekly: 7, monthly: 30.436875, yearly: 365.2425 }[frequency];
  return Math.max(0, Math.floor(days / per) - 1);
}

/** The first occurrence after `first` (itself included) strictly later than `after`. */
export function nextOccurrence(first: Date, frequency: Frequency, after: Date): Date {
  if (first > after) return first;
  let n = estimate(first, frequency, after);
  while (n > 0 && occurrence(first, frequency, n) > after) n--;
  let next = occurrence(first, frequency, n);
  while (next <= after) next = occurrence(first, frequency, ++n);
  return next;
}
