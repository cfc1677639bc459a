import { expect, test, type Page } from '@playwright/test';
import { signIn, siteUrl } from './actions';

/**
 * A supplier's user (core §3 supplierIds) on the real server: supplier@demo.test signs in, lands on
 * their supplier orders and has the supplier's side only — no shop (product search, basket), no
 * budgets, no dashboard, no "you are acting for" — and is not sent to /registration though they have
 * no company; the company's pages send them to /unauthorized, and nothing they open asks the server
 * for what it refuses them. The admin's user list says what kind of user each is.
 */
const site = siteUrl();

/** Every API answer of 400 or more the page gets from now on. */
function refusedCalls(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) refused.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return refused;
}

test("a supplier's user lands on their supplier orders and sees none of the company's side", async ({ page }) => {
  const refused = refusedCalls(page);
  await signIn(page, 'supplier@demo.test', { fresh: true });
  await expect(page).toHaveURL(`${site}/supplier-orders`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn leveranciersbestellingen' })).toBeVisible();

  await test.step('the sidebar and header offer the supplier orders only', async () => {
    await expect(page.getByRole('menuitem', { name: 'Leveranciersbestellingen' })).toBeVisible();
    for (const entry of ['Dashboard', 'Bestellen', 'Bestellingen', 'Budgetten', 'Leveringen', 'Facturen', 'Leveranciers']) {
      await expect(page.getByRole('menuitem', { name: entry, exact: true })).toHaveCount(0);
    }
    await expect(page.getByRole('button', { name: /^Winkelmandje/ })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Zoek een product' })).toHaveCount(0);
    await expect(page.getByText(/Je werkt (nu )?voor/)).toHaveCount(0);
  });

  await test.step('their supplier order opens; the order itself is the company\'s', async () => {
    const first = page.getByRole('list', { name: 'Mijn leveranciersbestellingen' }).getByRole('link').first();
    await first.click();
    await expect(page.getByRole('heading', { name: 'Opvolging' })).toBeVisible();
    // What they need of the customer comes with the supplier order: where it goes, whom to contact, its deliveries and invoices.
    const delivery = page.getByRole('region', { name: 'Levering aan de klant' });
    await expect(delivery.getByRole('heading', { name: 'Leveradres' })).toBeVisible();
    await expect(delivery.getByRole('heading', { name: 'Facturen' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Leveringen' })).toBeVisible();
    // The company's delivery page is not theirs: their deliveries are listed here, not linked there.
    await expect(page.locator('a[href^="/deliveries/"]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Naar bestelling/ })).toHaveCount(0);
  });

  await test.step('their settings offer no departments: those are a company\'s', async () => {
    await page.goto(`${site}/user-settings`);
    await expect(page.getByRole('heading', { level: 1, name: 'Gebruikersinstellingen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Mijn afdelingen' })).toHaveCount(0);
  });

  await test.step("the company's pages are not theirs, and /registration sends them back to their side", async () => {
    for (const path of ['/budgets', '/products', '/transporter', '/orders', '/dashboard']) {
      await page.goto(`${site}${path}`);
      await expect(page).toHaveURL(`${site}/unauthorized`);
    }
    await page.goto(`${site}/registration`);
    await expect(page).toHaveURL(`${site}/supplier-orders`);
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn leveranciersbestellingen' })).toBeVisible();
  });

  // Nothing the app opened for them asked for what the server refuses them.
  expect(refused).toEqual([]);
});

test("the admin's user list says what kind of user each is", async ({ page }) => {
  await signIn(page, 'superadmin@demo.test', { path: '/ycAdmin/users' });
  const kindOf = async (email: string) => {
    await page.getByLabel('Zoeken op naam of e-mail').fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    return row;
  };
  await expect(await kindOf('supplier@demo.test')).toContainText('Leveranciersgebruiker');
  await expect(await kindOf('buyer@demo.test')).toContainText('Klantgebruiker');
  await expect(await kindOf('newcomer@demo.test')).toContainText('Nog niet geregistreerd');
});
