import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiCall as call, signIn, siteUrl } from './actions';
import { expectAccessible } from './axe';

/**
 * Issue 14, sending, on the real server (globex.localhost, French): an order approved by the manager
 * becomes a supplier order that the sending job mails to its supplier with the order PDF attached;
 * the platform admin reads that mail in the outbox (/ycAdmin/mail-outbox) and downloads the PDF as
 * it was sent; the supplier order's admin page shows the communication and offers the PDF; the
 * sandbox creates nothing more for an order that has its supplier orders.
 */
const HOST = 'globex.localhost';
const site = siteUrl(HOST);

interface Article { id: string; price: string; stock: number | null; minOrderQuant: number | null; type: string | null; available: boolean; supplierId: string }
interface SupplierOrder { id: string; gcsNumber: string; status: string; supplierEmail: string | null }
interface Mail { id: string; recipient: string; subject: string; kind: string; status: string }

const orderable = (a: Article) => a.available && a.type !== 'GiftCard' && (a.minOrderQuant ?? 1) <= 1 && a.stock === null && Number(a.price) >= 1 && Number(a.price) < 200;

test("an approved order's supplier order is mailed with its PDF, readable in the outbox and on its admin page", async ({ browser }) => {
  // The manager orders for their company and approves (as its admin): another user's basket than other journeys'.
  const manager = await (await browser.newContext()).newPage();
  await signIn(manager, 'manager@demo.test', { host: HOST });
  const items = (await call<{ result: { items: Article[] } }>(manager, 'POST', '/supplier-articles/query', { query: { take: 200 } })).result.items.filter(orderable);
  expect(items.length).toBeGreaterThan(0);
  await call(manager, 'PUT', '/v2/transporters/update', { transporter: { transporterLines: [{ amount: 2, transporterArticle: { id: items[0]!.id } }] } });
  const placed = await call<{ result: { id: string; orderNumber: string; status: string } }>(manager, 'POST', '/v2/orders/transporter', {});
  expect(placed.result.status).toBe('toApprove');
  const order = placed.result;
  const approved = await call<{ result: { status: string } }>(manager, 'PATCH', `/v2/orders/${order.id}/validate`, { approve: true });
  expect(approved.result.status).toBe('approved');

  const admin = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(admin, 'superadmin@demo.test', { host: HOST, path: '/ycAdmin/mail-outbox' });

  let so: SupplierOrder | undefined;
  await test.step('the job sends it: waiting for the supplier’s response', async () => {
    await expect.poll(async () => {
      const found = await call<{ result: { items: SupplierOrder[] } }>(admin, 'POST', '/admin/supplier-orders/query', { query: { orderId: order.id } });
      so = found.result.items[0];
      return so?.status;
    }, { timeout: 60_000 }).toBe('WAITFORORDERRESPONSE');
    expect(so!.gcsNumber).toBe(`${order.orderNumber}-1`);
    expect(so!.supplierEmail).toMatch(/@/);
  });

  let mail: Mail | undefined;
  await test.step('the outbox has the mail to the supplier with the PDF attached, which downloads as sent', async () => {
    await expect.poll(async () => {
      const found = await call<{ result: { items: Mail[] } }>(admin, 'POST', '/admin/mail-outbox/query', { query: { search: so!.gcsNumber, take: 20 } });
      mail = found.result.items.find((m) => m.kind === 'supplierOrder');
      return mail ? [mail.recipient, mail.status] : null;
    }, { timeout: 30_000 }).toEqual([so!.supplierEmail, 'sent']);
    await admin.goto(`${site}/ycAdmin/mail-outbox`);
    const row = admin.getByRole('row').filter({ hasText: `Commande ${so!.gcsNumber} de` });
    await expect(row).toBeVisible();
    await row.click();
    await expect(admin.getByText('Vous trouverez en annexe notre commande', { exact: false })).toBeVisible();
    const downloading = admin.waitForEvent('download');
    await admin.getByRole('button', { name: new RegExp(`${so!.gcsNumber}\\.pdf`) }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${so!.gcsNumber}.pdf`);
    const bytes = await fs.readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  await test.step('the supplier order’s admin page shows the communication and offers the PDF', async () => {
    await admin.goto(`${site}/ycAdmin/supplier-order-details/${so!.id}`);
    await expect(admin.getByRole('heading', { name: 'Communication avec le fournisseur' })).toBeVisible();
    const comms = admin.getByRole('table', { name: 'Communication avec le fournisseur' });
    await expect(comms.getByRole('row').filter({ hasText: so!.supplierEmail! })).toContainText('Envoyé');
    await expect(comms.getByRole('row').filter({ hasText: so!.supplierEmail! })).toContainText(`Commande ${so!.gcsNumber}`);
    const downloading = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Télécharger le PDF de commande' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${so!.gcsNumber}.pdf`);
    await expectAccessible(admin);
  });

  await test.step('the sandbox: the order has its supplier order already, nothing is created', async () => {
    await admin.goto(`${site}/ycAdmin/supplier-order-sandbox`);
    await admin.getByLabel('Id de la commande').fill(order.id);
    await admin.getByRole('button', { name: 'Créer', exact: true }).click();
    await expect(admin.getByRole('status').filter({ hasText: '0 créée(s) ; la commande en a 1.' })).toBeVisible();
    await expectAccessible(admin);
  });
});
