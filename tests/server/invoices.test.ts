import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONSTANTS } from '../../model';
import { permissionsForRoles } from '../../src/shared/access';
import { addDays, todayInShopZone } from '../../src/shared/shop-clock';
import { expireDueInvoices } from '../../src/server/invoicing/expire-job';
import { deliveredOrder, invoiceWorld, MANAGER, type InvoiceWorld } from './invoice-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { multipart, pdf } from './upload-helpers';

/**
 * flows §3 Invoice, §4 its lifecycle, §5 Invoices, §7 the Invoices calls: the company enters and pays
 * its invoices through the workflow, uploads and downloads their PDF (a PDF, at most 20 MB, refused
 * while it streams in), deletes them (soft, or hard: the file first); a platform admin makes the
 * invoice of a confirmed delivery; the daily job marks open invoices past their due date expired.
 */

let t: TestApp;
let customerId: string;
let otherCustomerId: string;
let tenantId: string;
let alpha: string;
let world: InvoiceWorld;
const FINANCE = 'finance@demo.test';
const as = (email: string, cid = customerId) => ({ as: email, customerId: cid });
const today = () => todayInShopZone();

type Invoice = Record<string, any> & { id: string; status: string };

const newInvoice = (over: Record<string, unknown> = {}) => ({
  number: `F-${Math.random().toString(36).slice(2, 8)}`, priceExcl: '100.00', priceIncl: '121.00',
  invoiceDate: today(), dueDate: addDays(today(), 30), supplierId: alpha, ...over,
});
const create = (email: string, dto: Record<string, unknown>, cid = customerId) => t.call('POST', '/api/invoices/create', { ...as(email, cid), body: { dto } });
const update = (email: string, dto: Record<string, unknown>) => t.call('POST', '/api/invoices/update', { ...as(email), body: { dto } });
const made = async (over: Record<string, unknown> = {}) => ok(await create(FINANCE, newInvoice(over))).result as Invoice;
const list = async (email: string, query = '') => ok(await t.call('GET', `/api/invoices?pageSize=500&${query}`, as(email))).result as { items: Invoice[]; total: number; page: number; pageSize: number };
const ids = async (email: string, query = '') => (await list(email, query)).items.map((i) => i.id);
const toPay = async (email: string) => ok(await t.call('POST', '/api/invoices/toPayCount', { ...as(email), body: {} })).result.count as number;
const row = (id: string) => t.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
const containerDir = () => path.join(t.testDb.config.dataDir, 'blobs', tenantId, 'invoices');
const blobsStored = async () => (await fs.readdir(containerDir()).catch(() => [] as string[])).filter((f) => !f.endsWith('.json'));

function uploadTo(email: string, invoiceId: string, file: { name: string; data: Buffer; type?: string }, fieldsFirst = true) {
  const fields = [{ name: 'invoiceId', data: invoiceId }, { name: 'customerId', data: customerId }];
  const filePart = { name: 'file', filename: file.name, contentType: file.type ?? 'application/pdf', data: file.data };
  const { payload, headers } = multipart(fieldsFirst ? [...fields, filePart] : [filePart, ...fields]);
  return t.call('POST', '/api/invoices/upload', { ...as(email), headers, body: payload });
}

const confirmedDelivery = (confirm = true) => deliveredOrder(t, world, confirm);

beforeAll(async () => {
  t = await startTestApp();
  world = await invoiceWorld(t, { name: 'Alpha Factuur NV' });
  ({ tenantId, supplierId: alpha } = world);
  [customerId, otherCustomerId] = world.customerIds as [string, string];
});
afterAll(async () => { await t?.close(); });

describe('entering and reading invoices (POST /invoices/create, GET /invoices, byGcsNumber, by-id, toPayCount)', () => {
  test('finance enters an invoice; the filters of flows §7 find it; result unwrapped with paging', async () => {
    const inv = await made({ remarks: 'Maart', lines: [{ articleNumberSupplier: 'A-1', description: 'Papier', quantity: 2.5, unitPriceExcl: '4,10', vatPercent: 21 }] });
    expect(inv).toMatchObject({ status: 'open', source: 'manual', supplierId: alpha, supplierName: 'Alpha Factuur NV', priceExcl: '100.00', priceIncl: '121.00', remarks: 'Maart', fileUrl: null, mayPay: true, mayUpdate: true, mayDelete: true });
    expect(inv.createdByName).toBeTruthy();
    expect(inv.lines).toEqual([expect.objectContaining({ lineNumber: 1, description: 'Papier', quantity: 2.5, unitPriceExcl: '4.10', lineTotalExcl: '10.25', vatPercent: 21 })]);
    const page = await list(FINANCE, `supplierId=${alpha}&status=open`);
    expect(page).toMatchObject({ page: 1, pageSize: 500 });
    expect(page.items.map((i) => i.id)).toContain(inv.id);
    expect(await ids(FINANCE, 'status=payed')).not.toContain(inv.id);
    expect(await ids(FINANCE, `dueDateFilter=${addDays(today(), 29)}`)).not.toContain(inv.id);
    expect(await ids(FINANCE, `dueDateFilter=${addDays(today(), 30)}`)).toContain(inv.id);
    expect(await ids(FINANCE, `invoiceDateFilter=${addDays(today(), 1)}`)).not.toContain(inv.id);
    expect(await ids(FINANCE, `invoiceDateFilter=${today()}&status=All`)).toContain(inv.id);
    fails(await t.call('GET', '/api/invoices?status=unpaid', as(FINANCE)), 400, 'validationFailed');
    fails(await t.call('GET', '/api/invoices?dueDateFilter=tomorrow', as(FINANCE)), 400, 'validationFailed');
    const one = ok(await t.call('GET', `/api/invoices/by-id?id=${inv.id}`, as(MANAGER))).result;
    expect(one).toMatchObject({ id: inv.id, number: inv.number, lines: [expect.objectContaining({ description: 'Papier' })] });
  });

  test('a gcsNumber of a supplier order links the invoice to it; byGcsNumber finds it', async () => {
    const p = await confirmedDelivery(false);
    const inv = await made({ gcsNumber: p.so.gcsNumber, supplierId: undefined });
    expect(inv).toMatchObject({ supplierOrderId: p.so.id, orderId: p.order.id, orderNumber: p.order.orderNumber, supplierId: alpha });
    expect(await ids(FINANCE, `gcsNumber=${encodeURIComponent(p.so.gcsNumber.slice(-6))}`)).toContain(inv.id);
    const found = ok(await t.call('POST', '/api/invoices/byGcsNumber', { ...as(MANAGER), body: { query: { gcsNumber: p.so.gcsNumber } } })).result;
    expect(found.items.map((i: Invoice) => i.id)).toEqual([inv.id]);
    fails(await t.call('POST', '/api/invoices/byGcsNumber', { ...as(MANAGER), body: { query: {} } }), 400, 'validationFailed');
  });

  test('the due date is not before the invoice date (invalidDueDate); amounts and dates are checked', async () => {
    const bad = fails(await create(FINANCE, newInvoice({ invoiceDate: '2030-02-10', dueDate: '2030-02-09' })), 400, 'invalidDueDate');
    expect(bad.details?.[0]?.path).toBe('dueDate');
    expect(ok(await create(FINANCE, newInvoice({ invoiceDate: '2030-02-10', dueDate: '2030-02-10' }))).result.status).toBe('open');
    fails(await create(FINANCE, newInvoice({ priceExcl: '12.345' })), 400, 'validationFailed');
    fails(await create(FINANCE, newInvoice({ invoiceDate: '2030-02-31' })), 400, 'validationFailed');
    fails(await create(FINANCE, newInvoice({ number: undefined })), 400, 'validationFailed');
    fails(await create(FINANCE, newInvoice({ status: 'payed' })), 400, 'validationFailed');
    fails(await create(FINANCE, newInvoice({ supplierId: '00000000-0000-4000-8000-000000000000' })), 400, 'validationFailed');
    const inv = await made();
    fails(await update(FINANCE, { id: inv.id, dueDate: addDays(today(), -1) }), 400, 'invalidDueDate');
    // An invoice entered already past its due date is expired from the start.
    expect((await made({ invoiceDate: '2020-01-01', dueDate: '2020-01-31' })).status).toBe('expired');
  });

  test('who reads and writes: invoices R/W/C/D of the acting company and its feature; another company is not found', async () => {
    const inv = await made();
    fails(await t.call('GET', '/api/invoices', as('buyer@demo.test')), 403, 'forbiddenAccess');
    fails(await create('buyer@demo.test', newInvoice()), 403, 'forbiddenAccess');
    fails(await t.call('GET', `/api/invoices/by-id?id=${inv.id}`, as('buyer@demo.test')), 404, 'InvoiceNotFound');
    // A credit holder reads, and does nothing else.
    const buyerAccess = await t.db.selectFrom('customerAccesses').select(['id', 'roles']).where('customerId', '=', customerId).where('userId', '=', await t.userId('buyer@demo.test')).executeTakeFirstOrThrow();
    const accessOf = (roles: string[]) => ({ roles: JSON.stringify(roles), permissions: JSON.stringify(permissionsForRoles(roles)) }) as never;
    await t.db.updateTable('customerAccesses').set(accessOf(['user', 'creditHolder'])).where('id', '=', buyerAccess.id).execute();
    try {
      expect(await ids('buyer@demo.test')).toContain(inv.id);
      expect(ok(await t.call('GET', `/api/invoices/by-id?id=${inv.id}`, as('buyer@demo.test'))).result).toMatchObject({ mayPay: false, mayUpdate: false, mayDelete: false });
      fails(await update('buyer@demo.test', { id: inv.id, status: 'payed' }), 403, 'forbiddenAccess');
      fails(await t.call('POST', '/api/invoices/delete', { ...as('buyer@demo.test'), body: { dto: { id: inv.id } } }), 403, 'forbiddenAccess');
    } finally {
      await t.db.updateTable('customerAccesses').set(accessOf(['user'])).where('id', '=', buyerAccess.id).execute();
    }
    // The manager also works for the other company: there this invoice does not exist.
    fails(await t.call('GET', `/api/invoices/by-id?id=${inv.id}`, as(MANAGER, otherCustomerId)), 404, 'InvoiceNotFound');
    fails(await update(MANAGER, { id: inv.id, remarks: 'x' }).then(async () => t.call('POST', '/api/invoices/update', { ...as(MANAGER, otherCustomerId), body: { dto: { id: inv.id, remarks: 'y' } } })), 404, 'InvoiceNotFound');
    expect(await ids(MANAGER)).toContain(inv.id);
    // Without the feature every customer-side call is refused.
    const customer = await t.db.selectFrom('customers').select('features').where('id', '=', customerId).executeTakeFirstOrThrow();
    const features = (typeof customer.features === 'string' ? JSON.parse(customer.features) : customer.features) as string[];
    await t.db.updateTable('customers').set({ features: JSON.stringify(features.filter((f) => f !== 'invoices')) } as never).where('id', '=', customerId).execute();
    try {
      fails(await t.call('GET', '/api/invoices', as(FINANCE)), 403, 'forbiddenAccess');
      fails(await t.call('POST', '/api/invoices/toPayCount', { ...as(FINANCE), body: {} }), 403, 'forbiddenAccess');
    } finally {
      await t.db.updateTable('customers').set({ features: JSON.stringify(features) } as never).where('id', '=', customerId).execute();
    }
  });

  test('toPayCount counts open and expired invoices the caller reads, not paid or deleted ones', async () => {
    const before = await toPay(FINANCE);
    const open = await made();
    await made({ invoiceDate: '2020-01-01', dueDate: '2020-01-31' });
    expect(await toPay(FINANCE)).toBe(before + 2);
    ok(await update(FINANCE, { id: open.id, status: 'payed' }));
    expect(await toPay(FINANCE)).toBe(before + 1);
    expect(await toPay(MANAGER)).toBe(before + 1);
    const other = ok(await create(MANAGER, newInvoice({ supplierId: undefined }), otherCustomerId)).result;
    expect(other.customerId).toBe(otherCustomerId);
    expect(await toPay(MANAGER)).toBe(before + 1);
  });
});

describe('the workflow of an invoice (POST /invoices/update)', () => {
  test('finance marks it paid (paidAt, paidById) and takes a mistaken payment back', async () => {
    const inv = await made();
    const paid = ok(await update(FINANCE, { id: inv.id, status: 'payed' })).result;
    expect(paid).toMatchObject({ status: 'payed', paidById: await t.userId(FINANCE), mayPay: false, mayReopen: true });
    expect(paid.paidAt).toBeTruthy();
    expect(paid.paidByName).toBeTruthy();
    // Marking it paid again changes nothing.
    expect(ok(await update(FINANCE, { id: inv.id, status: 'payed' })).result.paidAt).toBe(paid.paidAt);
    const back = ok(await update(MANAGER, { id: inv.id, status: 'open' })).result;
    expect(back).toMatchObject({ status: 'open', paidAt: null, paidById: null });
  });

  test('a step that is not the caller\'s is UnauthorizedRole, one the workflow lacks InvoiceNotInStep; nothing changes', async () => {
    const inv = await made();
    // open → expired is the system's (the daily job).
    fails(await update(FINANCE, { id: inv.id, status: 'expired', remarks: 'no' }), 403, 'UnauthorizedRole');
    ok(await update(FINANCE, { id: inv.id, status: 'payed' }));
    // payed → expired is no step of the workflow.
    fails(await update(FINANCE, { id: inv.id, status: 'expired' }), 409, 'InvoiceNotInStep');
    expect(await row(inv.id)).toMatchObject({ status: 'payed', remarks: null });
    fails(await update(FINANCE, { id: inv.id, status: 'overdue' }), 400, 'validationFailed');
    fails(await update(FINANCE, { id: inv.id, deleted: true }), 400, 'validationFailed');
  });

  test('an expired invoice: paid from expired; reopened after its due date it is expired again; a later due date opens it', async () => {
    const late = await made({ invoiceDate: '2020-01-01', dueDate: '2020-01-31' });
    expect(late.status).toBe('expired');
    fails(await update(FINANCE, { id: late.id, status: 'open' }), 403, 'UnauthorizedRole');
    ok(await update(FINANCE, { id: late.id, status: 'payed' }));
    expect(ok(await update(FINANCE, { id: late.id, status: 'open' })).result.status).toBe('expired');
    expect(ok(await update(FINANCE, { id: late.id, dueDate: addDays(today(), 10) })).result.status).toBe('open');
  });

  test('a platform admin takes the steps for the company', async () => {
    const inv = await made();
    expect(ok(await update('admin@demo.test', { id: inv.id, status: 'payed' })).result).toMatchObject({ status: 'payed', paidById: await t.userId('admin@demo.test') });
  });
});

describe('the platform\'s invoice of a delivery (POST /admin/invoices/create-yc-invoice)', () => {
  test('the delivered amounts at the supplier order\'s prices, VAT, the payment term; once per delivery', async () => {
    const p = await confirmedDelivery();
    const inv = ok(await t.call('POST', '/api/admin/invoices/create-yc-invoice', { as: 'admin@demo.test', body: { deliveryId: p.delivery.id } })).result;
    // 3 × 10.00 + 1 × 5.00 = 35.00; 21 % VAT = 7.35.
    expect(inv).toMatchObject({
      customerId, source: 'platform', status: 'open', deliveryId: p.delivery.id, supplierOrderId: p.so.id, orderId: p.order.id, gcsNumber: p.so.gcsNumber,
      supplierId: alpha, priceExcl: '35.00', priceIncl: '42.35', invoiceDate: today(), dueDate: addDays(today(), CONSTANTS.invoicePaymentTermDays),
    });
    expect(inv.number).toMatch(/^F-\d{4}-\d{6}$/);
    expect(inv.lines.map((l: Record<string, unknown>) => [l.quantity, l.unitPriceExcl, l.lineTotalExcl, l.vatPercent])).toEqual([[3, '10.00', '30.00', 21], [1, '5.00', '5.00', 21]]);
    expect(inv.lines.every((l: { supplierOrderLineId: string | null }) => !!l.supplierOrderLineId)).toBe(true);
    expect((await t.db.selectFrom('deliveries').select('hasInvoice').where('id', '=', p.delivery.id).executeTakeFirstOrThrow()).hasInvoice).toBe(true);
    fails(await t.call('POST', '/api/admin/invoices/create-yc-invoice', { as: 'admin@demo.test', body: { deliveryId: p.delivery.id } }), 409, 'DeliveryAlreadyInvoiced');
    // The company sees it; deleting it frees the delivery for a new invoice.
    expect(await ids(FINANCE, `gcsNumber=${encodeURIComponent(p.so.gcsNumber)}`)).toContain(inv.id);
    ok(await t.call('POST', '/api/invoices/delete', { ...as(FINANCE), body: { dto: { id: inv.id } } }));
    expect((await t.db.selectFrom('deliveries').select('hasInvoice').where('id', '=', p.delivery.id).executeTakeFirstOrThrow()).hasInvoice).toBe(false);
    expect(ok(await t.call('POST', '/api/admin/invoices/create-yc-invoice', { as: 'superadmin@demo.test', body: { deliveryId: p.delivery.id } })).result.number).not.toBe(inv.number);
  });

  test('a delivery that waits is refused; only platform admins; an unknown delivery is not found', async () => {
    const p = await confirmedDelivery(false);
    fails(await t.call('POST', '/api/admin/invoices/create-yc-invoice', { as: 'admin@demo.test', body: { deliveryId: p.delivery.id } }), 409, 'DeliveryNotConfirmed');
    fails(await t.call('POST', '/api/admin/invoices/create-yc-invoice', { ...as(FINANCE), body: { deliveryId: p.delivery.id } }), 403, 'forbiddenAccess');
    fails(await t.call('POST', '/api/admin/invoices/create-yc-invoice', { as: 'admin@demo.test', body: { deliveryId: '00000000-0000-4000-8000-000000000000' } }), 404, 'DeliveryNotFound');
    fails(await t.call('POST', '/api/admin/invoices/create-yc-invoice', { as: 'admin@demo.test', body: {} }), 400, 'validationFailed');
    expect(await t.db.selectFrom('invoices').select('id').where('deliveryId', '=', p.delivery.id).execute()).toEqual([]);
  });

  test('the admin lists (POST /admin/invoices/query, /id) read across the companies', async () => {
    const mine = await made();
    const other = ok(await create(MANAGER, newInvoice({ supplierId: undefined, supplierName: 'Elders' }), otherCustomerId)).result;
    const found = ok(await t.call('POST', '/api/admin/invoices/query', { as: 'admin@demo.test', body: { query: { skip: 0, take: 500 } } })).result;
    expect(found.items.map((i: Invoice) => i.id)).toEqual(expect.arrayContaining([mine.id, other.id]));
    const paid = ok(await t.call('POST', '/api/admin/invoices/query', { as: 'admin@demo.test', body: { query: { skip: 0, take: 500, status: 'payed' } } })).result;
    expect(paid.items.every((i: Invoice) => i.status === 'payed')).toBe(true);
    expect(ok(await t.call('POST', '/api/admin/invoices/id', { as: 'admin@demo.test', body: { query: { id: other.id } } })).result).toMatchObject({ id: other.id, supplierName: 'Elders' });
    fails(await t.call('POST', '/api/admin/invoices/query', { ...as(FINANCE), body: { query: {} } }), 403, 'forbiddenAccess');
  });
});

describe('the PDF of an invoice (POST /invoices/upload, /download, /deleteFile; GET /upload of its fileUrl)', () => {
  test('finance uploads a PDF, downloads it, replaces it (the old file goes) and removes it', async () => {
    const inv = await made();
    const first = pdf('factuur één');
    const up = ok(await uploadTo(FINANCE, inv.id, { name: 'Factuur 1.pdf', data: first })).result;
    expect(up).toMatchObject({ id: inv.id, fileName: 'Factuur 1.pdf', fileUrl: `/upload?containerName=invoices&blobName=${up.blobName}` });
    expect(await blobsStored()).toContain(up.blobName);
    const down = await t.call('POST', '/api/invoices/download', { ...as(MANAGER), body: { invoiceId: inv.id } });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(String(down.headers['content-disposition'])).toContain('Factuur 1.pdf');
    expect(down.rawPayload).toEqual(first);
    // The fileUrl reads it back for whoever reads the company's invoices.
    expect((await t.call('GET', `/api${up.fileUrl}`, as(MANAGER))).rawPayload).toEqual(first);
    fails(await t.call('GET', `/api${up.fileUrl}`, as('buyer@demo.test')), 403, 'forbiddenAccess');
    fails(await t.call('DELETE', `/api${up.fileUrl}`, as(FINANCE)), 409, 'FileInInvoice');
    // Files of the container come in through the invoice only.
    const direct = multipart([{ name: 'file', filename: 'los.pdf', contentType: 'application/pdf', data: pdf() }]);
    const refused = fails(await t.call('POST', '/api/upload', { ...as(FINANCE), query: { containerName: 'invoices' }, headers: direct.headers, body: direct.payload }), 400, 'validationFailed');
    expect(refused.details?.[0]).toMatchObject({ path: 'containerName', rule: 'choice' });

    const second = ok(await uploadTo(MANAGER, inv.id, { name: 'Factuur 1 (juist).pdf', data: pdf('twee') })).result;
    expect(second.blobName).not.toBe(up.blobName);
    expect(await blobsStored()).not.toContain(up.blobName);
    expect(await blobsStored()).toContain(second.blobName);

    const cleared = ok(await t.call('POST', '/api/invoices/deleteFile', { ...as(FINANCE), body: { invoiceId: inv.id } })).result;
    expect(cleared).toMatchObject({ fileUrl: null, blobName: null, fileName: null });
    expect(await blobsStored()).not.toContain(second.blobName);
    fails(await t.call('POST', '/api/invoices/download', { ...as(FINANCE), body: { invoiceId: inv.id } }), 404, 'FileNotFound');
  });

  test('not a PDF (by its first bytes) is 415, past 20 MB 413 while it streams: nothing kept, nothing changed', async () => {
    const inv = await made();
    const kept = ok(await uploadTo(FINANCE, inv.id, { name: 'ok.pdf', data: pdf() })).result;
    const before = await blobsStored();
    fails(await uploadTo(FINANCE, inv.id, { name: 'factuur.pdf', data: Buffer.from('MZ\x90\x00 not a pdf at all, a program'.padEnd(600, 'x')) }), 415, 'FileTypeNotAllowed');
    fails(await uploadTo(FINANCE, inv.id, { name: 'factuur.docx', data: pdf(), type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }), 415, 'FileTypeNotAllowed');
    const big = Buffer.alloc(CONSTANTS.invoicePdfMaxMb * 1024 * 1024 + 1, 0x20);
    pdf().copy(big);
    fails(await uploadTo(FINANCE, inv.id, { name: 'groot.pdf', data: big }), 413, 'FileTooLarge');
    expect(await blobsStored()).toEqual(before);
    expect(await row(inv.id)).toMatchObject({ blobName: kept.blobName, fileName: 'ok.pdf' });
    // Exactly 20 MB passes.
    const max = Buffer.alloc(CONSTANTS.invoicePdfMaxMb * 1024 * 1024, 0x20);
    pdf().copy(max);
    expect(ok(await uploadTo(FINANCE, inv.id, { name: 'max.pdf', data: max })).result.fileName).toBe('max.pdf');
  });

  test('the invoice is named before the file; only its writers upload; another company\'s is not found', async () => {
    const inv = await made();
    const before = await blobsStored();
    fails(await uploadTo(FINANCE, inv.id, { name: 'a.pdf', data: pdf() }, false), 400, 'validationFailed');
    fails(await uploadTo('buyer@demo.test', inv.id, { name: 'a.pdf', data: pdf() }), 403, 'forbiddenAccess');
    fails(await uploadTo(FINANCE, '00000000-0000-4000-8000-000000000000', { name: 'a.pdf', data: pdf() }), 404, 'InvoiceNotFound');
    const other = ok(await create(MANAGER, newInvoice({ supplierId: undefined }), otherCustomerId)).result;
    fails(await uploadTo(FINANCE, other.id, { name: 'a.pdf', data: pdf() }), 404, 'InvoiceNotFound');
    const noFile = multipart([{ name: 'invoiceId', data: inv.id }]);
    fails(await t.call('POST', '/api/invoices/upload', { ...as(FINANCE), headers: noFile.headers, body: noFile.payload }), 400, 'FileRequired');
    expect(await blobsStored()).toEqual(before);
    // A platform admin uploads for the company.
    expect(ok(await uploadTo('admin@demo.test', inv.id, { name: 'admin.pdf', data: pdf() })).result.fileName).toBe('admin.pdf');
  });
});

describe('deleting invoices (POST /invoices/delete, /hard-delete)', () => {
  test('delete: the invoice leaves the list and the count, its row stays', async () => {
    const inv = await made();
    const before = await toPay(FINANCE);
    expect(ok(await t.call('POST', '/api/invoices/delete', { ...as(FINANCE), body: { dto: { id: inv.id } } })).result).toEqual({ id: inv.id });
    expect(await ids(FINANCE)).not.toContain(inv.id);
    expect(await toPay(FINANCE)).toBe(before - 1);
    expect(await row(inv.id)).toMatchObject({ deleted: true });
    fails(await t.call('GET', `/api/invoices/by-id?id=${inv.id}`, as(FINANCE)), 404, 'InvoiceNotFound');
    fails(await t.call('POST', '/api/invoices/delete', { ...as(FINANCE), body: { dto: { id: inv.id } } }), 404, 'InvoiceNotFound');
  });

  test('hard delete removes the file first: when that fails the invoice stays; then both go', async () => {
    const inv = await made({ lines: [{ description: 'x', quantity: 1, unitPriceExcl: '1.00' }] });
    const up = ok(await uploadTo(FINANCE, inv.id, { name: 'weg.pdf', data: pdf() })).result;
    // The store cannot remove the blob (a folder stands where its file was).
    const file = path.join(containerDir(), up.blobName);
    const bytes = await fs.readFile(file);
    await fs.rm(file);
    await fs.mkdir(file);
    await fs.writeFile(path.join(file, 'in-the-way'), 'x');
    try {
      fails(await t.call('POST', '/api/invoices/hard-delete', { ...as(FINANCE), body: { invoiceId: inv.id } }), 502, 'InvoiceFileNotDeleted');
      expect(await row(inv.id)).toMatchObject({ blobName: up.blobName, deleted: false });
      expect(await t.db.selectFrom('invoiceLines').select('id').where('invoiceId', '=', inv.id).execute()).toHaveLength(1);
      fails(await t.call('POST', '/api/invoices/deleteFile', { ...as(FINANCE), body: { invoiceId: inv.id } }), 502, 'InvoiceFileNotDeleted');
      expect(await row(inv.id)).toMatchObject({ blobName: up.blobName });
    } finally {
      await fs.rm(file, { recursive: true });
      await fs.writeFile(file, bytes);
    }
    fails(await t.call('POST', '/api/invoices/hard-delete', { ...as('buyer@demo.test'), body: { invoiceId: inv.id } }), 403, 'forbiddenAccess');
    expect(ok(await t.call('POST', '/api/invoices/hard-delete', { ...as(FINANCE), body: { invoiceId: inv.id } })).result).toEqual({ id: inv.id });
    expect(await row(inv.id)).toBeUndefined();
    expect(await t.db.selectFrom('invoiceLines').select('id').where('invoiceId', '=', inv.id).execute()).toEqual([]);
    expect(await blobsStored()).not.toContain(up.blobName);
    // Without a file it goes at once; a soft-deleted one can still be removed for good.
    const plain = await made();
    ok(await t.call('POST', '/api/invoices/delete', { ...as(FINANCE), body: { dto: { id: plain.id } } }));
    ok(await t.call('POST', '/api/invoices/hard-delete', { ...as(MANAGER), body: { invoiceId: plain.id } }));
    expect(await row(plain.id)).toBeUndefined();
  });
});

describe('the invoices.expire job', () => {
  test('open invoices past their due date become expired, once; paid, deleted and not yet due ones stay', async () => {
    const due = await made({ invoiceDate: addDays(today(), -40), dueDate: addDays(today(), -10) });
    // Entered expired already: put it back to open as it was before its due date passed.
    await t.db.updateTable('invoices').set({ status: 'open' }).where('id', '=', due.id).execute();
    const dueToday = await made({ invoiceDate: addDays(today(), -30), dueDate: today() });
    const paid = await made({ invoiceDate: addDays(today(), -40), dueDate: addDays(today(), 5) });
    ok(await update(FINANCE, { id: paid.id, status: 'payed' }));
    await t.db.updateTable('invoices').set({ dueDate: addDays(today(), -5) }).where('id', '=', paid.id).execute();
    const gone = await made();
    await t.db.updateTable('invoices').set({ status: 'open', dueDate: addDays(today(), -3), invoiceDate: addDays(today(), -9), deleted: true }).where('id', '=', gone.id).execute();

    expect(await expireDueInvoices(t.db)).toBeGreaterThanOrEqual(1);
    expect((await row(due.id))?.status).toBe('expired');
    expect((await row(dueToday.id))?.status).toBe('open');
    expect((await row(paid.id))?.status).toBe('payed');
    expect((await row(gone.id))?.status).toBe('open');
    expect(await expireDueInvoices(t.db)).toBe(0);
    // The next day the one due today is late too.
    expect(await expireDueInvoices(t.db, new Date(Date.now() + 86_400_000))).toBe(1);
    expect((await row(dueToday.id))?.status).toBe('expired');
  });
});
