import { expect, test } from '@playwright/test';
import { accessToken, apiCall as call, placeApprovedOrder, signIn, signedInFor, siteUrl, supplierOrderAtSupplier, expectFitsWindow } from './actions';
import { expectAccessible } from './axe';

/**
 * The supplier ships part of an order and the buyer confirms it (issue 29, the supplier), on the
 * real server in English (acme.localhost), both on a 390 px phone: the buyer (the company's manager)
 * orders three of one article of the supplier user's supplier and approves it; once the supplier has
 * it, the supplier's user opens it and finds where it goes, whom to contact, the order PDF and its
 * total; confirms it with the first of its step buttons and announces two of the three as a
 * delivery. The buyer sees the supplier order waiting for delivery, finds the supplier's news in the
 * order's conversation and confirms the delivery from there; the news was mailed to them (the outbox).
 */
const HOST = 'acme.localhost';
const site = siteUrl(HOST);
const COMPANY = 'Acme Logistics NV';

interface Article { id: string; price: string; stock: number | null; minOrderQuant: number | null; type: string | null; available: boolean; supplierId: string }
interface Mail { recipient: string; subject: string; kind: string; status: string; text: string | null }

test('the supplier confirms an order and ships part of it; the buyer hears of it and confirms the delivery', async ({ browser }) => {
  const phone = { viewport: { width: 390, height: 844 } };
  const supplier = await (await browser.newContext(phone)).newPage();
  await signIn(supplier, 'supplier@demo.test', { host: HOST, path: '/supplier-orders' });
  const claims = JSON.parse(Buffer.from((await accessToken(supplier)).split('.')[1]!, 'base64url').toString()) as { supplierIds: string[] };
  const supplierId = claims.supplierIds[0];
  expect(supplierId, 'the demo supplier user works for a supplier').toBeTruthy();

  const buyer = await signedInFor(browser, 'manager@demo.test', { host: HOST, company: COMPANY, switchLabel: 'Switch company' });
  await buyer.setViewportSize(phone.viewport);
  const article = (await call<{ result: { items: Article[] } }>(buyer, 'POST', '/supplier-articles/query', { query: { take: 200, supplierId } })).result.items
    .find((a) => a.supplierId === supplierId && a.available && a.type !== 'GiftCard' && (a.minOrderQuant ?? 1) <= 1 && (a.stock === null || a.stock >= 5) && Number(a.price) >= 1 && Number(a.price) < 100);
  expect(article, "an article of the supplier user's supplier").toBeTruthy();
  const order = await placeApprovedOrder(buyer, article!.id, 3);

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'superadmin@demo.test', { host: HOST, path: '/ycAdmin/mail-outbox' });
  const so = await supplierOrderAtSupplier(admin, order.id);

  await test.step('the supplier finds what it needs to ship: address, contact, PDF and total', async () => {
    await supplier.goto(`${site}/supplier-orders/${encodeURIComponent(so.gcsNumber)}`);
    await expect(supplier.getByRole('heading', { name: so.gcsNumber, level: 1 })).toBeVisible();
    const delivery = supplier.getByRole('region', { name: 'Delivery to the customer' });
    await expect(delivery.getByRole('heading', { name: 'Delivery address' })).toBeVisible();
    await expect(delivery.getByText(/manager@demo\.test/)).toBeVisible();
    await expect(supplier.getByRole('button', { name: 'View the order PDF' })).toBeVisible();
    await expect(supplier.getByRole('button', { name: 'Download the order PDF' })).toBeVisible();
    await expect(supplier.getByLabel('Totals').getByText('Total incl. VAT')).toBeVisible();
    await expectAccessible(supplier, "the supplier's page of a supplier order at 390 px");
  });

  await test.step('the supplier confirms it with the first of its steps, offered in the order it works', async () => {
    const steps = supplier.getByRole('region', { name: 'Next step' });
    await expect(steps.getByRole('button')).toHaveText(['Confirm the order', 'Mark as delivered', 'Failed to order']);
    await steps.getByRole('button', { name: 'Confirm the order' }).click();
    await expect(supplier.getByText('The supplier order is now: Waiting for delivery.')).toBeVisible();
    await expect(steps.getByRole('button')).toHaveText(['Mark as delivered']);
    await expectFitsWindow(supplier);
  });

  await test.step('the supplier ships two of the three', async () => {
    await supplier.getByRole('button', { name: 'Announce a delivery' }).click();
    await expect(supplier.getByLabel('Amount in this delivery')).toHaveValue('3');
    await supplier.getByLabel('Amount in this delivery').fill('2');
    await supplier.getByRole('button', { name: 'Announce delivery' }).click();
    await expect(supplier.getByText(`${so.gcsNumber}-L1 · To approve`, { exact: true })).toBeVisible();
    await expectFitsWindow(supplier);
  });

  await test.step("the buyer sees it waiting for delivery and confirms the delivery from the supplier's news", async () => {
    await buyer.goto(`${site}/order-detail/${order.id}`);
    await expect(buyer.getByRole('region', { name: 'Supplier orders' }).getByText('Waiting for delivery')).toBeVisible();
    await buyer.goto(`${site}/order-detail/${order.id}?tab=communication`);
    const shipped = `${so.gcsNumber}-L1`;
    await expect(buyer.getByText(`Supplier order ${so.gcsNumber}: Waiting for delivery`)).toBeVisible();
    await buyer.getByRole('link', { name: `Open delivery ${shipped}` }).click();
    await expect(buyer.getByRole('heading', { name: shipped, level: 1 })).toBeVisible();
    await buyer.getByRole('button', { name: 'Confirm delivery' }).click();
    await expect(buyer.getByLabel('Delivered')).toHaveValue('2');
    await buyer.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(buyer.getByText('The delivery is confirmed.')).toBeVisible();
    await expectFitsWindow(buyer);
  });

  await test.step("the supplier's news was mailed to the buyer, with a link to the order", async () => {
    await expect.poll(async () => {
      const found = await call<{ result: { items: Mail[] } }>(admin, 'POST', '/admin/mail-outbox/query', { query: { search: so.gcsNumber, take: 20 } });
      return found.result.items.filter((m) => m.kind === 'supplierOrderUpdate' && m.recipient === 'manager@demo.test' && m.status === 'sent')
        .map((m) => [m.subject, m.text?.includes(`/order-detail/${order.id}?company=`)]);
    }, { timeout: 30_000 }).toContainEqual([`Supplier order ${so.gcsNumber}: Waiting for delivery`, true]);
  });
});
