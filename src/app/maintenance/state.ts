import type { ResultOf } from '../../shared/contracts/define';
import type { Contracts } from '../../shared/contracts';

/**
 * Maintenance mode (core §4): read from the public GET /platform-settings at start and every minute,
 * and switched on at once when any API call answers 503 with errorCode 'maintenance'.
 */
export interface MaintenanceState {
  /** False until the first answer (or a 503 maintenance) arrives. */
  known: boolean;
  on: boolean;
  message: string | null;
}

export const POLL_MS = 60_000;
const INITIAL: MaintenanceState = { known: false, on: false, message: null };
let state: MaintenanceState = INITIAL;
const listeners = new Set<() => void>();

export const readMaintenance = (): MaintenanceState => state;

export function setMaintenance(next: Partial<MaintenanceState>): void {
  const merged = { ...state, known: true, ...next };
  if (merged.known === state.known && merged.on === state.on && merged.message === state.message) return;
  state = merged;
  listeners.forEach((l) => l());
}

/** An API call was refused with 503 maintenance. */
export function reportMaintenance(): void {
  setMaintenance({ on: true });
}

export function resetMaintenance(): void {
  state = INITIAL;
  listeners.forEach((l) => l());
}

export function subscribeMaintenance(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The platform settings as the maintenance watch reads them (GET /platform-settings, public). */
type PlatformSettingsAnswer = ResultOf<Contracts['platform-settings']['get']>;

/** What a settings answer says about maintenance. */
export function applyPlatformSettings(settings: PlatformSettingsAnswer | null | undefined): void {
  setMaintenance({ on: settings?.maintenance === true, message: settings?.message ?? null });
}
