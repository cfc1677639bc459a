import { describe, expect, test } from 'vitest';
import { nextOccurrence, occurrence } from '../../src/server/reminders/occurrence';

/**
 * Recurring reminders on the Brussels clock (flows §9 frequencies), on their own: no app to start.
 * Summer time starts on the last Sunday of March (02:00 CET → 03:00 CEST) and ends on the last
 * Sunday of October (03:00 CEST → 02:00 CET).
 */
const at = (iso: string) => new Date(iso);

describe('occurrences across summer time, month ends and year ends', () => {
  test('daily and weekly keep the Brussels hour across both changes', () => {
    const lateEvening = at('2026-03-27T22:30:00Z'); // Friday 23:30 CET
    expect(occurrence(lateEvening, 'daily', 1)).toEqual(at('2026-03-28T22:30:00Z')); // Saturday 23:30 CET
    expect(occurrence(lateEvening, 'daily', 2)).toEqual(at('2026-03-29T21:30:00Z')); // Sunday 23:30 CEST
    const oneAm = at('2026-03-28T00:00:00Z'); // Saturday 01:00 CET
    expect(occurrence(oneAm, 'daily', 1)).toEqual(at('2026-03-29T00:00:00Z')); // Sunday 01:00 CET, before the change
    expect(occurrence(oneAm, 'daily', 2)).toEqual(at('2026-03-29T23:00:00Z')); // Monday 01:00 CEST
    const nine = at('2026-10-24T07:00:00Z'); // Saturday 09:00 CEST
    expect(occurrence(nine, 'daily', 1)).toEqual(at('2026-10-25T08:00:00Z')); // Sunday 09:00 CET
    expect(occurrence(at('2026-10-18T07:00:00Z'), 'weekly', 1)).toEqual(at('2026-10-25T08:00:00Z'));
  });

  test('a time that the change skips is read an hour later', () => {
    const halfPastTwo = at('2026-03-28T01:30:00Z'); // Saturday 02:30 CET; there is no 02:30 on Sunday
    expect(occurrence(halfPastTwo, 'daily', 1)).toEqual(at('2026-03-29T01:30:00Z')); // Sunday 03:30 CEST
    expect(occurrence(halfPastTwo, 'daily', 2)).toEqual(at('2026-03-30T00:30:00Z')); // Monday 02:30 CEST again
  });

  test('monthly on the 31st falls on each month\'s last day and comes back to the 31st; yearly crosses the year end', () => {
    const last = at('2026-01-31T08:00:00Z'); // 09:00 CET
    expect(occurrence(last, 'monthly', 1)).toEqual(at('2026-02-28T08:00:00Z'));
    expect(occurrence(last, 'monthly', 2)).toEqual(at('2026-03-31T07:00:00Z')); // 09:00 CEST
    expect(occurrence(last, 'monthly', 3)).toEqual(at('2026-04-30T07:00:00Z'));
    const newYearsEve = at('2026-12-31T22:30:00Z'); // 31 December 23:30 CET
    expect(occurrence(newYearsEve, 'yearly', 1)).toEqual(at('2027-12-31T22:30:00Z'));
    expect(occurrence(at('2026-12-31T23:30:00Z'), 'monthly', 1)).toEqual(at('2027-01-31T23:30:00Z')); // 1 January 00:30 → 1 February 00:30
    expect(nextOccurrence(last, 'monthly', at('2026-03-01T00:00:00Z'))).toEqual(at('2026-03-31T07:00:00Z'));
  });
});
