import { expect, test, type Locator, type Page } from '@playwright/test';
import { EXTRA_SUPPLIERS } from '../src/server/demo/catalogue-data';
import { accessToken, signIn, siteUrl } from './actions';
import { expectAccessible } from './axe';

/**
 * Issue 4, the buyer's shop journey on the real server (demo catalogue, search index, basket, orders):
 * header search and suggestion, category refinement, product page, the stock rule of core §4/§5,
 * badge and totals, quantity change, removal, placing the order and finding it under /orders.
 */
const basketButton = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string', includeHidden: true });

/** The badge's count, by the basket button's label (react-admin slides the app bar away while scrolling down). */
const expectBadge = (page: Page, name: string) => expect(basketButton(page, name)).toBeAttached();

/** Demo suppliers with a minimum order price: an order of one or two of their articles would be refused. */
const WITH_MINIMUM = EXTRA_SUPPLIERS.filter((s) => s.minimumOrderPrice).map((s) => `Leverancier: ${s.name}`);

/** A card of the results grid whose stock is a number of at least `min`: its title and stock. */
async function cardWithStock(page: Page, min: number, skip: string[] = []): Promise<{ card: Locator; title: string; stock: number }> {
  // Articles with a minimum order quantity above 1 would turn 'add 1' into another refusal, and those
  // of a supplier with a minimum order price would block the order at the end: left out.
  let cards = page.getByRole('article').filter({ hasText: /Voorraad: \d+/ }).filter({ hasNotText: /Minimum \d+ stuks/ });
  for (const supplier of WITH_MINIMUM) cards = cards.filter({ hasNotText: supplier });
  await expect(cards.first()).toBeVisible();
  for (let i = 0; i < (await cards.count()); i++) {
    const card = cards.nth(i);
    const title = (await card.getAttribute('aria-label')) ?? '';
    const stock = Number(/Voorraad: (\d+)/.exec((await card.textContent()) ?? '')?.[1]);
    if (stock >= min && !skip.includes(title)) return { card, title, stock };
  }
  throw new Error(`no product with a stock of at least ${min} on this page`);
}

test('buyer: search, refine, add within and beyond stock, change, remove, order', async ({ page }) => {
  await signIn(page, 'buyer@demo.test');

  await test.step('header search: suggestions from 2 characters, choosing one opens the product', async () => {
    const box = page.getByRole('combobox', { name: 'Zoek een product' });
    await box.fill('balpen');
    const options = page.getByRole('option');
    await expect(options.first()).toBeVisible();
    expect(await options.count()).toBeLessThanOrEqual(5);
    const chosen = ((await options.first().locator('span').first().textContent()) ?? '').trim();
    await options.first().click();
    await expect(page).toHaveURL(/\/products\/[^/?]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen);
  });

  await test.step('Enter searches the marketplace, a category tab refines it', async () => {
    const box = page.getByRole('combobox', { name: 'Zoek een product' });
    await box.fill('papier');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\?search=papier$/);
    await page.getByRole('navigation', { name: 'Categorieën' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/products\?categories=/);
    await expect(page.getByRole('status').filter({ hasText: /producten? gevonden/ })).toBeVisible();
    await expectAccessible(page, 'marketplace');
  });

  await test.step('sorting by price and refining by a feature, both kept in the URL', async () => {
    const found = page.getByRole('status').filter({ hasText: /producten? gevonden/ });
    const total = (await found.textContent()) ?? '';
    const sort = page.getByRole('combobox', { name: 'Sorteren op' });
    await sort.selectOption({ label: 'Prijs: laagste eerst' });
    await expect(page).toHaveURL(/[?&]sort=price_asc(&|$)/);
    // The cards' prices (the first amount on each card: '€ 1.234,50'), cheapest first.
    const prices = async () => (await page.getByRole('article').allTextContents())
      .map((text) => Number((/€\s?([\d.]+,\d\d)/.exec(text)?.[1] ?? 'NaN').replace(/\./g, '').replace(',', '.')));
    await expect.poll(async () => {
      const p = await prices();
      return p.length > 2 && p.every((v, i) => !Number.isNaN(v) && (i === 0 || v >= p[i - 1]));
    }).toBe(true);
    await expect(found).toHaveText(total);
    const features = page.getByRole('region', { name: 'Kenmerken' });
    const label = (await features.locator('label').first().textContent()) ?? '';
    const count = Number(/\((\d+)\)$/.exec(label)?.[1]);
    expect(count).toBeGreaterThan(0);
    const feature = label.replace(/ \(\d+\)$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const option = features.getByRole('checkbox', { name: new RegExp(`^${feature} \\(`) });
    await option.check();
    await expect(found).toHaveText(new RegExp(`^${count} producten? gevonden`));
    // The refinement is in the URL: a product and back brings the same results.
    await expect(page).toHaveURL(/[?&]features=/);
    await page.getByRole('article').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/products\/[^/?]+$/);
    await page.goBack();
    await expect(found).toHaveText(new RegExp(`^${count} producten? gevonden`));
    await expect(option).toBeChecked();
    await option.uncheck();
    await sort.selectOption({ label: 'Relevantie' });
    await expect(page).not.toHaveURL(/sort=/);
    await expect(found).toHaveText(total);
  });

  let first = { title: '', stock: 0 };
  await test.step('adding beyond the stock is refused with the stock message', async () => {
    const found = await cardWithStock(page, 2);
    first = { title: found.title, stock: found.stock };
    await found.card.getByRole('link', { name: found.title, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(found.title);
    await expectAccessible(page, 'product page');
    await page.getByRole('spinbutton', { name: 'Aantal' }).fill(String(found.stock + 1));
    await page.getByRole('button', { name: /^In winkelmandje/ }).click();
    await expect(page.getByText(`Je kan niet meer bestellen dan de beschikbare voorraad van ${found.stock} stuks.`).first()).toBeVisible();
    await expectBadge(page, 'Winkelmandje, leeg');
  });

  let second = '';
  await test.step('adding within the stock fills the basket and the badge', async () => {
    await page.getByRole('spinbutton', { name: 'Aantal' }).fill('1');
    await page.getByRole('button', { name: /^In winkelmandje/ }).click();
    await expectBadge(page, 'Winkelmandje, 1 stuk');
    await page.goBack();
    const other = await cardWithStock(page, 1, [first.title]);
    second = other.title;
    await other.card.getByRole('button', { name: /^In winkelmandje/ }).click();
    await expectBadge(page, 'Winkelmandje, 2 stuks');
  });

  await test.step('the basket shows lines and totals; quantity change and removal are sent', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await basketButton(page, 'Winkelmandje, 2 stuks').click();
    await expect(page).toHaveURL(/\/transporter$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Winkelmandje' })).toBeVisible();
    const totals = page.getByLabel('Totalen');
    await expect(totals).toContainText('Producten excl. btw');
    await expect(totals).toContainText(/Totaal\s*€\s?\d/);
    await expectAccessible(page, 'basket');
    const amount = page.getByRole('spinbutton', { name: `Aantal van ${first.title}`, exact: true });
    await amount.fill('2');
    await amount.press('Enter');
    await expectBadge(page, 'Winkelmandje, 3 stuks');
    await page.getByRole('button', { name: `${second} verwijderen`, exact: true }).click();
    await expectBadge(page, 'Winkelmandje, 2 stuks');
    await expect(page.getByRole('link', { name: second, exact: true })).toHaveCount(0);
  });

  await test.step('signing out with items in the basket asks first; cancelling keeps the session and the basket', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: /profiel/i }).click();
    await page.getByRole('menuitem', { name: /afmelden/i }).click();
    const dialog = page.getByRole('dialog', { name: 'Afmelden?' });
    await expect(dialog).toContainText('Er zitten nog 2 producten in je winkelmandje.');
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/transporter$/);
    await expectBadge(page, 'Winkelmandje, 2 stuks');
  });

  let orderNumber = '';
  await test.step('placing the order opens it and empties the basket', async () => {
    await page.getByRole('button', { name: 'Bestelling plaatsen' }).click();
    await expect(page).toHaveURL(/\/order-detail\/[^/]+$/);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(/^Bestelling \S+/);
    orderNumber = ((await heading.textContent()) ?? '').replace('Bestelling ', '').trim();
    await expect(page.getByRole('cell', { name: first.title, exact: true })).toBeVisible();
    await expectBadge(page, 'Winkelmandje, leeg');
    await expectAccessible(page, 'order detail');
  });

  await test.step('the order is listed under /orders', async () => {
    await page.goto(`${siteUrl()}/orders`);
    await expect(page.getByRole('link', { name: orderNumber, exact: true })).toBeVisible();
    await expectAccessible(page, 'orders');
  });
});

test('a product link from a later page of the results opens the product, on the first load of either page', async ({ page }) => {
  await signIn(page, 'finance@demo.test', { path: '/products?page=2' });
  await expect(page).toHaveURL(/\/products\?page=2$/);
  const card = page.getByRole('article').first();
  const title = (await card.getAttribute('aria-label')) ?? '';
  await card.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page).toHaveURL(/\/products\/[^/?]+$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/products\?page=2$/);
  await expect(page.getByRole('button', { name: 'Pagina 2' })).toHaveAttribute('aria-current', 'page');
});

test('on a phone the results come first; the refinements open from a button and keep their choice when closed', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'buyer@demo.test', { path: '/products' });
  const first = page.getByRole('article').first();
  await expect(first).toBeVisible();
  expect((await first.boundingBox())!.y).toBeLessThan(844);
  const brands = page.locator('#marketplace-refinements').getByRole('region', { name: 'Merk', exact: true, includeHidden: true });
  await expect(brands).toBeHidden();
  const button = page.getByRole('button', { name: /^Filters/ });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const found = page.getByText(/producten? gevonden$/);
  const before = await found.textContent();
  await brands.getByRole('checkbox').first().check();
  await expect(found).not.toHaveText(before!);
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  const after = await found.textContent();
  await page.getByRole('button', { name: 'Filters (1)' }).click();
  await expect(brands).toBeHidden();
  await expect(found).toHaveText(after!);
  await expect(page).toHaveURL(/[?&]brand=/);
});

test('an empty basket sends the buyer to the products with a message', async ({ page }) => {
  await signIn(page, 'finance@demo.test');
  const button = basketButton(page, /^Winkelmandje/);
  await expect(button).toBeVisible();
  await button.click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByText('Voeg eerst een product toe aan je winkelmandje.')).toBeVisible();
});

test("buyer never sees an article their catalogue rules exclude, in search or by id", async ({ browser, page }) => {
  // The manager has no catalogue rule: they find an article of the Veiligheid marketplace, which the
  // buyer's rule excludes on this tenant (docs/demo-data.md).
  const managerPage = await browser.newPage();
  await signIn(managerPage, 'manager@demo.test');
  const headers = { authorization: `Bearer ${await accessToken(managerPage)}` };
  const markets = (await (await managerPage.request.get(`${siteUrl()}/api/marketplaces`, { headers })).json()) as { id: string; name: string }[];
  const safety = markets.find((m) => m.name === 'Veiligheid');
  expect(safety, 'the demo marketplace Veiligheid').toBeTruthy();
  const found = await managerPage.request.post(`${siteUrl()}/api/supplier-articles/query`, { headers, data: { query: { marketplaceId: safety!.id, take: 1 } } });
  const article = ((await found.json()) as { result: { items: { id: string; title: { nl: string } }[] } }).result.items[0]!;
  expect(article, 'the manager sees a safety article').toBeTruthy();
  // ... and its category tab.
  const SAFETY_TAB = 'Veiligheid & werkkleding';
  await managerPage.goto(`${siteUrl()}/products`);
  await expect(managerPage.getByRole('navigation', { name: 'Categorieën' }).getByRole('link', { name: SAFETY_TAB, exact: true })).toBeVisible();
  await managerPage.close();

  await signIn(page, 'buyer@demo.test');
  await test.step('the category tabs do not offer the category the rule empties', async () => {
    await page.goto(`${siteUrl()}/products`);
    const tabs = page.getByRole('navigation', { name: 'Categorieën' }).getByRole('link');
    await expect(tabs.first()).toBeVisible();
    expect(await tabs.allTextContents()).not.toContain(SAFETY_TAB);
    await expect(tabs.filter({ hasText: SAFETY_TAB })).toHaveCount(0);
  });
  await test.step('by id: the product page says it does not exist, and so does the API', async () => {
    await page.goto(`${siteUrl()}/products/${article.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dit product bestaat niet of is niet beschikbaar voor jou');
    const byId = await page.request.post(`${siteUrl()}/api/supplier-articles/id`, {
      headers: { authorization: `Bearer ${await accessToken(page)}` }, data: { query: { id: article.id } },
    });
    expect(byId.status()).toBe(404);
  });

  await test.step('in search: its exact title never finds it, not even when the request asks for its marketplace', async () => {
    await page.goto(`${siteUrl()}/products?search=${encodeURIComponent(article.title.nl)}`);
    await expect(page.getByText(/(product|producten) gevonden/).first()).toBeVisible();
    await expect(page.getByRole('article', { name: article.title.nl, exact: true })).toHaveCount(0);
    // The buyer's own search key, asking the index for the excluded marketplace: the key's filters hold.
    const token = await accessToken(page);
    const credentials = (await (await page.request.get(`${siteUrl()}/api/search/credentials`, { headers: { authorization: `Bearer ${token}` } })).json()).result;
    const answer = await page.request.post(`${siteUrl()}/api/search/1/indexes/*/queries`, {
      headers: { 'x-algolia-api-key': credentials.apiKey, 'x-algolia-application-id': credentials.appId, 'content-type': 'text/plain' },
      data: JSON.stringify({ requests: [{ indexName: credentials.indexName, query: '', facetFilters: [['marketplaceName:Veiligheid']], hitsPerPage: 5 }] }),
    });
    expect(answer.status()).toBe(200);
    expect((await answer.json()).results[0].nbHits).toBe(0);
  });
});
