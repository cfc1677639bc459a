import { test as base, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { REUSE_MS, signIn, uniqueSuffix } from './actions';

type Workers = { superadminState: () => Promise<string> };
type Fixtures = { adminPage: Page };

/**
 * `adminPage`: a page signed in as the super admin. Each worker signs in through the real login page
 * and gives its tests that session (local storage and provider cookies), signing in anew once it is
 * five minutes old (actions.ts REUSE_MS): access tokens live ten minutes, and a test whose app renews
 * one rotates the refresh token every later copy of the session would still hold (the provider then
 * ends that sign-in, and the next test would start on the login page).
 */
export const test = base.extend<Fixtures, Workers>({
  superadminState: [async ({ browser }, use, info) => {
    mkdirSync('test-results/.auth', { recursive: true });
    const file = `test-results/.auth/superadmin-${info.workerIndex}.json`;
    let signedInAt = -Infinity;
    await use(async () => {
      if (Date.now() - signedInAt < REUSE_MS) return file;
      const page = await browser.newPage();
      const at = Date.now();
      await signIn(page, 'superadmin@demo.test', { fresh: true });
      await page.waitForURL(/\/ycAdmin\//);
      await page.context().storageState({ path: file });
      await page.context().close();
      signedInAt = at;
      return file;
    });
  }, { scope: 'worker' }],
  adminPage: async ({ browser, superadminState }, use) => {
    const context = await browser.newContext({ storageState: await superadminState() });
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
});

export { expect, uniqueSuffix };
