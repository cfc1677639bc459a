import fs from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn, siteUrl, uniqueSuffix, apiCall as call, signedInFor } from './actions';

/**
 * The order's conversation on the real server, in Dutch (localhost): the buyer places an order
 * through the API and asks a question on its page with a file attached (uploaded as it is chosen);
 * the manager (validator and admin, acting for the buyer's company) sees the tab announce one new
 * message, reads it, downloads the file and answers; the buyer, who follows their own order, gets
 * the comment mail, which the platform admin finds in the outbox of notification mails; the buyer's
 * orders list and order page announce the answer until they read it.
 */
const site = siteUrl('localhost');
const COMPANY = 'Bakkerij Janssens BV';

interface Article { id: string; price: string; stock: number | null; minOrderQuant: number | null; type: string | null; available: boolean }

const signedIn = (browser: Browser, email: string) => signedInFor(browser, email, { company: COMPANY, switchLabel: 'Wissel van bedrijf', acceptDownloads: true });

async function placeOrder(buyer: Page): Promise<{ id: string; orderNumber: string }> {
  const items = (await call<{ result: { items: Article[] } }>(buyer, 'POST', '/supplier-articles/query', { query: { take: 100 } })).result.items;
  const article = items.find((a) => a.available && a.type !== 'GiftCard' && (a.minOrderQuant ?? 1) <= 1 && (a.stock === null || a.stock > 2) && Number(a.price) >= 1);
  expect(article, 'an orderable demo article').toBeTruthy();
  await call(buyer, 'PUT', '/v2/transporters/update', { transporter: { transporterLines: [{ amount: 1, transporterArticle: { id: article!.id } }] } });
  const placed = await call<{ result?: { id: string; orderNumber: string }; errorCode?: string }>(buyer, 'POST', '/v2/orders/transporter', {});
  expect(placed.errorCode, JSON.stringify(placed)).toBeUndefined();
  return placed.result!;
}

const conversation = (page: Page) => page.getByRole('list', { name: 'Conversatie' });

test('two users talk on an order: a file goes along, the other downloads it, and the comment mail lands in the outbox', async ({ browser }, testInfo) => {
  const question = `Kan dit vóór vrijdag geleverd worden? (${uniqueSuffix()})`;
  const answer = `Ja, dat lukt. Zie bijlage. (${uniqueSuffix()})`;
  const fileName = `leveringsbon-${uniqueSuffix()}.pdf`;
  const fileBytes = Buffer.from(`%PDF-1.4\n% leveringsbon\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

  const buyer = await signedIn(browser, 'buyer@demo.test');
  const order = await placeOrder(buyer);

  await test.step('the buyer asks a question with a file on the order\'s communication tab', async () => {
    await buyer.goto(`${site}/order-detail/${order.id}`);
    await buyer.getByRole('tab', { name: /^Communicatie/ }).click();
    await expect(buyer).toHaveURL(/tab=communication/);
    await expect(buyer.getByText('Er zijn nog geen berichten bij deze bestelling.')).toBeVisible();
    await expect(buyer.getByLabel('Deze conversatie volgen')).toBeChecked();
    await buyer.getByRole('textbox', { name: 'Je bericht' }).fill(question);
    await buyer.locator('input[type="file"]').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: fileBytes });
    await expect(buyer.getByRole('button', { name: `${fileName} weghalen` })).toBeVisible();
    await buyer.getByRole('button', { name: 'Versturen' }).click();
    const mine = conversation(buyer).getByRole('listitem').filter({ hasText: question });
    await expect(mine).toBeVisible();
    await expect(mine.getByRole('button', { name: `${fileName} downloaden` })).toBeVisible();
    await expect(buyer.getByRole('textbox', { name: 'Je bericht' })).toHaveValue('');
  });

  const manager = await signedIn(browser, 'manager@demo.test');
  await test.step('the manager sees one new message, reads it and downloads the file', async () => {
    await manager.goto(`${site}/order-detail/${order.id}`);
    const tab = manager.getByRole('tab', { name: /^Communicatie/ });
    await expect(tab).toHaveAccessibleName(/1 nieuw bericht/);
    await tab.click();
    const theirs = conversation(manager).getByRole('listitem').filter({ hasText: question });
    await expect(theirs).toBeVisible();
    await expect(theirs.getByText('Nieuw', { exact: true })).toBeVisible();
    // Shown, so seen: the badge goes.
    await expect(tab).not.toHaveAccessibleName(/nieuw bericht/);
    await expect(theirs.getByRole('button', { name: /Bewerken/ })).toHaveCount(0);
    const download = manager.waitForEvent('download');
    await theirs.getByRole('button', { name: `${fileName} downloaden` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(fileName);
    const saved = testInfo.outputPath(fileName);
    await file.saveAs(saved);
    expect(await fs.readFile(saved)).toEqual(fileBytes);
    // The attachments tab lists it too.
    await manager.getByRole('tab', { name: 'Bijlagen' }).click();
    await expect(manager.getByRole('button', { name: `${fileName} downloaden` })).toBeVisible();
  });

  await test.step('the manager answers; the buyer follows their order, so the comment mail is queued and written to the outbox', async () => {
    await manager.getByRole('tab', { name: /^Communicatie/ }).click();
    await manager.getByRole('textbox', { name: 'Je bericht' }).fill(answer);
    await manager.getByRole('button', { name: 'Versturen' }).click();
    await expect(conversation(manager).getByRole('listitem').filter({ hasText: answer })).toBeVisible();
    await expect(manager.getByLabel('Deze conversatie volgen')).toBeChecked();
  });

  await test.step('the buyer\'s orders list and order page announce the answer', async () => {
    await buyer.goto(`${site}/orders`);
    const row = buyer.getByRole('row').filter({ hasText: order.orderNumber });
    await expect(row).toContainText('1 nieuw bericht');
    await expect(row.getByRole('link', { name: order.orderNumber })).toHaveAttribute('href', `/order-detail/${order.id}`);
    await buyer.goto(`${site}/order-detail/${order.id}`);
    const tab = buyer.getByRole('tab', { name: /^Communicatie/ });
    await expect(tab).toHaveAccessibleName(/1 nieuw bericht/);
    await tab.click();
    await expect(conversation(buyer).getByRole('listitem').filter({ hasText: answer })).toBeVisible();
    await expect(tab).not.toHaveAccessibleName(/nieuw bericht/);
  });

  await test.step('the platform admin finds the comment mail to the buyer in the outbox', async () => {
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, 'admin@demo.test', { path: '/ycAdmin/mail-outbox' });
    interface Mail { recipient: string; subject: string; kind: string; status: string; text: string }
    await expect.poll(async () => {
      const found = await call<{ result: { items: Mail[] } }>(admin, 'POST', '/admin/mail-outbox/query', { query: { search: order.orderNumber, take: 20 } });
      return found.result.items.filter((m) => m.kind === 'orderComment').map((m) => [m.recipient, m.status, m.text.includes(answer)]);
    }, { timeout: 30_000 }).toEqual([['buyer@demo.test', 'sent', true]]);
    await admin.goto(`${site}/ycAdmin/mail-outbox`);
    await expect(admin.getByRole('row').filter({ hasText: `Nieuwe opmerking bij bestelling ${order.orderNumber}` })).toBeVisible();
  });
});
