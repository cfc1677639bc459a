import { expect, test } from '@playwright/test';
import { signIn, siteUrl } from './actions';

const CUSTOMER_USERS = ['buyer@demo.test', 'manager@demo.test', 'finance@demo.test'];

test.describe('sign-in through the real login page', () => {
  for (const email of ['superadmin@demo.test', 'admin@demo.test']) {
    test(`${email} lands in the platform admin area`, async ({ page }) => {
      await signIn(page, email, { fresh: true });
      await expect(page).toHaveURL(/\/ycAdmin\//);
      await expect(page.getByRole('menuitem', { name: 'Leveranciers', exact: true })).toBeVisible();
    });
  }

  for (const email of CUSTOMER_USERS) {
    test(`${email} lands on the customer home page`, async ({ page }) => {
      await signIn(page, email, { fresh: true });
      await expect(page).not.toHaveURL(/\/ycAdmin\//);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/welkom/i);
    });
  }

  test("a supplier's user lands on their supplier orders", async ({ page }) => {
    await signIn(page, 'supplier@demo.test', { fresh: true });
    await expect(page).toHaveURL(/\/supplier-orders$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mijn leveranciersbestellingen');
  });

  test('a wrong password keeps the user on the login page with a message', async ({ page }) => {
    await page.goto(siteUrl());
    await page.getByLabel(/e-?mail/i).fill('buyer@demo.test');
    await page.getByLabel(/wachtwoord/i).fill('not-the-password');
    await page.getByRole('button', { name: /aanmelden/i }).click();
    await expect(page.getByRole('alert')).toContainText(/wachtwoord/i);
    await expect(page.getByLabel(/e-?mail/i)).toHaveValue('buyer@demo.test');
  });

  test('each tenant signs in in its own language', async ({ page }) => {
    await page.goto(siteUrl('acme.localhost'));
    await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
    await page.goto(siteUrl('globex.localhost'));
    await expect(page.getByRole('button', { name: /se connecter/i })).toBeVisible();
  });

  test('signing out ends the session at the provider and says so', async ({ page }) => {
    await signIn(page, 'buyer@demo.test', { fresh: true });
    await page.getByRole('button', { name: /profiel/i }).click();
    await page.getByRole('menuitem', { name: /afmelden/i }).click();
    // Back from the provider's end-session, the shop's login page shows the success message (core §4 Logout).
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'Je bent afgemeld.' })).toBeVisible();
    await expect(page.getByRole('button', { name: /aanmelden/i })).toBeVisible();
    // The provider's session is gone too: opening the site again asks for the password again.
    await page.goto(siteUrl());
    await expect(page.getByLabel(/wachtwoord/i)).toBeVisible();
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('oidc.user:')))).toBe(false);
  });

  test('the sign-out message is in the interface language, once, and Sign in goes on to the provider', async ({ page }) => {
    await signIn(page, 'buyer@demo.test', { host: 'acme.localhost', fresh: true });
    await page.getByRole('button', { name: /profile/i }).click();
    await page.getByRole('menuitem', { name: /logout|sign out/i }).click();
    await expect(page.getByRole('status').filter({ hasText: 'You have been signed out.' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByLabel(/password/i)).toBeVisible();
    // The mark is read once: the next visit goes straight to the provider again.
    await page.goto(siteUrl('acme.localhost'));
    await expect(page.getByLabel(/password/i)).toBeVisible();
    await expect(page.getByText('You have been signed out.')).toHaveCount(0);
  });
});
