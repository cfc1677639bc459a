import { test as base, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { signIn, uniqueSuffix } from './actions';

type Workers = { superadminState: string };
type Fixtures = { adminPage: Page };

/**
 * `adminPage`: a page signed in as the super admin. Each worker signs in once through the real
 * login page and reuses the stored session (local storage and provider cookies) for its tests.
 */
export const test = base.extend<Fixtures, Workers>({
  superadminState: [async ({ browser }, use, info) => {
    mkdirSync('test-results/.auth', { recursive: true });
    const file = `test-results/.auth/superadmin-${info.workerIndex}.json`;
    const page = await browser.newPage();
    await signIn(page, 'superadmin@demo.test');
    await page.waitForURL(/\/ycAdmin\//);
    await page.context().storageState({ path: file });
    await page.close();
    await use(file);
  }, { scope: 'worker' }],
  adminPage: async ({ browser, superadminState }, use) => {
    const context = await browser.newContext({ storageState: superadminState });
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
});

export { expect, uniqueSuffix };
