import { expect, test } from '@playwright/test';
import { apiCall as call, placeApprovedOrder, signIn, signedInFor, siteUrl, supplierOrderAtSupplier, uniqueSuffix, expectFitsWindow } from './actions';
import { ublInvoiceXml } from '../tests/ubl-builder';
import { expectAccessible } from './axe';

/**
 * Issue 14, the e-invoice and the three-way match on the real server (localhost, Dutch): the manager
 * orders from Office Depot and approves; the order is sent and delivered in full; the supplier's UBL
 * e-invoice charges a dearer price than agreed. Finance uploads it on /invoices: it is booked on the
 * supplier order its order reference names, with its PDF, and the match shows the price mismatch and
 * blocks paying; finance accepts it with a reason (the order's history keeps it) and marks it paid —
 * on a phone, where nothing is wider than the screen.
 */
const COMPANY = 'Bakkerij Janssens BV';
// Office Depot's enterprise number in the demo data (BE0123456749, valid check digits).
const OFFICE_DEPOT = '0123456749';

interface Article { id: string; price: string; stock: number | null; minOrderQuant: number | null; type: string | null; available: boolean; supplierId: string }

test('a UBL invoice with a dearer price is booked, shows the mismatch, is accepted by finance and paid', async ({ browser }) => {
  const manager = await signedInFor(browser, 'manager@demo.test', { company: COMPANY, switchLabel: 'Wissel van bedrijf' });
  const suppliers = await call<{ items: { id: string; name: string }[] }>(manager, 'GET', '/v2/suppliers?page=1&pageSize=200');
  const officeDepot = suppliers.items.find((s) => s.name === 'Office Depot');
  expect(officeDepot, 'the demo supplier Office Depot').toBeTruthy();
  const articles = (await call<{ result: { items: Article[] } }>(manager, 'POST', '/supplier-articles/query', { query: { take: 200, supplierId: officeDepot!.id } })).result.items
    .filter((a) => a.supplierId === officeDepot!.id && a.available && a.type !== 'GiftCard' && (a.minOrderQuant ?? 1) <= 2 && (a.stock === null || a.stock >= 5) && Number(a.price) >= 1);
  expect(articles.length).toBeGreaterThan(0);
  const article = articles[0]!;

  // The manager orders two (on a budget with room for it) and approves as the company's admin.
  const order = await placeApprovedOrder(manager, article.id, 2);

  // Sent (by the job, or by the platform admin when the job is not there yet), then delivered in full and confirmed.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'superadmin@demo.test', { path: '/ycAdmin/deliveries' });
  const so = await supplierOrderAtSupplier(admin, order.id);
  const lines = (await call<{ result: { items: { lineNumber: number; unitPriceExcl: string; chargedUnitPrice: string | null; quantity: number }[] } }>(admin, 'POST', '/supplier-orders/lines', { query: { supplierOrderId: so.id } })).result.items;
  const delivery = (await call<{ result: { id: string } }>(admin, 'POST', `/v2/supplier-orders/${so.id}/deliveries`, {})).result;
  await call(manager, 'PATCH', '/deliveries/confirm', { id: delivery.id });

  // The supplier's e-invoice: the delivered quantity at 10 % above the agreed price, with its PDF.
  const agreed = Number(lines[0]!.chargedUnitPrice ?? lines[0]!.unitPriceExcl);
  const dearer = (Math.round(agreed * 110) / 100).toFixed(2);
  const number = `OD-${uniqueSuffix()}`;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date());
  const xml = ublInvoiceXml({
    number, orderReference: so.gcsNumber, issueDate: today, dueDate: today,
    seller: { name: 'Office Depot', enterprise: OFFICE_DEPOT }, buyer: { name: COMPANY },
    lines: [{ orderLine: lines[0]!.lineNumber, name: 'Artikel', quantity: lines[0]!.quantity, price: dearer, vat: 21 }],
    pdf: Buffer.from(`%PDF-1.4\n% ${number}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`),
  });

  const finance = await (await browser.newContext()).newPage();
  await signIn(finance, 'finance@demo.test', { path: '/invoices' });
  await expect(finance.getByRole('heading', { name: 'Facturen', level: 1 })).toBeVisible();

  await test.step('finance uploads the e-invoice: booked on the supplier order, with its PDF, and a price mismatch', async () => {
    await finance.getByLabel('Kies een UBL-bestand (XML)').setInputFiles({ name: `${number}.xml`, mimeType: 'application/xml', buffer: Buffer.from(xml) });
    await expect(finance.getByText(`E-factuur ${number} is geboekt.`)).toBeVisible();
    const card = finance.getByRole('listitem', { name: number });
    await expect(card).toBeVisible();
    await expect(card.getByText('Verschil', { exact: true })).toBeVisible();
    await expect(card.getByText(`PDF: ${number}.pdf`)).toBeVisible();
    await expect(card.getByText(so.gcsNumber, { exact: false })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Markeer als betaald' })).toHaveCount(0);
    await expect(card.getByText('Betalen wacht tot een financieel medewerker het verschil aanvaardt.')).toBeVisible();
  });

  await test.step('on a phone: the match shows the dearer price; finance accepts it with a reason and pays', async () => {
    await finance.setViewportSize({ width: 390, height: 844 });
    await finance.goto(`${siteUrl('localhost')}/invoices`);
    const card = finance.getByRole('listitem', { name: number });
    await card.getByRole('button', { name: 'Details' }).click();
    await expect(card.getByRole('heading', { name: 'Controle: besteld, ontvangen, gefactureerd' })).toBeVisible();
    await expect(card.getByText(/Prijs hoger dan afgesproken/)).toBeVisible();
    await expectFitsWindow(finance);
    await expectAccessible(finance, 'invoice match at 390 px');

    await card.getByRole('button', { name: 'Verschil aanvaarden' }).click();
    const dialog = finance.getByRole('dialog', { name: `Verschil van factuur ${number} aanvaarden` });
    await dialog.getByRole('textbox', { name: 'Reden' }).fill('Prijsstijging per 1 januari aangekondigd door Office Depot');
    await dialog.getByRole('button', { name: 'Aanvaarden' }).click();
    await expect(finance.getByText('Het verschil is aanvaard.')).toBeVisible();
    await expect(card.getByText('Verschil aanvaard', { exact: true }).first()).toBeVisible();
    await expect(card.getByText(/Aanvaard door .* “Prijsstijging per 1 januari aangekondigd door Office Depot”/)).toBeVisible();
    await card.getByRole('button', { name: 'Markeer als betaald' }).click();
    await expect(card.getByText('Betaald', { exact: true })).toBeVisible();
  });

  await test.step("the order's history keeps the acceptance", async () => {
    const history = (await call<{ result: { action: string; reason: string | null }[] }>(manager, 'GET', `/v2/orders/${order.id}/history`)).result;
    expect(history.filter((h) => h.action === 'invoiceMismatchAccepted').map((h) => h.reason)).toEqual([`${number}: Prijsstijging per 1 januari aangekondigd door Office Depot`]);
  });
});
