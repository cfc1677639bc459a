import { SHOP_TIME_ZONE } from '../../../shared/dates';

/**
 * A reminder's moment as people pick it: a day and a time on the shop's clock (Europe/Brussels, as
 * every date the app shows), whatever the time zone of the browser, and back.
 */

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});

function wallClock(at: Date) {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** The day ('yyyy-MM-dd') and time ('HH:mm') a moment shows in Brussels. */
export const brusselsDayTime = (iso: string) => wallClock(new Date(iso));

/** The moment (ISO, UTC) when Brussels shows `day` at `time`. */
export function brusselsMoment(day: string, time: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  const asUtc = Date.UTC(y!, m! - 1, d!, h!, min!);
  const offsetAt = (ms: number) => {
    const w = wallClock(new Date(ms));
    const [wy, wm, wd] = w.day.split('-').map(Number);
    const [wh, wmin] = w.time.split(':').map(Number);
    return Date.UTC(wy!, wm! - 1, wd!, wh!, wmin!) - Math.floor(ms / 60_000) * 60_000;
  };
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first)).toISOString();
}
