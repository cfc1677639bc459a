import { apiCall, expectFitsWindow } from './actions';
import { png } from './png';
import { expectAccessible } from './axe';
import { expect, test, uniqueSuffix } from './fixtures';

/**
 * The platform admin's product management (flows §2 /ycAdmin/product-management/{id}), as the super
 * admin meets it: an article with two suppliers' offers (made through the admin calls), found in the
 * list by its brand, opened; its title changed and saved; the dearer offer's price lowered below the
 * other's, and what a buyer pays per offer, read again, shows that offer first; an image (a small
 * PNG made here) is uploaded through the article's offer and shown as its main image. The page fits a
 * phone (390 px) and a tablet (760 px) without scrolling sideways, and axe finds no serious
 * violation on it.
 */

type Page1<T> = { result: { items: T[] } };

test('a platform admin changes an article and an offer; the offer that became the cheapest comes first', async ({ adminPage: page }) => {
  await page.goto('/ycAdmin/product-management');
  await expect(page.getByRole('heading', { name: 'Productbeheer', level: 1 })).toBeVisible({ timeout: 30_000 });

  // Two platform suppliers, an article and an offer of each: the second supplier's the dearer one.
  const suffix = uniqueSuffix();
  const suppliers = (await apiCall<Page1<{ id: string; name: string }>>(page, 'POST', '/admin/suppliers/query', { query: { take: 2, sort: 'name', order: 'ASC' } })).result.items;
  expect(suppliers).toHaveLength(2);
  const brand = `E2E-${suffix}`;
  const article = (await apiCall<{ result: { id: string } }>(page, 'POST', '/admin/articles/create', { dto: { title: { nl: `Testpapier ${suffix}` }, brand } })).result;
  const cheap = `E2E-A-${suffix}`;
  const dear = `E2E-B-${suffix}`;
  for (const [supplier, number, price] of [[suppliers[0]!, cheap, '5.00'], [suppliers[1]!, dear, '9.00']] as const) {
    const made = await apiCall<{ result?: { id: string } }>(page, 'POST', '/admin/supplier-articles/create',
      { dto: { articleId: article.id, supplierId: supplier.id, articleNumberSupplier: number, price, priceQuantity: 1, minOrderQuant: 1, tax: 21, estimateDeliveryDays: 1 } });
    expect(made.result?.id, number).toBeTruthy();
  }

  // found by its brand in the list, opened from there
  await page.getByRole('searchbox', { name: 'Zoek op merk, EAN of PN-nummer' }).fill(brand);
  const list = page.getByRole('table', { name: 'Productbeheer' });
  await expect(list.getByRole('row')).toHaveCount(2);
  await list.getByRole('link', { name: `Testpapier ${suffix}` }).click();
  await expect(page.getByRole('heading', { name: `Testpapier ${suffix}`, level: 1 })).toBeVisible();

  // its title, saved: the page reads the article again
  await page.getByRole('textbox', { name: /^Titel \(NL\)/ }).fill(`Printpapier ${suffix}`);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Het artikel is opgeslagen.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Printpapier ${suffix}`, level: 1 })).toBeVisible();

  // an image uploaded (through the article's offer): the article had none, so it is the main one, served and drawn
  const images = page.getByRole('region', { name: 'Afbeeldingen' });
  await expect(images.getByText('Dit artikel heeft nog geen afbeeldingen.')).toBeVisible();
  const uploaded = page.waitForResponse((r) => /\/api\/admin\/supplier-articles\/[0-9a-f-]{36}\/upload$/.test(r.url()));
  await images.getByLabel('Kies een afbeelding om toe te voegen').setInputFiles({ name: 'testpapier.png', mimeType: 'image/png', buffer: png(24, 16, [200, 30, 30]) });
  expect((await uploaded).status()).toBe(200);
  const main = images.getByRole('listitem', { name: 'Afbeelding 1, Hoofdafbeelding' }).getByRole('img', { name: `Printpapier ${suffix}, afbeelding 1` });
  await expect(main).toHaveAttribute('src', /^\/api\/article-images\/[0-9a-f-]{36}$/);
  await main.scrollIntoViewIfNeeded();
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { message: 'the uploaded image is drawn' }).toBe(24);
  await expect(images.getByText('Dit artikel heeft nog geen afbeeldingen.')).toBeHidden();

  // what a buyer pays for 100: the cheaper offer first
  const prices = page.getByRole('table', { name: 'Prijs per aanbieding' });
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/admin/supplier-articles/queryEvaluatedPrices') && r.request().postDataJSON()?.query?.quantity === 100);
  await page.getByRole('textbox', { name: 'Aantal' }).fill('100');
  await asked;
  await expect(prices.getByRole('row').nth(1)).toContainText(cheap);
  await expect(prices.getByRole('row').nth(1)).toContainText('Goedkoopst');
  await expect(prices.getByRole('row').nth(2)).toContainText(dear);

  // the dearer offer's price lowered below the other's: it comes first
  await page.getByRole('button', { name: `Aanbieding ${dear} wijzigen` }).click();
  const dialog = page.getByRole('dialog', { name: `Aanbieding ${dear} wijzigen` });
  await dialog.getByRole('textbox', { name: /^Prijs/ }).fill('2,50');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog).toBeHidden();
  await expect(prices.getByRole('row').nth(1)).toContainText(dear);
  await expect(prices.getByRole('row').nth(1)).toContainText('Goedkoopst');
  await expect(prices.getByRole('row').nth(2)).toContainText(cheap);
  await expect(page.getByRole('table', { name: 'Aanbiedingen' }).getByRole('row', { name: new RegExp(dear) })).toContainText('2,50');

  await expectAccessible(page, 'product management article');
  for (const width of [760, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await expect(page.getByRole('heading', { name: `Printpapier ${suffix}`, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Aanbieding toevoegen' })).toBeVisible();
    await expectFitsWindow(page, `the articles page at ${width} px`);
    // the offers' table too: the change button in the window, not behind an unmarked sideways scroll
    const change = await page.getByRole('button', { name: `Aanbieding ${dear} wijzigen` }).boundingBox();
    expect(change && change.x + change.width, `the change button fits ${width} px`).toBeLessThanOrEqual(width);
  }
});
