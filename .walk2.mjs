import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [host, width, name] of [['globex.localhost', 390, 'menu-fr-390'], ['localhost', 1280, 'menu-nl-1280']]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(`http://${host}:3600/dashboard`);
  await page.getByLabel(/e-?mail/i).fill('manager@demo.test');
  await page.getByLabel(/wachtwoord|password|mot de passe/i).fill('demo');
  await page.getByRole('button', { name: /aanmelden|sign in|se connecter/i }).click();
  await page.waitForURL((u) => !/^\/(oidc|redirect|login)(\/|$)/.test(u.pathname));
  await page.waitForTimeout(3000);
  if (width < 800) await page.locator('header button').first().click();
  await page.waitForTimeout(800);
  // open every group
  for (const g of await page.locator('.RaMenu-open [aria-expanded="false"], .RaSidebar-fixed [aria-expanded="false"]').all()) { try { await g.click({ timeout: 1000 }); } catch {} }
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/walk/${name}.png` });
  await ctx.close();
}
await browser.close();
