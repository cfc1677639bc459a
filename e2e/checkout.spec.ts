import { expect, test, type Page } from '@playwright/test';
import { accessToken, signIn, siteUrl, expectFitsWindow } from './actions';
import { expectAccessible } from './axe';

/**
 * Issue 4 "Basket" checkout on the real server: in globex.localhost the manager acts for Globex
 * Industries SA, the demo customer with the ycoin feature and 2,500 welcome points (src/server/demo/ordering.ts).
 * They add an article, book the order on a department, spend points with the live discount preview,
 * place the order and find the discount on it. The tenant is French first, so the texts are French.
 */
const HOST = 'globex.localhost';
const site = siteUrl(HOST);
const COMPANY = 'Globex Industries SA';
const POINTS = 100; // € 1,00 at one cent a point
/** The requested delivery day, two weeks ahead (yyyy-MM-dd, as the date field and the API write it). */
const REQUESTED_DAY = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

interface Article { id: string; title: Record<string, string>; price: string; stock: number | null; minOrderQuant: number | null; type: string | null; available: boolean }

/**
 * A call of the tenant's API from inside the page (the test runner cannot resolve *.localhost; the
 * browser can), with the user's token and, when given, the acting customer.
 */
async function call<T>(page: Page, path: string, opts: { customerId?: string; body?: unknown } = {}): Promise<T> {
  const token = await accessToken(page);
  return page.evaluate(async ({ path, token, customerId, body }) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (customerId) headers['X-Customer-Id'] = customerId;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`/api${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return response.json();
  }, { path, token, customerId: opts.customerId, body: opts.body }) as Promise<T>;
}

test('manager: add an article, choose a department, spend points and order with the discount', async ({ page }) => {
  await signIn(page, 'manager@demo.test', { host: HOST });

  let customerId = '';
  await test.step(`act for ${COMPANY} through the company switcher`, async () => {
    await page.getByRole('button', { name: "Changer d'entreprise" }).click();
    await page.getByRole('menuitem', { name: COMPANY }).click();
    await expect(page.getByRole('button', { name: "Changer d'entreprise" })).toHaveText(new RegExp(COMPANY));
    const me = await call<{ customerAccess: { customerId: string; customer: { name: string } }[] }>(page, '/users/me');
    customerId = me.customerAccess.find((a) => a.customer.name === COMPANY)!.customerId;
  });

  let article: Article | undefined;
  let addedAt = 0;
  await test.step('add an article from its product page', async () => {
    const items = (await call<{ result: { items: Article[] } }>(page, '/supplier-articles/query', { customerId, body: { query: { take: 100 } } })).result.items;
    // A regular article a single piece of which can be ordered and which costs more than the points are worth.
    article = items.find((a) => a.available && a.type !== 'GiftCard' && (a.minOrderQuant ?? 1) <= 1 && (a.stock === null || a.stock >= 1) && Number(a.price) >= 2);
    expect(article, 'an orderable demo article').toBeTruthy();
    await page.goto(`${site}/products/${article!.id}`);
    await page.getByRole('button', { name: /^Ajouter au panier/ }).click();
    await expect(page.getByRole('button', { name: 'Panier, 1 article', includeHidden: true })).toBeAttached();
    addedAt = Date.now();
  });

  let totalBefore = '';
  await test.step('the basket: department, points with the live discount preview', async () => {
    await page.goto(`${site}/transporter`);
    await expect(page.getByRole('heading', { level: 1, name: 'Panier' })).toBeVisible();
    totalBefore = ((await page.getByTestId('basket-total').textContent()) ?? '').trim();

    const saved = page.waitForResponse((r) => r.url().includes('/api/v2/transporters/update') && r.request().method() === 'PUT');
    await page.getByRole('combobox', { name: 'Département' }).click();
    await page.getByRole('option', { name: 'Production' }).click();
    expect((await saved).status()).toBe(200);

    await expect(page.getByTestId('loyalty-balance')).toHaveText('Vous avez 2500 points.');
    const points = page.getByRole('textbox', { name: 'Points à utiliser' });
    // Keyboard: the points field follows the remark in the tab order.
    await page.getByRole('textbox', { name: 'Concerne' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(points).toBeFocused();
    await page.keyboard.type(String(POINTS));
    await expect(page.getByText(new RegExp(`Remise : 1,00\\s€ \\(${POINTS} points utilisés\\)`))).toBeVisible();
    const pointsSaved = page.waitForResponse((r) => r.url().includes('/api/v2/transporters/update') && r.request().method() === 'PUT');
    await points.press('Enter');
    expect((await pointsSaved).status()).toBe(200);
    await expect(page.getByText('Les points seront déduits lors de votre commande.')).toBeVisible();

    // The day the company would like it delivered, two weeks from now: saved when the field is left.
    const daySaved = page.waitForResponse((r) => r.url().includes('/api/v2/transporters/update') && r.request().method() === 'PUT');
    await page.getByLabel('Date de livraison souhaitée').fill(REQUESTED_DAY);
    await page.getByLabel('Date de livraison souhaitée').blur();
    expect((await daySaved).status()).toBe(200);

    // Checked with no field focused: the theme colours a focused field's label in the tenant's primary colour.
    await points.blur();
    await expectAccessible(page, 'basket');
  });

  await test.step('placing the order checks the basket first and books the discount on the order', async () => {
    // At most one toast per 5 s (core §4): the order's toast must not fall in the window of the 'added' one.
    await page.waitForTimeout(Math.max(0, 5200 - (Date.now() - addedAt)));
    const checked = page.waitForResponse((r) => r.url().includes('/api/v2/transporters/validate'));
    await page.getByRole('button', { name: 'Passer la commande' }).click();
    expect(((await (await checked).json()) as { result: { valid: boolean } }).result.valid).toBe(true);
    await expect(page).toHaveURL(/\/order-detail\/[^/]+$/);
    await expect(page.getByText(/Votre commande \S+ a été passée, avec une remise de 1,00\s€ grâce à vos points\./)).toBeVisible();

    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const order = (await call<{ result: Record<string, unknown> }>(page, `/v2/orders/${orderId}`, { customerId })).result;
    expect(order.loyaltyDiscount).toBe('1.00');
    expect(order.requestedDeliveryDate).toBe(REQUESTED_DAY);
    const departments = (await call<{ items: { id: string; name: string }[] }>(page, `/customer-departments/query?page=1&pageSize=100&customerId=${customerId}`, { customerId })).items;
    expect(order.departmentId).toBe(departments.find((d) => d.name === 'Production')!.id);
    const cents = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
    const after = cents(totalBefore) - POINTS;
    expect(Math.round(Number(order.totalCost) * 100)).toBe(after);
    // The order page shows the total after the discount, as French writes amounts (fr-BE: '12,34 €').
    const euro = new Intl.NumberFormat('fr-BE', { style: 'currency', currency: 'EUR' }).format(after / 100);
    await expect(page.getByText(euro).first()).toBeVisible();

    const balance = (await call<{ result: { points: number } }>(page, `/loyalty/getYcoinCount?customerId=${customerId}`, { customerId })).result.points;
    expect(balance).toBe(2500 - POINTS);
  });
});

test('on a phone the basket is a list of cards that fits the screen: quantity and removal work there', async ({ page }) => {
  // acme's manager: no other journey touches that basket (a basket with items makes sign-out ask first).
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'manager@demo.test', { host: 'acme.localhost', path: '/products' });
  const card = page.getByRole('article').filter({ hasText: /Stock: \d+/ }).filter({ hasNotText: /Minimum/ }).first();
  await card.getByRole('button', { name: /^Add to basket/ }).click();
  await expect(page.getByRole('button', { name: /basket/i, includeHidden: true }).filter({ hasText: /\d/ }).first()).toBeAttached();
  await page.goto(`${siteUrl('acme.localhost')}/transporter`);
  const line = page.getByRole('listitem').filter({ has: page.getByRole('spinbutton') }).first();
  await expect(line).toBeVisible();
  await expectFitsWindow(page);
  const quantity = line.getByRole('spinbutton');
  expect((await quantity.boundingBox())!.width).toBeLessThan(150);
  const total = line.getByLabel('Total excl. VAT');
  const before = await total.textContent();
  await quantity.fill('2');
  await quantity.press('Enter');
  await expect(total).not.toHaveText(before!);
  await line.getByRole('button', { name: /^Remove / }).click();
  await expect(page.getByText('Your basket is empty.')).toBeVisible();
});
