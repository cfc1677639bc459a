import { expect, test, type Page } from '@playwright/test';
import { EXTRA_SUPPLIERS } from '../src/server/demo/catalogue-data';
import { apiCall as call, invitedBuyer, signedInFor, siteUrl, uniqueSuffix, expectFitsWindow } from './actions';

/**
 * Issue 29's buyer chooses the budget in the basket, on a phone in English (acme.localhost, which
 * orders on budgets): the basket lists the budgets the buyer may charge with what is left of each,
 * one too small for the order marked and not choosable; the buyer picks their own budget and orders,
 * and the order starts with it, past its budget step. The buyer is a colleague the company's admin
 * invites for this journey and gives two personal budgets, so no other journey meets their basket
 * or their budgets.
 */
const HOST = 'acme.localhost';
const site = siteUrl(HOST);
const COMPANY = 'Acme Logistics NV';
const PHONE = { viewport: { width: 390, height: 844 }, locale: 'en-GB' };
/** Suppliers with a minimum order price: one article of theirs would be refused. */
const WITH_MINIMUM = new Set(EXTRA_SUPPLIERS.filter((s) => s.minimumOrderPrice).map((s) => s.name));

interface Article { id: string; price: string; priceQuantity: number | null; stock: number | null; minOrderQuant: number | null; type: string | null; available: boolean; supplierName: string | null }

const statusFact = (page: Page) => page.locator('dt', { hasText: /^Status$/ }).locator('xpath=following-sibling::dd[1]');

test('a buyer sees their budgets in the basket with what is left, picks one that covers the order and the order starts with it', async ({ browser }) => {
  const suffix = uniqueSuffix();
  const email = `budget.buyer.${suffix}@acme.test`;
  const roomy = `Roomy ${suffix}`;
  const tight = `Tight ${suffix}`;

  const manager = await signedInFor(browser, 'manager@demo.test', { host: HOST, company: COMPANY, switchLabel: 'Switch company' });
  const buyer = await invitedBuyer(browser, manager, HOST, { email, firstname: 'Bea', lastname: 'Budget', password: 'budget-basket-secret' }, PHONE);
  await test.step('the admin gives the buyer a roomy and a tight personal budget', async () => {
    const users = await call<{ result: { items: { email: string; customerAccessId: string }[] } }>(manager, 'POST', '/customer-user-management/query', { query: { search: email } });
    const access = users.result.items.find((u) => u.email === email)?.customerAccessId;
    expect(access, 'the invited buyer\'s access').toBeTruthy();
    for (const [name, amount] of [[roomy, '5000.00'], [tight, '1.00']] as const) {
      const made = await call<{ result?: { id: string }; errorCode?: string }>(manager, 'POST', '/budget-setting/create',
        { dto: { name, period: 'monthly', amount, customerAccessId: access } });
      expect(made.result?.id, JSON.stringify(made)).toBeTruthy();
    }
    await manager.context().close();
  });

  await test.step('the buyer puts an article in the basket from its page', async () => {
    const items = (await call<{ result: { items: Article[] } }>(buyer, 'POST', '/supplier-articles/query', { query: { take: 100 } })).result.items;
    // One unit between EUR 2 and 500 excl. VAT: more than the tight budget, well within the roomy one.
    const article = items.find((a) => a.available && a.type !== 'GiftCard' && (a.minOrderQuant ?? 1) <= 1 && (a.priceQuantity ?? 1) === 1
      && (a.stock === null || a.stock > 0) && Number(a.price) >= 2 && Number(a.price) <= 500 && !WITH_MINIMUM.has(a.supplierName ?? ''));
    expect(article, 'an orderable article of EUR 2 to 500').toBeTruthy();
    await buyer.goto(`${site}/products/${article!.id}`);
    await buyer.getByRole('button', { name: /^Add to basket/ }).first().click();
    await expect.poll(async () => (await call<{ result?: { transporterLines?: unknown[] } }>(buyer, 'GET', '/v2/transporters/load')).result?.transporterLines?.length ?? 0,
      { timeout: 20_000 }).toBe(1);
  });

  await test.step('the basket lists the budgets with what is left, the tight one marked; the buyer picks the roomy one and orders', async () => {
    await buyer.goto(`${site}/transporter`);
    const choice = buyer.getByRole('radiogroup', { name: 'Budget' });
    await expect(choice).toBeVisible();
    await expect(choice.getByRole('radio', { name: "Choose later, on the order's page" })).toBeChecked();
    const roomyRadio = choice.getByRole('radio', { name: `${roomy} €5,000.00 left` });
    const tightRadio = choice.getByRole('radio', { name: `${tight} €1.00 left · not enough for this order` });
    await expect(roomyRadio).toBeEnabled();
    await expect(tightRadio).toBeDisabled();
    await expectFitsWindow(buyer);
    await roomyRadio.check();
    await buyer.getByRole('button', { name: 'Place order' }).click();
    await expect(buyer).toHaveURL(/\/order-detail\/[^/]+$/);
  });

  await test.step('the order page shows the budget assigned and the order waiting for approval, not for a budget', async () => {
    const section = buyer.getByRole('region', { name: 'Budgets' });
    await expect(section.getByRole('listitem').filter({ hasText: roomy })).toBeVisible();
    await expect(statusFact(buyer)).toHaveText('To approve');
    const orderId = decodeURIComponent(new URL(buyer.url()).pathname.split('/').pop()!);
    const order = (await call<{ result: { status: string; budgets: { name: string }[] } }>(buyer, 'GET', `/v2/orders/${orderId}`)).result;
    expect(order).toMatchObject({ status: 'toApprove', budgets: [expect.objectContaining({ name: roomy })] });
    await expectFitsWindow(buyer);
  });
});
