import { expect, test, type Page } from '@playwright/test';
import { goInApp, signIn, siteUrl } from './actions';
import { expectAccessible } from './axe';

/**
 * Issue 3 "Proof": axe-core finds no serious or critical WCAG 2 A/AA violation on the pages of the
 * app shell, in each language (each seeded tenant starts in its own language, so no shared user's
 * language is changed), the marketplace also on a phone, and the shell's controls are reachable by
 * keyboard.
 * /maintenance is not checked here: it needs the platform-wide maintenance state (maintenance.spec.ts).
 */
const LANGUAGES = [
  { lang: 'nl', host: 'localhost' },
  { lang: 'en', host: 'acme.localhost' },
  { lang: 'fr', host: 'globex.localhost' },
] as const;


for (const { lang, host } of LANGUAGES) {
  test.describe(`accessibility (${lang}, ${host})`, () => {
    test('login page, dashboard, user settings, unauthorized and 404 have no serious violations', async ({ page }) => {
      await page.goto(siteUrl(host));
      await expect(page.getByLabel(/e-?mail/i)).toBeVisible();
      await expectAccessible(page, 'login page');

      await signIn(page, 'buyer@demo.test', { host });
      await expect(page.locator('#main-content, main').first()).toBeVisible();
      await expectAccessible(page, 'dashboard');

      // The next pages as a link in the app opens them: each is scanned as rendered, without a reload.
      const heading = page.getByRole('heading', { level: 1 });
      const welcome = await heading.first().textContent();
      await goInApp(page, '/user-settings');
      await expect(heading.first()).not.toHaveText(welcome ?? '');
      const settings = await heading.first().textContent();
      await expectAccessible(page, 'user settings');

      await goInApp(page, '/unauthorized');
      await expect(heading.first()).not.toHaveText(settings ?? '');
      await expectAccessible(page, 'unauthorized');

      await goInApp(page, '/no-such-page-here');
      await expect(page.getByText('404')).toBeVisible();
      await expectAccessible(page, '404 page');
    });

    test('admin list and create form have no serious violations', async ({ page }) => {
      await signIn(page, 'superadmin@demo.test', { host });
      await page.goto(`${siteUrl(host)}/ycAdmin/suppliers`);
      await expect(page.locator('table, .RaList-noResults, .RaEmpty-message').first()).toBeVisible();
      await expectAccessible(page, 'admin supplier list');

      await goInApp(page, '/ycAdmin/suppliers/create');
      await expect(page.getByRole('tab').first()).toBeVisible();
      await expectAccessible(page, 'admin supplier create form');
    });

    // Each language on a desktop; the phone layout (the same components, narrower) in one of them.
    const viewports = lang === 'en' ? [{ width: 1280, height: 800 }, { width: 390, height: 844 }] : [{ width: 1280, height: 800 }];
    test(`the marketplace and a product page have no serious violations, at ${viewports.map((v) => `${v.width} px`).join(' and ')}`, async ({ page }) => {
      for (const viewport of viewports) {
        await page.setViewportSize(viewport);
        if (viewport.width === 1280) await signIn(page, 'buyer@demo.test', { host, path: '/products' });
        else await page.goto(`${siteUrl(host)}/products`);
        const first = page.getByRole('article').first();
        // The first search of a fresh server may wait for the search index to load.
        await expect(first).toBeVisible({ timeout: 30_000 });
        await expectAccessible(page, `marketplace at ${viewport.width} px`);
        await first.getByRole('link').first().click();
        await expect(page).toHaveURL(/\/products\/[^/?]+$/);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page, `product page at ${viewport.width} px`);
      }
    });

    // The shell's order of controls is the same in every language: walked once, in the default one.
    if (lang === 'nl') test('the shell can be operated by keyboard', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, 'buyer@demo.test', { host });
      const firstEntry = page.locator('.RaSidebar-fixed [role="menuitem"], .RaSidebar-fixed a').first();
      await expect(firstEntry).toBeVisible();
      const sidebarEntry = (await firstEntry.innerText()).trim();
      const userMenu = page.locator('header button[aria-haspopup]').last();
      await expect(userMenu).toBeVisible();
      const userMenuName = (await userMenu.getAttribute('aria-label')) ?? (await userMenu.innerText()).trim();
      // The skip link is the keyboard's way past the header and the sidebar into the dashboard's content.
      const skipLink = page.locator('.skip-nav-button').first();
      await expect(skipLink).toHaveCount(1);
      const skipName = ((await skipLink.textContent()) ?? '').trim();
      const dashboard = await tabThrough(page);
      expect(dashboard.names, `sidebar's first entry "${sidebarEntry}" reached by Tab:\n${dashboard.summary}`).toContain(sidebarEntry);
      expect(dashboard.names, `user menu "${userMenuName}" reached by Tab:\n${dashboard.summary}`).toContain(userMenuName);
      expect(dashboard.names, `skip link "${skipName}" reached by Tab:\n${dashboard.summary}`).toContain(skipName);

      // A page whose main content has a control: the 404 page's link home.
      await goInApp(page, '/no-such-page-here');
      const home = page.locator('#main-content a[href="/"]');
      await expect(home).toBeVisible();
      const homeName = (await home.innerText()).trim();
      const notFound = await tabThrough(page);
      expect(notFound.reached.some((r) => r.region === 'main' && r.name === homeName), `main content link "${homeName}" reached by Tab:\n${notFound.summary}`).toBe(true);
      expect(notFound.names, `user menu reached by Tab on the 404 page:\n${notFound.summary}`).toContain(userMenuName);
    });
  });
}

test("a supplier's user's supplier orders and one of them have no serious violations, on a phone too (nl)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'supplier@demo.test');
  await expect(page.getByRole('heading', { name: 'Mijn leveranciersbestellingen' })).toBeVisible();
  const first = page.getByRole('list', { name: 'Mijn leveranciersbestellingen' }).getByRole('link').first();
  await expect(first).toBeVisible();
  await expectAccessible(page, 'supplier orders');
  await first.click();
  await expect(page.getByRole('heading', { name: 'Opvolging' })).toBeVisible();
  await expectAccessible(page, 'supplier order');
});

/** Presses Tab 30 times from the top of the page, collecting each focused element's name and region. */
async function tabThrough(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const reached: { name: string; region: string }[] = [];
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    reached.push(await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return { name: '', region: '' };
      const labelledBy = el.getAttribute('aria-labelledby');
      const name = (el.getAttribute('aria-label')
        ?? (labelledBy ? labelledBy.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ') : null)
        ?? el.innerText ?? el.getAttribute('title') ?? '').trim();
      const region = el.closest('header') ? 'header' : el.closest('.RaSidebar-fixed, .MuiDrawer-root') ? 'sidebar' : el.closest('#main-content') ? 'main' : 'other';
      return { name, region };
    }));
  }
  return { reached, names: reached.map((r) => r.name), summary: reached.map((r) => `${r.region}: ${r.name}`).join('\n') };
}
