/**
 * The real authorization-code + PKCE flow against the embedded provider on a real database:
 * login page, credentials, code, tokens with the spec's claims, verification, refresh.
 */
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalVerifier, TokenVerificationError } from '../../src/server/oidc/verifier';
import { atRedirectUri, authorize, Browser, postLogin, signIn, tokenRequest, type Tokens } from './browser';
import { createStore, freePort, startServer, type RunningServer, type Store } from './harness';
import { seed, type Seeded } from './seed';

let store: Store;
let server: RunningServer;
let seeded: Seeded;
let base: string;
let redirectUri: string;

beforeAll(async () => {
  store = await createStore();
  server = await startServer(store, await freePort(), { migrate: true });
  seeded = await seed(server.db);
  base = server.baseUrl;
  redirectUri = `${base}/redirect`;
});
afterAll(async () => {
  await server?.stop();
  await store?.cleanup();
});

const local = () => ({ baseUrl: base, clientId: 'shop-localhost', redirectUri });

describe('discovery', () => {
  it('publishes the issuer under /oidc and only public keys', async () => {
    const discovery = await (await fetch(`${base}/oidc/.well-known/openid-configuration`)).json();
    expect(discovery.issuer).toBe(`${base}/oidc`);
    expect(discovery.token_endpoint).toBe(`${base}/oidc/token`);
    expect(discovery.end_session_endpoint).toBe(`${base}/oidc/session/end`);
    const jwks = await (await fetch(`${base}/oidc/jwks`)).json();
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) expect(key).not.toHaveProperty('d');
    expect(jwks).toEqual(server.oidc.keys.publicJwks);
  });
});

describe('login page', () => {
  it('renders the themed login form in Dutch by default, with labelled inputs', async () => {
    const start = await authorize(new Browser(), local());
    expect(start.response.status).toBe(303);
    expect(start.location).toMatch(new RegExp(`^${base}/oidc/interaction/[\\w-]+$`));
    const browser = new Browser();
    const again = await authorize(browser, local());
    const page = await browser.fetch(again.location!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain('<label for="email">E-mail</label>');
    expect(html).toContain('<label for="password">Wachtwoord</label>');
    expect(html).toContain('Development Shop');
    expect(html).toContain('--primary:#123456');
    expect(html).toMatch(/<form method="post" action="\/oidc\/interaction\/[\w-]+\/login"/);
  });

  it('follows ui_locales, then Accept-Language', async () => {
    const fr = new Browser();
    const frStart = await authorize(fr, { ...local(), uiLocales: 'fr' });
    const frHtml = await (await fr.fetch(frStart.location!)).text();
    expect(frHtml).toContain('<label for="password">Mot de passe</label>');
    const en = new Browser('en-GB,en;q=0.8');
    const enStart = await authorize(en, local());
    const enHtml = await (await en.fetch(enStart.location!)).text();
    expect(enHtml).toContain('<label for="password">Password</label>');
  });

  it('re-renders with a translated error and keeps the e-mail on a wrong password', async () => {
    const browser = new Browser('en');
    const start = await authorize(browser, { ...local(), uiLocales: 'en' });
    const wrong = await postLogin(browser, start.location!, 'buyer@demo.test', 'nope');
    expect(wrong.status).toBe(401);
    const html = await wrong.text();
    expect(html).toContain('The e-mail address or password is incorrect.');
    expect(html).toContain('value="buyer@demo.test"');
    expect(html).toContain('<label for="password">Password</label>');
    const nl = new Browser();
    const nlStart = await authorize(nl, local());
    const nlWrong = await (await postLogin(nl, nlStart.location!, 'nobody@demo.test', 'demo')).text();
    expect(nlWrong).toContain('Het e-mailadres of wachtwoord is onjuist.');
  });

  it('answers an unknown or foreign interaction with a translated expiry page, not a login', async () => {
    const browser = new Browser('fr-BE,fr;q=0.9');
    const start = await authorize(browser, local());
    // Right uid but no interaction cookie (another browser): refused.
    const foreign = await postLogin(new Browser('fr'), start.location!, 'buyer@demo.test', 'demo');
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain('Votre tentative de connexion a expiré');
    const unknown = await browser.fetch(`${base}/oidc/interaction/unknown-uid`);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).not.toContain('name="password"');
  });

  it("refuses an account without an active user in the client's tenant with the spec message", async () => {
    for (const email of ['supplier@demo.test', 'finance@demo.test']) {
      const browser = new Browser();
      const start = await authorize(browser, { ...local(), uiLocales: 'en' });
      const response = await postLogin(browser, start.location!, email, 'demo');
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('User is either not yet created in auth0 or has no active customer access');
    }
  });
});

describe('tokens', () => {
  let tokens: Tokens;
  beforeAll(async () => {
    tokens = await signIn(new Browser(), { ...local(), email: 'buyer@demo.test', password: 'demo' });
  });

  it('issues a JWT access token for the API with the spec claims of the tenant user', () => {
    expect(decodeProtectedHeader(tokens.access_token).typ).toBe('at+jwt');
    const claims = decodeJwt(tokens.access_token);
    const { customers, departments, users } = seeded;
    expect(claims.iss).toBe(`${base}/oidc`);
    expect(claims.aud).toBe(`${base}/api`);
    expect(claims.exp! - claims.iat!).toBe(600);
    expect(claims).toMatchObject({
      userId: users.buyer, userType: 3, customerIds: [customers.c1], supplierIds: [],
      departements: [departments.d1], active: true, tenant: 'localhost', client_id: 'shop-localhost',
    });
    // Role 'user' merged with the access's own 'reports:R'; the disabled access adds nothing.
    expect(claims.permissions).toContain(`${customers.c1}|orders:RC`);
    expect(claims.permissions).toContain(`${customers.c1}|reports:R`);
    expect((claims.permissions as string[]).some((p) => p.startsWith(customers.c2))).toBe(false);
    expect(tokens.refresh_token).toBeTruthy();
  });

  it("names no customer, right or department for a supplier's user, whatever customer access their row holds", async () => {
    await server.db.updateTable('users').set({ supplierIds: JSON.stringify(['s-1']) } as never).where('id', '=', seeded.users.buyer).execute();
    try {
      const claims = decodeJwt((await signIn(new Browser(), { ...local(), email: 'buyer@demo.test', password: 'demo' })).access_token);
      expect(claims).toMatchObject({ userId: seeded.users.buyer, userType: 3, supplierIds: ['s-1'], customerIds: [], departements: [] });
      expect((claims.permissions as string[]).some((p) => p.includes('|'))).toBe(false);
    } finally {
      await server.db.updateTable('users').set({ supplierIds: JSON.stringify([]) } as never).where('id', '=', seeded.users.buyer).execute();
    }
  });

  it('merges the rights of several roles per customer', async () => {
    const manager = await signIn(new Browser(), { ...local(), email: 'manager@demo.test', password: 'demo' });
    const claims = decodeJwt(manager.access_token);
    const { customers } = seeded;
    expect([...(claims.customerIds as string[])].sort()).toEqual([customers.c1, customers.c2].sort());
    expect(claims.permissions).toContain(`${customers.c1}|orders:RWCDX`);
    expect(claims.permissions).toContain(`${customers.c2}|orders:RWX`);
    expect(claims.departements).toEqual([seeded.departments.d2]);
  });

  it('is accepted by the local verifier and refused when tampered with or for another audience', async () => {
    const { verifier, issuer, keys } = server.oidc;
    const claims = await verifier.verify(tokens.access_token);
    expect(claims.userId).toBe(seeded.users.buyer);
    expect(claims.tenant).toBe('localhost');
    const [header, payload, signature] = tokens.access_token.split('.');
    const forged = JSON.parse(Buffer.from(payload, 'base64url').toString());
    forged.userType = 1;
    const tampered = [header, Buffer.from(JSON.stringify(forged)).toString('base64url'), signature].join('.');
    await expect(verifier.verify(tampered)).rejects.toBeInstanceOf(TokenVerificationError);
    const otherAudience = createLocalVerifier(keys.publicJwks, { issuer, audience: 'http://elsewhere/api' });
    await expect(otherAudience.verify(tokens.access_token)).rejects.toBeInstanceOf(TokenVerificationError);
    // The ID token is signed by the same key but is no access token.
    await expect(verifier.verify(tokens.id_token)).rejects.toBeInstanceOf(TokenVerificationError);
  });

  it('refreshes with rotation, and a reused refresh token is refused', async () => {
    const first = await signIn(new Browser(), { ...local(), email: 'buyer@demo.test', password: 'demo' });
    const refreshed = await tokenRequest(base, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: 'shop-localhost' });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toBeTruthy();
    expect(refreshed.body.refresh_token).not.toBe(first.refresh_token);
    const claims = await server.oidc.verifier.verify(refreshed.body.access_token);
    expect(claims.userId).toBe(seeded.users.buyer);
    const reused = await tokenRequest(base, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: 'shop-localhost' });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
  });
});

describe('clients', () => {
  it('serves each tenant on its own redirect URI and refuses foreign ones', async () => {
    const acmeRedirect = `http://acme.localhost:${new URL(base).port}/redirect`;
    const ok = await authorize(new Browser(), { baseUrl: base, clientId: 'shop-acme', redirectUri: acmeRedirect });
    expect(ok.response.status).toBe(303);
    expect(ok.location).toContain('/oidc/interaction/');
    const foreign = await authorize(new Browser(), { baseUrl: base, clientId: 'shop-acme', redirectUri });
    expect(foreign.response.status).toBe(400);
    // A tenant with its own identity provider has no client here.
    const external = await authorize(new Browser(), {
      baseUrl: base, clientId: 'shop-globex', redirectUri: `http://globex.localhost:${new URL(base).port}/redirect`,
    });
    expect(external.response.status).toBe(400);
  });

  it('requires PKCE', async () => {
    const url = new URL(`${base}/oidc/auth`);
    url.search = new URLSearchParams({ client_id: 'shop-localhost', redirect_uri: redirectUri, response_type: 'code', scope: 'openid' }).toString();
    const response = await fetch(url, { redirect: 'manual' });
    const location = new URL(response.headers.get('location') ?? '', base);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('sends the session of another shop back to the login page with the spec message', async () => {
    const browser = new Browser('en');
    await signIn(browser, { ...local(), email: 'buyer@demo.test', password: 'demo' });
    const acmeRedirect = `http://acme.localhost:${new URL(base).port}/redirect`;
    // buyer@ has no user in acme: the existing session must not sign them in there.
    const start = await authorize(browser, { baseUrl: base, clientId: 'shop-acme', redirectUri: acmeRedirect });
    expect(start.location).toContain('/oidc/interaction/');
    const html = await (await browser.fetch(start.location!)).text();
    expect(html).toContain('User is either not yet created in auth0 or has no active customer access');
    expect(html).toContain('--primary:#0a7f3f');
    // manager@ is a platform admin in acme: same browser, new login, tokens for acme.
    const login = await postLogin(browser, start.location!, 'manager@demo.test', 'demo');
    expect(login.status).toBe(303);
    const { url } = await browser.follow(new URL(login.headers.get('location')!, base).href, atRedirectUri(acmeRedirect));
    expect(new URL(url).searchParams.get('code')).toBeTruthy();
  });
});
