import { chromium } from 'playwright-core';
const CHROMIUM = process.env.CHROMIUM;
const base = 'http://localhost:3600';
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
async function session(email, width, locale = 'nl-BE', host = 'localhost') {
  const ctx = await browser.newContext({ viewport: { width, height: 844 }, locale });
  const page = await ctx.newPage();
  const site = host === 'localhost' ? base : base.replace('localhost', host);
  await page.goto(`${site}/dashboard`);
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/wachtwoord|password|mot de passe/i).fill('demo');
  await page.getByRole('button', { name: /aanmelden|sign in|se connecter/i }).click();
  await page.waitForURL((u) => !/^\/(oidc|redirect|login)(\/|$)/.test(u.pathname));
  return { page, site };
}
const shots = process.argv.slice(2);
for (const spec of shots) {
  const [email, width, path, name, host, locale] = spec.split('|');
  const { page, site } = await session(email, Number(width), locale || 'nl-BE', host || 'localhost');
  await page.goto(`${site}${path}`);
  await page.waitForTimeout(4000);
  if (process.env.BOTTOM) await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/walk/${name}.png`, fullPage: false });
  console.log('shot', name, await page.evaluate(() => document.documentElement.scrollWidth));
  await page.context().close();
}
await browser.close();
