import { addDays, addMonths, addWeeks, addYears } from 'date-fns';
import { shopClock } from '../../shared/shop-clock';
import type { REMINDER_FREQUENCIES } from '../../../model';

/**
 * When a recurring reminder comes back (flows §9 "Reminder frequencies daily, weekly, monthly,
 * yearly"): on the clock of the shop's time zone, so a reminder at 09:00 stays at 09:00 across
 * summer time, and always counted from its first date, so one on the 31st is on the last day of
 * shorter months and back on the 31st after them (never drifting to the 28th).
 */

export type Frequency = keyof typeof REMINDER_FREQUENCIES;

/** The `n`th occurrence after `first` (n = 0 is `first`). */
export function occurrence(first: Date, frequency: Frequency, n: number): Date {
  // date-fns on the Brussels clock; a month or year without the day (the 31st, 29 February) gives its last day.
  const clock = shopClock(first);
  const next = { daily: addDays, weekly: addWeeks, monthly: addMonths, yearly: addYears }[frequency](clock, n);
  return new Date(+next);
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
