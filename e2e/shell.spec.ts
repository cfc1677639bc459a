import { expect, test } from '@playwright/test';
import { signIn } from './actions';

test.describe('the shop shell', () => {
  test('a buyer sees the shop sidebar without admin-only entries', async ({ page }) => {
    await signIn(page, 'buyer@demo.test');
    await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /^beheer$/i })).toHaveCount(0);
    await page.getByRole('button', { name: /profiel/i }).click();
    await expect(page.getByRole('menuitem', { name: /afmelden/i })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /van bedrijf wisselen/i })).toHaveCount(0);
  });
});

test('every page names its icon, and the server sends it', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(href).toBeTruthy();
  const icon = await request.get(href!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  expect(await icon.text()).toContain('<svg');
});
