/**
 * What must outlive a restart (keys, refresh tokens) and what sign-out must end (grants, the
 * provider's session), plus CORS for the SPA on a tenant's own hostname.
 */
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atRedirectUri, authorize, Browser, signIn, tokenRequest, type Tokens } from './browser';
import { countRows, createStore, freePort, startServer, type RunningServer, type Store } from './harness';
import { seed, type Seeded } from './seed';

let store: Store;
let server: RunningServer;
let seeded: Seeded;
let port: number;
let base: string;

beforeAll(async () => {
  store = await createStore();
  port = await freePort();
  server = await startServer(store, port, { migrate: true });
  seeded = await seed(server.db);
  base = server.baseUrl;
});
afterAll(async () => {
  await server?.stop();
  await store?.cleanup();
});

const local = () => ({ baseUrl: base, clientId: 'shop-localhost', redirectUri: `${base}/redirect` });
const refresh = (refreshToken: string, headers: Record<string, string> = {}) =>
  tokenRequest(base, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'shop-localhost' }, headers);

describe('restart', () => {
  it('keeps keys, access tokens and refresh tokens valid on the same data', async () => {
    const browser = new Browser();
    const tokens = await signIn(browser, { ...local(), email: 'buyer@demo.test', password: 'demo' });
    const kid = decodeProtectedHeader(tokens.access_token).kid;
    await server.stop();
    server = await startServer(store, port);
    expect(await countRows(server.db, 'oidc_keys')).toBe(2);
    expect(server.oidc.keys.publicJwks.keys.map((k) => k.kid)).toEqual([kid]);
    // The old access token verifies with the rebuilt verifier: same keys, same issuer.
    const claims = await server.oidc.verifier.verify(tokens.access_token);
    expect(claims.userId).toBe(seeded.users.buyer);
    const refreshed = await refresh(tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    expect((await server.oidc.verifier.verify(refreshed.body.access_token)).userId).toBe(seeded.users.buyer);
    // The provider's session cookie (signed with the kept cookie keys) still signs in without a form.
    const start = await authorize(browser, local());
    expect(start.location?.split('?')[0]).toBe(`${base}/redirect`);
    expect(new URL(start.location!).searchParams.get('code')).toBeTruthy();
  });
});

describe('refresh', () => {
  it('stops once the user is deactivated, and reflects changed rights before that', async () => {
    const tokens = await signIn(new Browser(), { ...local(), email: 'manager@demo.test', password: 'demo' });
    await server.db.updateTable('customerAccesses').set({ active: false })
      .where('userId', '=', seeded.users.manager).where('customerId', '=', seeded.customers.c2).execute();
    const narrowed = await refresh(tokens.refresh_token);
    expect(narrowed.status).toBe(200);
    expect((await server.oidc.verifier.verify(narrowed.body.access_token)).customerIds).toEqual([seeded.customers.c1]);
    await server.db.updateTable('users').set({ active: false }).where('id', '=', seeded.users.manager).execute();
    try {
      const refused = await refresh(narrowed.body.refresh_token);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('invalid_grant');
    } finally {
      await server.db.updateTable('users').set({ active: true }).where('id', '=', seeded.users.manager).execute();
    }
  });

  it('lets only one of several simultaneous uses of a refresh token through, and then revokes the sign-in', async () => {
    const tokens = await signIn(new Browser(), { ...local(), email: 'buyer@demo.test', password: 'demo' });
    const all = await Promise.all([1, 2, 3, 4, 5].map(() => refresh(tokens.refresh_token)));
    expect(all.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    const winner = all.find((r) => r.status === 200)!;
    expect(all.find((r) => r.status === 400)!.body.error).toBe('invalid_grant');
    // Reuse is treated as theft: the winner's new refresh token is revoked too.
    expect((await refresh(winner.body.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('answers CORS for the tenant origin only', async () => {
    const tokens = await signIn(new Browser(), { ...local(), email: 'buyer@demo.test', password: 'demo' });
    const ok = await refresh(tokens.refresh_token, { origin: base });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(base);
    const foreign = await refresh(ok.body.refresh_token, { origin: 'http://evil.localhost:1234' });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreign.status).toBe(400);
  });
});

describe('end session', () => {
  let browser: Browser;
  let tokens: Tokens;
  beforeAll(async () => {
    browser = new Browser('en');
    tokens = await signIn(browser, { ...local(), email: 'buyer@demo.test', password: 'demo' });
  });

  it("revokes the account's refresh tokens for the tenant and returns the provider's logout URL", async () => {
    const claims = await server.oidc.verifier.verify(tokens.access_token);
    const logoutUrl = await server.oidc.endSession(claims);
    const url = new URL(logoutUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${base}/oidc/session/end`);
    expect(url.searchParams.get('client_id')).toBe('shop-localhost');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${base}/`);
    const refused = await refresh(tokens.refresh_token);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');

    // The logout page asks nothing: it posts itself with logout=yes, then lands on the shop root.
    const page = await browser.fetch(logoutUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<input type="hidden" name="logout" value="yes">');
    expect(html).toMatch(/\.submit\(\)/);
    expect(html).not.toContain('stay signed in');
    const { url: landed } = await browser.follow(logoutUrl, (u) => u === `${base}/`);
    expect(landed).toBe(`${base}/`);

    // The provider's session is gone: the next sign-in shows the login page again.
    const again = await authorize(browser, local());
    expect(again.location).toContain('/oidc/interaction/');
  });

  it('keeps a signed-in session signing in without the login page (SSO within a shop)', async () => {
    const sso = new Browser();
    await signIn(sso, { ...local(), email: 'buyer@demo.test', password: 'demo' });
    const start = await authorize(sso, local());
    const { url } = await sso.follow(start.location!, atRedirectUri(`${base}/redirect`));
    expect(new URL(url).searchParams.get('code')).toBeTruthy();
  });
});
