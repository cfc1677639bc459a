import { expect, test } from './fixtures';
import { expectFitsWindow } from './actions';

/**
 * The generated admin screens as the model declares them: the supplier form in tabs, its money and
 * e-mail inputs checked by the app in the interface language (Dutch here), a list column sorted by
 * the server although it is a member of the address, and the marketplaces' filter.
 */
test.describe('generated admin screens', () => {
  test('the supplier form is grouped in tabs and explains wrong input in Dutch', async ({ adminPage: page }) => {
    await page.goto('/ycAdmin/suppliers/create');
    const tabs = page.getByRole('tab');
    // the admin area and the form are lazy chunks: the first visit may take a while on a busy machine
    await expect(tabs.first()).toBeVisible({ timeout: 30_000 });
    await expect(tabs).toHaveText(['Algemeen', 'Contact', 'Adres', 'Levering', 'Financiën']);
    await page.getByLabel(/^Naam/).fill('Tabbladen test');

    await page.getByRole('tab', { name: 'Levering' }).click();
    const shipping = page.getByLabel(/^Verzendkosten/);
    await expect(page.locator('.MuiInputBase-root', { has: shipping })).toContainText('€');
    await shipping.fill('abc');
    await page.getByRole('tab', { name: 'Contact' }).click();
    await page.getByLabel(/^E-mail leverancier/).fill('geen adres');
    await page.getByRole('button', { name: 'Opslaan' }).click();

    await expect(page.getByText('Geen geldig e-mailadres.')).toBeVisible();
    await page.getByRole('tab', { name: 'Levering' }).click();
    await expect(page.getByText('Enkel cijfers, met een optionele komma.')).toBeVisible();
    await expect(page.getByText(/Invalid input/)).toHaveCount(0);
    await expect(page).toHaveURL(/\/ycAdmin\/suppliers\/create/); // nothing was saved
  });

  test('warehouses sort by city on the server; marketplaces filter on active', async ({ adminPage: page }) => {
    await page.goto('/ycAdmin/warehouses');
    await expect(page.getByRole('table')).toBeVisible({ timeout: 30_000 });
    const answer = page.waitForResponse((r) => r.url().includes('/api/warehouses?') && r.url().includes('sort=address.city'));
    await page.getByRole('columnheader', { name: /gemeente/i }).getByRole('button').click();
    expect((await answer).status()).toBe(200);
    await expect(page).toHaveURL(/sort=address\.city/);

    // the demo marketplaces are all active: filtering on inactive ones leaves none
    await page.goto(`/ycAdmin/marketplaces?filter=${encodeURIComponent(JSON.stringify({ active: false }))}`);
    await expect(page.getByLabel('Actief')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('cell', { name: 'Kantoor & IT' })).toHaveCount(0);
    await page.goto(`/ycAdmin/marketplaces?filter=${encodeURIComponent(JSON.stringify({ active: true }))}`);
    await expect(page.getByRole('cell', { name: 'Kantoor & IT' })).toBeVisible();
  });

  test('a list wider than the window scrolls its table, not the page, and the header fits a phone', async ({ adminPage: page }) => {
    // The invoices' eleven columns are wider than a laptop's window; every admin list is wider than a phone.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/ycAdmin/invoices');
      const table = page.getByRole('table');
      await expect(table).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('columnheader', { name: 'Factuurnummer' })).toBeVisible();
      await expectFitsWindow(page, `the invoices at ${width} px`);
      const box = table.locator('xpath=..');
      expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth), `the table scrolls in its box at ${width} px`).toBe(true);
    }
    // At 390 px the header's buttons are icons with their names, and the page's title still shows.
    await expect(page.getByRole('button', { name: 'Handelen als gebruiker' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Extra rechten' })).toBeVisible();
    await expect(page.getByText('Extra rechten', { exact: true })).toBeHidden();
    await expect(page.locator('#react-admin-title')).toHaveText('Facturen');
    await expect(page.locator('#react-admin-title')).toBeInViewport();
    // A generated screen shows its title only in the header: there it is the page's heading. A
    // screen with its own heading keeps that one alone.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(['Facturen']);
    await page.goto('/ycAdmin/cron');
    await expect(page.getByRole('heading', { level: 1, name: 'Achtergrondtaken' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });
});
