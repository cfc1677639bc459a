import { expect, test, type Page } from '@playwright/test';
import { signedInFor, siteUrl, uniqueSuffix, expectFitsWindow } from './actions';
import { expectAccessible } from './axe';

/**
 * flows §2 /product-management and /product-management/{id}, §3 product-management filters, §7
 * Product management (localhost, Dutch): a customer admin creates an own article with its first
 * supplier and a second one of the same product family (its variant, listed on the family tab),
 * finds the first in the list by its supplier article number, changes its title, and buyers of the
 * company find it under the new title in the shop's search. The pages work at 390 px.
 */
const COMPANY = 'Bakkerij Janssens BV';

/** A new article of the family with its first supplier (the first the picker offers), through the list's form; its page opens. */
async function createArticle(page: Page, { title, number, family, price }: { title: string; number: string; family: string; price: string }): Promise<string> {
  await page.getByRole('button', { name: 'Nieuw artikel' }).click();
  const form = page.getByRole('dialog', { name: 'Nieuw artikel' });
  await form.getByRole('textbox', { name: /^Titel \(NL\)/ }).fill(title);
  await form.getByRole('textbox', { name: /^Titel \(EN\)/ }).fill(`${title} (EN)`);
  await form.getByRole('textbox', { name: 'Merk', exact: true }).fill('E2E');
  await form.getByRole('textbox', { name: 'Productfamilie', exact: true }).fill(family);
  await form.getByRole('combobox', { name: /^Leverancier/ }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await form.getByRole('textbox', { name: /^Artikelnummer leverancier/ }).fill(number);
  await form.getByRole('textbox', { name: /^Prijs \(excl\. btw\)/ }).fill(price);
  await form.getByRole('textbox', { name: 'Voorraad', exact: true }).fill('25');
  await form.getByRole('button', { name: 'Artikel aanmaken' }).click();
  await expect(page).toHaveURL(/\/product-management\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return page.url().split('/').pop()!;
}

test('a customer admin creates an own article with a variant, finds it by a filter, renames it, and buyers find it in the shop', async ({ browser }) => {
  const suffix = uniqueSuffix();
  const family = `e2e-lampen-${suffix}`;
  const first = { title: `E2E Bureaulamp ${suffix}`, number: `E2E-LAMP-${suffix}`, family, price: '24,95' };
  const variant = { title: `E2E Bureaulamp groot ${suffix}`, number: `E2E-LAMP-XL-${suffix}`, family, price: '34,95' };
  const renamed = `E2E Bureaulamp zwart ${suffix}`;
  const page = await signedInFor(browser, 'manager@demo.test', { company: COMPANY, switchLabel: 'Wissel van bedrijf' });

  await test.step('the sidebar opens the list; the admin creates an article and its variant', async () => {
    await page.getByRole('menuitem').filter({ hasText: /^Productbeheer$/ }).click();
    await expect(page).toHaveURL(/\/product-management$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Productbeheer' })).toBeVisible();
    await createArticle(page, first);
    await page.getByRole('link', { name: 'Productbeheer' }).click();
    await createArticle(page, variant);
    // The family tab lists the first article as its variant.
    await page.getByRole('tab', { name: 'Productfamilie en kenmerken' }).click();
    const variants = page.getByRole('region', { name: 'Varianten' });
    await expect(variants.getByRole('link', { name: first.title })).toBeVisible();
    await expectAccessible(page, 'product family tab');
  });

  await test.step('the list finds the first article by its supplier article number', async () => {
    await page.getByRole('link', { name: 'Productbeheer' }).click();
    await expect(page).toHaveURL(/\/product-management$/);
    await page.getByRole('searchbox', { name: 'Artikelnummer leverancier' }).fill(first.number);
    const rows = page.getByRole('table', { name: 'Productbeheer' }).getByRole('row');
    await expect(rows.filter({ hasText: first.title })).toHaveCount(1);
    await expect(rows.filter({ hasText: variant.title })).toHaveCount(0);
    await expect(page.getByText('1 artikel', { exact: true })).toBeVisible();
    await expectAccessible(page, 'product management list');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsWindow(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('link', { name: first.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsWindow(page);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('its title is changed on the article tab', async () => {
    const title = page.getByRole('textbox', { name: /^Titel \(NL\)/ });
    await title.fill(renamed);
    await page.getByRole('button', { name: 'Bewaren' }).click();
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expect(title).toHaveValue(renamed);
  });

  await test.step("the shop's search finds it under its new title", async () => {
    // The search index follows an article change within seconds: the search is asked again until it does.
    const card = page.getByRole('article', { name: renamed });
    await expect(async () => {
      await page.goto(`${siteUrl()}/products?search=${encodeURIComponent(renamed)}`);
      // A page under load may take a while to draw the answer; a card still missing then means the
      // index has not followed yet, and the search is asked again.
      await expect(card).toBeVisible({ timeout: 20_000 });
    }).toPass({ timeout: 60_000 });
  });
});
