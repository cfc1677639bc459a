import { type ContractStatus } from '../../../model';
import { addDays } from '../../shared/shop-clock';

/**
 * A contract's status by its dates (flows §4 Contract: DRAFT, ACTIVE, INACTIVE, EXPIRED,
 * ABOUT_TO_EXPIRE), pure: the contract calls settle it on every save, the `contracts.status` job
 * (status-job.ts) every day, and the notices name the cancellation date that matters.
 */

export interface Dated {
  status?: string | null;
  endDate?: unknown;
  latestCancellationDate?: unknown;
  contractExtensions?: unknown;
}
interface Extension { endDate?: string | null; latestCancellationDate?: string | null }

export const dayOf = (v: unknown): string | null => (v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'string' && v ? v.slice(0, 10) : null);
const extensionsOf = (v: unknown): Extension[] => (typeof v === 'string' ? JSON.parse(v) as Extension[] : (v as Extension[] | null) ?? []);

/** The contract's last day: its last extension's end, else its own end. */
export function lastDay(c: Dated): string | null {
  const ends = extensionsOf(c.contractExtensions).map((e) => dayOf(e.endDate)).filter((d): d is string => !!d);
  return ends.length ? ends[ends.length - 1]! : dayOf(c.endDate);
}

/** The cancellation date that matters today: the first of the contract's and its extensions' still ahead, else the last. */
export function currentCancellationDate(c: Dated, today: string): string | null {
  const dates = [dayOf(c.latestCancellationDate), ...extensionsOf(c.contractExtensions).map((e) => dayOf(e.latestCancellationDate))].filter((d): d is string => !!d);
  return dates.find((d) => d >= today) ?? dates[dates.length - 1] ?? null;
}

/** The status a contract has today: the chosen DRAFT and INACTIVE stay; an active one follows its dates. */
export function settledStatus(c: Dated, today: string, aboutDays: number): ContractStatus {
  const chosen = (c.status ?? 'DRAFT') as ContractStatus;
  if (chosen === 'DRAFT' || chosen === 'INACTIVE') return chosen;
  const last = lastDay(c);
  if (last && last < today) return 'EXPIRED';
  const cancel = currentCancellationDate(c, today);
  const horizon = addDays(today, aboutDays);
  if ((cancel && cancel >= today && cancel <= horizon) || (last && last <= horizon)) return 'ABOUT_TO_EXPIRE';
  return 'ACTIVE';
}
