import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays, todayInShopZone } from '../../src/shared/shop-clock';
import { bookInbox } from '../../src/server/invoicing/inbox-job';
import { deliveredOrder, invoiceWorld, MANAGER, type InvoiceWorld } from './invoice-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { multipart, pdf, png } from './upload-helpers';
import { ublInvoiceXml, type UblLineSpec, type UblSpec } from '../ubl-builder';

/**
 * E-invoices and the three-way match (issue 14, beyond the spec): a supplier's UBL invoice is booked
 * on the supplier order its BT-13 names (upload, or the inbox folder), with its embedded PDF; every
 * invoice of a supplier order is matched against what was ordered and what the confirmed deliveries
 * brought, within the company's tolerance; a mismatch blocks paying until finance accepts it with a
 * reason (the order's history records it); the acceptance holds only for the problems it saw.
 */

let t: TestApp;
let customerId: string;
let tenantId: string;
let supplier: string;
let world: InvoiceWorld;
const SELLER = '0456123494';
const FINANCE = 'finance@demo.test';
const as = (email: string) => ({ as: email, customerId });
type Invoice = Record<string, any> & { id: string; status: string; matchStatus: string };

const containerDir = () => path.join(t.testDb.config.dataDir, 'blobs', tenantId, 'invoices');
const blobsStored = async () => (await fs.readdir(containerDir()).catch(() => [] as string[])).filter((f) => !f.endsWith('.json')).length;
const detail = async (id: string, email = FINANCE) => ok(await t.call('GET', `/api/invoices/by-id?id=${id}`, as(email))).result as Invoice;
const pay = (email: string, id: string) => t.call('POST', '/api/invoices/update', { ...as(email), body: { dto: { id, status: 'payed' } } });
/** POST /invoices/toPayCount, and the ids the list's status=toPay shows: the same rule. */
const toPayCount = async () => (ok(await t.call('POST', '/api/invoices/toPayCount', { ...as(FINANCE), body: {} })).result as { count: number }).count;
const toPayIds = async () => {
  const page = ok(await t.call('GET', '/api/invoices?pageSize=500&status=toPay', as(FINANCE))).result as { items: Invoice[]; total: number };
  expect(page.total).toBe(await toPayCount());
  return page.items.map((i) => i.id);
};
const accept = (email: string, invoiceId: string, reason: string) => t.call('POST', '/api/invoices/accept-mismatch', { ...as(email), body: { invoiceId, reason } });

/** An approved order (3 × A at 10.00, 2 × B at 5.00) whose delivery brought 3 × A and 1 × B, confirmed; its two supplier-order lines. */
async function received() {
  const p = await deliveredOrder(t, world);
  const soLines = await t.db.selectFrom('supplierOrderLines').select(['lineNumber', 'articleNumberSupplier', 'quantity']).where('supplierOrderId', '=', p.so.id).orderBy('lineNumber').execute();
  const lineOf = (quantity: number) => soLines.find((l) => Number(l.quantity) === quantity)!;
  return { ...p, a: lineOf(3), b: lineOf(2) };
}

let numbers = 0;
const spec = (orderReference: string, lines: UblLineSpec[], over: Partial<UblSpec> = {}): UblSpec => ({
  number: `UBL-${Date.now()}-${(numbers += 1)}`, orderReference, issueDate: todayInShopZone(), dueDate: addDays(todayInShopZone(), 30),
  seller: { name: 'Factuur Leverancier BV', enterprise: SELLER }, buyer: { name: 'Bakkerij Janssens' }, lines, ...over,
});
function uploadUbl(email: string, xml: string | Buffer, name = 'invoice.xml', type = 'application/xml') {
  const { payload, headers } = multipart([{ name: 'file', filename: name, contentType: type, data: Buffer.isBuffer(xml) ? xml : Buffer.from(xml) }]);
  return t.call('POST', '/api/invoices/upload-ubl', { ...as(email), headers, body: payload });
}

beforeAll(async () => {
  t = await startTestApp();
  world = await invoiceWorld(t, { name: 'Factuur Leverancier BV', vatNumber: `BE${SELLER}` });
  ({ tenantId, supplierId: supplier } = world);
  customerId = world.customerIds[0]!;
  // The buyer is not named by an enterprise number unless a test says so.
  await t.db.updateTable('customers').set({ vatNumber: null }).where('id', '=', customerId).execute();
});
afterAll(async () => { await t?.close(); });

describe('a UBL e-invoice uploaded (POST /invoices/upload-ubl)', () => {
  test('is booked on the supplier order it names, with its PDF, its lines linked, and matches what was ordered and received', async () => {
    const p = await received();
    const xml = ublInvoiceXml(spec(p.so.gcsNumber, [
      { orderLine: p.a.lineNumber!, sellersId: String(p.a.articleNumberSupplier), name: 'Artikel A', quantity: 3, price: '10.00', vat: 21 },
      // No order line reference: linked by the article number.
      { sellersId: String(p.b.articleNumberSupplier), name: 'Artikel B', quantity: 1, price: '5.00', vat: 21 },
    ], { pdf: pdf('e-factuur') }));
    const inv = ok(await uploadUbl(FINANCE, xml)).result as Invoice;
    expect(inv).toMatchObject({
      source: 'ubl', status: 'open', matchStatus: 'matched', supplierOrderId: p.so.id, orderId: p.order.id, gcsNumber: p.so.gcsNumber,
      supplierId: supplier, priceExcl: '35.00', priceIncl: '42.35', fileName: expect.stringMatching(/\.pdf$/), mayPay: true, mayAcceptMismatch: false,
    });
    expect(inv.lines.map((l: Record<string, unknown>) => [l.quantity, l.unitPriceExcl, l.lineTotalExcl, l.supplierOrderLineId != null])).toEqual([[3, '10.00', '30.00', true], [1, '5.00', '5.00', true]]);
    expect(inv.match).toMatchObject({ status: 'matched', tolerance: { pricePercent: '1', quantityPercent: '0' } });
    expect(inv.match.lines.map((l: { ordered: number; received: number; problems: unknown[] }) => [l.ordered, l.received, l.problems.length])).toEqual([[3, 3, 0], [2, 1, 0]]);
    // The embedded PDF is the invoice's file; the XML is kept too.
    const download = await t.call('POST', '/api/invoices/download', { ...as(FINANCE), body: { invoiceId: inv.id } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const row = await t.db.selectFrom('invoices').select(['ublBlobName', 'blobName']).where('id', '=', inv.id).executeTakeFirstOrThrow();
    expect(row.ublBlobName).toBeTruthy();
    expect(await fs.readFile(path.join(containerDir(), String(row.ublBlobName)), 'utf8')).toContain(p.so.gcsNumber);
    // The same supplier's invoice number is not booked twice; nothing more is kept.
    const before = await blobsStored();
    fails(await uploadUbl(FINANCE, xml), 409, 'InvoiceAlreadyBooked');
    expect(await blobsStored()).toBe(before);
    expect(ok(await pay(FINANCE, inv.id)).result).toMatchObject({ status: 'payed' });
  });

  test('an embedded file that says it is a PDF but is a PNG is not kept as the invoice\'s PDF: the invoice is booked without a file', async () => {
    const p = await received();
    const xml = ublInvoiceXml(spec(p.so.gcsNumber, [{ orderLine: p.a.lineNumber!, sellersId: String(p.a.articleNumberSupplier), name: 'Artikel A', quantity: 3, price: '10.00', vat: 21 }], { pdf: png() }));
    const before = await blobsStored();
    const inv = ok(await uploadUbl(FINANCE, xml)).result as Invoice;
    expect(inv).toMatchObject({ source: 'ubl', fileName: null, fileUrl: null });
    // Only the XML is kept.
    expect(await blobsStored()).toBe(before + 1);
  });

  test('a price above the agreed one and more than received: a mismatch that blocks paying until finance accepts it with a reason', async () => {
    const p = await received();
    const xml = ublInvoiceXml(spec(p.so.gcsNumber, [
      { orderLine: p.a.lineNumber!, name: 'Artikel A', quantity: 3, price: '10.50', vat: 21 },
      { orderLine: p.b.lineNumber!, name: 'Artikel B', quantity: 2, price: '5.00', vat: 21 },
    ]));
    const countBefore = await toPayCount();
    const inv = ok(await uploadUbl(FINANCE, xml)).result as Invoice;
    expect(inv).toMatchObject({ matchStatus: 'mismatch', mayPay: false, mayAcceptMismatch: true });
    // Not to pay while it cannot be paid: neither counted nor listed under toPay.
    expect(await toPayCount()).toBe(countBefore);
    expect(await toPayIds()).not.toContain(inv.id);
    expect(inv.match.lines.map((l: { problems: { code: string; expected: string; actual: string }[] }) => l.problems)).toEqual([
      [{ code: 'priceAboveAgreed', expected: '10', actual: '10.5' }],
      [{ code: 'moreThanReceived', expected: '1', actual: '2' }],
    ]);
    expect((await t.db.selectFrom('invoices').select('matchStatus').where('id', '=', inv.id).executeTakeFirstOrThrow()).matchStatus).toBe('mismatch');
    const filtered = ok(await t.call('GET', '/api/invoices?pageSize=500&matchStatus=mismatch', as(FINANCE))).result.items as Invoice[];
    expect(filtered.map((i) => i.id)).toContain(inv.id);
    expect(filtered.every((i) => i.matchStatus === 'mismatch')).toBe(true);
    const matched = ok(await t.call('GET', '/api/invoices?pageSize=500&matchStatus=matched', as(FINANCE))).result.items as Invoice[];
    expect(matched.length).toBeGreaterThan(0);
    expect(matched.map((i) => i.id)).not.toContain(inv.id);
    fails(await t.call('GET', '/api/invoices?matchStatus=wrong', as(FINANCE)), 400, 'validationFailed');

    fails(await pay(FINANCE, inv.id), 409, 'InvoiceMismatchNotAccepted');
    expect((await detail(inv.id)).status).toBe('open');
    // Only finance (invoices X) accepts; a reason is needed.
    expect((await accept(MANAGER, inv.id, 'Prijsstijging aangekondigd')).statusCode).toBe(403);
    fails(await accept(FINANCE, inv.id, ''), 400, 'validationFailed');
    const accepted = ok(await accept(FINANCE, inv.id, 'Prijsstijging aangekondigd; B volgt')).result as Invoice;
    expect(accepted).toMatchObject({ matchStatus: 'accepted', matchAcceptReason: 'Prijsstijging aangekondigd; B volgt', matchAcceptedByName: expect.any(String), mayPay: true, mayAcceptMismatch: false });
    fails(await accept(FINANCE, inv.id, 'nog eens'), 409, 'InvoiceMatchNothingToAccept');
    // Accepted, it is to pay: counted and listed alike.
    expect(await toPayCount()).toBe(countBefore + 1);
    expect(await toPayIds()).toContain(inv.id);
    const history = ok(await t.call('GET', `/api/v2/orders/${p.order.id}/history`, as(MANAGER))).result as { action: string; reason: string }[];
    expect(history.filter((h) => h.action === 'invoiceMismatchAccepted').map((h) => h.reason)).toEqual([`${inv.number}: Prijsstijging aangekondigd; B volgt`]);

    // What was received changes (the confirmation undone): other problems, the acceptance no longer holds.
    ok(await t.call('PATCH', `/api/deliveries/undo-confirm/${p.delivery.id}`, { ...as(MANAGER), body: {} }));
    expect((await detail(inv.id)).matchStatus).toBe('mismatch');
    expect(await toPayCount()).toBe(countBefore);
    fails(await pay(FINANCE, inv.id), 409, 'InvoiceMismatchNotAccepted');
    ok(await accept(FINANCE, inv.id, 'Levering wordt opnieuw bevestigd'));
    expect(ok(await pay(FINANCE, inv.id)).result).toMatchObject({ status: 'payed', matchStatus: 'accepted' });
  });

  test("the company's tolerance decides: 5 % lets the dearer price pass", async () => {
    const p = await received();
    await t.db.updateTable('customers').set({ invoicePriceTolerancePercent: 5 }).where('id', '=', customerId).execute();
    try {
      const inv = ok(await uploadUbl(FINANCE, ublInvoiceXml(spec(p.so.gcsNumber, [{ orderLine: p.a.lineNumber!, name: 'A', quantity: 3, price: '10.50', vat: 21 }])))).result as Invoice;
      expect(inv).toMatchObject({ matchStatus: 'matched', match: { tolerance: { pricePercent: '5' } } });
    } finally {
      await t.db.updateTable('customers').set({ invoicePriceTolerancePercent: 1 }).where('id', '=', customerId).execute();
    }
  });

  test('refusals keep nothing: not UBL, broken rules, another currency, an unknown order, another seller or buyer, not XML', async () => {
    const p = await received();
    const lines = [{ orderLine: p.a.lineNumber!, name: 'A', quantity: 1, price: '10.00', vat: 21 }];
    const before = await blobsStored();
    const count = async () => Number((await t.db.selectFrom('invoices').select((eb) => eb.fn.countAll().as('n')).where('supplierOrderId', '=', p.so.id).executeTakeFirstOrThrow()).n);
    fails(await uploadUbl(FINANCE, '<note>not an invoice</note>'), 422, 'UblInvoiceUnreadable');
    const broken = fails(await uploadUbl(FINANCE, ublInvoiceXml(spec(p.so.gcsNumber, lines)).replace('<cbc:PayableAmount currencyID="EUR">12.10', '<cbc:PayableAmount currencyID="EUR">99.99')), 422, 'UblInvoiceInvalid');
    expect(broken.details?.map((d) => d.rule)).toContain('BR-CO-16');
    fails(await uploadUbl(FINANCE, ublInvoiceXml(spec(p.so.gcsNumber, lines, { currency: 'USD' }))), 422, 'UblCurrencyNotSupported');
    fails(await uploadUbl(FINANCE, ublInvoiceXml(spec('NO-SUCH-ORDER', lines))), 422, 'UblOrderReferenceUnknown');
    fails(await uploadUbl(FINANCE, ublInvoiceXml(spec(p.so.gcsNumber, lines, { seller: { name: 'Ander BV', enterprise: '0789654333' } }))), 422, 'UblSellerMismatch');
    await t.db.updateTable('customers').set({ vatNumber: 'BE0207451227' }).where('id', '=', customerId).execute();
    try {
      fails(await uploadUbl(FINANCE, ublInvoiceXml(spec(p.so.gcsNumber, lines, { buyer: { name: 'Ander', enterprise: '0789654333' } }))), 422, 'UblBuyerMismatch');
    } finally {
      await t.db.updateTable('customers').set({ vatNumber: null }).where('id', '=', customerId).execute();
    }
    fails(await uploadUbl(FINANCE, pdf(), 'invoice.pdf', 'application/pdf'), 415, 'FileTypeNotAllowed');
    // Who enters invoices (C) uploads them; a buyer does not.
    expect((await uploadUbl('buyer@demo.test', ublInvoiceXml(spec(p.so.gcsNumber, lines)))).statusCode).toBe(403);
    expect(await blobsStored()).toBe(before);
    expect(await count()).toBe(0);
  });
});

describe('every invoice of a supplier order is matched', () => {
  test("create-yc-invoice of the delivery matches; an invoice entered by hand without lines is matched on its total; earlier invoices count", async () => {
    const p = await received();
    const platform = ok(await t.call('POST', '/api/admin/invoices/create-yc-invoice', { as: 'superadmin@demo.test', body: { deliveryId: p.delivery.id } })).result as Invoice;
    expect(platform.matchStatus).toBe('matched');
    // A second invoice for the same goods: everything received is charged already.
    const twice = ok(await t.call('POST', '/api/invoices/create', { ...as(FINANCE), body: { dto: {
      number: `DUBBEL-${Date.now()}`, gcsNumber: p.so.gcsNumber, priceExcl: '35.00', priceIncl: '42.35', invoiceDate: todayInShopZone(), dueDate: addDays(todayInShopZone(), 30),
      lines: [{ supplierOrderLineId: (await t.db.selectFrom('supplierOrderLines').select('id').where('supplierOrderId', '=', p.so.id).where('quantity', '=', 3).executeTakeFirstOrThrow()).id, quantity: 3, unitPriceExcl: '10.00' }],
    } } })).result as Invoice;
    expect(twice.matchStatus).toBe('mismatch');
    expect(twice.match.lines[0].problems.map((x: { code: string }) => x.code)).toEqual(['moreThanOrdered', 'moreThanReceived']);
    // The platform's invoice deleted: the second one is the first to charge them, and matches.
    ok(await t.call('POST', '/api/invoices/delete', { ...as(FINANCE), body: { dto: { id: platform.id } } }));
    expect((await detail(twice.id)).matchStatus).toBe('matched');
    expect((await t.db.selectFrom('invoices').select('matchStatus').where('id', '=', twice.id).executeTakeFirstOrThrow()).matchStatus).toBe('matched');

    // By hand, no lines: the total excl. VAT against the value received (3 × 10 + 1 × 5 = 35.00).
    const q = await received();
    const byHand = (priceExcl: string) => t.call('POST', '/api/invoices/create', { ...as(FINANCE), body: { dto: {
      number: `HAND-${priceExcl}-${Date.now()}`, gcsNumber: q.so.gcsNumber, priceExcl, priceIncl: '50.00', invoiceDate: todayInShopZone(), dueDate: addDays(todayInShopZone(), 30),
    } } });
    const over = ok(await byHand('40.00')).result as Invoice;
    expect(over.match.lines).toEqual([expect.objectContaining({ lineNumber: null, problems: [{ code: 'totalAboveReceived', expected: '35', actual: '40' }] })]);
    // An invoice that names no supplier order is not checked.
    const loose = ok(await t.call('POST', '/api/invoices/create', { ...as(FINANCE), body: { dto: {
      number: `LOS-${Date.now()}`, priceExcl: '1.00', priceIncl: '1.21', invoiceDate: todayInShopZone(), dueDate: addDays(todayInShopZone(), 30),
    } } })).result as Invoice;
    expect(loose).toMatchObject({ matchStatus: 'notChecked', match: null, mayPay: true });
  });
});

describe('the e-invoice inbox (invoices.inbox)', () => {
  test('books what names a supplier order of the platform, refuses the rest with the reason beside it', async () => {
    const p = await received();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'inbox-'));
    const good = spec(p.so.gcsNumber, [{ orderLine: p.a.lineNumber!, name: 'A', quantity: 3, price: '10.00', vat: 21 }]);
    await fs.writeFile(path.join(dir, 'good.xml'), ublInvoiceXml(good));
    await fs.writeFile(path.join(dir, 'unknown.xml'), ublInvoiceXml(spec('NOPE-1', good.lines)));
    const run = await bookInbox(t.db, { ...t.testDb.config, invoiceInboxDir: dir });
    expect(run.booked.map((b) => b.file)).toEqual(['good.xml']);
    expect(run.refused).toEqual([expect.objectContaining({ file: 'unknown.xml', errorCode: 'UblOrderReferenceUnknown' })]);
    const booked = await detail(run.booked[0]!.invoiceId);
    expect(booked).toMatchObject({ number: good.number, source: 'ubl', supplierOrderId: p.so.id, matchStatus: 'matched', createdById: null });
    expect(JSON.parse(await fs.readFile(path.join(dir, 'refused', 'unknown.xml.reason.json'), 'utf8'))).toMatchObject({ errorCode: 'UblOrderReferenceUnknown' });
    // The same file again is a duplicate, refused.
    await fs.writeFile(path.join(dir, 'again.xml'), ublInvoiceXml(good));
    expect((await bookInbox(t.db, { ...t.testDb.config, invoiceInboxDir: dir })).refused).toEqual([expect.objectContaining({ file: 'again.xml', errorCode: 'InvoiceAlreadyBooked' })]);
  });
});
