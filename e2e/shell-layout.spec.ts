import { expect, test, type Page } from '@playwright/test';
import { signIn, siteUrl, expectFitsWindow } from './actions';

/** The app bar's computed background colour. */
const appBarColour = (page: Page) => page.locator('header.MuiAppBar-root').first().evaluate((el) => getComputedStyle(el).backgroundColor);

test.describe('the shell layout', () => {
  test('the sidebar hides itself below 770 px and is open at 1280 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'buyer@demo.test');
    await expect(page.locator('.RaSidebar-open')).toBeVisible();
    await expect(page.locator('.RaSidebar-closed')).toHaveCount(0);

    await page.setViewportSize({ width: 760, height: 800 });
    await expect(page.locator('.RaSidebar-closed')).toBeVisible();
    await expect(page.locator('.RaSidebar-open')).toHaveCount(0);

    // Opening the shop at 760 px starts with the sidebar closed; the menu button still expands it.
    await page.reload();
    await expect(page.locator('.RaSidebar-closed')).toBeVisible();
    await page.getByRole('button', { name: /menu/i }).first().click();
    await expect(page.locator('.RaSidebar-open')).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.locator('.RaSidebar-open')).toBeVisible();
  });

  test('the header fits a 390 px phone and a 760 px tablet, on the light pages and in react-admin, every button inside the window', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page, 'manager@demo.test', { path: '/products' });
    for (const width of [390, 760]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/products', '/dashboard']) {
        await page.goto(`${siteUrl()}${path}`);
        const header = page.locator('header.MuiAppBar-root').first();
        await expect(header.getByRole('button', { name: /profiel/i })).toBeVisible();
        await expectFitsWindow(page, `${path} at ${width} px`);
        for (const button of await header.getByRole('button').all()) {
          const box = await button.boundingBox();
          if (box) expect(box.x + box.width, `${path} at ${width} px`).toBeLessThanOrEqual(width);
          if (box) expect(box.height, `${path} at ${width} px: one line`).toBeLessThanOrEqual(48);
        }
      }
    }
  });

  test("on a phone the users list keeps the screen's width: each user's status shows, the e-mail under the name in whole words", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'manager@demo.test', { path: '/users' });
    const table = page.getByRole('table', { name: 'Gebruikers' });
    const first = table.getByRole('row').nth(1);
    await expect(first.getByRole('cell').last()).toHaveText(/^(Actief|Niet actief)$/);
    await expect(first.getByRole('cell').last()).toBeVisible();
    await expectFitsWindow(page);
    // The e-mail under the name takes a line or two, not one letter a line.
    const email = first.getByRole('cell').first().getByText(/@/);
    await expect(email).toBeVisible();
    expect((await email.boundingBox())!.height).toBeLessThanOrEqual(44);
  });

  test("on a phone the orders and budgets lists keep the screen's width: an order's total and a budget's remaining stay in view, the rest under the name", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'manager@demo.test', { path: '/orders' });
    const inView = async (cell: ReturnType<Page['getByRole']>, what: string) => {
      await expect(cell, what).toBeVisible();
      const box = (await cell.boundingBox())!;
      expect(box.x + box.width, what).toBeLessThanOrEqual(390);
    };
    const orders = page.getByRole('table', { name: /bestellingen/i });
    const order = orders.getByRole('row').nth(1);
    await inView(order.getByRole('cell').last(), "the order's total");
    await expect(order.getByRole('cell').last()).toHaveText(/€/);
    // Date and status under the number, in the first cell; the list does not scroll sideways.
    await expect(order.getByRole('cell').first().locator('.MuiTypography-caption')).toBeVisible();
    expect(await orders.evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth)).toBe(true);
    await expectFitsWindow(page);

    await page.goto(`${siteUrl()}/budgets`);
    const budgets = page.getByRole('table', { name: 'Budgetten' });
    const budget = budgets.getByRole('row').nth(1);
    const remaining = budget.getByRole('cell').filter({ hasText: /€/ }).last();
    await inView(remaining, "the budget's remaining");
    await expect(budget.getByRole('cell').first().locator('.MuiTypography-caption')).toBeVisible();
    expect(await budgets.evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth)).toBe(true);
    await expectFitsWindow(page);
  });

  test('on a phone the sidebar shows a long label whole on two lines, not cut with …', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'manager@demo.test', { host: 'globex.localhost', path: '/dashboard' });
    await page.locator('header.MuiAppBar-root').first().getByRole('button').first().click();
    const order = page.getByRole('menuitem', { name: 'Commander' });
    if ((await order.getAttribute('aria-expanded')) === 'false') await order.click();
    const entry = page.getByRole('menuitem', { name: 'Via la place de marché' });
    await expect(entry).toBeVisible();
    const label = entry.locator('.MuiTypography-root').first();
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect((await entry.boundingBox())!.x + (await entry.boundingBox())!.width).toBeLessThanOrEqual(390);
  });

  test('an unknown URL shows the 404 page and its link goes home', async ({ page }) => {
    await signIn(page, 'buyer@demo.test');
    await page.goto(`${siteUrl()}/no-such-page-here`);
    await expect(page.getByText('Deze pagina kon niet worden gevonden')).toBeVisible();
    await expect(page.getByText('404')).toBeVisible();
    await page.getByRole('link', { name: 'Naar de startpagina' }).click();
    await expect(page).not.toHaveURL(/no-such-page-here/);
    await expect(page.getByText('Deze pagina kon niet worden gevonden')).toHaveCount(0);
  });

  test("two tenants show their own primary colour in the app bar", async ({ page, browser }) => {
    await signIn(page, 'buyer@demo.test', { host: 'acme.localhost' });
    await expect(page.locator('header.MuiAppBar-root').first()).toBeVisible();
    const acme = await appBarColour(page);
    // A fresh context: the identity provider's own sign-in cookie would otherwise skip the login form.
    const other = await (await browser.newContext()).newPage();
    await signIn(other, 'buyer@demo.test', { host: 'globex.localhost' });
    await expect(other.locator('header.MuiAppBar-root').first()).toBeVisible();
    const globex = await appBarColour(other);
    await other.context().close();
    expect(acme).toBe('rgb(29, 78, 216)'); // #1d4ed8
    expect(globex).toBe('rgb(22, 101, 52)'); // #166534
    expect(acme).not.toBe(globex);
  });

  test('the developer pages list the model and show the design system', async ({ page }) => {
    await signIn(page, 'buyer@demo.test');
    await page.goto(`${siteUrl()}/types`);
    await expect(page.getByRole('heading', { level: 1, name: 'Types' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'suppliers' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'SupplierExceededBudget' })).toBeVisible();
    await page.goto(`${siteUrl()}/component-library`);
    await expect(page.getByRole('heading', { level: 1, name: 'Componentenbibliotheek' })).toBeVisible();
    await expect(page.getByLabel('Bedrag')).toBeVisible();
    await expect(page.getByLabel('Vertaalde tekst (EN)')).toBeVisible();
  });
});
