import { expect, test, type Page } from '@playwright/test';
import { signIn, siteUrl } from './actions';

/**
 * The Content-Security-Policy breaks nothing: through the main pages of both shells, on a tenant
 * host (the provider on PUBLIC_URL is another origin there), the login page, the marketplace's
 * search host, the product page, the basket, the admin area and sign-out (the provider's
 * self-submitting logout page and the redirects after its form), chromium reports no violation.
 */

/** Every CSP violation the page reports, from its console and from securitypolicyviolation events. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI} on ${location.href}`));
  });
  page.on('console', (message) => {
    if (/Content Security Policy|CSP violation/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('no CSP violation on the main pages, on a tenant host and through sign-in and sign-out', async ({ page }) => {
  const violations = await watchCsp(page);

  await signIn(page, 'buyer@demo.test', { host: 'acme.localhost' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto(`${siteUrl('acme.localhost')}/products?search=pen`);
  const first = page.getByRole('article').first();
  await expect(first).toBeVisible();
  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/products\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('img').first()).toBeVisible();

  for (const path of ['/basket', '/orders', '/user-settings']) {
    await page.goto(`${siteUrl('acme.localhost')}${path}`);
    await page.waitForLoadState('networkidle');
  }

  await page.getByRole('button', { name: /profile/i }).click();
  await page.getByRole('menuitem', { name: /logout|sign out/i }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You have been signed out.' })).toBeVisible();

  await signIn(page, 'superadmin@demo.test');
  await expect(page).toHaveURL(/\/ycAdmin\//);
  await page.waitForLoadState('networkidle');

  expect(violations).toEqual([]);
});

test('the app and its API answer with the security headers', async ({ request }) => {
  for (const path of ['/', '/products', '/api/domains/localhost']) {
    const res = await request.get(`${siteUrl()}${path}`);
    const headers = res.headers();
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy'], path).not.toContain('upgrade-insecure-requests');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('no-referrer');
  }
});
