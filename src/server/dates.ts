/** The shop's business day is Belgian (dates in nl-BE, DESIGN §5): "today" is today in Brussels. */
export const SHOP_TIME_ZONE = 'Europe/Brussels';

/** Today as 'yyyy-MM-dd' in the shop's time zone, not the server's or the database's. */
export function todayInShopZone(now: Date = new Date()): string {
  // en-CA formats as yyyy-MM-dd.
  return new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** A day plus `days`, as yyyy-MM-dd (calendar arithmetic in UTC: no time zone shifts a date). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
