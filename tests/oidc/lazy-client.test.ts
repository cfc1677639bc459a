/**
 * oidc-client-ts is a lazy chunk (auth/lazy-user-manager): a sign-in the library stored earlier
 * serves the page and authorises its API calls before the library has loaded; whatever needs the
 * library (refreshing an expired token here) loads it and runs it against the real provider.
 */
import { decodeJwt } from 'jose';
import { InMemoryWebStorage, User } from 'oidc-client-ts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAuthProvider, type AuthApi } from '../../src/app/auth/authProvider';
import { createLazyOidcClient, LazyUserManager } from '../../src/app/auth/lazy-user-manager';
import { createOidcClient, type ShopUserManager } from '../../src/app/auth/oidc-client';
import { oidcAddresses } from '../../src/app/auth/oidc-settings';
import { createHttpClient } from '../../src/app/data/http';
import { Browser, signIn, tokenRequest, type Tokens } from './browser';
import { createStore, freePort, startServer, type RunningServer, type Store, localhostDomain } from './harness';
import { seed, type Seeded } from './seed';

let store: Store;
let server: RunningServer;
let seeded: Seeded;

beforeAll(async () => {
  store = await createStore();
  server = await startServer(store, await freePort(), { migrate: true });
  seeded = await seed(server.db);
});
afterAll(async () => {
  await server?.stop();
  await store?.cleanup();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const domain = () => localhostDomain(server.baseUrl);

/** Signs in against the provider and stores the user as oidc-client-ts does, expiring `expiresIn` seconds from now. */
async function storedSignIn(storage: Storage, expiresIn: number): Promise<Tokens> {
  const tokens = await signIn(new Browser(), { baseUrl: server.baseUrl, clientId: 'shop-localhost', redirectUri: `${server.baseUrl}/redirect`, email: 'buyer@demo.test', password: 'demo' });
  const writer = createOidcClient(domain(), { storage, origin: server.baseUrl, language: () => 'nl' });
  writer.stopSilentRenew();
  await writer.storeUser(new User({
    access_token: tokens.access_token, refresh_token: tokens.refresh_token, id_token: tokens.id_token,
    token_type: 'Bearer', scope: tokens.scope, profile: decodeJwt(tokens.id_token) as User['profile'],
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
  }));
  return tokens;
}

/** The app's HTTP client over the auth provider, answering /users/me and recording each call's bearer token. */
function appClient(manager: LazyUserManager) {
  vi.stubGlobal('location', new URL(server.baseUrl));
  const bearers: (string | null)[] = [];
  let auth: ReturnType<typeof createAuthProvider> | undefined;
  // The API at the network edge (the client calls the global fetch); the sign-in library's own calls reach the provider.
  const realFetch = globalThis.fetch;
  const api = `${server.baseUrl}/api/`;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!String(input).startsWith(api)) return realFetch(input, init);
    bearers.push(new Headers(init?.headers).get('authorization')?.replace(/^Bearer /, '') ?? null);
    return Response.json({ id: seeded.users.buyer, email: 'buyer@demo.test', displayname: 'Bea Buyer' });
  });
  const http = createHttpClient({
    baseUrl: `${server.baseUrl}/api`,
    getAccessToken: () => auth?.getAccessToken() ?? null,
    getLanguage: () => 'nl',
  });
  auth = createAuthProvider({ userManager: manager, api: http as AuthApi, storage: new InMemoryWebStorage() });
  return { auth, http, bearers };
}

describe('the lazily loaded sign-in client', () => {
  it('authorises API calls with a stored valid user before the library has loaded', async () => {
    const storage = new InMemoryWebStorage();
    const tokens = await storedSignIn(storage, 500);
    // The library never arrives: everything below must work without it.
    const load = vi.fn(() => new Promise<never>(() => undefined));
    const manager = new LazyUserManager({ addresses: oidcAddresses(domain(), server.baseUrl), store: storage, load });
    const { auth, http, bearers } = appClient(manager);

    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(await auth.getIdentity!()).toMatchObject({ id: seeded.users.buyer, fullName: 'Bea Buyer' });
    await http.get('/v2/products');
    expect(bearers).toEqual([tokens.access_token, tokens.access_token]);
    expect((await server.oidc.verifier.verify(bearers[1]!)).userId).toBe(seeded.users.buyer);
    expect(load).not.toHaveBeenCalled();
  });

  it('follows a refresh or sign-out of another tab before the library has loaded', async () => {
    const storage = new InMemoryWebStorage();
    await storedSignIn(storage, 500);
    const manager = new LazyUserManager({ addresses: oidcAddresses(domain(), server.baseUrl), store: storage, load: () => new Promise<never>(() => undefined) });
    const { auth } = appClient(manager);
    const refreshedElsewhere = await storedSignIn(storage, 500);
    expect(await auth.getAccessToken()).toBe(refreshedElsewhere.access_token);
    storage.clear();
    expect(await auth.getAccessToken()).toBeNull();
  });

  it('loads the library to refresh an expired stored user, and then hands every call to it', async () => {
    const storage = new InMemoryWebStorage();
    const expired = await storedSignIn(storage, -5);
    const manager = createLazyOidcClient(domain(), { storage, origin: server.baseUrl, language: () => 'nl', lockEnv: { storage } });
    const { http, bearers } = appClient(manager);

    await http.get('/v2/products');
    const [sent] = bearers;
    expect(sent).toBeTruthy();
    expect(sent).not.toBe(expired.access_token);
    expect((await server.oidc.verifier.verify(sent!)).userId).toBe(seeded.users.buyer);
    // The library rotated the refresh token and stored the new sign-in where it keeps it.
    const real = (await manager.manager()) as ShopUserManager;
    real.stopSilentRenew();
    const stored = await real.getUser();
    expect(stored?.access_token).toBe(sent);
    expect(stored?.refresh_token).not.toBe(expired.refresh_token);
    const reused = await tokenRequest(server.baseUrl, { grant_type: 'refresh_token', refresh_token: expired.refresh_token, client_id: 'shop-localhost' });
    expect(reused.body.error).toBe('invalid_grant');
    // Loaded: the stand-in answers through the library, not from its own reading of the storage.
    expect(await manager.getUser()).toBeInstanceOf(User);
  });

  it('tries a failed load of the library again on the next call', async () => {
    const storage = new InMemoryWebStorage();
    await storedSignIn(storage, -5);
    const real = createOidcClient(domain(), { storage, origin: server.baseUrl, language: () => 'nl', lockEnv: { storage } });
    real.stopSilentRenew();
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(real);
    const manager = new LazyUserManager({ addresses: oidcAddresses(domain(), server.baseUrl), store: storage, load });
    await expect(manager.signinSilent()).rejects.toThrow('dynamically imported');
    const fresh = await manager.signinSilent();
    expect(fresh?.expired).toBe(false);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
