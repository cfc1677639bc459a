import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays, todayInShopZone } from '../../src/shared/shop-clock';
import { exportsRunJob } from '../../src/server/reporting/export-job';
import { XLSX_TYPE } from '../../src/shared/contracts/define';
import { sheetNames } from '../../src/server/reporting/spreadsheet';
import { deliveredOrder, invoiceWorld, MANAGER, type InvoiceWorld } from './invoice-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { addUser, readEml } from './mail-helpers';

/**
 * flows §1 /reporting and /ycAdmin/reporting, §5 Reports: the report of a period (start inclusive,
 * end exclusive, in the shop's time zone; both empty = all; only a start = up to today inclusive; a
 * start after the end refused), who may read it (reports R; platform admins per customer), export
 * requests (exports X; at most 3 queued per user: TooManyExportRequests) and the exports.run job
 * that mails the spreadsheet (read back with exceljs).
 */

let t: TestApp;
let w: InvoiceWorld;
let first: string;
let second: string;
let tenantId: string;
const FINANCE = 'finance@demo.test';
const as = (email: string, customerId = first) => ({ as: email, customerId });
const report = (email: string, body: Record<string, unknown>, customerId = first) => t.call('POST', '/api/reports/query', { ...as(email, customerId), body });
const figures = async (body: Record<string, unknown>, customerId = second) => ok(await report(MANAGER, body, customerId)).result;

/** An order of the second company on a moment (ISO with offset), total excl. `excl`. */
async function orderAt(at: string, excl: string, orderNumber: string, departmentId: string | null = null) {
  const buyer = await t.userId('buyer@demo.test');
  await t.db.insertInto('orders').values({
    tenantId, customerId: second, orderedById: buyer, orderNumber, orderDate: new Date(at), status: 'approved',
    totalProductCostExcl: excl, totalCost: (Number(excl) * 1.21).toFixed(2), departmentId,
  } as never).execute();
}

let delivered: Awaited<ReturnType<typeof deliveredOrder>>;

beforeAll(async () => {
  t = await startTestApp();
  w = await invoiceWorld(t, { name: 'Rapport Leverancier NV' });
  ({ tenantId } = w);
  [first, second] = w.customerIds as [string, string];
  // The second company's orders around January 2031's edges, in Brussels time (UTC+1 in winter).
  await orderAt('2031-01-09T23:59:00+01:00', '1.00', 'R-0109');
  await orderAt('2031-01-10T00:10:00+01:00', '10.00', 'R-0110');
  await orderAt('2031-01-31T23:30:00+01:00', '20.00', 'R-0131');
  await orderAt('2031-02-01T00:30:00+01:00', '40.00', 'R-0201');
  // The first company: a delivered order (3 × 10.00 + 2 × 5.00, one short), its supplier order made 3 days before the delivery.
  delivered = await deliveredOrder(t, w);
  const deliveryDate = todayInShopZone();
  await t.db.updateTable('deliveries').set({ deliveryDate }).where('id', '=', delivered.delivery.id).execute();
  await t.db.updateTable('supplierOrders').set({ createdAt: new Date(`${addDays(deliveryDate, -3)}T12:00:00+01:00`) }).where('id', '=', delivered.so.id).execute();
  await t.db.updateTable('deliveryLines').set({ problemType: 'damagedItems' }).where('deliveryId', '=', delivered.delivery.id).where('delivered', '=', 1).execute();
});
afterAll(async () => { await t?.close(); });

describe('the period (flows §5 Reports)', () => {
  test('start inclusive, end exclusive, days in Brussels time', async () => {
    const r = await figures({ startDate: '2031-01-10', endDate: '2031-02-01' });
    expect(r.period).toEqual({ startDate: '2031-01-10', endDate: '2031-02-01' });
    // 01-09 23:59 is before the start; 02-01 00:30 Brussels is 01-31 in UTC but February here: out.
    expect(r.orders).toMatchObject({ count: 2, totalExcl: '30.00', totalIncl: '36.30' });
    expect(r.orders.byMonth).toEqual([{ month: '2031-01', count: 2, totalExcl: '30.00' }]);
    expect((await figures({ startDate: '2031-01-10', endDate: '2031-01-31' })).orders.totalExcl).toBe('10.00');
    expect((await figures({ startDate: '2031-02-01', endDate: '2031-02-02' })).orders.totalExcl).toBe('40.00');
    // The same day as start and end: nothing (the end is excluded).
    expect((await figures({ startDate: '2031-01-10', endDate: '2031-01-10' })).orders.count).toBe(0);
  });

  test('both empty: all data; only an end: everything before it', async () => {
    const all = await figures({});
    expect(all.period).toEqual({ startDate: null, endDate: null });
    expect(all.orders).toMatchObject({ count: 4, totalExcl: '71.00' });
    expect((await figures({ startDate: '', endDate: '' })).orders.count).toBe(4);
    expect((await figures({ endDate: '2031-01-10' })).orders).toMatchObject({ count: 1, totalExcl: '1.00' });
  });

  test('only a start: up to today inclusive (tomorrow is out)', async () => {
    const today = todayInShopZone();
    await orderAt(new Date().toISOString(), '5.00', 'R-TODAY');
    await orderAt(`${addDays(today, 1)}T12:00:00+01:00`, '7.00', 'R-TOMORROW');
    const r = await figures({ startDate: today });
    expect(r.period).toEqual({ startDate: today, endDate: addDays(today, 1) });
    expect(r.orders).toMatchObject({ count: 1, totalExcl: '5.00' });
    await t.db.deleteFrom('orders').where('orderNumber', 'in', ['R-TODAY', 'R-TOMORROW']).execute();
  });

  test('a start later than the end is refused with its message; so is a lone start after today and a day that does not exist', async () => {
    const refused = fails(await report(MANAGER, { startDate: '2031-02-01', endDate: '2031-01-31' }, second), 400, 'invalidReportPeriod');
    expect(refused.details).toEqual([expect.objectContaining({ path: 'startDate', rule: 'invalidReportPeriod' })]);
    const fr = await t.call('POST', '/api/reports/query', { ...as(MANAGER, second), headers: { 'accept-language': 'fr' }, body: { startDate: '2031-02-01', endDate: '2031-01-31' } });
    expect(fr.json().message).toBe('La date de début ne peut pas être postérieure à la date de fin.');
    fails(await report(MANAGER, { startDate: addDays(todayInShopZone(), 1) }, second), 400, 'invalidReportPeriod');
    fails(await report(MANAGER, { startDate: '2031-02-30' }, second), 400, 'validationFailed');
    fails(await report(MANAGER, { startDate: '10/01/2031' }, second), 400, 'validationFailed');
  });
});

describe('the figures', () => {
  test('orders per status and department, supplier orders, spend per supplier, deliveries with problems and lead time', async () => {
    const r = ok(await report(MANAGER, {})).result;
    expect(r.orders).toMatchObject({ count: 1, totalExcl: '40.00' });
    expect(r.orders.byStatus).toEqual([{ status: 'approved', count: 1, totalExcl: '40.00' }]);
    expect(r.orders.byDepartment).toHaveLength(1);
    expect(r.orders.byDepartment[0]).toMatchObject({ count: 1, totalExcl: '40.00' });
    expect(r.supplierOrders).toMatchObject({ count: 1, totalExcl: '40.00' });
    expect(r.suppliers).toEqual([{
      supplierId: w.supplierId, name: 'Rapport Leverancier NV', supplierOrders: 1, spendExcl: '40.00', spendIncl: expect.any(String),
      deliveries: 1, deliveriesWithProblems: 1, averageLeadDays: 3,
    }]);
    expect(r.deliveries).toMatchObject({ count: 1, withProblems: 1, averageLeadDays: 3, maxLeadDays: 3, byProblem: [{ problemType: 'damagedItems', count: 1 }] });
    // The second company's orders are not the first's.
    expect(r.orders.byMonth.map((m: { month: string }) => m.month)).not.toContain('2031-01');
  });
});

describe('who may read reports', () => {
  test('reports R: a customer admin and finance read; a buyer (role user) is refused', async () => {
    ok(await report(FINANCE, {}));
    fails(await report('buyer@demo.test', {}), 403, 'forbiddenAccess');
    fails(await t.call('POST', '/api/reports/query', { body: {} }), 401, 'unauthorized');
  });

  test('platform admins: one customer of the tenant, or all of them; a customer user may not', async () => {
    const one = ok(await t.call('POST', '/api/admin/reports/query', { as: 'admin@demo.test', body: { customerId: second, startDate: '2031-01-10', endDate: '2031-02-01' } })).result;
    expect(one.orders.count).toBe(2);
    const all = ok(await t.call('POST', '/api/admin/reports/query', { as: 'admin@demo.test', body: {} })).result;
    expect(all.orders.count).toBe(5);
    fails(await t.call('POST', '/api/admin/reports/query', { as: 'admin@demo.test', body: { customerId: randomUUID() } }), 404, 'CustomerNotFound');
    const [foreign] = await t.customerIds('acme.localhost');
    fails(await t.call('POST', '/api/admin/reports/query', { as: 'admin@demo.test', body: { customerId: foreign } }), 404, 'CustomerNotFound');
    fails(await t.call('POST', '/api/admin/reports/query', { ...as(MANAGER), body: {} }), 403, 'forbiddenAccess');
  });
});

describe('exports (at most 3 queued, mailed by exports.run)', () => {
  const request = (email: string, body: Record<string, unknown> = {}, customerId = first) => t.call('POST', '/api/reports/exports', { ...as(email, customerId), body });
  const rowsOf = async (userId: string) => t.db.selectFrom('exportRequests').selectAll().where('requestedById', '=', userId).execute();

  test('exports X: a buyer may not ask one; the 4th waiting request is TooManyExportRequests and queues nothing', async () => {
    fails(await request('buyer@demo.test'), 403, 'forbiddenAccess');
    const manager = await t.userId(MANAGER);
    const made: { id: string; status: string }[] = [];
    for (let i = 0; i < 3; i++) made.push(ok(await request(MANAGER, { startDate: '2031-01-10', endDate: '2031-02-01' }, second)).result);
    expect(made.map((m) => m.status)).toEqual(['queued', 'queued', 'queued']);
    // The limit is the user's, over their companies.
    const refused = await request(MANAGER, {}, first);
    expect(refused.statusCode).toBe(429);
    fails(refused, 429, 'TooManyExportRequests');
    const rows = await rowsOf(manager);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.jobId)).toBe(true);
    // A wrong period queues nothing either.
    await t.db.updateTable('exportRequests').set({ status: 'failed' }).where('id', '=', made[0].id).execute();
    fails(await request(MANAGER, { startDate: '2031-02-01', endDate: '2031-01-01' }), 400, 'invalidReportPeriod');
    expect(await rowsOf(manager)).toHaveLength(3);
    // One no longer waiting: room for one more.
    ok(await request(MANAGER, {}, first));
    fails(await request(MANAGER, {}, first), 429, 'TooManyExportRequests');
    const mine = ok(await t.call('GET', '/api/reports/exports', as(MANAGER, second))).result;
    expect(mine.items.map((i: { id: string }) => i.id).sort()).toEqual(made.map((m) => m.id).sort());
    expect(mine.items.find((i: { id: string }) => i.id === made[0].id).status).toBe('failed');
  });

  test('five requests at once: three are queued', async () => {
    const email = 'rapport-finance@demo.test';
    const userId = await addUser(t, email, { roles: ['admin'], customerId: first });
    const answers = await Promise.all(Array.from({ length: 5 }, () => request(email)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 429, 429]);
    expect(await rowsOf(userId)).toHaveLength(3);
  });

  test('the job builds the spreadsheet of the period and mails it; the request is sent; a second run mails nothing more', async () => {
    // finance reads reports but may not export (no exports area in its role).
    fails(await request(FINANCE), 403, 'forbiddenAccess');
    const ADMIN2 = 'rapport-admin@demo.test';
    await addUser(t, ADMIN2, { roles: ['admin'], customerId: first });
    const made = ok(await request(ADMIN2, { startDate: '2020-01-01' })).result;
    expect(made).toMatchObject({ status: 'queued', recipient: ADMIN2 });
    const jobId = randomUUID();
    const context = { db: t.db, config: t.testDb.config, log: t.app.log, attempt: { id: jobId, retryCount: 0, retryLimit: 3, last: false } };
    const result = await exportsRunJob.handle({ tenantId, exportRequestId: made.id }, context);
    expect(result).toEqual({ rows: 4 });
    const row = await t.db.selectFrom('exportRequests').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', rowCount: 4, error: null });
    expect(row.finishedAt).not.toBeNull();
    const mail = await t.db.selectFrom('mailOutbox').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ kind: 'reportExport', status: 'sent', recipient: ADMIN2, language: 'nl' });
    expect(mail.subject).toContain('Je export van');
    expect(mail.subject).toMatch(/\(vanaf 2020-01-01 tot en met \d{4}-\d\d-\d\d\)/);

    const eml = (await readEml(t, jobId))!;
    const text = eml.replace(/\r\n/g, '\n');
    // The part's header (nodemailer may fold its long Content-Type line).
    const at = text.indexOf(XLSX_TYPE);
    expect(at).toBeGreaterThan(0);
    const bodyStart = text.indexOf('\n\n', at) + 2;
    const xlsx = Buffer.from(text.slice(bodyStart, text.indexOf('\n--', bodyStart)).replace(/\s+/g, ''), 'base64');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(sheetNames('nl'));
    const values = (name: string) => book.getWorksheet(name)!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    const [orders, supplierOrders, deliveries, suppliers] = sheetNames('nl').map(values);
    expect(orders![0]).toEqual(['Bestelnummer', 'Datum', 'Status', 'Afdeling', 'Besteld door', 'Totaal excl. btw', 'Totaal incl. btw']);
    expect(orders).toHaveLength(2);
    expect(orders![1]![0]).toBe(delivered.order.orderNumber);
    expect(orders![1]![2]).toBe('approved');
    expect(orders![1]![5]).toBe(40);
    expect(supplierOrders![1]!.slice(0, 2)).toEqual([delivered.so.gcsNumber, delivered.order.orderNumber]);
    expect(deliveries![1]).toEqual(expect.arrayContaining([delivered.delivery.deliveryNumber, 'damagedItems', 3]));
    expect(suppliers![1]!.slice(0, 3)).toEqual(['Rapport Leverancier NV', 1, 40]);

    // Run again (a retry after the mail went out): nothing more is sent.
    expect(await exportsRunJob.handle({ tenantId, exportRequestId: made.id }, { ...context, attempt: { ...context.attempt, id: randomUUID() } })).toEqual({ skipped: 'sent' });
    expect(await t.db.selectFrom('mailOutbox').select('id').where('kind', '=', 'reportExport').execute()).toHaveLength(1);
  });

  test('the job is a background task platform admins see', async () => {
    const tasks = ok(await t.call('GET', '/api/admin/tasks/available', { as: 'superadmin@demo.test' }));
    expect(JSON.stringify(tasks)).toContain('exports.run');
  });
});
