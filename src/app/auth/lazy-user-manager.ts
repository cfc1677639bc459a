/**
 * oidc-client-ts out of the first load (issue 4: the shop's pages load at most 250 KB of JavaScript
 * before they are usable). The auth provider talks to this stand-in: while the library has not loaded
 * it serves the signed-in user from the library's own storage entry, so a visitor with a valid token
 * gets the page and authorised API calls without waiting for it. The library (oidc-client.ts, the
 * real ShopUserManager) loads on demand the first time it is needed (sign-in, callback, refresh,
 * sign-out) and otherwise in the background right after startup, so that automatic renewal, the
 * cross-tab refresh lock and following another tab's sign-out run as they always did. Once it has
 * loaded, every call goes to it.
 */
import type { IdTokenClaims } from 'oidc-client-ts';
import type { DomainConfig } from '../../shared/session-types';
import { whenIdle } from '../bootstrap/when-idle';
import type { AuthUserManager, SessionUser } from './authProvider';
import type { OidcClientOptions } from './oidc-client';
import { oidcAddresses, storedUserKey, type OidcAddresses } from './oidc-settings';

/** Loading starts at the latest this long after startup, even if the browser is never idle. */
const PRELOAD_TIMEOUT_MS = 2000;

/** A user as oidc-client-ts stores it (User.toStorageString), with User's computed expiry. */
class StoredUser implements SessionUser {
  readonly state = undefined;

  constructor(
    readonly access_token: string,
    readonly profile: IdTokenClaims,
    readonly expires_at: number | undefined,
    readonly refresh_token: string | undefined,
    readonly id_token: string | undefined,
  ) {}

  get expires_in(): number | undefined {
    return this.expires_at === undefined ? undefined : this.expires_at - Math.floor(Date.now() / 1000);
  }

  get expired(): boolean | undefined {
    const left = this.expires_in;
    return left === undefined ? undefined : left <= 0;
  }
}

const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The user oidc-client-ts stored under `key`; null when there is none or it is unreadable. */
export function readStoredUser(store: Pick<Storage, 'getItem'>, key: string): SessionUser | null {
  const text = store.getItem(key);
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Record<string, unknown> | null;
    const profile = data?.profile as IdTokenClaims | undefined;
    if (typeof data?.access_token !== 'string' || typeof profile?.sub !== 'string') return null;
    const expiresAt = typeof data.expires_at === 'number' ? data.expires_at : undefined;
    return new StoredUser(data.access_token, profile, expiresAt, optionalString(data.refresh_token), optionalString(data.id_token));
  } catch {
    return null;
  }
}

export interface LazyUserManagerOptions {
  addresses: Pick<OidcAddresses, 'authority' | 'client_id' | 'post_logout_redirect_uri'>;
  /** Where the library keeps the signed-in user (its WebStorageStateStore's store). */
  store: Pick<Storage, 'getItem'>;
  /** Loads the library and creates the real client. */
  load: () => Promise<AuthUserManager>;
}

export class LazyUserManager implements AuthUserManager {
  readonly settings: AuthUserManager['settings'];
  readonly metadataService: AuthUserManager['metadataService'] = {
    getEndSessionEndpoint: async () => (await this.manager()).metadataService.getEndSessionEndpoint(),
  };
  private readonly key: string;
  private loaded: AuthUserManager | undefined;
  private loading: Promise<AuthUserManager> | undefined;

  constructor(private readonly options: LazyUserManagerOptions) {
    const { authority, client_id, post_logout_redirect_uri } = options.addresses;
    this.settings = { client_id, post_logout_redirect_uri };
    this.key = storedUserKey(authority, client_id);
  }

  /** The real client, loading the library the first time; a failed load (offline) is tried again on the next call. */
  manager(): Promise<AuthUserManager> {
    this.loading ??= this.options.load().then(
      (manager) => (this.loaded = manager),
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }

  /** Starts loading the library once the first page is on its way: when the browser is idle, or after a short while. */
  preloadWhenIdle(): void {
    whenIdle(() => void this.manager().catch(() => undefined), PRELOAD_TIMEOUT_MS);
  }

  async getUser(): Promise<SessionUser | null> {
    return this.loaded ? this.loaded.getUser() : readStoredUser(this.options.store, this.key);
  }

  async removeUser(): Promise<void> {
    return (await this.manager()).removeUser();
  }

  async signinRedirect(args?: { state?: unknown }): Promise<void> {
    return (await this.manager()).signinRedirect(args);
  }

  async signinRedirectCallback(url?: string): Promise<SessionUser> {
    return (await this.manager()).signinRedirectCallback(url);
  }

  async signinSilent(): Promise<SessionUser | null> {
    return (await this.manager()).signinSilent();
  }
}

/** The sign-in client of a tenant (oidc-client.ts's createOidcClient), with the library loaded lazily. */
export function createLazyOidcClient(domain: DomainConfig, options: OidcClientOptions = {}): LazyUserManager {
  return new LazyUserManager({
    addresses: oidcAddresses(domain, options.origin ?? window.location.origin),
    store: options.storage ?? window.localStorage,
    load: async () => (await import('./oidc-client')).createOidcClient(domain, options),
  });
}
