/**
 * A cron schedule in words, for the common shapes (every minute, every n minutes, hourly, daily,
 * working days, one weekday); null for anything else, which the page then shows as the expression.
 */
export interface CronWords {
  /** An i18n key under tasks.every. */
  key: string;
  params: Record<string, string | number>;
}

const NUMBER = /^\d{1,2}$/;
const two = (n: string) => n.padStart(2, '0');

/** The name of weekday `day` (cron: 0 and 7 are Sunday) in `locale`. */
export function weekdayName(day: number, locale: string): string {
  // 2024-01-07 was a Sunday.
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 7 + (day % 7))));
}

export function cronInWords(cron: string, locale: string): CronWords | null {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5) return null;
  const [minute, hour, dayOfMonth, month, dayOfWeek] = parts as [string, string, string, string, string];
  if (dayOfMonth !== '*' || month !== '*') return null;
  if (hour === '*' && dayOfWeek === '*') {
    if (minute === '*') return { key: 'tasks.every.minute', params: {} };
    const step = /^\*\/(\d{1,2})$/.exec(minute);
    if (step) return { key: 'tasks.every.minutes', params: { count: Number(step[1]) } };
    if (NUMBER.test(minute)) return { key: 'tasks.every.hour', params: { minute: Number(minute) } };
    return null;
  }
  if (!NUMBER.test(minute) || !NUMBER.test(hour)) return null;
  const time = `${two(hour)}:${two(minute)}`;
  if (dayOfWeek === '*') return { key: 'tasks.every.day', params: { time } };
  if (dayOfWeek === '1-5') return { key: 'tasks.every.workday', params: { time } };
  if (/^[0-7]$/.test(dayOfWeek)) return { key: 'tasks.every.weekday', params: { time, day: weekdayName(Number(dayOfWeek), locale) } };
  return null;
}
