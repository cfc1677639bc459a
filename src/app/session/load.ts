/**
 * After sign-in (core §4): the current user, then — acting for the active customer — permissions,
 * tenant settings, user settings and the customer's domain features, all kept in the session store.
 * Loaded once per sign-in and shared by canAccess, the landing page and the app bar.
 */
import { sessionFeatures, sessionMe, sessionPermissions, sessionSettings, sessionTenantSettings } from '../../../generated/app/calls/session.gen';
import type { UserDto } from '../../shared/session-types';
import { callApi } from '../data/call-api';
import type { HttpClient } from '../data/http';
import { languageFromCode, type Language } from '../i18n/language';
import { EMPTY_SESSION, pickActiveAccess, readSession, writeSession, type SessionState } from './store';

export interface SessionLoader {
  /** The loaded session; loads it on first call after sign-in or reset. Rejects when /users/me fails. */
  ensure(): Promise<SessionState>;
  /** Forget the loaded session (sign-in callback, logout). */
  reset(): void;
  /** Act for another of the user's active customer accesses, then reload what depends on it. */
  switchCustomer(accessId: string): Promise<SessionState>;
  /** i18n keys of what failed softly in the last load (the app shows them once as warnings). */
  takeWarnings(): string[];
}

export interface SessionLoaderOptions {
  /** False while nobody is signed in: then nothing is fetched (a /users/me without token only earns a 401). */
  signedIn?: () => Promise<boolean>;
}

/** Thrown by ensure() while nobody is signed in; shaped like the HTTP 401 it spares. */
export class NotSignedInError extends Error {
  readonly status = 401;
  constructor() {
    super('Not signed in');
  }
}

export function createSessionLoader(http: HttpClient, domainLanguages: readonly Language[], options: SessionLoaderOptions = {}): SessionLoader {
  let loading: Promise<SessionState> | null = null;
  let warnings: string[] = [];

  async function soft<T>(call: Promise<T>, fallback: T, warning?: string): Promise<T> {
    try {
      return await call;
    } catch {
      if (warning && !warnings.includes(warning)) warnings.push(warning);
      return fallback;
    }
  }

  /** Everything that depends on the acting customer (sent as X-Customer-Id by the HTTP client). */
  async function loadForCustomer(user: UserDto): Promise<SessionState> {
    const customerId = readSession().activeCustomerId;
    const [permissions, tenantSettings, userSettings, features] = await Promise.all([
      soft(callApi(http, sessionPermissions, { params: { userId: user.id } }), { customerId, permissions: [] }, 'app.session.permissionsFailed'),
      soft(callApi(http, sessionTenantSettings, {}), null, 'errorQueryingSupplier'),
      soft(callApi(http, sessionSettings, {}), null, 'errorQueryingSupplier'),
      customerId
        ? soft(callApi(http, sessionFeatures, { params: { customerId } }).then((f) => f.features), {})
        : Promise.resolve({}),
    ]);
    const tenantLanguages = (tenantSettings?.supportedLanguages ?? []).map(languageFromCode).filter((l): l is Language => !!l);
    return writeSession({
      permissions,
      tenantSettings,
      userSettings,
      features,
      supportedLanguages: tenantLanguages.length ? tenantLanguages : [...domainLanguages],
    });
  }

  async function load(): Promise<SessionState> {
    warnings = [];
    if (options.signedIn && !(await options.signedIn())) throw new NotSignedInError();
    const user = await callApi(http, sessionMe, {}, { withoutCompany: true });
    const previous = readSession();
    // Another user signed in on this browser: nothing of the previous one may leak into this session.
    const base = previous.user && previous.user.id !== user.id ? EMPTY_SESSION : previous;
    const access = pickActiveAccess(user, base.activeCustomerAccessId);
    writeSession({
      ...base,
      loggedIn: true,
      user,
      activeCustomerAccessId: access?.id ?? null,
      activeCustomerId: access?.customerId ?? null,
    });
    return loadForCustomer(user);
  }

  const loader: SessionLoader = {
    ensure() {
      if (!loading) {
        const attempt = load();
        loading = attempt;
        attempt.catch(() => {
          if (loading === attempt) loading = null; // let the next caller try again
        });
      }
      return loading;
    },
    reset() {
      loading = null;
    },
    async switchCustomer(accessId) {
      const { user } = await loader.ensure();
      const access = user ? pickActiveAccess(user, accessId) : null;
      if (!user || access?.id !== accessId) throw new Error('No active customer access found');
      writeSession({ activeCustomerAccessId: access.id, activeCustomerId: access.customerId, basket: null, tasks: [], workflow: null });
      loading = loadForCustomer(user);
      return loading;
    },
    takeWarnings() {
      const taken = warnings;
      warnings = [];
      return taken;
    },
  };
  return loader;
}
