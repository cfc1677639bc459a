/**
 * Two tabs (two UserManagers on one localStorage) refreshing at the same moment against the real
 * provider: with the cross-tab lock both end up signed in; without it, the second tab spends the
 * rotated refresh token, the provider revokes the grant and the user is signed out. And the same when
 * each tab sees the other's local storage writes late, as Chromium's tab processes do.
 */
import { decodeJwt } from 'jose';
import { InMemoryWebStorage, User } from 'oidc-client-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOidcClient, type ShopUserManager } from '../../src/app/auth/oidc-client';
import type { LockEnvironment } from '../../src/app/auth/refresh-lock';
import { storedUserKey } from '../../src/app/auth/oidc-settings';
import { memorySpentRefreshTokens } from '../../src/app/auth/spent-refresh-tokens';
import { Browser, signIn, tokenRequest } from './browser';
import { createStore, freePort, startServer, type RunningServer, type Store, localhostDomain } from './harness';
import { seed } from './seed';

let store: Store;
let server: RunningServer;

beforeAll(async () => {
  store = await createStore();
  server = await startServer(store, await freePort(), { migrate: true });
  await seed(server.db);
});
afterAll(async () => {
  await server?.stop();
  await store?.cleanup();
});

const domain = () => localhostDomain(server.baseUrl);

/**
 * One tab's view of the origin's local storage: its own writes at once, the other tabs' `lagMs` later
 * (Chromium hands a write to other tab processes asynchronously: a tab that takes the lock right
 * after another released it may still read what that tab replaced).
 */
class LaggingStorage implements Storage {
  private readonly items = new Map<string, string>();
  readonly peers: LaggingStorage[] = [];
  constructor(private readonly lagMs: number) {}
  get length() { return this.items.size; }
  key(index: number) { return [...this.items.keys()][index] ?? null; }
  getItem(key: string) { return this.items.get(key) ?? null; }
  clear() { for (const key of [...this.items.keys()]) this.removeItem(key); }
  setItem(key: string, value: string) { this.items.set(key, value); this.spread((peer) => peer.items.set(key, value)); }
  removeItem(key: string) { this.items.delete(key); this.spread((peer) => peer.items.delete(key)); }
  /** What the tab found when it opened (no write: nothing to hand to the other tabs). */
  preload(key: string, value: string) { this.items.set(key, value); }
  private spread(change: (peer: LaggingStorage) => void) {
    for (const peer of this.peers) setTimeout(() => change(peer), this.lagMs);
  }
}

/** Two "tabs" sharing one local storage, each with its own UserManager, holding a nearly expired sign-in. */
async function twoTabs(lockEnv: (storage: Storage) => LockEnvironment) {
  const shared = new InMemoryWebStorage();
  const tokens = await signIn(new Browser(), { baseUrl: server.baseUrl, clientId: 'shop-localhost', redirectUri: `${server.baseUrl}/redirect`, email: 'buyer@demo.test', password: 'demo' });
  const tabs: ShopUserManager[] = [0, 1].map(() => {
    const manager = createOidcClient(domain(), { storage: shared, origin: server.baseUrl, language: () => 'nl', lockEnv: lockEnv(shared) });
    manager.stopSilentRenew(); // the test triggers the refreshes itself
    return manager;
  });
  await tabs[0].storeUser(new User({
    access_token: tokens.access_token, refresh_token: tokens.refresh_token, id_token: tokens.id_token,
    token_type: 'Bearer', scope: tokens.scope, profile: decodeJwt(tokens.id_token) as User['profile'],
    expires_at: Math.floor(Date.now() / 1000) + 10, // inside the expiring window: both tabs want to refresh
  }));
  return tabs;
}

describe('refresh across tabs', () => {
  it('with the lock, simultaneous refreshes leave one valid rotated refresh token', async () => {
    const tabs = await twoTabs((storage) => ({ storage, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) }));
    const [a, b] = await Promise.all(tabs.map((tab) => tab.signinSilent()));
    expect(a?.refresh_token).toBeTruthy();
    expect(b?.refresh_token).toBe(a?.refresh_token);
    const stored = await tabs[1].getUser();
    expect(stored?.refresh_token).toBe(a?.refresh_token);
    const next = await tokenRequest(server.baseUrl, { grant_type: 'refresh_token', refresh_token: stored!.refresh_token!, client_id: 'shop-localhost' });
    expect(next.status).toBe(200);
  });

  it('without it, the second tab reuses the rotated token and the provider revokes the sign-in', async () => {
    const tabs = await twoTabs(() => ({}));
    const results = await Promise.allSettled(tabs.map((tab) => tab.signinSilent()));
    expect(results.some((r) => r.status === 'rejected')).toBe(true);
    const stored = await tabs[0].getUser();
    const next = await tokenRequest(server.baseUrl, { grant_type: 'refresh_token', refresh_token: stored!.refresh_token!, client_id: 'shop-localhost' });
    expect(next.body.error).toBe('invalid_grant');
  });

  it("when a tab's local storage shows the other tab's refresh late, it waits for it instead of spending the rotated token", async () => {
    const tokens = await signIn(new Browser(), { baseUrl: server.baseUrl, clientId: 'shop-localhost', redirectUri: `${server.baseUrl}/redirect`, email: 'buyer@demo.test', password: 'demo' });
    const views = [new LaggingStorage(400), new LaggingStorage(400)];
    views[0].peers.push(views[1]);
    views[1].peers.push(views[0]);
    const leases = new InMemoryWebStorage();
    const spentTokens = memorySpentRefreshTokens();
    const tabs = views.map((view) => {
      const manager = createOidcClient(domain(), { storage: view, origin: server.baseUrl, language: () => 'nl', lockEnv: { storage: leases, spentTokens } });
      manager.stopSilentRenew();
      return manager;
    });
    const user = new User({
      access_token: tokens.access_token, refresh_token: tokens.refresh_token, id_token: tokens.id_token,
      token_type: 'Bearer', scope: tokens.scope, profile: decodeJwt(tokens.id_token) as User['profile'],
      expires_at: Math.floor(Date.now() / 1000) + 10,
    });
    for (const view of views) view.preload(storedUserKey(domain().idp.issuer, 'shop-localhost'), user.toStorageString());

    const [a, b] = await Promise.all(tabs.map((tab) => tab.signinSilent()));
    expect(a?.refresh_token).toBeTruthy();
    expect(a?.refresh_token).not.toBe(tokens.refresh_token);
    expect(b?.refresh_token).toBe(a?.refresh_token);
    const next = await tokenRequest(server.baseUrl, { grant_type: 'refresh_token', refresh_token: a!.refresh_token!, client_id: 'shop-localhost' });
    expect(next.status).toBe(200);
  });

  it('never renews in a hidden frame (the provider forbids framing): without a refresh token there is nothing to renew', async () => {
    const manager = createOidcClient(domain(), { storage: new InMemoryWebStorage(), origin: server.baseUrl, language: () => 'nl', lockEnv: { storage: new InMemoryWebStorage() } });
    manager.stopSilentRenew();
    await expect(manager.signinSilent()).resolves.toBeNull();
  });
});
