/**
 * Two tabs (two UserManagers on one localStorage) refreshing at the same moment against the real
 * provider: with the cross-tab lock both end up signed in; without it, the second tab spends the
 * rotated refresh token, the provider revokes the grant and the user is signed out.
 */
import { decodeJwt } from 'jose';
import { InMemoryWebStorage, User } from 'oidc-client-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOidcClient, type ShopUserManager } from '../../src/app/auth/oidc-client';
import type { LockEnvironment } from '../../src/app/auth/refresh-lock';
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
});
