import { expect, test } from '@playwright/test';
import { apiCall as call, signIn, signedInFor, siteUrl, expectFitsWindow } from './actions';
import { expectAccessible } from './axe';

/**
 * core §3 Warehouse instance, §7 Warehouses; flows §4 "stock updated" on the real server (localhost,
 * Dutch): the company's admin adds an article to the warehouse of a department on
 * /warehouse-management/{id}; an order of that article for the department is approved, sent and
 * delivered (seeded through the API); the admin confirms the delivery on /deliveries/{id}, and the
 * warehouse's stock rises by what arrived, its activity and the order's stock updates show it.
 */
const site = siteUrl('localhost');
const COMPANY = 'Bakkerij Janssens BV';

interface Warehouse { id: string; name: string; departmentId: string | null }
interface Article { id: string; articleNumberSupplier: string; available: boolean; type: string; stock: number | null; minOrderQuant: number | null; price: string }
interface Order { id: string; orderNumber: string; status: string; totalProductCostExcl: string }

test('an admin adds an article to a warehouse; a delivery of it is confirmed and the stock rises', async ({ browser }) => {
  const manager = await signedInFor(browser, 'manager@demo.test', { company: COMPANY, switchLabel: 'Wissel van bedrijf' });
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'superadmin@demo.test', { path: '/ycAdmin/deliveries' });

  // The warehouse an order of its department fills: the first by name of that department (docs/decisions/0007-warehouses-and-stock.md).
  const all = (await call<{ items: Warehouse[] }>(manager, 'GET', '/warehouse-management?sort=name&pageSize=100')).items;
  const departmentId = all.find((w) => w.departmentId)?.departmentId;
  expect(departmentId, `a warehouse of ${COMPANY} with a department`).toBeTruthy();
  const warehouse = all.find((w) => w.departmentId === departmentId)!;
  const kept = (await call<{ items: { supplierArticleId: string }[] }>(manager, 'GET', `/warehouse-management/instances?warehouseId=${warehouse.id}&pageSize=500`)).items.map((i) => i.supplierArticleId);

  // An order of an article the warehouse does not keep yet, for its department, approved and on its way.
  const articles = (await call<{ result: { items: Article[] } }>(manager, 'POST', '/supplier-articles/query', { query: { take: 100 } })).result.items
    .filter((a) => a.available && a.type === 'Regular' && (a.minOrderQuant ?? 1) <= 1 && (a.stock === null || a.stock >= 3) && Number(a.price) >= 1 && !kept.includes(a.id));
  let article: Article | undefined;
  let order: Order | undefined;
  for (const candidate of articles.slice(0, 15)) {
    await call(manager, 'PUT', '/v2/transporters/update', { transporter: { transporterLines: [{ amount: 3, transporterArticle: { id: candidate.id } }] } });
    const placed = await call<{ result?: Order }>(manager, 'POST', '/v2/orders/transporter', { shippingDetails: { departmentId } });
    if (placed.result) { article = candidate; order = placed.result; break; }
  }
  expect(order, 'an order the shop accepts').toBeTruthy();
  if (order!.status === 'toApproveBudget') {
    const budgets = (await call<{ items: { id: string; remaining: string }[] }>(manager, 'GET', '/v2/budgets?page=1&pageSize=10')).items;
    const budget = budgets.filter((b) => Number(b.remaining) >= Number(order!.totalProductCostExcl)).sort((a, b) => Number(b.remaining) - Number(a.remaining))[0];
    expect(budget, 'a budget with room for the order').toBeTruthy();
    await call(manager, 'POST', `/v2/orders/${order!.id}/assign-budget`, { budgetId: budget!.id });
    await call(manager, 'POST', `/v2/orders/${order!.id}/validate-budgets`, {});
  }
  const approved = await call<{ result: Order }>(manager, 'PATCH', `/v2/orders/${order!.id}/validate`, { approve: true });
  expect(approved.result.status).toBe('approved');
  const so = (await call<{ result: { items: { id: string; orderId: string }[] } }>(admin, 'POST', '/admin/supplier-orders/query', { query: { gcoNumber: order!.orderNumber, take: 10 } }))
    .result.items.find((s) => s.orderId === order!.id)!;
  await call(admin, 'POST', '/admin/supplier-orders/update', { dto: { id: so.id, status: 'WAITFORORDERRESPONSE' } });
  const delivery = (await call<{ result: { id: string; deliveryNumber: string } }>(admin, 'POST', '/admin/deliveries/create-for-supplierorder', { dto: { supplierOrderId: so.id } })).result;
  expect(delivery.id).toMatch(/^[0-9a-f-]{36}$/);

  const card = manager.getByRole('listitem').filter({ hasText: article!.articleNumberSupplier });
  const stockOf = card.locator('dt', { hasText: /^Voorraad$/ }).locator('xpath=following-sibling::dd[1]');
  const activityOf = () => manager.locator('section', { has: manager.getByRole('heading', { name: 'Activiteit' }) });

  await test.step('the admin adds the article to the warehouse', async () => {
    await manager.goto(`${site}/warehouse-management`);
    await expect(manager.getByRole('heading', { name: 'Magazijnen', level: 1 })).toBeVisible();
    await manager.getByRole('link', { name: warehouse.name, exact: true }).click();
    await expect(manager.getByRole('heading', { name: warehouse.name, level: 1 })).toBeVisible();
    await manager.getByRole('combobox', { name: 'Artikel toevoegen' }).fill(article!.articleNumberSupplier);
    await manager.getByRole('option', { name: new RegExp(article!.articleNumberSupplier) }).first().click();
    await expect(card).toBeVisible();
    await expect(stockOf).toHaveText('0');
    await expect(activityOf().getByText(new RegExp(`^Artikel toegevoegd .*\\(voorraad 0\\)$`)).first()).toBeVisible();
  });

  await test.step('the delivery is confirmed on /deliveries/{id}', async () => {
    await manager.goto(`${site}/deliveries/${delivery.id}`);
    await expect(manager.getByRole('heading', { name: delivery.deliveryNumber, level: 1 })).toBeVisible();
    await manager.getByRole('button', { name: 'Levering bevestigen' }).click();
    await manager.getByRole('button', { name: 'Bevestigen', exact: true }).click();
    await expect(manager.getByText('Bevestigd', { exact: true }).first()).toBeVisible();
  });

  await test.step('the stock rose by what arrived; the activity and the order show it', async () => {
    await manager.setViewportSize({ width: 390, height: 844 });
    await manager.goto(`${site}/warehouse-management/${warehouse.id}`);
    await expect(card).toBeVisible();
    await expect(stockOf).toHaveText('3');
    const activity = activityOf();
    await expect(activity.getByText(/^Levering bevestigd \+3 .*\(voorraad 3\)$/)).toBeVisible();
    await expect(activity.getByText(new RegExp(delivery.deliveryNumber))).toBeVisible();
    await expectFitsWindow(manager);
    await expectAccessible(manager);

    await manager.goto(`${site}/warehouse-management/stock`);
    await manager.getByLabel('Artikelnummer').fill(article!.articleNumberSupplier);
    // The rows of the whole stock stay on screen until the filtered page arrives (one link each).
    const inWarehouse = manager.getByRole('table', { name: 'Voorraad' }).getByRole('link', { name: warehouse.name });
    await expect(inWarehouse).toHaveCount(1);
    await expect(inWarehouse).toBeVisible();
    await expectAccessible(manager);

    await manager.goto(`${site}/order-detail/${order!.id}?tab=stockUpdates`);
    await expect(manager.getByText(new RegExp(`^Levering bevestigd: \\+3 × .* in ${warehouse.name}$`))).toBeVisible();
    const history = (await call<{ result: { action: string }[] }>(manager, 'GET', `/v2/orders/${order!.id}/history`)).result.map((h) => h.action);
    expect(history.indexOf('stockUpdated')).toBeGreaterThan(history.indexOf('deliveryConfirmed'));
  });
});
