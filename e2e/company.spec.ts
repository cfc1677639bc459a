import { expect, test } from '@playwright/test';
import { signIn } from './actions';

test.describe('the active company', () => {
  test('a user with two companies switches between them; picking the active one says so', async ({ page }) => {
    await signIn(page, 'manager@demo.test');
    const switcher = page.getByRole('button', { name: 'Wissel van bedrijf' });
    await expect(switcher).toHaveText(/Bakkerij Janssens BV/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/welkom/i);

    await switcher.click();
    await page.getByRole('menuitem', { name: 'Bakkerij Janssens BV' }).click();
    await expect(page.getByText('Dit bedrijf is al geselecteerd.')).toBeVisible();

    // The next toast may only come 5 s after the last one (core §4).
    await page.waitForTimeout(5200);
    const switched = page.waitForRequest((r) => r.url().includes('/api/users/') && r.url().endsWith('/permissions') && r.headers()['x-customer-id'] !== undefined);
    await switcher.click();
    await page.getByRole('menuitem', { name: 'Gemeente Melle' }).click();
    await expect(page.getByText('Je werkt nu voor Gemeente Melle.')).toBeVisible();
    await expect(switcher).toHaveText(/Gemeente Melle/);
    const request = await switched;
    expect(request.headers()['x-customer-id']).toBeTruthy();

    // The choice is kept across a reload (local storage, DESIGN §6).
    await page.reload();
    await expect(page.getByRole('button', { name: 'Wissel van bedrijf' })).toHaveText(/Gemeente Melle/);
  });

  test('a user with one company sees it but cannot switch', async ({ page }) => {
    await signIn(page, 'buyer@demo.test');
    await expect(page.getByRole('button', { name: /Bakkerij Janssens BV/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Wissel van bedrijf' })).toHaveCount(0);
  });
});
