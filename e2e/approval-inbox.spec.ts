import { expect, test, type Browser, type Page } from '@playwright/test';
import { siteUrl, apiCall as call, signedInFor, expectFitsWindow } from './actions';
import { expectAccessible } from './axe';

/**
 * The approver's inbox (issue 29) on the real server, in English (acme.localhost), on a 390 px
 * phone: the buyer of Acme Logistics NV places three small orders through the API and puts them on
 * a budget (the company orders on budgets); the manager, the department's validator, opens the
 * approval inbox from the dashboard's "to approve" widget, sees each order as a card with who
 * ordered it, the supplier and the budget's remaining before and after, ticks the three and approves
 * them at once after a confirmation. Each order is then approved, with the history of a single
 * decision, and has left the inbox.
 */
const HOST = 'acme.localhost';
const site = siteUrl(HOST);
const COMPANY = 'Acme Logistics NV';

interface Article { id: string; price: string; stock: number | null; minOrderQuant: number | null; type: string | null; available: boolean }
interface Order { id: string; orderNumber: string; status: string; totalProductCostExcl: string }

const signedIn = (browser: Browser, email: string) => signedInFor(browser, email, { host: HOST, company: COMPANY, switchLabel: 'Switch company' });

/** The buyer orders some 20 euros (excl. VAT) of one article, below the finance threshold, and confirms it on the budget with most room. */
async function placeOnBudget(buyer: Page): Promise<Order> {
  const items = (await call<{ result: { items: Article[] } }>(buyer, 'POST', '/supplier-articles/query', { query: { take: 100 } })).result.items;
  const article = items.find((a) => a.available && a.type !== 'GiftCard' && (a.minOrderQuant ?? 1) <= 1 && a.stock === null && Number(a.price) >= 2 && Number(a.price) <= 40)
    ?? items.find((a) => a.available && a.type !== 'GiftCard' && (a.minOrderQuant ?? 1) <= 1 && (a.stock ?? 0) >= 10 && Number(a.price) >= 2 && Number(a.price) <= 40);
  expect(article, 'an orderable demo article').toBeTruthy();
  const amount = Math.max(1, Math.ceil(20 / Number(article!.price)));
  await call(buyer, 'PUT', '/v2/transporters/update', { transporter: { transporterLines: [{ amount, transporterArticle: { id: article!.id } }] } });
  const placed = await call<{ result?: Order; errorCode?: string }>(buyer, 'POST', '/v2/orders/transporter', {});
  expect(placed.errorCode, JSON.stringify(placed)).toBeUndefined();
  const order = placed.result!;
  if (order.status === 'toApproveBudget') {
    const budgets = (await call<{ items: { id: string; remaining: string; active: boolean }[] }>(buyer, 'GET', '/v2/budgets?page=1&pageSize=20')).items;
    const budget = budgets.filter((b) => b.active !== false).sort((a, b) => Number(b.remaining) - Number(a.remaining))[0];
    expect(Number(budget?.remaining ?? 0), 'a budget with room for the order').toBeGreaterThanOrEqual(Number(order.totalProductCostExcl));
    await call(buyer, 'POST', `/v2/orders/${order.id}/assign-budget`, { budgetId: budget!.id });
    const confirmed = await call<{ result: Order }>(buyer, 'POST', `/v2/orders/${order.id}/validate-budgets`, {});
    expect(confirmed.result.status).toBe('toApprove');
  }
  return order;
}

test('a validator approves three orders at once from the approval inbox, on a phone, in English', async ({ browser }) => {
  const buyer = await signedIn(browser, 'buyer@demo.test');
  const orders = [await placeOnBudget(buyer), await placeOnBudget(buyer), await placeOnBudget(buyer)];

  const manager = await signedIn(browser, 'manager@demo.test');
  await manager.setViewportSize({ width: 390, height: 844 });

  await test.step("the dashboard's to-approve widget leads to the inbox", async () => {
    await manager.goto(`${site}/dashboard`);
    await manager.getByRole('link', { name: 'Go to the orders to approve' }).click();
    await expect(manager).toHaveURL(/\/orders\/to-approve$/);
    await expect(manager.getByRole('heading', { level: 1, name: 'To approve' })).toBeVisible();
  });

  await test.step('each order is a card with who ordered it, the supplier and the budget before and after; the page fits the phone', async () => {
    for (const order of orders) {
      const card = manager.getByRole('listitem', { name: order.orderNumber });
      await expect(card).toBeVisible();
      await expect(card).toContainText('Bert Buyer');
      await expect(card).toContainText('Suppliers');
      await expect(card).toContainText(/left, .* after this order/);
      await expect(card).toContainText('Total excl. VAT');
    }
    await expectFitsWindow(manager, 'the inbox');
    await expectAccessible(manager, 'the approval inbox at 390 px');
  });

  await test.step('ticks the three and approves them at once after a confirmation', async () => {
    for (const order of orders) await manager.getByRole('checkbox', { name: `Select order ${order.orderNumber}` }).check();
    await manager.getByRole('button', { name: 'Approve 3 orders' }).click();
    const dialog = manager.getByRole('dialog', { name: 'Approve 3 orders?' });
    for (const order of orders) await expect(dialog).toContainText(order.orderNumber);
    await dialog.getByRole('button', { name: 'Approve 3 orders' }).click();
    await expect(manager.getByText('3 orders approved.')).toBeVisible();
    for (const order of orders) await expect(manager.getByRole('listitem', { name: order.orderNumber })).toHaveCount(0);
  });

  await test.step('each order is approved with the history of a single decision', async () => {
    for (const order of orders) {
      const read = await call<{ result: { status: string } }>(buyer, 'GET', `/v2/orders/${order.id}`);
      expect(read.result.status).toBe('approved');
      const history = (await call<{ result: { action: string; userName: string | null; fromStatus: string | null; toStatus: string | null }[] }>(buyer, 'GET', `/v2/orders/${order.id}/history`)).result;
      expect(history).toContainEqual(expect.objectContaining({ action: 'approved', fromStatus: 'toApprove', toStatus: 'approved', userName: 'Mia Manager' }));
    }
  });
});
