import { expect, test, type Browser, type Page } from '@playwright/test';
import { siteUrl, uniqueSuffix, apiCall as call, signedInFor } from './actions';

/**
 * Budgets through the approval flow, in English (acme.localhost): Acme Logistics NV has the budgets
 * feature and asks finance to approve orders from EUR 500 excluding VAT (the demo seed). The
 * customer admin creates a budget on /budgets; the buyer's order waits for budgets, the buyer
 * assigns one and confirms; the manager (validator) approves, which charges the budget; finance
 * approves. A second order rejected by finance gives its charge back.
 */
const HOST = 'acme.localhost';
const site = siteUrl(HOST);
const COMPANY = 'Acme Logistics NV';

interface Article { id: string; price: string; stock: number | null; minOrderQuant: number | null; type: string | null; available: boolean }
interface Budget { id: string; name: string; amount: string; spent: string; remaining: string }

const signedIn = (browser: Browser, email: string) => signedInFor(browser, email, { host: HOST, company: COMPANY, switchLabel: 'Switch company' });

/** The buyer orders at least `atLeast` euros (excl. VAT) of one article; the order waits for budgets. */
async function placeOrder(buyer: Page, atLeast: number): Promise<{ id: string; orderNumber: string; totalProductCostExcl: string }> {
  const items = (await call<{ result: { items: Article[] } }>(buyer, 'POST', '/supplier-articles/query', { query: { take: 100 } })).result.items;
  const article = items.find((a) => a.available && a.type !== 'GiftCard' && (a.minOrderQuant ?? 1) <= 1 && a.stock === null && Number(a.price) >= 5);
  expect(article, 'an orderable demo article without stock limit').toBeTruthy();
  const amount = Math.max(1, Math.ceil(atLeast / Number(article!.price)));
  await call(buyer, 'PUT', '/v2/transporters/update', { transporter: { transporterLines: [{ amount, transporterArticle: { id: article!.id } }] } });
  const placed = await call<{ result?: { id: string; orderNumber: string; status: string; totalProductCostExcl: string }; errorCode?: string }>(buyer, 'POST', '/v2/orders/transporter', {});
  expect(placed.errorCode, JSON.stringify(placed)).toBeUndefined();
  expect(placed.result!.status).toBe('toApproveBudget');
  return placed.result!;
}

const statusFact = (page: Page) => page.locator('dt', { hasText: /^Status$/ }).locator('xpath=following-sibling::dd[1]');
const budgetNamed = async (page: Page, name: string) =>
  (await call<{ items: Budget[] }>(page, 'GET', `/v2/budgets?page=1&pageSize=10&filter=${encodeURIComponent(name)}`)).items.find((b) => b.name === name)!;

/** The buyer puts the budget on every line of the order and confirms; the order goes to the validator. */
async function assignAndConfirm(buyer: Page, orderId: string, budget: string) {
  await buyer.goto(`${site}/order-detail/${orderId}`);
  await expect(statusFact(buyer)).toHaveText('Budget to approve');
  const section = buyer.getByRole('region', { name: 'Budgets' });
  await expect(section.getByRole('button', { name: 'Confirm budgets' })).toBeDisabled();
  await section.getByRole('combobox', { name: 'Budget' }).click();
  await buyer.getByRole('option', { name: new RegExp(`^${budget} — `) }).click();
  await section.getByRole('button', { name: 'Assign budget' }).click();
  await expect(section.getByRole('listitem').filter({ hasText: budget })).toBeVisible();
  await section.getByRole('button', { name: 'Confirm budgets' }).click();
  await expect(statusFact(buyer)).toHaveText('To approve');
}

test('a budget made on /budgets is assigned by the buyer, charged by the validator\'s approval and given back by a rejection', async ({ browser }) => {
  const name = `Fleet ${uniqueSuffix()}`;
  const manager = await signedIn(browser, 'manager@demo.test');

  await test.step('the customer admin creates a monthly budget', async () => {
    await manager.goto(`${site}/budgets`);
    await manager.getByRole('button', { name: 'New budget' }).click();
    const dialog = manager.getByRole('dialog', { name: 'New budget' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('This field is required.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: /Amount per period/ }).fill('5000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await manager.getByRole('searchbox', { name: 'Search a budget' }).fill(name);
    await expect(manager.getByRole('row').filter({ hasText: name })).toContainText('Whole company');
    expect(await budgetNamed(manager, name)).toMatchObject({ amount: '5000.00', spent: '0.00' });
  });

  const buyer = await signedIn(browser, 'buyer@demo.test');
  const finance = await signedIn(browser, 'finance@demo.test');
  const first = await placeOrder(buyer, 600);
  await test.step('the buyer assigns the budget and confirms', async () => assignAndConfirm(buyer, first.id, name));

  await test.step('the validator approves: the budget is charged and the order goes to finance', async () => {
    await manager.goto(`${site}/order-detail/${first.id}`);
    await manager.getByRole('button', { name: 'Approve' }).click();
    await expect(statusFact(manager)).toHaveText('Finance approval');
    expect((await budgetNamed(manager, name)).spent).toBe(first.totalProductCostExcl);
  });

  await test.step('finance approves', async () => {
    await finance.goto(`${site}/order-detail/${first.id}`);
    await finance.getByRole('button', { name: 'Approve' }).click();
    await expect(statusFact(finance)).toHaveText('Approved');
  });

  await test.step('a second order rejected by finance gives its charge back', async () => {
    const second = await placeOrder(buyer, 600);
    await assignAndConfirm(buyer, second.id, name);
    await manager.goto(`${site}/order-detail/${second.id}`);
    await manager.getByRole('button', { name: 'Approve' }).click();
    await expect(statusFact(manager)).toHaveText('Finance approval');
    const charged = await budgetNamed(manager, name);
    expect(Number(charged.spent)).toBeCloseTo(Number(first.totalProductCostExcl) + Number(second.totalProductCostExcl), 2);
    await finance.goto(`${site}/order-detail/${second.id}`);
    await finance.getByRole('button', { name: 'Reject' }).click();
    const dialog = finance.getByRole('dialog', { name: `Reject order ${second.orderNumber}` });
    await dialog.getByRole('textbox', { name: /Reason for rejection/ }).fill('Not this month');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(statusFact(finance)).toHaveText('Rejected');
    expect((await budgetNamed(manager, name)).spent).toBe(first.totalProductCostExcl);
    await manager.goto(`${site}/budgets`);
    await manager.getByRole('searchbox', { name: 'Search a budget' }).fill(name);
    await expect(manager.getByRole('row').filter({ hasText: name })).toBeVisible();
  });
});
