import { expect, test, type Browser } from '@playwright/test';
import { apiCall as call, invitedBuyer, signedInFor, signIn, siteUrl, uniqueSuffix } from './actions';

/**
 * Issue 28's buyer (acme.localhost, English): a platform article is offered by two suppliers the
 * company buys from; the shop's search finds the article once, the product page lists both offers
 * with the cheaper one first and marked, the buyer picks it and orders it: the order's line is that offer. The buyer is a colleague the company's admin
 * invites for this journey, so no other journey's basket can meet theirs.
 */
const HOST = 'acme.localhost';
const site = siteUrl(HOST);
const COMPANY = 'Acme Logistics NV';

interface Article { id: string; supplierId: string; supplierName: string | null; categoryId: string | null; marketplaceId?: string | null; available: boolean; type: string | null }

/** The platform admin makes an article and an offer of it for each supplier: [number, price] in order. */
async function articleWithOffers(browser: Browser, model: Article, offers: [supplierId: string, number: string, price: string][], title: string): Promise<string[]> {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin@demo.test', { host: HOST });
  const article = (await call<{ result: { id: string } }>(admin, 'POST', '/admin/articles/create', {
    dto: { title: { nl: title, en: title, fr: title }, brand: 'E2E', categoryId: model.categoryId, ...(model.marketplaceId ? { marketplaceId: model.marketplaceId } : {}) },
  })).result;
  const ids: string[] = [];
  for (const [supplierId, number, price] of offers) {
    const made = await call<{ result?: { id: string }; errorCode?: string }>(admin, 'POST', '/admin/supplier-articles/create',
      { dto: { articleId: article.id, supplierId, articleNumberSupplier: number, price, priceQuantity: 1, minOrderQuant: 1, tax: 21, estimateDeliveryDays: 2, stock: 100 } });
    expect(made.result?.id, JSON.stringify(made)).toBeTruthy();
    ids.push(made.result!.id);
  }
  await admin.context().close();
  return ids;
}

/** Two active platform suppliers (no company's own), as the platform admin lists them. */
async function platformSuppliers(browser: Browser): Promise<string[]> {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin@demo.test', { host: HOST });
  const items = (await call<{ result: { items: { id: string; customerId: string | null; active: boolean | null }[] } }>(admin, 'POST', '/admin/suppliers/query',
    { query: { take: 50, sort: 'name', order: 'ASC' } })).result.items;
  await admin.context().close();
  const ids = items.filter((s) => !s.customerId && s.active !== false).map((s) => s.id);
  expect(ids.length, 'two platform suppliers').toBeGreaterThanOrEqual(2);
  return ids.slice(0, 2);
}

test('a buyer finds an article once, sees both offers on its page, picks the cheaper one and orders it', async ({ browser }) => {
  const suffix = uniqueSuffix();
  const email = `offer.buyer.${suffix}@acme.test`;
  const manager = await signedInFor(browser, 'manager@demo.test', { host: HOST, company: COMPANY, switchLabel: 'Switch company' });
  const buyer = await invitedBuyer(browser, manager, HOST, { email, firstname: 'Olga', lastname: 'Offer', password: 'offer-choice-secret' });
  await manager.context().close();

  // The new article goes in the category of an article the buyer sees, offered by two platform suppliers
  // (the invited buyer has no catalogue rules of their own).
  const model = (await call<{ result: { items: Article[] } }>(buyer, 'POST', '/supplier-articles/query', { query: { take: 20 } })).result.items
    .find((a) => a.available && a.type !== 'GiftCard' && a.categoryId);
  expect(model, 'an article the buyer sees, in a category').toBeTruthy();
  const suppliers = await platformSuppliers(browser);
  const pair = [{ ...model!, supplierId: suppliers[0]! }, { ...model!, supplierId: suppliers[1]! }] as const;
  const [dear, cheap] = [`E2E-DEAR-${suffix}`, `E2E-CHEAP-${suffix}`];
  const title = `E2E Offer choice ${suffix}`;
  const [dearId] = await articleWithOffers(browser, pair![0], [[pair![0].supplierId, dear, '9.00'], [pair![1].supplierId, cheap, '5.00']], title);

  await test.step('the search finds the article once, not once per supplier', async () => {
    // The search index follows a new offer within seconds: the search is asked again until it does.
    const cards = buyer.getByRole('article', { name: title });
    await expect(async () => {
      await buyer.goto(`${site}/products?search=${encodeURIComponent(title)}`);
      // A page under load may take a while to draw the answer; a card still missing then means the
      // index has not followed yet, and the search is asked again.
      await expect(cards.first()).toBeVisible({ timeout: 20_000 });
    }).toPass({ timeout: 60_000 });
    await expect(cards).toHaveCount(1);
  });

  await test.step('the product page, opened on the dearer offer, lists both with the cheaper one first; the buyer picks it', async () => {
    await buyer.goto(`${site}/products/${dearId}`);
    const choice = buyer.getByRole('radiogroup', { name: 'Offered by 2 suppliers' });
    await expect(choice).toBeVisible();
    const radios = choice.getByRole('radio');
    await expect(radios).toHaveCount(2);
    // The page opens on the offer it was opened with (the one a search card shows) …
    await expect(radios.nth(1)).toBeChecked();
    await expect(choice.locator('label').nth(1)).toContainText(dear);
    // … and lists the cheaper one first, marked.
    await expect(choice.getByText('Lowest price')).toBeVisible();
    await expect(choice.locator('label').first()).toContainText(cheap);
    await radios.first().check();
    await expect(radios.first()).toBeChecked();
    await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  await test.step('the basket takes the chosen offer and the order is placed with it', async () => {
    await buyer.getByRole('button', { name: `Add to basket: ${title}` }).click();
    await expect.poll(async () => {
      const basket = await call<{ result?: { transporterLines?: { transporterArticle?: { articleNumberSupplier?: string } }[] } }>(buyer, 'GET', '/v2/transporters/load');
      return (basket.result?.transporterLines ?? []).map((l) => l.transporterArticle?.articleNumberSupplier);
    }, { timeout: 20_000 }).toContain(cheap);
    await buyer.goto(`${site}/transporter`);
    await buyer.getByRole('button', { name: 'Place order' }).click();
    await expect(buyer).toHaveURL(/\/order-detail\/[^/]+$/);
    const orderId = decodeURIComponent(new URL(buyer.url()).pathname.split('/').pop()!);
    const order = await call<{ result: { orderLines?: { articleNumberSupplier?: string; supplierArticle?: { articleNumberSupplier?: string } }[] } }>(buyer, 'GET', `/v2/orders/${orderId}`);
    const numbers = (order.result.orderLines ?? []).map((l) => l.articleNumberSupplier ?? l.supplierArticle?.articleNumberSupplier);
    expect(numbers).toContain(cheap);
    expect(numbers).not.toContain(dear);
  });
});
