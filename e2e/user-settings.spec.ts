import { expect, test, type Page } from '@playwright/test';
import { signIn, siteUrl } from './actions';

// A demo user no other journey signs in with on this tenant: globex starts in French.
const HOST = 'globex.localhost';
const EMAIL = 'finance@demo.test';

async function openUserSettings(page: Page) {
  await page.getByRole('button', { name: /profiel|profile|profil/i }).click();
  await page.getByRole('menuitem', { name: /gebruikersinstellingen|user settings|paramètres utilisateur/i }).click();
  await expect(page).toHaveURL(/\/user-settings$/);
}

async function chooseLanguage(page: Page, name: string) {
  await page.getByRole('combobox', { name: /^(taal|language|langue)$/i }).click();
  // Saved once the server answered the PUT: only then may the test reload.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user-settings') && r.request().method() === 'PUT');
  await page.getByRole('option', { name }).click();
  expect((await saved).ok()).toBe(true);
}

test.describe('user settings', () => {
  test('a customer user switches the interface to English at once, and it stays after a reload', async ({ page }) => {
    await signIn(page, EMAIL, { host: HOST });
    await expect(page.getByRole('menuitem', { name: 'Tableau de bord' })).toBeVisible();
    try {
      await openUserSettings(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Paramètres utilisateur' })).toBeVisible();
      await chooseLanguage(page, 'English');
      // At once, without saving the form or reloading: the menu and the page speak English.
      await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'User settings' })).toBeVisible();
      await expect(page.getByLabel('Landing page')).toBeVisible();

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'User settings' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
    } finally {
      // Back to the user's own language, saved the same way (other runs expect it).
      await page.goto(`${siteUrl(HOST)}/user-settings`);
      await chooseLanguage(page, 'Français');
      await expect(page.getByRole('heading', { level: 1, name: 'Paramètres utilisateur' })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Paramètres utilisateur' })).toBeVisible();
    }
  });
});
