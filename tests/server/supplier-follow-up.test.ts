import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { line, makeArticle, makeSupplier } from './basket-helpers';
import { prepareCompany, SUPPLIER_USER, supplierOrderCalls } from './supplier-order-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { composeMail } from '../../src/server/mail/compose';
import type { MailJob } from '../../src/server/mail/message';
import { supplierOrderPdf } from '../../src/server/fulfilment/order-pdf';
import { supplierOrderPdfData } from '../../src/server/fulfilment/order-pdf-data';
import { addDays, todayInShopZone } from '../../src/shared/shop-clock';
import { pdfContains } from './pdf-text';

/**
 * What a supplier needs to act on a supplier order, and what the company hears of it: the supplier
 * order's totals are that supplier's share of the order, shipping included; the supplier's steps go
 * in the order a supplier works (received, confirmed, delivered; a failure with its reason) and a
 * step out of that order is refused; a supplier changes only its own supplier orders; each step of
 * the supplier, and each delivery it announces, reaches whoever placed the order and the order's
 * followers in the same transaction: a message of the platform in the order's conversation (unseen)
 * and a mail in each one's language with a link to the order. Workers are off: the test reads the
 * queued mail.send jobs and renders them as the job would.
 */

let t: TestApp;
let customerId: string;
let tenantId: string;
let alpha: string;
let beta: string;
let alphaArticle: string;
let betaArticle: string;
let buyer: string;
let manager: string;
const { as, order, approve, supplierOrdersOf, followUp, byNumber } = supplierOrderCalls(() => t, () => customerId);
const detailOf = async (email: string, gcsNumber: unknown) => ok(await byNumber(email, gcsNumber)).result;

/** The supplierOrderUpdate mails queued for the order, oldest first. */
const news = async (orderId: string) => (await sql<{ data: MailJob }>`select data from pgboss.job where name = 'mail.send' and data->'mail'->>'kind' = 'supplierOrderUpdate'
  and data->'mail'->>'orderId' = ${orderId} order by created_on, data->>'recipientUserId'`.execute(t.db)).rows.map((r) => r.data);
const conversation = async (email: string, orderId: string) => ok(await t.call('GET', `/api/v2/orders/${orderId}/conversation`, as(email))).result;

/** An approved order of one alpha article (`amount` of it), and its supplier order. */
async function alphaSupplierOrder(amount = 3) {
  const placed = await order([line(alphaArticle, amount)]);
  await approve(placed.id);
  const [so] = await supplierOrdersOf(placed.id);
  return { order: placed, so: so! };
}

beforeAll(async () => {
  t = await startTestApp();
  tenantId = await t.tenantId();
  [customerId] = await t.customerIds();
  await prepareCompany(t, customerId!);
  // Shipping on both: 2.50 and 4.50 excl. VAT, whose VAT (0.525 and 0.945) rounds up apart but not together (7.00: 1.47).
  alpha = await makeSupplier(t, { name: 'Alpha Kantoor NV', shippingCost: '2.50' });
  beta = await makeSupplier(t, { name: 'Beta Papier BV', shippingCost: '4.50' });
  alphaArticle = await makeArticle(t, { supplierId: alpha, price: '10.00', stock: null });
  betaArticle = await makeArticle(t, { supplierId: beta, price: '20.00', stock: null });
  await t.db.updateTable('users').set({ supplierIds: JSON.stringify([alpha]) } as never).where('tenantId', '=', tenantId).where('email', '=', SUPPLIER_USER).execute();
  manager = await t.userId('manager@demo.test');
  buyer = await t.userId('buyer@demo.test');
});
afterAll(async () => { await t?.close(); });

describe("a supplier order's totals are its supplier's share of the order", () => {
  test('products and shipping with its VAT; together the supplier orders cost what the order charged', async () => {
    const placed = await order([line(alphaArticle, 2), line(betaArticle, 1)]);
    const stored = await t.db.selectFrom('orders').select(['totalCost', 'shippingCost', 'shippingCostVat', 'loyaltyDiscount']).where('id', '=', placed.id).executeTakeFirstOrThrow();
    expect([String(stored.shippingCost), String(stored.shippingCostVat)]).toEqual(['7.00', '1.47']);
    await approve(placed.id);
    const [a, b] = await supplierOrdersOf(placed.id);
    const money = (so: typeof a) => [so!.totalExcl, so!.totalIncl, so!.shippingCost, so!.shippingCostVat, so!.totalCost].map(String);
    // alpha: 2 × 10.00 (+21%) and 2.50 shipping; beta: 20.00 and 4.50, which takes the cent the rounding left over.
    expect(money(a)).toEqual(['20.00', '24.20', '2.50', '0.53', '27.23']);
    expect(money(b)).toEqual(['20.00', '24.20', '4.50', '0.94', '29.64']);
    const sum = [a, b].reduce((s, so) => s + Math.round(Number(so!.totalCost) * 100), 0);
    expect(sum).toBe(Math.round((Number(stored.totalCost) + Number(stored.loyaltyDiscount ?? 0)) * 100));
    // The supplier's page and the buyer's order page show the same figures.
    expect(await detailOf(SUPPLIER_USER, a!.gcsNumber)).toMatchObject({ shippingCost: '2.50', shippingCostVat: '0.53', totalCost: '27.23' });
    const listed = ok(await t.call('POST', '/api/supplier-orders/query', { ...as('buyer@demo.test'), body: { query: { orderId: placed.id } } })).result.items;
    expect(listed.map((s: { totalCost: string }) => s.totalCost).sort()).toEqual(['27.23', '29.64']);
  });

  test("a supplier that ships free has no share of the shipping", async () => {
    const free = await makeSupplier(t, { name: 'Gratis Levering BV', shippingCost: '5.00', freeShippingFrom: '10.00' });
    const placed = await order([line(await makeArticle(t, { supplierId: free, price: '12.00', stock: null }), 1), line(alphaArticle, 1)]);
    await approve(placed.id);
    const sos = await supplierOrdersOf(placed.id);
    const freeOne = sos.find((s) => s.supplierId === free)!;
    expect([freeOne.shippingCost, freeOne.shippingCostVat, freeOne.totalCost].map(String)).toEqual(['0.00', '0.00', '14.52']);
  });
});

describe('the requested delivery date (optional, set in the basket)', () => {
  const basketWith = async (requestedDeliveryDate: string) => ok(await t.call('PUT', '/api/v2/transporters/update', {
    ...as('buyer@demo.test'), body: { transporter: { transporterLines: [line(alphaArticle, 1)], transporterShippingDetails: { requestedDeliveryDate } } },
  })).result;

  test("goes with the order to its supplier orders: the supplier's page and PDF show it, with the shipping", async () => {
    const wanted = addDays(todayInShopZone(), 14);
    expect((await basketWith(wanted)).transporterShippingDetails.requestedDeliveryDate).toBe(wanted);
    const placed = ok(await t.call('POST', '/api/v2/orders/transporter', { ...as('buyer@demo.test'), body: {} })).result;
    expect(placed.requestedDeliveryDate).toBe(wanted);
    await approve(placed.id);
    const [so] = await supplierOrdersOf(placed.id);
    expect(await detailOf(SUPPLIER_USER, so!.gcsNumber)).toMatchObject({ requestedDeliveryDate: wanted, shipTo: expect.any(Object), contact: { email: 'buyer@demo.test' } });
    const source = (await supplierOrderPdfData(t.db, tenantId, so!.id))!;
    expect(source.data).toMatchObject({ requestedDeliveryDate: wanted, totals: { shipping: '2.50', incl: String(so!.totalCost) } });
    const pdf = await supplierOrderPdf(source.data, { compress: false });
    const spoken = new Intl.DateTimeFormat('nl-BE', { dateStyle: 'long', timeZone: 'Europe/Brussels' }).format(new Date(`${wanted}T12:00:00Z`));
    for (const text of ['Gewenste leverdatum', spoken, 'Verzendkosten excl. btw']) expect(pdfContains(pdf, text), text).toBe(true);
  });

  test('one that has passed stops the order (DeliveryDateInPast) and nothing is placed; none is fine', async () => {
    await basketWith(addDays(todayInShopZone(), -1));
    const before = await t.db.selectFrom('orders').select('id').where('customerId', '=', customerId).execute();
    const refused = fails(await t.call('POST', '/api/v2/orders/transporter', { ...as('buyer@demo.test'), body: {} }), 400, 'DeliveryDateInPast');
    expect(refused.details).toContainEqual(expect.objectContaining({ rule: 'DeliveryDateInPast' }));
    expect(await t.db.selectFrom('orders').select('id').where('customerId', '=', customerId).execute()).toHaveLength(before.length);
    await basketWith(todayInShopZone());
    expect(ok(await t.call('POST', '/api/v2/orders/transporter', { ...as('buyer@demo.test'), body: {} })).result.requestedDeliveryDate).toBe(todayInShopZone());
    ok(await t.call('PUT', '/api/v2/transporters/update', { ...as('buyer@demo.test'), body: { transporter: { transporterLines: [line(alphaArticle, 1)] } } }));
    expect(ok(await t.call('POST', '/api/v2/orders/transporter', { ...as('buyer@demo.test'), body: {} })).result.requestedDeliveryDate).toBeNull();
  });
});

describe("the supplier's steps, in the order a supplier works", () => {
  test('received, confirmed, delivered are offered in that order; a step out of order is refused and changes nothing', async () => {
    const { so } = await alphaSupplierOrder();
    expect((await detailOf(SUPPLIER_USER, so.gcsNumber)).allowedStatuses).toEqual(['WAITFORORDERRESPONSE', 'FAILEDTOORDER']);
    // Not confirmed before it is received: no step from CREATED to WAITFORDELIVERY.
    fails(await followUp(SUPPLIER_USER, { supplierOrderId: so.id, status: 'WAITFORDELIVERY' }), 409, 'OrderNotInStep');
    const received = ok(await followUp(SUPPLIER_USER, { supplierOrderId: so.id, status: 'WAITFORORDERRESPONSE' })).result.supplierOrder;
    expect(received.allowedStatuses).toEqual(['WAITFORDELIVERY', 'DELIVERED', 'FAILEDTOORDER']);
    const confirmed = ok(await followUp(SUPPLIER_USER, { supplierOrderId: so.id, status: 'WAITFORDELIVERY' })).result.supplierOrder;
    expect(confirmed.allowedStatuses).toEqual(['DELIVERED']);
    // Once confirmed it cannot go back to received, nor fail.
    const before = await news(so.orderId!);
    fails(await followUp(SUPPLIER_USER, { supplierOrderId: so.id, status: 'WAITFORORDERRESPONSE' }), 409, 'OrderNotInStep');
    fails(await followUp(SUPPLIER_USER, { supplierOrderId: so.id, status: 'FAILEDTOORDER', remark: 'Toch niet' }), 409, 'OrderNotInStep');
    const row = await t.db.selectFrom('supplierOrders').select(['status', 'statusReason']).where('id', '=', so.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'WAITFORDELIVERY', statusReason: null });
    expect(await news(so.orderId!)).toHaveLength(before.length);
    const done = ok(await followUp(SUPPLIER_USER, { supplierOrderId: so.id, status: 'DELIVERED' })).result.supplierOrder;
    // Delivered announced the rest for the buyer to confirm: the supplier order waits for that.
    expect(done).toMatchObject({ status: 'WAITFORDELIVERY', deliveries: [{ status: 'toApprove' }] });
  });

  test('failed to order needs its reason, which the buyer reads', async () => {
    const { so } = await alphaSupplierOrder(1);
    fails(await followUp(SUPPLIER_USER, { supplierOrderId: so.id, status: 'FAILEDTOORDER' }), 400, 'validationFailed');
    fails(await followUp(SUPPLIER_USER, { supplierOrderId: so.id, status: 'FAILEDTOORDER', remark: '   ' }), 400, 'validationFailed');
    expect(await news(so.orderId!)).toEqual([]);
    ok(await followUp(SUPPLIER_USER, { supplierOrderId: so.id, status: 'FAILEDTOORDER', remark: 'Artikel uit assortiment' }));
    expect(await detailOf('buyer@demo.test', so.gcsNumber)).toMatchObject({ status: 'FAILEDTOORDER', statusReason: 'Artikel uit assortiment' });
  });

  test("a supplier changes only its own supplier orders: another supplier's is not found, and nothing changes", async () => {
    const placed = await order([line(betaArticle, 2)]);
    await approve(placed.id);
    const [theirs] = await supplierOrdersOf(placed.id);
    fails(await followUp(SUPPLIER_USER, { supplierOrderId: theirs!.id, status: 'WAITFORORDERRESPONSE' }), 404, 'SupplierOrderNotFound');
    fails(await followUp(SUPPLIER_USER, { supplierOrderId: theirs!.id, remark: 'Hallo' }), 404, 'SupplierOrderNotFound');
    fails(await t.call('POST', `/api/v2/supplier-orders/${theirs!.id}/deliveries`, { as: SUPPLIER_USER, body: {} }), 404, 'SupplierOrderNotFound');
    fails(await t.call('GET', `/api/supplier-orders/${theirs!.id}/pdf`, { as: SUPPLIER_USER }), 404, 'SupplierOrderNotFound');
    // The company reads it but does not take the supplier's steps.
    fails(await followUp('buyer@demo.test', { supplierOrderId: theirs!.id, status: 'WAITFORORDERRESPONSE' }), 403, 'UnauthorizedRole');
    const [after] = await supplierOrdersOf(placed.id);
    expect(after!.status).toBe('CREATED');
    expect(await t.db.selectFrom('deliveries').select('id').where('supplierOrderId', '=', theirs!.id).execute()).toEqual([]);
    expect(await news(placed.id)).toEqual([]);
  });
});

describe('the company hears of what the supplier did', () => {
  test("a supplier's step reaches whoever placed the order and its followers: a mail each and an unseen message in the conversation", async () => {
    const { order: placed, so } = await alphaSupplierOrder();
    // The manager follows the conversation; the buyer unfollows it but placed the order, so hears of it all the same.
    ok(await t.call('PATCH', `/api/v2/orders/${placed.id}/follow-conversation`, { ...as('manager@demo.test'), body: { following: true } }));
    ok(await t.call('PATCH', `/api/v2/orders/${placed.id}/follow-conversation`, { ...as('buyer@demo.test'), body: { following: false } }));
    ok(await followUp(SUPPLIER_USER, { supplierOrderId: so.id, status: 'WAITFORORDERRESPONSE' }));
    ok(await followUp(SUPPLIER_USER, { supplierOrderId: so.id, status: 'WAITFORDELIVERY', remark: 'Levering donderdag' }));

    const mails = await news(placed.id);
    // One per recipient and step, the supplier's user none (queued by step, each step's by recipient id).
    const recipients = [buyer, manager].sort();
    expect(mails.map((m) => [m.mail.kind === 'supplierOrderUpdate' && m.mail.status, m.recipientUserId]))
      .toEqual(['WAITFORORDERRESPONSE', 'WAITFORDELIVERY'].flatMap((status) => recipients.map((r) => [status, r])));
    expect(mails[2]!.mail).toMatchObject({ supplierOrderId: so.id, remark: 'Levering donderdag', deliveryNumber: null });

    const seen = await conversation('buyer@demo.test', placed.id);
    expect(seen.unseenCount).toBe(2);
    expect(seen.comments.at(-1)).toMatchObject({
      userId: null, mine: false, seen: false, content: 'Levering donderdag',
      event: { supplierOrderId: so.id, gcsNumber: so.gcsNumber, supplierName: 'Alpha Kantoor NV', status: 'WAITFORDELIVERY', deliveryNumber: null },
    });
    // The manager follows: the orders list counts it.
    const unseen = ok(await t.call('GET', '/api/v2/orders/unseen-comments', as('manager@demo.test'))).result.orders;
    expect(unseen).toContainEqual({ orderId: placed.id, orderNumber: placed.orderNumber, unseen: 2 });
    // Nobody changes or removes a message of the platform.
    fails(await t.call('DELETE', `/api/v2/orders/${placed.id}/conversation/${seen.comments.at(-1).id}`, as('manager@demo.test')), 403, 'NotUserOwnComment');
  });

  test('"delivered" and a delivery announced alone name the delivery to confirm; a remark and the server\'s own steps are no news', async () => {
    const { order: placed, so } = await alphaSupplierOrder(5);
    ok(await followUp(SUPPLIER_USER, { supplierOrderId: so.id, status: 'WAITFORORDERRESPONSE' }));
    const [soLine] = await t.db.selectFrom('supplierOrderLines').select('id').where('supplierOrderId', '=', so.id).execute();
    const part = ok(await t.call('POST', `/api/v2/supplier-orders/${so.id}/deliveries`, { as: SUPPLIER_USER, body: { lines: [{ supplierOrderLineId: soLine!.id, amount: 2 }], remark: 'Eerste doos' } })).result;
    ok(await followUp(SUPPLIER_USER, { supplierOrderId: so.id, status: 'DELIVERED' }));
    const rest = (await t.db.selectFrom('deliveries').select(['id', 'deliveryNumber']).where('supplierOrderId', '=', so.id).orderBy('createdAt').execute())[1]!;
    type Event = { status: string | null; deliveryNumber: string | null; deliveryId: string | null };
    const events = (await conversation('buyer@demo.test', placed.id)).comments.map((c: { event: Event; content: string }) => [c.event.status, c.event.deliveryNumber, c.event.deliveryId, c.content]);
    expect(events).toEqual([['WAITFORORDERRESPONSE', null, null, ''], [null, part.deliveryNumber, part.id, 'Eerste doos'], ['DELIVERED', rest.deliveryNumber, rest.id, '']]);
    const count = (await news(placed.id)).length;

    // A remark of the supplier without a status, the buyer confirming the deliveries (DELIVERED, the server's step): no news.
    ok(await followUp(SUPPLIER_USER, { supplierOrderId: so.id, remark: 'Factuur volgt' }));
    for (const id of [part.id, rest.id]) ok(await t.call('PATCH', '/api/deliveries/confirm', { ...as('buyer@demo.test'), body: { id } }));
    expect((await supplierOrdersOf(placed.id))[0]!.status).toBe('DELIVERED');
    expect(await news(placed.id)).toHaveLength(count);
  });

  test("the mail is in the recipient's language, names the supplier, the status and the reason, and links to the order", async () => {
    const { order: placed, so } = await alphaSupplierOrder(1);
    await t.db.updateTable('users').set({ languageCode: 'FR' }).where('id', '=', buyer).execute();
    try {
      ok(await followUp(SUPPLIER_USER, { supplierOrderId: so.id, status: 'FAILEDTOORDER', remark: 'Plus fabriqué' }));
      const [job] = await news(placed.id);
      expect(job!.recipientUserId).toBe(buyer);
      const mail = await composeMail(t.db, t.testDb.config, job!);
      expect(mail.language).toBe('fr');
      expect(mail.subject).toBe(`Commande fournisseur ${so.gcsNumber} : Échec de la commande`);
      expect(mail.text).toContain(`Alpha Kantoor NV a mis à jour la commande fournisseur ${so.gcsNumber} de la commande ${placed.orderNumber} : Échec de la commande.`);
      expect(mail.text).toContain('Motif : Plus fabriqué');
      expect(mail.text).not.toContain('Remarque du fournisseur');
      expect(mail.text).toMatch(new RegExp(`/order-detail/${placed.id}\\?company=${customerId}`));
    } finally {
      await t.db.updateTable('users').set({ languageCode: 'NL' }).where('id', '=', buyer).execute();
    }
  });

  test("a step that is refused, or the platform's own step, queues no mail and writes no message", async () => {
    const { order: placed, so } = await alphaSupplierOrder(1);
    fails(await followUp(SUPPLIER_USER, { supplierOrderId: so.id, status: 'DELIVERED' }), 409, 'OrderNotInStep');
    fails(await followUp(SUPPLIER_USER, { supplierOrderId: so.id, status: 'WAITFORORDERRESPONSE', remark: 'x'.repeat(2001) }), 400, 'validationFailed');
    // Ordering by hand is the platform's business, not news of the supplier.
    ok(await t.call('POST', '/api/admin/supplier-orders/update', { as: 'admin@demo.test', body: { dto: { id: so.id, status: 'READYFORMANUALORDER' } } }));
    expect(await news(placed.id)).toEqual([]);
    expect((await conversation('buyer@demo.test', placed.id)).comments).toEqual([]);
  });
});
