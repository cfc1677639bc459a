import { expect, type Browser, type Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';

export const DEMO_PASSWORD = 'demo';

/** The site of one tenant (Chromium resolves *.localhost to loopback). */
export const siteUrl = (host = 'localhost') => `http://${host}:${E2E_PORT}`;

/** Opens the site and signs in through the product's real login page (any of nl/en/fr). */
export async function signIn(page: Page, email: string, opts: { host?: string; password?: string; path?: string } = {}): Promise<void> {
  await page.goto(`${siteUrl(opts.host)}${opts.path ?? '/'}`);
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/wachtwoord|password|mot de passe/i).fill(opts.password ?? DEMO_PASSWORD);
  await page.getByRole('button', { name: /aanmelden|sign in|se connecter/i }).click();
  // Signed in once the app has left the provider and handled the /redirect callback.
  await page.waitForURL((url) => !/^\/(oidc|redirect|login)(\/|$)/.test(url.pathname));
}

/** The access token the app keeps after sign-in (oidc-client-ts stores the user in local storage). */
export async function accessToken(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key.startsWith('oidc.user:')) return JSON.parse(localStorage.getItem(key)!).access_token as string;
    }
    return null;
  });
  return (await handle.jsonValue()) as string;
}

/** A suffix that keeps records of parallel and repeated runs apart. */
export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A call of the tenant's API from inside the page, with the signed-in user's token (the test runner
 * cannot resolve *.localhost; the browser can). Answers the parsed JSON body, also of a refusal.
 */
export async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const token = await accessToken(page);
  return page.evaluate(async ({ method, path, token, body }) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return response.json();
  }, { method, path, token, body }) as Promise<T>;
}

/**
 * A page of a browser context of its own, signed in as `email` on `host` and acting for `company`
 * (the manager acts for two companies: the header's company switch, `switchLabel` in the tenant's
 * language, picks it).
 */
export async function signedInFor(browser: Browser, email: string, opts: { host?: string; company: string; switchLabel: string; acceptDownloads?: boolean }): Promise<Page> {
  const page = await (await browser.newContext({ acceptDownloads: opts.acceptDownloads })).newPage();
  await signIn(page, email, { host: opts.host });
  const switcher = page.getByRole('button', { name: opts.switchLabel });
  if (await switcher.isVisible() && !(await switcher.textContent())?.includes(opts.company)) {
    await switcher.click();
    await page.getByRole('menuitem', { name: opts.company }).click();
    await expect(switcher).toHaveText(new RegExp(opts.company));
  }
  return page;
}
