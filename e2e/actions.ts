import type { Page } from '@playwright/test';
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
