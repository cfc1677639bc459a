import { expect, test } from '@playwright/test';
import { signIn, expectFitsWindow } from './actions';

/**
 * Phones and tablets: the marketplace's category tabs stay one row that scrolls sideways when they
 * do not fit, instead of widening the page, with arrows to scroll it; the last tab can be scrolled
 * to and opened.
 */
for (const width of [390, 760]) {
  test(`at ${width} px the category tabs scroll inside their row and the page keeps the screen's width`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await signIn(page, 'manager@demo.test', { path: '/products' });
    const tabs = page.getByRole('navigation', { name: 'Categorieën' }).getByRole('list').first();
    await expect(tabs.getByRole('link').first()).toBeVisible();
    const row = await tabs.evaluate((ul) => ({ scroll: ul.scrollWidth, client: ul.clientWidth, top: [...ul.children].map((li) => li.getBoundingClientRect().top) }));
    // One row: every tab at the same height.
    expect(new Set(row.top.map(Math.round)).size).toBe(1);
    await expectFitsWindow(page);
    const last = tabs.getByRole('link').last();
    if (row.scroll > row.client) {
      // It does not fit: an arrow shows the way it goes on, and scrolls the row (a mouse has no swipe).
      const nav = page.getByRole('navigation', { name: 'Categorieën' });
      await expect(nav.getByRole('button', { name: 'Vorige categorieën' })).toHaveCount(0);
      await nav.getByRole('button', { name: 'Volgende categorieën' }).click();
      await expect.poll(() => tabs.evaluate((ul) => ul.scrollLeft)).toBeGreaterThan(0);
      await expect(nav.getByRole('button', { name: 'Vorige categorieën' })).toBeVisible();
      // The row scrolls, not the page.
      await last.scrollIntoViewIfNeeded();
      expect(await tabs.evaluate((ul) => ul.scrollLeft)).toBeGreaterThan(0);
      expect(await page.evaluate(() => window.scrollX)).toBe(0);
    }
    const name = (await last.textContent())!;
    await last.click();
    await expect(page).toHaveURL(/\/products\?categories=/);
    await expect(tabs.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
  });
}
