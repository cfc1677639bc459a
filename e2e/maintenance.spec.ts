import { expect, test } from '@playwright/test';
import { accessToken, signIn, siteUrl, uniqueSuffix } from './actions';

// Maintenance is platform-wide: this journey runs in its own Playwright project, after every other
// journey has finished (playwright.config.ts), so no other test meets a 503.
test.describe('maintenance mode', () => {
  test('maintenance sends the buyer to /maintenance until a super admin switches it off', async ({ page, browser, request }) => {
    await signIn(page, 'buyer@demo.test');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/welkom/i);
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, 'superadmin@demo.test');
    const url = `${siteUrl()}/api/platform-settings`;
    const headers = { Authorization: `Bearer ${await accessToken(admin)}`, 'X-Hostname': 'localhost' };
    const message = `Terug om 14u (${uniqueSuffix()})`;
    try {
      const on = await request.put(url, { headers, data: { maintenance: true, message } });
      expect(on.status()).toBe(200);
      await page.reload();
      await expect(page).toHaveURL(/\/maintenance$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('We zijn even met onderhoud bezig');
      await expect(page.getByText(message)).toBeVisible();
    } finally {
      const off = await request.put(url, { headers, data: { maintenance: false } });
      expect(off.status()).toBe(200);
      await adminContext.close();
    }
    // Off again: /maintenance leads back to the shop.
    await page.reload();
    await expect(page).not.toHaveURL(/\/maintenance/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/welkom/i);
  });
});
