/**
 * The locally persisted session state (core §3 "Locally persisted state"), under one storage key.
 * Small on purpose: a typed snapshot, a patch function and a subscription for React
 * (useSyncExternalStore). The HTTP layer reads the active customer and impersonation from here.
 */
import type { CustomerAccessDto, PermissionsDto, TenantSettingsDto, UserDto, UserSettingsDto } from '../../shared/session-types';
import type { Language } from '../i18n/language';

/** The one localStorage key of the app (react-admin's own store lives under 'procurement-shop-ra'). */
export const STORAGE_KEY = 'procurement-shop';

export interface SessionState {
  version: 1;
  loggedIn: boolean;
  user: UserDto | null;
  /** The customer access the user acts through (DESIGN §6); its customerId travels as X-Customer-Id. */
  activeCustomerAccessId: string | null;
  activeCustomerId: string | null;
  permissions: PermissionsDto | null;
  /** Domain features of the active customer (GET /customers/{id}/features). */
  features: Record<string, boolean>;
  userSettings: UserSettingsDto | null;
  tenantSettings: TenantSettingsDto | null;
  supportedLanguages: Language[];
  /** Super admins only: the impersonated user's id, sent as X-Impersonate-User. */
  impersonatedUserId: string | null;
  /** Super admins' extra privileges toggle (core §4); null: not chosen, the environment decides. */
  extraPrivileges?: boolean | null;
  /** Reserved for the areas that fill them (tasks, order workflow, basket). */
  tasks: unknown[];
  workflow: unknown | null;
  basket: unknown | null;
}

export const EMPTY_SESSION: SessionState = {
  version: 1,
  loggedIn: false,
  user: null,
  activeCustomerAccessId: null,
  activeCustomerId: null,
  permissions: null,
  features: {},
  userSettings: null,
  tenantSettings: null,
  supportedLanguages: [],
  impersonatedUserId: null,
  tasks: [],
  workflow: null,
  basket: null,
};

let cache: SessionState | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy mode): the session lives in memory only
  }
}

/** The current state; unreadable or older-version storage yields the empty state. */
export function readSession(): SessionState {
  if (cache) return cache;
  let parsed: Partial<SessionState> | null = null;
  try {
    parsed = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    parsed = null;
  }
  cache = parsed && parsed.version === 1 ? { ...EMPTY_SESSION, ...parsed } : EMPTY_SESSION;
  return cache;
}

/** Applies a patch, persists it and tells subscribers. */
export function writeSession(patch: Partial<SessionState>): SessionState {
  cache = { ...readSession(), ...patch };
  storage()?.setItem(STORAGE_KEY, JSON.stringify(cache));
  listeners.forEach((l) => l());
  return cache;
}

/** Forgets everything (logout, user change). */
export function clearSession(): void {
  cache = EMPTY_SESSION;
  storage()?.removeItem(STORAGE_KEY);
  listeners.forEach((l) => l());
}

// Another tab switched company or logged out: drop the cached copy so the next read sees it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    cache = null;
    listeners.forEach((l) => l());
  });
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The access to act through: the preferred one while it is still active, else the first active one
 * (DESIGN §6); null when none is active.
 */
export function pickActiveAccess(user: UserDto, preferredId: string | null): CustomerAccessDto | null {
  const active = user.customerAccess.filter((a) => a.active);
  return active.find((a) => a.id === preferredId) ?? active[0] ?? null;
}
