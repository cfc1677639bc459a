import {
  UserManager, WebStorageStateStore,
  type SigninRedirectArgs, type SigninSilentArgs, type User, type UserManagerSettings,
} from 'oidc-client-ts';
import type { DomainConfig } from '../../shared/session-types';
import { oidcAddresses, storedUserKey } from './oidc-settings';
import { withCrossTabLock, type LockEnvironment } from './refresh-lock';
import { defaultSpentRefreshTokens, type SpentRefreshTokens } from './spent-refresh-tokens';

/** The scope the shop asks when the domain config names none (the embedded provider's API scope included). */
export const DEFAULT_SCOPE = 'openid profile email offline_access api';

/** How long a tab waits for another tab's refreshed sign-in to reach its local storage. */
const SUCCESSOR_WAIT_MS = 10_000;

/**
 * oidc-client-ts's UserManager with every refresh serialised across tabs. Inside the lock it first
 * re-reads the stored user: when another tab refreshed meanwhile, that result is used instead of
 * spending the (now rotated, so revoked) refresh token a second time. Local storage may still show the
 * replaced sign-in for a moment after the lock changed hands; the spent tokens, recorded before the
 * lock is released where every tab reads them at once, tell this tab to wait for the new one.
 */
export class ShopUserManager extends UserManager {
  constructor(settings: UserManagerSettings, private readonly language: () => string | undefined, private readonly lockEnv?: LockEnvironment) {
    super(settings);
  }

  override async signinSilent(args?: SigninSilentArgs): Promise<User | null> {
    const before = await this.getUser();
    const lock = `oidc-refresh:${this.settings.authority}:${this.settings.client_id}`;
    const spentTokens = this.lockEnv?.spentTokens ?? defaultSpentRefreshTokens();
    return withCrossTabLock(lock, async () => {
      let current = await this.getUser();
      if (current?.refresh_token && await spentTokens.has(lock, current.refresh_token)) {
        current = await this.successorOf(current.refresh_token, lock, spentTokens);
      }
      const refreshedElsewhere = current && before && current.refresh_token !== before.refresh_token;
      const stillFresh = (current?.expires_in ?? 0) > this.settings.accessTokenExpiringNotificationTimeInSeconds + 5;
      if (current && !current.expired && (refreshedElsewhere || stillFresh)) {
        // Re-arm this tab's expiry timers on the other tab's tokens and tell listeners.
        await this.getUser(true);
        return current;
      }
      const spending = current?.refresh_token;
      // Without a refresh token oidc-client-ts would renew in a hidden frame, which the provider's
      // pages forbid (frame-ancestors 'none'): it times out and is retried every few seconds, for good.
      if (!spending) return null;
      const user = await super.signinSilent(args);
      // Before the lock is released: the next holder must know, whatever its local storage says yet.
      if (spending && user?.refresh_token !== spending) await spentTokens.add(lock, spending);
      return user;
    }, this.lockEnv);
  }

  /** The sign-in that another tab stored in place of `spent`, once this tab's local storage shows it. */
  private async successorOf(spent: string, lock: string, spentTokens: SpentRefreshTokens): Promise<User | null> {
    const deadline = Date.now() + SUCCESSOR_WAIT_MS;
    for (;;) {
      const user = await this.getUser();
      if (!user?.refresh_token || (user.refresh_token !== spent && !(await spentTokens.has(lock, user.refresh_token)))) return user;
      // Not refused by the provider (no invalid_grant): the caller keeps its token while it is valid.
      if (Date.now() > deadline) throw new Error("another tab's refreshed sign-in did not arrive in this tab's storage");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** The login page opens in the interface language of the moment, not of the page load. */
  override signinRedirect(args: SigninRedirectArgs = {}): Promise<void> {
    const language = this.language();
    return super.signinRedirect({ ...(language ? { ui_locales: language } : {}), ...args });
  }
}

export interface OidcClientOptions {
  /** The interface language now ('nl', 'en', 'fr'); sent as ui_locales. Default: <html lang>. */
  language?: () => string | undefined;
  /** Tests pass their own storage, locks and origin. */
  storage?: Storage;
  origin?: string;
  lockEnv?: LockEnvironment;
}

/** The sign-in client of a tenant: its provider, client id and API audience from the domain config. */
export function createOidcClient(domain: DomainConfig, options: OidcClientOptions = {}): ShopUserManager {
  const origin = options.origin ?? window.location.origin;
  const store = options.storage ?? window.localStorage;
  const language = options.language ?? (() => (typeof document !== 'undefined' ? document.documentElement.lang : undefined) || domain.defaultLanguage);
  const manager = new ShopUserManager({
    ...oidcAddresses(domain, origin),
    response_type: 'code',
    scope: domain.idp.scope || DEFAULT_SCOPE,
    // The spec keeps refresh tokens in local storage: every tab shares one signed-in user.
    userStore: new WebStorageStateStore({ store }),
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: 60,
    // The access token is a JWT for the API; the resource makes the provider issue it (not an opaque one).
    extraQueryParams: { resource: domain.idp.audience },
    ui_locales: language(),
    loadUserInfo: false,
    // No iframe session polling: refresh tokens keep the session, sign-out goes through the server.
    monitorSession: false,
    revokeTokenTypes: ['refresh_token'],
  }, language, options.lockEnv);
  followOtherTabs(manager, store);
  return manager;
}

/** A sign-out in another tab removes the stored user: drop it here too, so this tab stops using it. */
function followOtherTabs(manager: ShopUserManager, store: Storage) {
  if (typeof window === 'undefined' || store !== window.localStorage) return;
  const key = storedUserKey(manager.settings.authority, manager.settings.client_id);
  window.addEventListener('storage', (event) => {
    if (event.key === key && event.newValue === null) void manager.removeUser();
  });
}
