/** react-admin's authProvider over a stand-in UserManager: callback, errors, logout, identity. */
import { describe, expect, it, vi } from 'vitest';
import type { User } from 'oidc-client-ts';
import { createAuthProvider, RETURN_TO_KEY, type AuthApi, type AuthUserManager } from '../../src/app/auth/authProvider';

class MemoryStorage {
  readonly map = new Map<string, string>();
  getItem(key: string) { return this.map.get(key) ?? null; }
  setItem(key: string, value: string) { this.map.set(key, value); }
  removeItem(key: string) { this.map.delete(key); }
}

const user = (overrides: Partial<User> = {}) => ({
  access_token: 'at-1', refresh_token: 'rt-1', id_token: 'idt', expires_in: 500, expired: false,
  profile: { sub: 'account-1' }, state: undefined, ...overrides,
}) as unknown as User;

function setup(options: { user?: User | null; api?: Partial<AuthApi>; href?: string; onSignInEnded?: () => void } = {}) {
  let stored: User | null = options.user === undefined ? user() : options.user;
  const manager = {
    getUser: vi.fn(async () => stored),
    removeUser: vi.fn(async () => { stored = null; }),
    signinRedirect: vi.fn(async () => undefined),
    signinRedirectCallback: vi.fn(async () => user({ state: { returnTo: '/orders?page=2' } })),
    signinSilent: vi.fn(async () => user({ access_token: 'at-2', refresh_token: 'rt-2' })),
    settings: { client_id: 'shop-localhost', post_logout_redirect_uri: 'http://localhost:3000/' },
    metadataService: { getEndSessionEndpoint: vi.fn(async () => 'http://localhost:3000/oidc/session/end') },
  } as unknown as AuthUserManager & { [k: string]: ReturnType<typeof vi.fn> };
  const api: AuthApi = {
    get: vi.fn(async (path: string) => {
      if (path === '/auth/end-session') return { logoutUrl: 'http://localhost:3000/oidc/session/end?client_id=shop-localhost' };
      if (path === '/users/me') return { id: 'user-1', email: 'b@demo.test', displayname: 'Bea', firstname: null, lastname: null };
      return { customerId: 'c1', permissions: ['orders:R'] };
    }) as AuthApi['get'],
    put: vi.fn() as AuthApi['put'],
    ...options.api,
  };
  const storage = new MemoryStorage();
  const provider = createAuthProvider({ userManager: manager, api, storage, location: () => options.href ?? 'http://localhost:3000/redirect?code=x&state=y', onSignInEnded: options.onSignInEnded });
  return { provider, manager, api, storage };
}

describe('authProvider', () => {
  it('remembers the attempted path on login and returns there from the callback state', async () => {
    const { provider, manager, storage } = setup();
    await provider.login({ nextPathname: '/orders', nextSearch: '?page=2' });
    expect(storage.getItem(RETURN_TO_KEY)).toBe('/orders?page=2');
    expect(manager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/orders?page=2' } });
    expect(await provider.handleCallback!()).toEqual({ redirectTo: '/orders?page=2' });
    expect(storage.getItem(RETURN_TO_KEY)).toBeNull();
  });

  it('sends a provider error to /auth-error and keeps the original path', async () => {
    const { provider, storage } = setup({ href: 'http://localhost:3000/redirect?error=access_denied&error_description=No+way&state=y' });
    storage.setItem(RETURN_TO_KEY, '/invoices');
    const result = await provider.handleCallback!();
    expect(result).toEqual({ redirectTo: '/auth-error?error=access_denied&error_description=No+way' });
    expect(storage.getItem(RETURN_TO_KEY)).toBe('/invoices');
  });

  it('never returns to an outside address', async () => {
    const { provider, manager } = setup();
    (manager.signinRedirectCallback as ReturnType<typeof vi.fn>).mockResolvedValueOnce(user({ state: { returnTo: '//evil.example' } }));
    expect(await provider.handleCallback!()).toEqual({ redirectTo: '/' });
  });

  it('checkAuth passes a valid user, refreshes an expiring one and rejects without one', async () => {
    await expect(setup().provider.checkAuth({})).resolves.toBeUndefined();
    const expiring = setup({ user: user({ expires_in: 5 }) });
    await expect(expiring.provider.checkAuth({})).resolves.toBeUndefined();
    expect(expiring.manager.signinSilent).toHaveBeenCalledOnce();
    await expect(setup({ user: null }).provider.checkAuth({})).rejects.toEqual({ message: false });
  });

  it('drops the user and says the sign-in ended when the provider refuses the refresh token', async () => {
    const onSignInEnded = vi.fn();
    const { provider, manager } = setup({ user: user({ expires_in: -5, expired: true }), onSignInEnded });
    (manager.signinSilent as ReturnType<typeof vi.fn>).mockRejectedValueOnce(Object.assign(new Error('grant'), { error: 'invalid_grant' }));
    expect(await provider.getAccessToken()).toBeNull();
    expect(manager.removeUser).toHaveBeenCalled();
    expect(onSignInEnded).toHaveBeenCalledOnce();
  });

  it('keeps the sign-in through a refresh that failed for another reason (offline)', async () => {
    const onSignInEnded = vi.fn();
    const { provider, manager } = setup({ user: user({ expires_in: 10 }), onSignInEnded });
    (manager.signinSilent as ReturnType<typeof vi.fn>).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await provider.getAccessToken()).toBe('at-1');
    expect(manager.removeUser).not.toHaveBeenCalled();
    expect(onSignInEnded).not.toHaveBeenCalled();
  });

  it('checkError signs out on 401 only; 403 keeps the session', async () => {
    const { provider } = setup();
    await expect(provider.checkError({ status: 401 })).rejects.toEqual({ status: 401 });
    await expect(provider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(provider.checkError({ status: 500 })).resolves.toBeUndefined();
  });

  it("logout ends the session through the server and returns the provider's logout URL", async () => {
    const { provider, manager, api } = setup();
    const url = await provider.logout({});
    expect(api.get).toHaveBeenCalledWith('/auth/end-session', { withoutCompany: true });
    expect(url).toBe('http://localhost:3000/oidc/session/end?client_id=shop-localhost');
    expect(manager.removeUser).toHaveBeenCalled();
  });

  it('a sign-in that ended by itself comes back to its page after the next sign-in; a sign-out by choice does not', async () => {
    const ended = setup({ user: null });
    ended.storage.setItem(RETURN_TO_KEY, '/older');
    await ended.provider.logout({ returnTo: '/ycAdmin/referral-partners?page=2' });
    await ended.provider.login({});
    expect(ended.manager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/ycAdmin/referral-partners?page=2' } });

    const signedIn = setup();
    await signedIn.provider.logout({ returnTo: '/invoices' });
    expect(signedIn.storage.getItem(RETURN_TO_KEY)).toBe('/invoices');

    const chosen = setup();
    chosen.storage.setItem(RETURN_TO_KEY, '/invoices');
    await chosen.provider.logout({});
    expect(chosen.storage.getItem(RETURN_TO_KEY)).toBeNull();
  });

  it('logout falls back to the provider end-session endpoint when the server refuses', async () => {
    const { provider } = setup({ api: { get: vi.fn(async () => { throw Object.assign(new Error('x'), { status: 401 }); }) as AuthApi['get'] } });
    const url = new URL((await provider.logout({})) as string);
    expect(url.pathname).toBe('/oidc/session/end');
    expect(url.searchParams.get('client_id')).toBe('shop-localhost');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:3000/');
  });

  it('builds the identity from /users/me and the permissions from /users/{id}/permissions', async () => {
    const { provider, api } = setup();
    expect(await provider.getIdentity!()).toMatchObject({ id: 'user-1', fullName: 'Bea' });
    expect(await provider.getPermissions!({})).toEqual({ customerId: 'c1', permissions: ['orders:R'] });
    expect(api.get).toHaveBeenCalledWith('/users/user-1/permissions');
    // /users/me once for both: it is kept for the signed-in subject.
    expect((api.get as ReturnType<typeof vi.fn>).mock.calls.filter(([p]) => p === '/users/me')).toHaveLength(1);
  });

  it('yields empty permissions when the call fails (not 401)', async () => {
    const failing = vi.fn(async (path: string) => {
      if (path === '/users/me') return { id: 'user-1', email: 'b@demo.test', displayname: null };
      throw Object.assign(new Error('boom'), { status: 500 });
    });
    const { provider } = setup({ api: { get: failing as AuthApi['get'] } });
    expect(await provider.getPermissions!({})).toEqual({ customerId: null, permissions: [] });
  });
});
