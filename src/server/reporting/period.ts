import { ApiError } from '../errors';
import { addDays, todayInShopZone } from '../../shared/shop-clock';

/**
 * A report's period as the database reads it: days `start` (inclusive) to `end` (exclusive), both
 * yyyy-MM-dd in the shop's time zone; null is open on that side.
 */
export interface ReportPeriod {
  start: string | null;
  end: string | null;
}

/**
 * flows §5 Reports: the start date must not be later than the end date; start inclusive, end
 * exclusive; both empty means all data; only a start date runs to today inclusive (the end becomes
 * tomorrow). Only an end date: everything before it (the spec is silent; the open side stays open).
 * A lone start after today would run backwards and is refused like a start after the end.
 */
export function reportPeriod(input: { startDate?: string | null; endDate?: string | null }, now: Date = new Date()): ReportPeriod {
  const start = input.startDate || null;
  const explicitEnd = input.endDate || null;
  const end = start && !explicitEnd ? addDays(todayInShopZone(now), 1) : explicitEnd;
  if (start && end && start > (explicitEnd ? end : addDays(end, -1))) {
    throw new ApiError('invalidReportPeriod', [{ path: 'startDate', rule: 'invalidReportPeriod' }]);
  }
  return { start, end };
}
