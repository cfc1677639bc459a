import { expect, test } from '@playwright/test';
import { accessToken, apiCall as call, signIn, placeApprovedOrder, signedInFor, siteUrl, supplierOrderAtSupplier, expectFitsWindow } from './actions';

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
    await expect(manager.getByText('1 levering', { exact: true })).toBeVisible();
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
    // flows §4: approved, the problem stays on its line.
    await expect(manager.getByText('met probleem')).toBeVisible();
    await expect(manager.getByText('Beschadigd · “Doos ingedeukt”')).toBeVisible();
    await expectFitsWindow(manager);

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
    await expect(admin.getByText('met probleem').first()).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Bevestiging ongedaan maken' })).toBeVisible();
  });
});

interface Article { id: string; price: string; stock: number | null; minOrderQuant: number | null; type: string | null; available: boolean; supplierId: string }
interface Delivery { id: string; deliveryNumber: string; status: string }

/**
 * The supplier's side (docs/decisions/0005-supplier-orders-and-deliveries.md, "Deliveries"): the supplier's user announces a partial delivery on its
 * supplier order's page on a phone (amounts per line, prefilled with what is still to deliver, its
 * delivery-note number, expected date and tracking link); the company's manager confirms what
 * arrived on /deliveries/{id}; the rest stays open on the supplier order and the supplier announces
 * it, prefilled; once that is confirmed too the supplier order is delivered.
 */
test('the supplier announces a partial delivery, the company confirms it, the supplier announces the rest', async ({ browser }) => {
  const supplier = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(supplier, 'supplier@demo.test', { path: '/supplier-orders' });
  const claims = JSON.parse(Buffer.from((await accessToken(supplier)).split('.')[1]!, 'base64url').toString()) as { supplierIds: string[] };
  const supplierId = claims.supplierIds[0];
  expect(supplierId, 'the demo supplier user works for a supplier').toBeTruthy();

  // The manager orders three of one of the supplier's articles and approves the order as the company's admin.
  const manager = await signedInFor(browser, 'manager@demo.test', { company: COMPANY, switchLabel: 'Wissel van bedrijf' });
  const article = (await call<{ result: { items: Article[] } }>(manager, 'POST', '/supplier-articles/query', { query: { take: 200, supplierId } })).result.items
    .find((a) => a.supplierId === supplierId && a.available && a.type !== 'GiftCard' && (a.minOrderQuant ?? 1) <= 1 && (a.stock === null || a.stock >= 5) && Number(a.price) >= 1 && Number(a.price) < 100);
  expect(article, "an article of the supplier user's supplier").toBeTruthy();
  const order = await placeApprovedOrder(manager, article!.id, 3);

  // The sending job mails it to the supplier: waiting for the supplier's response.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'superadmin@demo.test', { path: '/ycAdmin/deliveries' });
  const so = await supplierOrderAtSupplier(admin, order.id);
  const soNow = async () => (await call<{ result: SupplierOrder & { lines: { quantity: number; quantityToBeDelivered: number }[] } }>(admin, 'POST', '/admin/supplier-orders/id', { query: { id: so.id } })).result;
  const deliveriesOf = async () => (await call<{ result: { items: Delivery[] } }>(manager, 'GET', `/deliveries/by-gcs-number?gcsNumber=${encodeURIComponent(so.gcsNumber)}`)).result.items;

  await test.step('on a phone the supplier announces two of the three, with its delivery note and tracking link', async () => {
    await supplier.goto(`${site}/supplier-orders/${encodeURIComponent(so.gcsNumber)}`);
    await expect(supplier.getByRole('heading', { name: so.gcsNumber, level: 1 })).toBeVisible();
    await expect(supplier.getByText('Nog geen leveringen aangekondigd.')).toBeVisible();
    await supplier.getByRole('button', { name: 'Levering aankondigen' }).click();
    const amount = supplier.getByLabel('Aantal in deze levering');
    await expect(amount).toHaveCount(1);
    // Prefilled with what is still to deliver; more than that is refused by the server, on the line.
    await expect(amount).toHaveValue('3');
    await amount.fill('4');
    await supplier.getByRole('button', { name: 'Levering aankondigen' }).click();
    await expect(supplier.getByText(/De waarde is te groot\. hoogstens 3/)).toBeVisible();
    await amount.fill('2');
    await supplier.getByLabel('Leveringsbonnummer').fill('LB-2030-0042');
    await supplier.getByLabel('Verwachte datum').fill('2030-01-15');
    await supplier.getByLabel('Track & trace-link').fill('https://track.example/0042');
    await expectFitsWindow(supplier);
    await supplier.getByRole('button', { name: 'Levering aankondigen' }).click();
    await expect(supplier.getByText(`${so.gcsNumber}-L1 · Te bevestigen`, { exact: true })).toBeVisible();
    await expect(supplier.getByText('Leveringsbon LB-2030-0042', { exact: false })).toBeVisible();
    // One still to deliver: the supplier may announce again.
    await expect(supplier.getByRole('table', { name: 'Lijnen' }).getByRole('row').nth(1).getByRole('cell').nth(3)).toHaveText('1');
    await expect(supplier.getByRole('button', { name: 'Levering aankondigen' })).toBeVisible();
  });

  await test.step('the manager confirms what arrived on /deliveries/{id}; the rest stays open', async () => {
    const [first] = await deliveriesOf();
    expect(first).toMatchObject({ deliveryNumber: `${so.gcsNumber}-L1`, status: 'toApprove' });
    await manager.goto(`${site}/deliveries/${first!.id}`);
    await expect(manager.getByRole('heading', { name: `${so.gcsNumber}-L1`, level: 1 })).toBeVisible();
    await expect(manager.getByText('Leveringsbon LB-2030-0042')).toBeVisible();
    await expect(manager.getByRole('link', { name: 'Track & trace' })).toHaveAttribute('href', 'https://track.example/0042');
    await manager.getByRole('button', { name: 'Levering bevestigen' }).click();
    await expect(manager.getByLabel('Geleverd')).toHaveValue('2');
    await manager.getByRole('button', { name: 'Bevestigen', exact: true }).click();
    await expect(manager.getByText('De levering is bevestigd.')).toBeVisible();
    const now = await soNow();
    expect(now.status).not.toBe('DELIVERED');
    expect(now.lines.map((l) => l.quantityToBeDelivered)).toEqual([1]);
  });

  await test.step('the supplier announces the rest, prefilled; once confirmed the supplier order is delivered', async () => {
    await supplier.reload();
    await expect(supplier.getByText(`${so.gcsNumber}-L1 · Bevestigd`, { exact: true })).toBeVisible();
    await supplier.getByRole('button', { name: 'Levering aankondigen' }).click();
    await expect(supplier.getByLabel('Aantal in deze levering')).toHaveValue('1');
    await supplier.getByRole('button', { name: 'Levering aankondigen' }).click();
    await expect(supplier.getByText(`${so.gcsNumber}-L2 · Te bevestigen`, { exact: true })).toBeVisible();
    // Nothing is left to announce.
    await expect(supplier.getByRole('button', { name: 'Levering aankondigen' })).toHaveCount(0);
    const second = (await deliveriesOf()).find((d) => d.deliveryNumber === `${so.gcsNumber}-L2`);
    expect(second, 'the second delivery').toBeTruthy();
    await call(manager, 'PATCH', '/deliveries/confirm', { id: second!.id });
    await expect.poll(async () => (await soNow()).status).toBe('DELIVERED');
  });
});
