import { expect, test, type Page } from '@playwright/test';
import { signedInFor, siteUrl } from './actions';

const NAMES = { nl: 'Nederlands', en: 'English', fr: 'Français' } as const;
type Language = keyof typeof NAMES;
async function switchLanguage(page: Page, language: Language) {
  await page.getByRole('button', { name: /^(taal|language|langue) \([A-Z]{2}\)$/i }).click();
  await page.getByRole('menuitem', { name: NAMES[language] }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}
const PAGES = ['/', '/orders', '/deliveries', '/warehouse-management', '/warehouse-management/stock', '/users', '/supplier-orders', '/budgets'];

test.setTimeout(600_000);
test('walk through the moved pages in three languages and widths', async ({ browser }) => {
  const page = await signedInFor(browser, 'manager@demo.test', { company: 'Bakkerij Janssens BV', switchLabel: 'Wissel van bedrijf' });
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror ${page.url()}: ${e.message}`));
  page.on('response', (r) => { if (r.url().includes('/api/') && r.status() >= 400) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`); });
  for (const language of ['nl', 'en', 'fr'] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await switchLanguage(page, language);
    for (const width of [390, 760, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of PAGES) {
        await page.goto(`${siteUrl()}${path}`);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
        if (overflow > width) problems.push(`${language} ${width} ${path}: scrollWidth ${overflow}`);
        const text = await page.locator('main').innerText();
        const keys = text.match(/\b[a-z][a-zA-Z]+\.[a-z][a-zA-Z-]+\.[a-zA-Z.-]+\b/g)?.filter((k) => !k.includes('@') && !/\.(be|com|nl|fr|test)$/.test(k));
        if (keys?.length) problems.push(`${language} ${width} ${path}: keys ${keys.join(', ')}`);
        if (width !== 1280 || language === 'nl') await page.screenshot({ path: `/tmp/walk/${language}-${width}${path.replace(/\//g, '_') || '_home'}.png`, fullPage: false });
      }
    }
  }
  console.log(problems.join('\n') || 'no problems');
});
