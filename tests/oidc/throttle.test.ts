/**
 * Sign-in throttling at the embedded provider's login form: wrong passwords slow down and then
 * lock an account (and, with more room, an address); the right password is refused meanwhile;
 * the lock ends by itself. The clock is the provider's injectable one: nothing sleeps.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONSTANTS } from '../../model/catalogue/constants';
import { createThrottle } from '../../src/server/oidc/throttle';
import { asOidcDb } from '../../src/server/oidc/db-types';
import { authorize, Browser } from './browser';
import { createStore, freePort, startServer, type RunningServer, type Store } from './harness';
import { seed } from './seed';

const LIMITS = CONSTANTS.signInThrottle;
let store: Store;
let server: RunningServer;
let clock = Date.parse('2026-03-02T09:00:00Z');
const advance = (seconds: number) => { clock += seconds * 1000; };

beforeAll(async () => {
  store = await createStore();
  // TRUST_PROXY on: X-Forwarded-For stands for the client address of each attempt.
  server = await startServer(store, await freePort(), { migrate: true, trustProxy: true, oidc: { now: () => clock } });
  await seed(server.db);
});
afterAll(async () => {
  await server?.stop();
  await store?.cleanup();
});

/** One browser on the login page of the localhost shop, posting from `address`. */
async function loginForm(address: string) {
  const browser = new Browser();
  const start = await authorize(browser, { baseUrl: server.baseUrl, clientId: 'shop-localhost', redirectUri: `${server.baseUrl}/redirect` });
  const interaction = start.location!;
  return async (email: string, password: string, lang = 'nl') => {
    const res = await browser.fetch(`${interaction}/login`, {
      method: 'POST', body: new URLSearchParams({ email, password, lang }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
    });
    const html = res.status === 303 ? '' : await res.text();
    return { status: res.status, error: /<p class="error" role="alert">([^<]*)<\/p>/.exec(html)?.[1] ?? null };
  };
}

let addressCounter = 0;
/** A fresh client address each call, so an account's counter is tested without the address's. */
const newAddress = () => `198.51.100.${++addressCounter}`;

describe('one account', () => {
  test('wrong passwords slow down, then lock (the right password refused too), and the lock ends by itself', async () => {
    const email = 'buyer@demo.test';
    const tries = async (password: string, lang?: string) => (await loginForm(newAddress()))(email, password, lang);
    for (let i = 0; i < LIMITS.account.delayAfter; i++) {
      expect(await tries('wrong')).toEqual({ status: 401, error: 'Het e-mailadres of wachtwoord is onjuist.' });
    }
    // Slowed down: at once even the right password is refused, with the wait in the user's language.
    expect(await tries('demo')).toEqual({ status: 429, error: 'Te veel mislukte pogingen. Wacht 1 s en probeer het opnieuw.' });
    expect(await tries('demo', 'en')).toEqual({ status: 429, error: 'Too many failed attempts. Wait 1 s and try again.' });
    advance(1);
    expect((await tries('wrong')).status).toBe(401);
    // The wait doubles.
    expect(await tries('wrong', 'fr')).toEqual({ status: 429, error: 'Trop de tentatives échouées. Attendez 2 s et réessayez.' });
    let last = { status: 0, error: null as string | null };
    for (let failures = LIMITS.account.delayAfter + 1; failures < LIMITS.account.lockAfter; failures++) {
      advance(LIMITS.maxDelaySeconds);
      last = await tries('wrong');
    }
    expect(last).toEqual({ status: 401, error: `Te veel mislukte pogingen: aanmelden is ${LIMITS.lockMinutes} min geblokkeerd. Probeer het daarna opnieuw.` });
    advance(LIMITS.maxDelaySeconds);
    // Locked: the right password is refused, long after any delay.
    expect((await tries('demo', 'en')).error).toMatch(/^Too many failed attempts: signing in is locked for \d+ min\./);
    advance(LIMITS.lockMinutes * 60 - 2 * LIMITS.maxDelaySeconds);
    expect((await tries('demo')).status).toBe(429);
    // The lock ends by itself.
    advance(LIMITS.maxDelaySeconds + 1);
    expect(await tries('demo')).toEqual({ status: 303, error: null });
  });

  test("a locked account does not lock another account, nor the same e-mail in another tenant's shop", async () => {
    const form = async (email: string, password: string) => (await loginForm(newAddress()))(email, password);
    for (let i = 0; i < LIMITS.account.lockAfter; i++) {
      advance(LIMITS.maxDelaySeconds);
      await form('manager@demo.test', 'wrong');
    }
    expect((await form('manager@demo.test', 'demo')).status).toBe(429);
    expect((await form('superadmin@demo.test', 'demo')).status).toBe(303);
    const throttle = createThrottle(asOidcDb(server.db), () => clock);
    const [localhost, acme] = await Promise.all(['localhost', 'acme.localhost'].map(async (hostname) =>
      (await server.db.selectFrom('tenants').select('id').where('hostname', '=', hostname).executeTakeFirstOrThrow()).id as string));
    expect((await throttle.check([{ kind: 'account', tenantId: localhost, email: 'manager@demo.test' }])).state).toBe('locked');
    expect((await throttle.check([{ kind: 'account', tenantId: acme, email: 'manager@demo.test' }])).state).toBe('open');
    advance(LIMITS.lockMinutes * 60);
  });
});

describe('one address', () => {
  test('wrong passwords for many accounts from one address slow down and lock that address only', async () => {
    const address = '203.0.113.50';
    const form = await loginForm(address);
    for (let i = 0; i < LIMITS.address.delayAfter; i++) expect((await form(`nobody${i}@example.com`, 'wrong')).status).toBe(401);
    expect(await form('superadmin@demo.test', 'demo')).toEqual({ status: 429, error: 'Te veel mislukte pogingen. Wacht 1 s en probeer het opnieuw.' });
    for (let i = LIMITS.address.delayAfter; i < LIMITS.address.lockAfter; i++) {
      advance(LIMITS.maxDelaySeconds);
      await form(`nobody${i}@example.com`, 'wrong');
    }
    advance(LIMITS.maxDelaySeconds);
    expect((await form('superadmin@demo.test', 'demo')).error).toMatch(/geblokkeerd/);
    // Another address is not locked: the same account signs in from there.
    expect((await (await loginForm('203.0.113.51'))('superadmin@demo.test', 'demo')).status).toBe(303);
    advance(LIMITS.lockMinutes * 60);
    expect((await (await loginForm(address))('superadmin@demo.test', 'demo')).status).toBe(303);
  });

  test('counters live in the database: a second process sees the first one\'s failures', async () => {
    const one = createThrottle(asOidcDb(server.db), () => clock);
    const other = createThrottle(asOidcDb(server.db), () => clock);
    const key = { kind: 'address', address: '192.0.2.77' } as const;
    for (let i = 0; i < LIMITS.address.lockAfter; i++) await one.fail([key]);
    expect((await other.check([key])).state).toBe('locked');
  });
});

describe('without TRUST_PROXY', () => {
  test('X-Forwarded-For is not believed: forged addresses all count as the one peer', async () => {
    const untrusted = await startServer({ ...store, open: async () => ({ db: server.db, exec: async () => undefined, close: async () => undefined }) },
      await freePort(), { oidc: { now: () => clock } });
    try {
      advance(LIMITS.lockMinutes * 60 + 1);
      const browser = new Browser();
      const start = await authorize(browser, { baseUrl: untrusted.baseUrl, clientId: 'shop-localhost', redirectUri: `${untrusted.baseUrl}/redirect` });
      const post = (email: string, password: string, forged: string) => browser.fetch(`${start.location}/login`, {
        method: 'POST', body: new URLSearchParams({ email, password }),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forged },
      });
      for (let i = 0; i < LIMITS.address.delayAfter; i++) await post(`forged${i}@example.com`, 'wrong', `192.0.2.${i + 1}`);
      expect((await post('superadmin@demo.test', 'demo', '192.0.2.200')).status).toBe(429);
    } finally {
      await untrusted.stop();
    }
  });
});
