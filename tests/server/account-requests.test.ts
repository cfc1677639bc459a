/**
 * The sign-in page's "Forgot your password?" and "Create an account" (issue 29, a first visit): each
 * mails a link to the set-password page through the mail queue, says the same whether or not the
 * address has an account, sends no second mail within minutes, and leads back to the sign-in; a
 * created account has no company, so its first sign-in leads to the registration wizard.
 * The identity provider runs on a real port (its pages keep their interaction in a cookie).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { verifyPassword } from '../../src/server/oidc/accounts';
import { authorize, Browser, postLogin } from '../oidc/browser';
import { freePort } from '../oidc/harness';
import { buildWithProvider, startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let provider: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  provider = await buildWithProvider(t.db, { ...t.testDb.config, port, publicUrl: baseUrl }, { verify: async () => { throw new Error('not used'); } } as never);
  await provider.listen({ port, host: 'localhost' });
});
afterAll(async () => { await provider?.close(); await t?.close(); });

/** A browser on the shop's sign-in page: its address (the interaction's). */
async function atSignIn(browser = new Browser('en')): Promise<{ browser: Browser; signInUrl: string }> {
  const start = await authorize(browser, { baseUrl, clientId: 'shop-localhost', redirectUri: `${baseUrl}/redirect` });
  expect(start.location).toBeTruthy();
  return { browser, signInUrl: start.location! };
}
const form = (browser: Browser, url: string, fields: Record<string, string>) =>
  browser.fetch(url, { method: 'POST', body: new URLSearchParams(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

/** The password-link mails queued for a user, newest first. */
async function linksOf(email: string): Promise<string[]> {
  const rows = (await sql<{ token: string }>`select j.data->'mail'->>'token' as token from pgboss.job j join users u on u.id::text = j.data->>'recipientUserId'
    where j.name = 'mail.send' and j.data->'mail'->>'kind' = 'passwordLink' and lower(u.email) = ${email.toLowerCase()} order by j.created_on desc`.execute(t.db)).rows;
  return rows.map((r) => r.token);
}
const setPassword = (token: string, password: string) => fetch(`${baseUrl}/account/set-password`, {
  method: 'POST', body: new URLSearchParams({ token, password, confirm: password, lang: 'en' }), headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
const signsIn = async (email: string, password: string) => {
  const { browser, signInUrl } = await atSignIn();
  return (await postLogin(browser, signInUrl, email, password)).status;
};

describe('forgot your password', () => {
  test('the sign-in page links to it; a known address gets one link (not a second within minutes), an unknown one the same answer and nothing', async () => {
    const { browser, signInUrl } = await atSignIn();
    const page = await (await browser.fetch(`${signInUrl}?lang=en`)).text();
    expect(page).toContain('Forgot your password?');
    expect(page).toContain('Create an account');
    const forgot = `${signInUrl}/forgot-password`;
    const shown = await browser.fetch(`${forgot}?lang=fr`);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('Mot de passe oublié');

    const bad = await form(browser, forgot, { email: 'not an address', lang: 'en' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Enter a valid e-mail address.');
    expect(await linksOf('newcomer@demo.test')).toEqual([]);

    const sent = await form(browser, forgot, { email: 'Newcomer@demo.test', lang: 'en' });
    expect(sent.status).toBe(200);
    const answer = await sent.text();
    expect(answer).toContain('an e-mail with a link to choose a password is on its way');
    expect(answer).toContain(`href="${new URL(signInUrl).pathname}?lang=en"`);
    expect(await linksOf('newcomer@demo.test')).toHaveLength(1);
    // Asked again at once: the same answer, no second mail.
    expect((await form(browser, forgot, { email: 'newcomer@demo.test', lang: 'en' })).status).toBe(200);
    expect(await linksOf('newcomer@demo.test')).toHaveLength(1);

    const unknown = await form(browser, forgot, { email: 'nobody-here@demo.test', lang: 'en' });
    expect(unknown.status).toBe(200);
    expect((await unknown.text()).replace('nobody-here@demo.test', 'X')).toBe(answer.replace('Newcomer@demo.test', 'X'));
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'nobody-here@demo.test').execute()).toEqual([]);
  });

  test('the mailed link sets a new password once; the person signs in with it', async () => {
    const [token] = await linksOf('newcomer@demo.test');
    expect((await setPassword(token!, 'a-brand-new-password')).status).toBe(200);
    expect(await verifyPassword(t.db, 'newcomer@demo.test', 'a-brand-new-password')).toMatchObject({ email: 'newcomer@demo.test' });
    expect(await signsIn('newcomer@demo.test', 'a-brand-new-password')).toBe(303);
    const again = await setPassword(token!, 'yet-another-password');
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('Forgot your password?');
  });

  test('an expired sign-in (no interaction) shows the expired page, and no mail goes', async () => {
    const browser = new Browser('en');
    const res = await form(browser, `${baseUrl}/oidc/interaction/unknown-uid/forgot-password`, { email: 'manager@demo.test', lang: 'en' });
    expect(res.status).toBe(400);
    expect(await linksOf('manager@demo.test')).toEqual([]);
  });
});

describe('create an account', () => {
  test('makes a user without any company and mails the link; the person sets a password and signs in (the shop then leads to registration)', async () => {
    const { browser, signInUrl } = await atSignIn();
    const create = `${signInUrl}/create-account`;
    expect(await (await browser.fetch(`${create}?lang=nl`)).text()).toContain('Account aanmaken');
    const missing = await form(browser, create, { firstname: '', lastname: 'Nieuw', email: 'nieuw@firma.test', lang: 'en' });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('Enter your first and last name.');

    const made = await form(browser, create, { firstname: 'Nele', lastname: 'Nieuw', email: 'Nele.Nieuw@Firma.test', lang: 'fr' });
    expect(made.status).toBe(200);
    expect(await made.text()).toContain('Nous avons envoyé un e-mail à Nele.Nieuw@Firma.test');
    const user = await t.db.selectFrom('users').select(['id', 'email', 'displayname', 'languageCode', 'active']).where('email', '=', 'nele.nieuw@firma.test').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ displayname: 'Nele Nieuw', languageCode: 'FR', active: true });
    expect(await t.db.selectFrom('customerAccesses').select('id').where('userId', '=', user.id).execute()).toEqual([]);
    const [token] = await linksOf('nele.nieuw@firma.test');
    expect((await setPassword(token!, 'my-own-password-1')).status).toBe(200);
    expect(await signsIn('nele.nieuw@firma.test', 'my-own-password-1')).toBe(303);

    // The same address again: no second user; the answer does not tell the address was known.
    const twice = await form(browser, create, { firstname: 'Nele', lastname: 'Nieuw', email: 'nele.nieuw@firma.test', lang: 'fr' });
    expect(twice.status).toBe(200);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'nele.nieuw@firma.test').execute()).toHaveLength(1);
  });
});
