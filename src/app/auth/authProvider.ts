import type { AuthProvider, UserIdentity } from 'react-admin';
import type { User } from 'oidc-client-ts';
import type { EndSessionDto, PermissionsDto, UserDto } from '../../shared/session-types';

/** The API calls sign-in needs; the SPA's HTTP client (it adds the token and the tenant headers). */
export interface AuthApi {
  get<T = unknown>(path: string, options?: { withoutCompany?: boolean }): Promise<T>;
  put<T = unknown>(path: string, body: unknown): Promise<T>;
}

/** What the provider reads of a signed-in user: oidc-client-ts's User, or its stored copy (lazy-user-manager). */
export type SessionUser = Pick<User, 'access_token' | 'refresh_token' | 'id_token' | 'expires_in' | 'expired' | 'profile' | 'state'>;

/**
 * The part of oidc-client-ts's UserManager the provider uses. Its own interface, not a Pick of the
 * class, so that the lazy stand-in (lazy-user-manager) can serve it before the library has loaded.
 */
export interface AuthUserManager {
  getUser(): Promise<SessionUser | null>;
  removeUser(): Promise<void>;
  signinRedirect(args?: { state?: unknown }): Promise<void>;
  signinRedirectCallback(url?: string): Promise<SessionUser>;
  signinSilent(): Promise<SessionUser | null>;
  readonly settings: { readonly client_id: string; readonly post_logout_redirect_uri?: string | undefined };
  readonly metadataService: { getEndSessionEndpoint(): Promise<string | undefined> };
}

export interface AuthProviderOptions {
  userManager: AuthUserManager;
  api: AuthApi;
  /** Where the path to return to after sign-in is kept (default localStorage). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** The current address (default window.location); the callback reads code, state or error from it. */
  location?: () => string;
  /** Where a sign-out is marked for the page the browser lands on afterwards (default sessionStorage). */
  flags?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /**
   * Told when the provider refused the refresh token (the sign-in was revoked or has ended): the app
   * signs out as on a 401, instead of staying on a page whose every call now goes without a token.
   */
  onSignInEnded?: () => void;
}

export type ShopIdentity = UserIdentity & UserDto;

export interface ShopAuthProvider extends AuthProvider {
  /** A valid access token for the API, refreshed (once across tabs) when about to expire; null when signed out. */
  getAccessToken(): Promise<string | null>;
}

/** Fired on window when the user has signed out (core §4 Logout: a logged-out event is emitted). */
export const LOGGED_OUT_EVENT = 'auth:logged-out';
export const RETURN_TO_KEY = 'procurement-shop.auth.returnTo';
/**
 * Set in sessionStorage by a sign-out, read once by the login page the browser comes back to (after
 * the provider's end-session): it shows the "you have been signed out" message instead of going
 * straight on to the provider's login (core §4 Logout: a success message is shown).
 */
export const SIGNED_OUT_KEY = 'procurement-shop.auth.signedOut';
const NEVER_RETURN_TO = ['/login', '/redirect', '/auth-error'];
const REFRESH_MARGIN_SECONDS = 30;

const statusOf = (error: unknown): number | undefined => {
  const e = error as { status?: unknown; statusCode?: unknown; response?: { status?: unknown } } | null;
  const status = e?.status ?? e?.statusCode ?? e?.response?.status;
  return typeof status === 'number' ? status : undefined;
};
/** The provider refused the refresh token (revoked, rotated away, expired): only signing in again helps. */
const refreshRefused = (error: unknown) => (error as { error?: unknown } | null)?.error === 'invalid_grant';

/** The name the app shows for a user: display name, else first and last name, else e-mail. */
export function fullNameOf(me: UserDto): string {
  return me.displayname || [me.firstname, me.lastname].filter(Boolean).join(' ') || me.email;
}

export function createAuthProvider(options: AuthProviderOptions): ShopAuthProvider {
  const { userManager: manager, api } = options;
  const storage = options.storage ?? localStorage;
  const currentUrl = options.location ?? (() => window.location.href);
  const flags = options.flags ?? (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);
  let identity: { sub: string; promise: Promise<ShopIdentity> } | undefined;

  /** The stored user refreshed when needed; null when there is none or it cannot be refreshed. */
  async function validUser(): Promise<SessionUser | null> {
    const user = await manager.getUser();
    if (!user) return null;
    if ((user.expires_in ?? 0) > REFRESH_MARGIN_SECONDS) return user;
    if (!user.refresh_token) return user.expired ? null : user;
    try {
      const fresh = await manager.signinSilent();
      return fresh && !fresh.expired ? fresh : null;
    } catch (error) {
      if (refreshRefused(error)) {
        await manager.removeUser();
        options.onSignInEnded?.();
        return null;
      }
      // A network hiccup: keep the current token while it lasts; the next call tries again.
      return user.expired ? null : user;
    }
  }

  function rememberedPath(): string {
    const path = storage.getItem(RETURN_TO_KEY);
    return path && path.startsWith('/') && !path.startsWith('//') && !NEVER_RETURN_TO.some((p) => path.startsWith(p)) ? path : '/';
  }

  function loadIdentity(sub: string): Promise<ShopIdentity> {
    if (identity?.sub !== sub) {
      const promise = api.get<UserDto>('/users/me', { withoutCompany: true }).then((me) => ({ ...me, fullName: fullNameOf(me) }));
      identity = { sub, promise };
      promise.catch(() => { if (identity?.promise === promise) identity = undefined; });
    }
    return identity.promise;
  }

  async function logoutUrlFallback(user: SessionUser): Promise<string | undefined> {
    try {
      const endpoint = await manager.metadataService.getEndSessionEndpoint();
      if (!endpoint) return undefined;
      const url = new URL(endpoint);
      url.searchParams.set('client_id', manager.settings.client_id);
      if (manager.settings.post_logout_redirect_uri) url.searchParams.set('post_logout_redirect_uri', manager.settings.post_logout_redirect_uri);
      if (user.id_token) url.searchParams.set('id_token_hint', user.id_token);
      return url.href;
    } catch {
      return undefined;
    }
  }

  return {
    async login(params?: { nextPathname?: string; nextSearch?: string }) {
      if (params?.nextPathname) storage.setItem(RETURN_TO_KEY, params.nextPathname + (params.nextSearch ?? ''));
      await manager.signinRedirect({ state: { returnTo: rememberedPath() } });
    },

    async checkAuth() {
      if (await validUser()) return;
      if (await manager.getUser()) await manager.removeUser();
      // No "please sign in" toast: the login page sends the visitor straight to the provider.
      throw { message: false };
    },

    async handleCallback() {
      const url = new URL(currentUrl());
      const error = url.searchParams.get('error');
      if (error) {
        // Clears the pending sign-in state; the remembered path stays for "try again".
        await manager.signinRedirectCallback(url.href).catch(() => undefined);
        const query = new URLSearchParams({ error, error_description: url.searchParams.get('error_description') ?? '' });
        return { redirectTo: `/auth-error?${query}` };
      }
      const user = await manager.signinRedirectCallback(url.href);
      const fromState = (user.state as { returnTo?: unknown } | undefined)?.returnTo;
      const redirectTo = typeof fromState === 'string' && fromState.startsWith('/') && !fromState.startsWith('//') ? fromState : rememberedPath();
      storage.removeItem(RETURN_TO_KEY);
      identity = undefined;
      return { redirectTo };
    },

    /**
     * `returnTo`: the page a sign-in that ended by itself (a refused refresh token, a 401) was on;
     * the next sign-in comes back to it. A sign-out by choice starts afresh.
     */
    async logout(params?: { returnTo?: unknown }) {
      identity = undefined;
      const returnTo = typeof params?.returnTo === 'string' ? params.returnTo : undefined;
      if (returnTo) storage.setItem(RETURN_TO_KEY, returnTo);
      const user = await manager.getUser();
      if (!user) return undefined;
      let logoutUrl: string | undefined;
      try {
        logoutUrl = (await api.get<EndSessionDto>('/auth/end-session', { withoutCompany: true })).logoutUrl;
      } catch {
        // The server refused (e.g. the 401 that started this logout): end the provider session directly.
        logoutUrl = await logoutUrlFallback(user);
      }
      await manager.removeUser();
      if (!returnTo) storage.removeItem(RETURN_TO_KEY);
      try {
        flags?.setItem(SIGNED_OUT_KEY, '1');
      } catch {
        // storage disabled: the sign-out still happens, only without the message
      }
      if (typeof window !== 'undefined') window.dispatchEvent(new Event(LOGGED_OUT_EVENT));
      return logoutUrl;
    },

    async checkError(error: unknown) {
      // 401: the token is no good any more, sign out. 403: signed in but not allowed, stay signed in.
      if (statusOf(error) === 401) throw error;
    },

    async getIdentity() {
      const user = await manager.getUser();
      if (!user) throw new Error('not signed in');
      return loadIdentity(user.profile.sub);
    },

    async getPermissions(): Promise<PermissionsDto> {
      const empty: PermissionsDto = { customerId: null, permissions: [] };
      const user = await manager.getUser();
      if (!user) return empty;
      const me = await loadIdentity(user.profile.sub);
      try {
        return await api.get<PermissionsDto>(`/users/${encodeURIComponent(String(me.id))}/permissions`);
      } catch (error) {
        // Core §4: a failure yields empty permissions (the app shows a toast); a 401 still signs out.
        if (statusOf(error) === 401) throw error;
        return empty;
      }
    },

    async getAccessToken() {
      return (await validUser())?.access_token ?? null;
    },
  };
}
