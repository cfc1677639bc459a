import { expect, test } from '@playwright/test';
import { apiCall as call, signIn, signedInFor, siteUrl } from './actions';

/**
 * core §3, §7 Deliveries on the real server (localhost, Dutch): a super admin sends one of the
 * seeded approved order's supplier orders and creates a delivery for it on /ycAdmin/deliveries/create;
 * the company's manager finds it on /deliveries (the sidebar counts it), confirms it on a phone with
 * one damaged line and returns an item of it; the supplier order (DELIVERED, then waiting again) and
 * the order's history follow; the admin's /ycAdmin/delivery-details/{id} shows the outcome.
 */
const site = siteUrl('localhost');
const COMPANY = 'Bakkerij Janssens BV';

interface SupplierOrder { id: string; gcsNumber: string; orderId: string; status: string; customerId: string }

test('a delivery is created for a supplier order, confirmed with a damaged line and an item returned', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'superadmin@demo.test', { path: '/ycAdmin/deliveries' });
  const manager = await signedInFor(browser, 'manager@demo.test', { company: COMPANY, switchLabel: 'Wissel van bedrijf' });
  const me = await call<{ customerAccess: { customerId: string; customer: { name: string } }[] }>(manager, 'GET', '/users/me');
  const customerId = me.customerAccess.find((a) => a.customer.name === COMPANY)!.customerId;

  // A supplier order of the seeded company still to be sent, with its lines.
  const created = (await call<{ result: { items: SupplierOrder[] } }>(admin, 'POST', '/admin/supplier-orders/query', { query: { orderStatus: 'CREATED', take: 100 } })).result.items;
  let so: SupplierOrder | undefined;
  let lines: { id: string; quantity: number }[] = [];
  for (const candidate of created.filter((c) => c.customerId === customerId)) {
    const found = (await call<{ result: { items: { id: string; quantity: number }[] } }>(admin, 'POST', '/supplier-orders/lines', { query: { supplierOrderId: candidate.id } })).result.items;
    if (found.length && candidate.customerId === customerId) { so = candidate; lines = found; break; }
  }
  expect(so, `a supplier order of ${COMPANY} waiting to be sent`).toBeTruthy();
  const sent = await call<{ result: { status: string } }>(admin, 'POST', '/admin/supplier-orders/update', { dto: { id: so!.id, status: 'WAITFORORDERRESPONSE' } });
  expect(sent.result.status).toBe('WAITFORORDERRESPONSE');

  let deliveryUrl = '';
  await test.step('the super admin creates a delivery for the supplier order', async () => {
    await admin.goto(`${site}/ycAdmin/deliveries/create`);
    await expect(admin.getByRole('heading', { name: 'Levering aanmaken', level: 1 })).toBeVisible();
    await admin.getByRole('searchbox', { name: 'Leveranciersbestelling zoeken' }).fill(so!.gcsNumber);
    await admin.getByRole('button', { name: new RegExp(`^${so!.gcsNumber}(?!\\d)`) }).click();
    const amounts = admin.getByLabel('Aantal in deze levering');
    await expect(amounts).toHaveCount(lines.length);
    // More than the first line was ordered: refused by the server, named on the line.
    await amounts.first().fill(String(lines[0]!.quantity + 1));
    await admin.getByRole('button', { name: 'Levering aanmaken' }).click();
    await expect(admin.getByText(/De waarde is te groot\. hoogstens \d+/)).toBeVisible();
    await amounts.first().fill(String(lines[0]!.quantity));
    await admin.getByLabel('Verwachte datum').fill('2030-01-15');
    await admin.getByRole('button', { name: 'Levering aanmaken' }).click();
    await expect(admin).toHaveURL(/\/ycAdmin\/delivery-details\/[0-9a-f-]{36}$/);
    deliveryUrl = admin.url();
    await expect(admin.getByText('Te bevestigen').first()).toBeVisible();
  });
  const deliveryId = deliveryUrl.split('/').at(-1)!;

  await test.step('the manager finds it on /deliveries; the sidebar counts what waits', async () => {
    await manager.goto(`${site}/deliveries`);
    await expect(manager.getByRole('heading', { name: 'Leveringen', level: 1 })).toBeVisible();
    await expect(manager.getByRole('menuitem', { name: /Leveringen \(\d+ te bevestigen\)/ })).toBeVisible();
    await manager.getByLabel('Leveranciersbestelnummer').fill(so!.gcsNumber);
    await expect(manager.getByText('1 leveringen')).toBeVisible();
    await expect(manager.getByRole('link', { name: `${so!.gcsNumber}-L1` })).toBeVisible();
  });

  await test.step('on a phone the manager confirms it with the first line damaged, then returns one of it', async () => {
    await manager.setViewportSize({ width: 390, height: 844 });
    await manager.goto(`${site}/deliveries/${deliveryId}`);
    await expect(manager.getByRole('heading', { name: `${so!.gcsNumber}-L1`, level: 1 })).toBeVisible();
    await manager.getByRole('button', { name: 'Levering bevestigen' }).click();
    const first = manager.getByRole('listitem').filter({ has: manager.getByLabel('Geleverd') }).first();
    await first.getByLabel('Probleem').click();
    await manager.getByRole('option', { name: 'Beschadigd' }).click();
    await first.getByLabel('Opmerking').fill('Doos ingedeukt');
    await manager.getByRole('button', { name: 'Bevestigen', exact: true }).click();
    await expect(manager.getByText('De levering is bevestigd.')).toBeVisible();
    await expect(manager.getByText('Bevestigd met probleem')).toBeVisible();
    await expect(manager.getByText('Beschadigd · “Doos ingedeukt”')).toBeVisible();
    expect(await manager.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const status = async () => (await call<{ result: { status: string } }>(admin, 'POST', '/admin/supplier-orders/id', { query: { id: so!.id } })).result.status;
    expect(await status()).toBe('DELIVERED');

    await manager.getByRole('button', { name: 'Artikelen terugsturen' }).click();
    await manager.getByLabel('Terug te sturen').first().fill('1');
    await manager.getByRole('button', { name: 'Terugsturen', exact: true }).click();
    // Back to the delivery (the toast may be swallowed: one toast per 5 s), which shows what went back.
    await expect(manager.getByRole('button', { name: 'Terugsturen', exact: true })).toHaveCount(0);
    const returned = manager.getByRole('listitem').first();
    await expect(returned.getByText('Teruggestuurd')).toBeVisible();
    await expect(returned.getByText('1', { exact: true })).toBeVisible();
    await expect.poll(status).toBe('WAITFORDELIVERY');
  });

  await test.step("the order's history records the delivery's steps; the admin sees the outcome", async () => {
    const history = (await call<{ result: { action: string }[] }>(manager, 'GET', `/v2/orders/${so!.orderId}/history`)).result.map((h) => h.action);
    expect(history).toEqual(expect.arrayContaining(['deliveryCreated', 'deliveryConfirmed', 'deliveryItemsReturned']));
    expect(history.indexOf('deliveryConfirmed')).toBeLessThan(history.indexOf('deliveryItemsReturned'));
    await admin.goto(deliveryUrl);
    await expect(admin.getByText('Bevestigd met probleem').first()).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Bevestiging ongedaan maken' })).toBeVisible();
  });
});
