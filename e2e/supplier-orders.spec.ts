import { expect, test } from '@playwright/test';
import { accessToken, apiCall as call, signIn, siteUrl, expectFitsWindow } from './actions';

/**
 * flows §3, §4 supplier orders on the real server, in French (globex.localhost): the buyer orders
 * articles of two suppliers (through the API) and the manager approves; the order's page lists one
 * supplier order per supplier; the supplier's user follows theirs up on a phone (390 px) as the
 * workflow allows them (the sending job has mailed both to their suppliers by then: waiting for the
 * supplier's response); a super admin finds it in /ycAdmin/supplier-orders and on its
 * /ycAdmin/supplier-order-details/{id} page with the follow-ups. The supplier's user lands on
 * their supplier orders (/supplier-orders) and opens theirs from there.
 */
const HOST = 'globex.localhost';
const site = siteUrl(HOST);

interface Article { id: string; price: string; stock: number | null; minOrderQuant: number | null; type: string | null; available: boolean; supplierId: string }
interface SupplierOrder { id: string; gcsNumber: string; supplierId: string | null; status: string }

const orderable = (a: Article) => a.available && a.type !== 'GiftCard' && (a.minOrderQuant ?? 1) <= 1 && a.stock === null && Number(a.price) >= 1 && Number(a.price) < 200;

test('an approved order goes to its two suppliers, and the supplier follows theirs up', async ({ browser }) => {
  const supplier = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(supplier, 'supplier@demo.test', { host: HOST });
  // A supplier's user lands on their supplier orders, not on a buyer's shop.
  await expect(supplier).toHaveURL(/\/supplier-orders$/);
  await expect(supplier.getByRole('heading', { name: 'Mes commandes fournisseurs' })).toBeVisible();
  // The token's supplierIds claim (core §3) names the suppliers the user works for.
  const claims = JSON.parse(Buffer.from((await accessToken(supplier)).split('.')[1]!, 'base64url').toString()) as { supplierIds: string[] };
  const supplierId = claims.supplierIds[0];
  expect(supplierId, 'the demo supplier user works for a supplier').toBeTruthy();

  const buyer = await (await browser.newContext()).newPage();
  await signIn(buyer, 'buyer@demo.test', { host: HOST });
  const items = (await call<{ result: { items: Article[] } }>(buyer, 'POST', '/supplier-articles/query', { query: { take: 500 } })).result.items.filter(orderable);
  const theirs = items.find((a) => a.supplierId === supplierId);
  const other = items.find((a) => a.supplierId !== supplierId);
  expect(theirs && other, "an article of the supplier user's supplier and one of another").toBeTruthy();
  await call(buyer, 'PUT', '/v2/transporters/update', { transporter: { transporterLines: [theirs!, other!].map((a) => ({ amount: 1, transporterArticle: { id: a.id } })) } });
  const placed = await call<{ result: { id: string; orderNumber: string; status: string } }>(buyer, 'POST', '/v2/orders/transporter', {});
  expect(placed.result.status).toBe('toApprove');
  const order = placed.result;

  const manager = await (await browser.newContext()).newPage();
  await signIn(manager, 'manager@demo.test', { host: HOST });
  const approved = await call<{ result: { status: string } }>(manager, 'PATCH', `/v2/orders/${order.id}/validate`, { approve: true });
  expect(approved.result.status).toBe('approved');

  let mine: SupplierOrder | undefined;
  await test.step("the order's page lists one supplier order per supplier", async () => {
    await manager.goto(`${site}/order-detail/${order.id}`);
    const section = manager.getByRole('region', { name: 'Commandes fournisseurs' });
    await expect(section.getByRole('listitem')).toHaveCount(2);
    await expect(section.getByRole('link', { name: `Ouvrir la commande fournisseur ${order.orderNumber}-1` })).toBeVisible();
    // The sending job mails each to its supplier (the demo suppliers all have an address): no longer Created.
    await expect(async () => {
      await manager.reload();
      await expect(manager.getByRole('region', { name: 'Commandes fournisseurs' }).getByText('En attente de la réponse du fournisseur')).toHaveCount(2, { timeout: 3_000 });
    // The sending job runs one job at a time per process, after those the suite's earlier approvals queued.
    }).toPass({ timeout: 180_000 });
    const listed = (await call<{ result: { items: SupplierOrder[] } }>(supplier, 'POST', '/supplier-orders/queryForSupplier', { query: { gcsNumber: order.orderNumber } })).result.items;
    expect(listed).toHaveLength(1);
    mine = listed[0];
    expect(mine!.supplierId).toBe(supplierId);
  });

  await test.step('the supplier confirms it on a phone: waiting for delivery', async () => {
    await supplier.goto(`${site}/supplier-orders`);
    await supplier.getByLabel('Rechercher par numéro').fill(order.orderNumber);
    await supplier.getByRole('link', { name: mine!.gcsNumber }).click();
    await expect(supplier.getByRole('heading', { name: mine!.gcsNumber })).toBeVisible();
    await expect(supplier.getByRole('table', { name: 'Lignes' }).getByRole('row')).toHaveCount(2);
    // Only the steps the workflow gives a supplier from here are offered, as buttons.
    const steps = supplier.getByRole('region', { name: 'Prochaine étape' });
    await expect(steps.getByRole('button', { name: 'Commander manuellement' })).toHaveCount(0);
    await steps.getByRole('button', { name: 'Confirmer la commande' }).click();
    await expect(supplier.getByText('La commande fournisseur est maintenant : En attente de livraison.')).toBeVisible();
    await supplier.getByLabel('Remarque').fill('Livraison jeudi');
    await supplier.getByRole('button', { name: 'Ajouter une remarque' }).click();
    await expect(supplier.getByText('“Livraison jeudi”')).toBeVisible();
    await expect(supplier.getByRole('main').getByText('En attente de livraison').first()).toBeVisible();
    await expectFitsWindow(supplier);
  });

  await test.step("the order's history has the sending and the supplier's response", async () => {
    const history = (await call<{ result: { action: string }[] }>(manager, 'GET', `/v2/orders/${order.id}/history`)).result;
    expect(history.filter((h) => h.action === 'sentToSupplier')).toHaveLength(2);
    expect(history.filter((h) => h.action === 'supplierResponse')).toHaveLength(1);
  });

  await test.step('a super admin finds it in the admin area, with its follow-ups', async () => {
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, 'superadmin@demo.test', { host: HOST, path: '/ycAdmin/supplier-orders' });
    await expect(admin.getByText(mine!.gcsNumber)).toBeVisible();
    await admin.goto(`${site}/ycAdmin/supplier-order-details/${mine!.id}`);
    await expect(admin.getByText('“Livraison jeudi”')).toBeVisible();
    await expect(admin.getByRole('heading', { name: 'Suivi' })).toBeVisible();
  });
});
