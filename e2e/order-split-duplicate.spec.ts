import { expect, test, type Page } from '@playwright/test';
import { signIn, siteUrl, apiCall as call, expectFitsWindow } from './actions';

/**
 * Changing an order after it was placed, in Dutch (localhost), on a phone's width (390 px): the
 * buyer places an order of two articles (through the API), changes a line's amount and splits the
 * other line off into a new order from the order's page; then orders the original again from
 * /duplicate-order/{id}, which places a new order of today's prices and opens it.
 */
const site = siteUrl('localhost');

interface Article { id: string; price: string; stock: number | null; minOrderQuant: number | null; type: string | null; available: boolean }
interface Line { id: string; amount: number; title: { nl?: string | null } | null; totalLineCostExcl: string }
interface Order { id: string; orderNumber: string; status: string; orderedById: string; orderLines: Line[]; totalProductCostExcl: string }

/** The buyer orders one of each of two articles without a stock limit. */
async function placeOrder(page: Page): Promise<Order> {
  const items = (await call<{ result: { items: Article[] } }>(page, 'POST', '/supplier-articles/query', { query: { take: 100 } })).result.items;
  const usable = items.filter((a) => a.available && a.type !== 'GiftCard' && (a.minOrderQuant ?? 1) <= 1 && a.stock === null && Number(a.price) >= 1);
  expect(usable.length, 'two orderable demo articles without a stock limit').toBeGreaterThanOrEqual(2);
  const lines = usable.slice(0, 2).map((a) => ({ amount: 1, transporterArticle: { id: a.id } }));
  await call(page, 'PUT', '/v2/transporters/update', { transporter: { transporterLines: lines } });
  const placed = await call<{ result?: Order; errorCode?: string }>(page, 'POST', '/v2/orders/transporter', {});
  expect(placed.errorCode, JSON.stringify(placed)).toBeUndefined();
  expect(placed.result!.orderLines).toHaveLength(2);
  return placed.result!;
}

const order = async (page: Page, id: string) => (await call<{ result: Order }>(page, 'GET', `/v2/orders/${id}`)).result;

test.use({ viewport: { width: 390, height: 844 } });

test('the buyer changes an amount, splits a line off into a new order and orders the original again', async ({ page }) => {
  await signIn(page, 'buyer@demo.test');
  const original = await placeOrder(page);
  const [first, second] = original.orderLines as [Line, Line];

  await test.step('the amount of the first line changes on the order page', async () => {
    await page.goto(`${site}/order-detail/${original.id}`);
    await expect(page.getByRole('heading', { name: `Bestelling ${original.orderNumber}` })).toBeVisible();
    await expectFitsWindow(page);
    const amount = page.getByRole('textbox', { name: `Aantal van ${first.title!.nl}` });
    await amount.fill('3');
    await page.getByRole('button', { name: `Aantal van ${first.title!.nl} bewaren` }).click();
    await expect(page.getByText('Het aantal is aangepast.')).toBeVisible();
    await expect(amount).toHaveValue('3');
    expect((await order(page, original.id)).orderLines.find((l) => l.id === first.id)!.amount).toBe(3);
  });

  let splitOff = '';
  await test.step('the second line is split off into a new order, which opens', async () => {
    await page.getByRole('checkbox', { name: `${second.title!.nl} afsplitsen` }).check();
    await page.getByRole('button', { name: 'Afsplitsen naar een nieuwe bestelling' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lijnen afsplitsen?' });
    await expect(dialog).toContainText('1 lijn gaat naar een nieuwe bestelling');
    await dialog.getByRole('button', { name: 'Afsplitsen naar een nieuwe bestelling' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/order-detail/') && !url.pathname.endsWith(original.id));
    splitOff = decodeURIComponent(page.url().split('/order-detail/')[1]!.split(/[?#]/)[0]!);
    const created = await order(page, splitOff);
    expect(created.orderNumber).not.toBe(original.orderNumber);
    expect(created.status).toBe(original.status);
    expect(created.orderLines.map((l) => l.id)).toEqual([second.id]);
    await expect(page.getByRole('heading', { name: `Bestelling ${created.orderNumber}` })).toBeVisible();
    await expect(page.getByRole('cell', { name: second.title!.nl! })).toBeVisible();
    expect((await order(page, original.id)).orderLines.map((l) => l.id)).toEqual([first.id]);
  });

  await test.step('the original is ordered again from /duplicate-order/{id}', async () => {
    await page.goto(`${site}/order-detail/${original.id}`);
    await page.getByRole('link', { name: 'Opnieuw bestellen' }).click();
    await expect(page).toHaveURL(new RegExp(`/duplicate-order/${original.id}$`));
    await expect(page.getByRole('heading', { name: `Bestelling ${original.orderNumber} opnieuw bestellen` })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: `${first.title!.nl} meebestellen` })).toBeChecked();
    await expect(page.getByRole('textbox', { name: `Aantal van ${first.title!.nl}` })).toHaveValue('3');
    await expectFitsWindow(page);
    await page.getByRole('button', { name: 'Bestellen', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/order-detail/') && !url.pathname.endsWith(original.id) && !url.pathname.endsWith(splitOff));
    const copyId = decodeURIComponent(page.url().split('/order-detail/')[1]!.split(/[?#]/)[0]!);
    const copy = await order(page, copyId);
    expect(copy.orderNumber).not.toBe(original.orderNumber);
    expect(copy.orderLines.map((l) => l.amount)).toEqual([3]);
    await expect(page.getByRole('heading', { name: `Bestelling ${copy.orderNumber}` })).toBeVisible();
    const history = (await call<{ result: { action: string; reason: string | null }[] }>(page, 'GET', `/v2/orders/${original.id}/history`)).result;
    expect(history.map((h) => [h.action, h.reason])).toEqual(expect.arrayContaining([['extracted', expect.any(String)], ['duplicate', copy.orderNumber]]));
  });
});
