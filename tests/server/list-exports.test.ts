import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONSTANTS, INVOICE_STATUSES, ORDER_STATUSES, resourceByName } from '../../model';
import { addDays, todayInShopZone } from '../../src/shared/shop-clock';
import { line } from './basket-helpers';
import { deliveredOrder, invoiceWorld, MANAGER, type InvoiceWorld } from './invoice-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * The lists' exports (issue 29: GET /v2/orders/export.xlsx, /deliveries/export.xlsx,
 * /invoices/export.xlsx): exactly the rows the list's query selects on all its pages, in its order,
 * for whoever may read the list (a buyer their own orders and deliveries, no company's but the
 * acting one's), in the caller's language with real numbers and dates, refused past the cap; the
 * invoices' outstanding total over the same filters; and marking several invoices paid at once
 * through the single call's rule, each on its own.
 */

let t: TestApp;
let world: InvoiceWorld;
let c1: string;
let c2: string;
const BUYER = 'buyer@demo.test';
const FINANCE = 'finance@demo.test';
const as = (email: string, customerId = c1, language = 'nl') => ({ as: email, customerId, headers: { 'accept-language': language } });
const today = () => todayInShopZone();

interface Sheet { name: string; header: unknown[]; rows: unknown[][] }

/** The answer's workbook: its one sheet's name, header and rows (cells as exceljs reads them). */
async function sheetOf(response: LightMyRequestResponse): Promise<Sheet> {
  expect({ status: response.statusCode, body: response.statusCode === 200 ? '' : response.body }).toEqual({ status: 200, body: '' });
  expect(response.headers['content-type']).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  expect(book.worksheets).toHaveLength(1);
  const sheet = book.worksheets[0]!;
  const [header = [], ...rows] = (sheet.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
  return { name: sheet.name, header, rows: rows.map((r) => header.map((_, i) => r[i] ?? null)) };
}

const exported = async (path: string, who: ReturnType<typeof as>, query: Record<string, string> = {}) => sheetOf(await t.call('GET', `/api/${path}`, { ...who, query }));
const column = (s: Sheet, name: string) => s.rows.map((r) => r[s.header.indexOf(name)]);

async function placeAs(email: string, customerId: string) {
  ok(await t.call('PUT', '/api/v2/transporters/update', { as: email, customerId, body: { transporter: { transporterLines: [line(world.articleA, 1)] } } }));
  return ok(await t.call('POST', '/api/v2/orders/transporter', { as: email, customerId, body: {} })).result as { id: string; orderNumber: string };
}

let delivered: Awaited<ReturnType<typeof deliveredOrder>>;
let buyerOpen: { id: string; orderNumber: string };
let managerOwn: { id: string; orderNumber: string };
let otherCompany: { id: string; orderNumber: string };

beforeAll(async () => {
  t = await startTestApp();
  world = await invoiceWorld(t, { name: 'Export Leverancier NV' });
  [c1, c2] = world.customerIds as [string, string];
  delivered = await deliveredOrder(t, world);
  buyerOpen = await placeAs(BUYER, c1);
  managerOwn = await placeAs(MANAGER, c1);
  otherCompany = await placeAs(MANAGER, c2);
});
afterAll(async () => { await t?.close(); });

describe('GET /v2/orders/export.xlsx', () => {
  const listed = async (who: ReturnType<typeof as>, query: Record<string, string> = {}) =>
    (ok(await t.call('GET', '/api/v2/orders', { ...who, query: { page: '1', pageSize: '500', ...query } })).items as { orderNumber: string }[]).map((o) => o.orderNumber);

  test('a buyer exports their own orders, every one the list shows them and no other', async () => {
    const sheet = await exported('v2/orders/export.xlsx', as(BUYER));
    const numbers = column(sheet, 'Bestelnummer');
    expect(numbers).toEqual(await listed(as(BUYER)));
    expect(numbers).toEqual(expect.arrayContaining([delivered.order.orderNumber, buyerOpen.orderNumber]));
    expect(numbers).not.toContain(managerOwn.orderNumber);
    expect(numbers).not.toContain(otherCompany.orderNumber);
  });

  test("a company admin exports the company's orders as the filters and sort select them, never another company's", async () => {
    const all = column(await exported('v2/orders/export.xlsx', as(MANAGER), { sort: 'orderNumber', order: 'ASC' }), 'Bestelnummer');
    expect(all).toEqual(await listed(as(MANAGER), { sort: 'orderNumber', order: 'ASC' }));
    expect(all).toEqual([...all].sort());
    expect(all).toEqual(expect.arrayContaining([delivered.order.orderNumber, buyerOpen.orderNumber, managerOwn.orderNumber]));
    expect(all).not.toContain(otherCompany.orderNumber);

    const approved = await exported('v2/orders/export.xlsx', as(MANAGER), { orderState: 'approved' });
    expect(column(approved, 'Bestelnummer')).toEqual([delivered.order.orderNumber]);
    const byNumber = await exported('v2/orders/export.xlsx', as(MANAGER), { gcoNumber: managerOwn.orderNumber });
    expect(column(byNumber, 'Bestelnummer')).toEqual([managerOwn.orderNumber]);

    expect(column(await exported('v2/orders/export.xlsx', as(MANAGER, c2)), 'Bestelnummer')).toEqual([otherCompany.orderNumber]);
    fails(await t.call('GET', '/api/v2/orders/export.xlsx', { ...as(MANAGER), query: { sort: 'password' } }), 400, 'validationFailed');
  });

  test('headers and statuses in the caller\'s language, dates as dates, totals as numbers, a named file', async () => {
    const response = await t.call('GET', '/api/v2/orders/export.xlsx', { ...as(MANAGER, c1, 'fr'), query: { orderState: 'approved' } });
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename="commandes-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const sheet = await sheetOf(response);
    const orders = resourceByName('orders');
    expect(sheet.name).toBe('Commandes');
    expect(sheet.header).toEqual(['orderNumber', 'orderDate', 'status', 'about', 'totalCost'].map((f) => orders.fields[f]!.label.fr));
    const [row] = sheet.rows;
    expect(row![2]).toBe(ORDER_STATUSES.approved.fr);
    expect(row![1]).toBeInstanceOf(Date);
    const stored = await t.db.selectFrom('orders').select(['orderDate', 'totalCost']).where('id', '=', delivered.order.id).executeTakeFirstOrThrow();
    expect(row![4]).toBe(Number(stored.totalCost));
    // The moment as the Brussels clock showed it, to the minute.
    const shown = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Brussels', dateStyle: 'short', timeStyle: 'short' }).format(new Date(stored.orderDate as string | Date));
    expect((row![1] as Date).toISOString().slice(0, 16).replace('T', ' ')).toBe(shown);
  });
});

describe('GET /deliveries/export.xlsx', () => {
  test('a buyer exports the deliveries of their own orders; the company admin the company\'s, filtered; another company none', async () => {
    const number = delivered.delivery.deliveryNumber;
    const buyer = await exported('deliveries/export.xlsx', as(BUYER));
    expect(column(buyer, 'Leveringsnummer')).toEqual([number]);
    expect(buyer.header).toEqual(['Leveringsnummer', 'Status', 'Naam leverancier', 'Bestelnummer', 'Leveranciersbestelnummer', 'Verwachte datum', 'Leverdatum']);
    expect(buyer.rows[0]!.slice(1, 5)).toEqual(['Bevestigd', 'Export Leverancier NV', delivered.order.orderNumber, delivered.so.gcsNumber]);

    expect(column(await exported('deliveries/export.xlsx', as(MANAGER), { deliveryStatus: 'approved', gcsNumber: delivered.so.gcsNumber }), 'Leveringsnummer')).toEqual([number]);
    expect((await exported('deliveries/export.xlsx', as(MANAGER), { deliveryStatus: 'toApprove', gcsNumber: delivered.so.gcsNumber })).rows).toEqual([]);
    expect((await exported('deliveries/export.xlsx', as(MANAGER, c2))).rows).toEqual([]);
  });
});

describe('GET /invoices/export.xlsx and /invoices/outstanding', () => {
  const prefix = `EXP-${Math.random().toString(36).slice(2, 7)}`;
  const made: { id: string; number: string }[] = [];
  const create = async (over: Record<string, unknown>, email = FINANCE, customerId = c1) => ok(await t.call('POST', '/api/invoices/create', {
    ...as(email, customerId), body: { dto: { number: `F-${Math.random().toString(36).slice(2, 8)}`, priceExcl: '100.00', priceIncl: '121.00', invoiceDate: today(), dueDate: addDays(today(), 30), supplierId: world.supplierId, ...over } },
  })).result as { id: string; number: string };

  beforeAll(async () => {
    made.push(await create({ gcsNumber: `${prefix}-1`, priceIncl: '121.50' }), await create({ gcsNumber: `${prefix}-2`, priceIncl: '60.25', dueDate: addDays(today(), 10) }), await create({ gcsNumber: `${prefix}-3` }));
    ok(await t.call('POST', '/api/invoices/update', { ...as(FINANCE), body: { dto: { id: made[2]!.id, status: 'payed' } } }));
    await create({ gcsNumber: `${prefix}-9` }, MANAGER, c2);
  });

  test('the filters choose the rows; amounts are numbers, days dates, statuses named', async () => {
    const open = await exported('invoices/export.xlsx', as(FINANCE), { gcsNumber: prefix, status: 'open' });
    expect(open.header).toEqual(['Factuurnummer', 'Status', 'Controle', 'Naam leverancier', 'Leveranciersbestelnummer', 'Bedrag excl. btw', 'Bedrag incl. btw', 'Factuurdatum', 'Vervaldatum', 'Betaald op']);
    // Newest invoice date first, then as the list orders them: the same rows as every page of GET /invoices.
    const listed = ok(await t.call('GET', '/api/invoices', { ...as(FINANCE), query: { gcsNumber: prefix, status: 'open', pageSize: '1' } })).result;
    expect(listed.total).toBe(2);
    expect(column(open, 'Factuurnummer').sort()).toEqual([made[0]!.number, made[1]!.number].sort());
    const first = open.rows.find((r) => r[0] === made[0]!.number)!;
    expect(first.slice(1, 7)).toEqual([INVOICE_STATUSES.open.nl, 'Niet gecontroleerd', 'Export Leverancier NV', `${prefix}-1`, 100, 121.5]);
    expect(first[7]).toEqual(new Date(`${today()}T00:00:00Z`));
    expect(first[8]).toEqual(new Date(`${addDays(today(), 30)}T00:00:00Z`));
    expect(first[9]).toBeNull();

    const paid = await exported('invoices/export.xlsx', as(FINANCE), { gcsNumber: prefix, status: 'payed' });
    expect(column(paid, 'Factuurnummer')).toEqual([made[2]!.number]);
    expect(paid.rows[0]![9]).toBeInstanceOf(Date);
    expect(column(await exported('invoices/export.xlsx', as(FINANCE), { gcsNumber: prefix, dueDateFilter: addDays(today(), 10) }), 'Factuurnummer')).toEqual([made[1]!.number]);
  });

  test("another company's export never holds them; a buyer, who reads no invoices, exports none", async () => {
    expect(column(await exported('invoices/export.xlsx', as(MANAGER, c2), { gcsNumber: prefix }), 'Factuurnummer')).toHaveLength(1);
    expect(column(await exported('invoices/export.xlsx', as(MANAGER, c1), { gcsNumber: prefix }), 'Factuurnummer')).toHaveLength(3);
    fails(await t.call('GET', '/api/invoices/export.xlsx', as(BUYER)), 403, 'forbiddenAccess');
    fails(await t.call('GET', '/api/invoices/outstanding', as(BUYER)), 403, 'forbiddenAccess');
  });

  test('the outstanding total adds up the unpaid invoices the filters select', async () => {
    const outstanding = async (query: Record<string, string>, who = as(FINANCE)) => ok(await t.call('GET', '/api/invoices/outstanding', { ...who, query })).result;
    expect(await outstanding({ gcsNumber: prefix })).toEqual({ amount: '181.75', count: 2 });
    expect(await outstanding({ gcsNumber: `${prefix}-2` })).toEqual({ amount: '60.25', count: 1 });
    expect(await outstanding({ gcsNumber: prefix, status: 'payed' })).toEqual({ amount: '0.00', count: 0 });
    expect(await outstanding({ gcsNumber: prefix }, as(MANAGER, c2))).toEqual({ amount: '121.00', count: 1 });
  });
});

describe('the cap', () => {
  test(`a list's query that selects more than ${CONSTANTS.listExportMaxRows} rows is refused before anything is written; narrowed, it is written`, async () => {
    const tenantId = await t.tenantId();
    await sql`insert into invoices (tenant_id, customer_id, number, gcs_number, price_excl, price_incl, invoice_date, due_date, status, source, match_status, deleted)
      select ${tenantId}, ${c2}, 'CAP-' || g, 'CAP-' || g, 1, 1.21, current_date, current_date + 30, 'open', 'manual', 'notChecked', false
      from generate_series(1, ${CONSTANTS.listExportMaxRows + 1}) g`.execute(t.db);
    const refused = fails(await t.call('GET', '/api/invoices/export.xlsx', as(MANAGER, c2, 'en')), 422, 'ListExportTooLarge');
    expect(refused.message).toContain('50.000');
    fails(await t.call('GET', '/api/invoices/export.xlsx', { ...as(MANAGER, c2), query: { status: 'open' } }), 422, 'ListExportTooLarge');
    // Narrowed by the filters, the same list is written.
    expect(column(await exported('invoices/export.xlsx', as(MANAGER, c2), { gcsNumber: 'CAP-4999' }), 'Factuurnummer').sort())
      .toEqual(['CAP-4999', ...Array.from({ length: 10 }, (_, i) => `CAP-4999${i}`)].sort());
  }, 120_000);
});

describe('POST /invoices/mark-paid-bulk', () => {
  const bulk = (email: string, invoiceIds: string[], customerId = c1) => t.call('POST', '/api/invoices/mark-paid-bulk', { ...as(email, customerId), body: { invoiceIds } });
  const create = async (over: Record<string, unknown> = {}, customerId = c1, email = FINANCE) => ok(await t.call('POST', '/api/invoices/create', {
    ...as(email, customerId), body: { dto: { number: `B-${Math.random().toString(36).slice(2, 8)}`, priceExcl: '10.00', priceIncl: '12.10', invoiceDate: today(), dueDate: addDays(today(), 30), ...over } },
  })).result as { id: string; matchStatus: string };
  const stored = (id: string) => t.db.selectFrom('invoices').select(['status', 'paidById', 'paidAt']).where('id', '=', id).executeTakeFirstOrThrow();

  test('pays each invoice through the single step; one it refuses says why with its errorCode and leaves the others paid', async () => {
    const [a, b, done] = [await create(), await create({ invoiceDate: addDays(today(), -40), dueDate: addDays(today(), -3) }), await create()];
    ok(await t.call('POST', '/api/invoices/update', { ...as(FINANCE), body: { dto: { id: done.id, status: 'payed' } } }));
    const paidBefore = await stored(done.id);
    const foreign = await create({}, c2, MANAGER);
    // Charging more than the delivery brought: the three-way match blocks paying it.
    const mismatch = await create({ gcsNumber: delivered.so.gcsNumber, priceExcl: '500.00', priceIncl: '605.00' });
    expect(mismatch.matchStatus).toBe('mismatch');
    const missing = '00000000-0000-4000-8000-000000000000';

    const answer = ok(await bulk(FINANCE, [a.id, b.id, done.id, foreign.id, mismatch.id, missing, a.id])).result;
    expect(answer).toEqual([
      { invoiceId: a.id, ok: true, status: 'payed' },
      { invoiceId: b.id, ok: true, status: 'payed' },
      // Paid already: as the single call, nothing changes and it stays paid.
      { invoiceId: done.id, ok: true, status: 'payed' },
      { invoiceId: foreign.id, ok: false, errorCode: 'InvoiceNotFound' },
      { invoiceId: mismatch.id, ok: false, errorCode: 'InvoiceMismatchNotAccepted' },
      { invoiceId: missing, ok: false, errorCode: 'InvoiceNotFound' },
    ]);
    const finance = await t.userId(FINANCE);
    for (const id of [a.id, b.id]) expect(await stored(id)).toMatchObject({ status: 'payed', paidById: finance });
    expect((await stored(a.id)).paidAt).not.toBeNull();
    expect(await stored(done.id)).toEqual(paidBefore);
    expect(await stored(foreign.id)).toMatchObject({ status: 'open', paidById: null });
    expect(await stored(mismatch.id)).toMatchObject({ status: 'open', paidById: null });
  });

  test('whoever may not change invoices is refused; the list of ids is checked', async () => {
    const one = await create();
    fails(await bulk(BUYER, [one.id]), 403, 'forbiddenAccess');
    expect(await stored(one.id)).toMatchObject({ status: 'open' });
    fails(await bulk(FINANCE, []), 400, 'validationFailed');
    fails(await bulk(FINANCE, Array.from({ length: CONSTANTS.bulkActionMaxIds + 1 }, () => one.id)), 400, 'validationFailed');
    fails(await bulk(FINANCE, ['not-an-id']), 400, 'validationFailed');
    // A company admin pays as finance does (the workflow's parties).
    expect(ok(await bulk(MANAGER, [one.id])).result).toEqual([{ invoiceId: one.id, ok: true, status: 'payed' }]);
  });
});
