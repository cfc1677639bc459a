import { expect, test } from '@playwright/test';
import { signIn, siteUrl, expectFitsWindow } from './actions';

/**
 * The customer dashboard on the real server, in globex.localhost (French first): the demo buyer acts
 * for Globex Services SA, a company no other journey orders for, so it starts without orders. First,
 * on a phone, the page guides a buyer who never ordered to the catalogue; then, after an order, the
 * ordered article is offered to order again and its card opens its product page. One after the
 * other: the second changes what the first sees.
 */
const HOST = 'globex.localhost';
const site = siteUrl(HOST);

test.describe.serial('customer dashboard', () => {
  test('a buyer whose company never ordered sees the banners, the way to the catalogue and popular categories, within a phone screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'buyer@demo.test', { host: HOST, path: '/dashboard' });
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bert');
    await expect(page.getByRole('article', { name: 'Rentrée' })).toBeVisible();
    const first = page.getByRole('region', { name: 'Passez votre première commande' });
    await expect(first).toBeVisible();
    await expect(page.getByRole('region', { name: 'Commander à nouveau' })).toHaveCount(0);
    const popular = page.getByRole('list', { name: 'Catégories populaires' });
    await expect(popular.getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'À la une' }).getByRole('article').first()).toBeVisible();
    // Nothing wider than the phone: the article rows scroll inside themselves.
    await expectFitsWindow(page);

    await first.getByRole('link', { name: 'Parcourir le catalogue' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test('after an order the article is offered to order again and its card opens the product page', async ({ page }) => {
    await signIn(page, 'buyer@demo.test', { host: HOST, path: '/products' });
    const card = page.getByRole('article').filter({ hasText: /Stock\s*:\s*\d+/ }).filter({ hasNotText: /Minimum/ }).first();
    await expect(card).toBeVisible({ timeout: 30_000 });
    const title = (await card.getAttribute('aria-label'))!;
    await card.getByRole('button', { name: /^Ajouter au panier/ }).click();
    await expect(page.getByRole('button', { name: 'Panier, 1 article', includeHidden: true })).toBeAttached();
    await page.goto(`${site}/transporter`);
    await page.getByRole('button', { name: 'Passer la commande' }).click();
    await expect(page).toHaveURL(/\/order-detail\/[^/]+$/);

    await page.goto(`${site}/dashboard`);
    const again = page.getByRole('list', { name: 'Commander à nouveau' });
    const link = again.getByRole('link', { name: title, exact: true });
    // The order's stock change is being put in the search index meanwhile: the server may take a while.
    await expect(link).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Passez votre première commande' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Les plus commandés' }).getByRole('link', { name: title, exact: true })).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/products\/[^/?]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });
});
