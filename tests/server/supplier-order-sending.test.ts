import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createSupplierOrders } from '../../src/server/fulfilment/split';
import { queueSupplierOrderSending } from '../../src/server/fulfilment/send-queue';
import { supplierOrderSendJob } from '../../src/server/fulfilment/send-job';
import { line, makeArticle, makeSupplier } from './basket-helpers';
import { eventually } from './helpers/eventually';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { queueOf, readEml } from './mail-helpers';
import { pdfContains } from './pdf-text';

/**
 * Issue 14, sending: an approved order's supplier orders are sent by the supplierOrders.send job —
 * an e-mail with the order PDF to the supplier's order address (the outbox here, SMTP with SMTP_URL),
 * then WAITFORORDERRESPONSE with sentAt and "sent to supplier" in the order's history; without an
 * address READYFORMANUALORDER; a refused send is retried and ends in FAILEDTOORDER with the reason.
 * Every attempt is a communication (getComms, getErrorComms). An approval that rolls back sends
 * nothing; a job run twice mails once.
 */

const QUEUES = { 'supplierOrders.send': { retryLimit: 2, retryDelay: 1, retryBackoff: false } };

interface World { t: TestApp; customerId: string; tenantId: string; withMail: string; withoutMail: string; mailArticle: string; manualArticle: string }

async function world(t: TestApp, email: string): Promise<World> {
  const tenantId = await t.tenantId();
  const [customerId] = await t.customerIds();
  const customer = await t.db.selectFrom('customers').select('features').where('id', '=', customerId!).executeTakeFirstOrThrow();
  const features = (typeof customer.features === 'string' ? JSON.parse(customer.features) : customer.features ?? []) as string[];
  await t.db.updateTable('customers').set({ features: JSON.stringify(features.filter((f) => f !== 'budgets')), financeApprovalThreshold: null } as never)
    .where('id', '=', customerId!).execute();
  const withMail = await makeSupplier(t, { name: 'Alpha Kantoor NV' });
  const withoutMail = await makeSupplier(t, { name: 'Beta Papier BV' });
  await t.db.updateTable('suppliers').set({ orderEmail: email, email: null }).where('id', '=', withMail).execute();
  await t.db.updateTable('suppliers').set({ orderEmail: null, email: null }).where('id', '=', withoutMail).execute();
  const mailArticle = await makeArticle(t, { supplierId: withMail, price: '10.00', stock: null });
  const manualArticle = await makeArticle(t, { supplierId: withoutMail, price: '20.00', stock: null });
  const manager = await t.db.selectFrom('users').select('id').where('tenantId', '=', tenantId).where('email', '=', 'manager@demo.test').executeTakeFirstOrThrow();
  await t.db.updateTable('customerDepartments').set({ validatorUserId: manager.id }).where('customerId', '=', customerId!).execute();
  await t.db.insertInto('orderPdfSettings').values({
    tenantId, supplierId: withMail, header: 'Kantoorgroep — Kerkstraat 12, Gent', messageToSupplier: 'Graag levering voor 10 uur.', footer: 'IBAN BE68 5390 0754 7034',
  }).execute();
  return { t, customerId: customerId!, tenantId, withMail, withoutMail, mailArticle, manualArticle };
}

const as = (w: World, email: string) => ({ as: email, customerId: w.customerId });

async function approvedOrder(w: World, lines: unknown[]): Promise<{ id: string; orderNumber: string }> {
  ok(await w.t.call('PUT', '/api/v2/transporters/update', { ...as(w, 'buyer@demo.test'), body: { transporter: { transporterLines: lines } } }));
  const placed = ok(await w.t.call('POST', '/api/v2/orders/transporter', { ...as(w, 'buyer@demo.test'), body: {} })).result;
  ok(await w.t.call('PATCH', `/api/v2/orders/${placed.id}/validate`, { ...as(w, 'manager@demo.test'), body: { approve: true } }));
  return { id: placed.id as string, orderNumber: placed.orderNumber as string };
}

const supplierOrdersOf = (t: TestApp, orderId: string) => t.db.selectFrom('supplierOrders').selectAll().where('orderId', '=', orderId).orderBy('gcsNumber').execute();

/** The supplier order once it left `from` (the job runs in the background). */
const settled = (t: TestApp, id: string, status: string, ms = 20_000) => eventually(async () => {
  const so = await t.db.selectFrom('supplierOrders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  if (so.status !== status) throw new Error(`supplier order is ${so.status}, waiting for ${status}`);
  return so;
}, ms);

const comms = async (t: TestApp, supplierOrderId: string, path = 'getComms') =>
  ok(await t.call('POST', `/api/admin/supplier-orders/${path}`, { as: 'admin@demo.test', body: { query: { supplierOrderId } } })).result as Record<string, unknown>[];

/** The decoded bytes of a raw message's base64 part of `contentType`. */
function base64Part(raw: string, contentType: string): Buffer {
  const text = raw.replace(/\r\n/g, '\n');
  const start = text.indexOf(`Content-Type: ${contentType}`);
  if (start < 0) throw new Error(`no ${contentType} part`);
  const bodyStart = text.indexOf('\n\n', start) + 2;
  const body = text.slice(bodyStart, text.indexOf('\n--', bodyStart));
  return Buffer.from(body.replace(/\s+/g, ''), 'base64');
}

describe('the outbox (no SMTP_URL)', () => {
  let w: World;
  beforeAll(async () => {
    const t = await startTestApp({ jobs: { workers: true, queues: QUEUES, pollSeconds: 0.5 } });
    w = await world(t, 'orders@alpha.example');
  });
  afterAll(async () => { await w?.t.close(); });

  test('approval → job → a mail with the PDF in the outbox → WAITFORORDERRESPONSE, sentAt, history, a communication; no address → manual', async () => {
    const { t } = w;
    const { id, orderNumber } = await approvedOrder(w, [line(w.mailArticle, 2), line(w.manualArticle, 1)]);
    const [alpha, beta] = await supplierOrdersOf(t, id);
    expect(alpha!.supplierName).toBe('Alpha Kantoor NV');

    const sent = await settled(t, alpha!.id, 'WAITFORORDERRESPONSE');
    expect(sent.sentAt).not.toBeNull();
    const manual = await settled(t, beta!.id, 'READYFORMANUALORDER');
    expect(manual.sentAt).toBeNull();

    // The communication names the outbox row of the mail.
    const [comm] = await comms(t, alpha!.id);
    expect(comm).toMatchObject({ channel: 'email', recipient: 'orders@alpha.example', success: true, attempt: 1, errorMessage: null, gcsNumber: `${orderNumber}-1` });
    const mail = await t.db.selectFrom('mailOutbox').selectAll().where('id', '=', comm!.mailId as string).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ kind: 'supplierOrder', status: 'sent', delivery: 'outbox', recipient: 'orders@alpha.example', language: 'nl' });
    expect(mail.subject).toBe(`Bestelling ${orderNumber}-1 van ${(await t.db.selectFrom('customers').select('name').where('id', '=', w.customerId).executeTakeFirstOrThrow()).name}`);
    expect(mail.text).toContain('Graag levering voor 10 uur.');
    const attachments = (typeof mail.attachments === 'string' ? JSON.parse(mail.attachments) : mail.attachments) as Record<string, unknown>[];
    expect(attachments).toEqual([expect.objectContaining({ fileName: `${orderNumber}-1.pdf`, contentType: 'application/pdf' })]);

    // The raw message carries the PDF, and the PDF the order.
    const eml = await readEml(t, mail.id);
    expect(eml).toMatch(/^To: orders@alpha\.example$/m);
    expect(eml).toContain(`filename=${orderNumber}-1.pdf`);
    const pdf = base64Part(eml!, 'application/pdf');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBe(attachments[0]!.size);

    // Platform admins read the file back as it was sent.
    const file = await t.call('GET', `/api/admin/mail-outbox/${mail.id}/attachments/0`, { as: 'admin@demo.test' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(file.rawPayload, pdf)).toBe(0);
    expect((await t.call('GET', `/api/admin/mail-outbox/${mail.id}/attachments/1`, { as: 'admin@demo.test' })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/admin/mail-outbox/${mail.id}/attachments/0`, { as: 'buyer@demo.test', customerId: w.customerId })).statusCode).toBe(403);

    const history = await t.db.selectFrom('orderHistory').select(['action', 'reason']).where('orderId', '=', id).execute();
    expect(history.filter((h) => h.action === 'sentToSupplier').map((h) => h.reason)).toEqual([`${orderNumber}-1: CREATED → WAITFORORDERRESPONSE`]);

    // The supplier without an address: the manual note, which getErrorComms lists; the sent one has none.
    expect(await comms(t, beta!.id)).toEqual([expect.objectContaining({ channel: 'manual', success: false, recipient: null })]);
    expect(await comms(t, beta!.id, 'getErrorComms')).toHaveLength(1);
    expect(await comms(t, alpha!.id, 'getErrorComms')).toEqual([]);
    // Platform admins only.
    fails(await t.call('POST', '/api/admin/supplier-orders/getComms', { ...as(w, 'manager@demo.test'), body: { query: { supplierOrderId: alpha!.id } } }), 403, 'forbiddenAccess');
  });

  test('the PDF calls: platform admins, the ordering company and the supplier read it; nobody else', async () => {
    const { t } = w;
    const { id, orderNumber } = await approvedOrder(w, [line(w.mailArticle, 3)]);
    const [so] = await supplierOrdersOf(t, id);
    const admin = await t.call('GET', `/api/admin/supplier-orders/${so!.id}/pdf`, { as: 'admin@demo.test', query: { inline: 'true' } });
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['content-type']).toBe('application/pdf');
    expect(admin.headers['content-disposition']).toMatch(new RegExp(`^inline; filename="${orderNumber}-1\\.pdf"`));
    expect(admin.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const manager = await t.call('GET', `/api/supplier-orders/${so!.id}/pdf`, as(w, 'manager@demo.test'));
    expect(manager.statusCode).toBe(200);
    expect(manager.headers['content-disposition']).toMatch(/^attachment;/);
    await t.db.updateTable('users').set({ supplierIds: JSON.stringify([w.withMail]) } as never).where('tenantId', '=', w.tenantId).where('email', '=', 'supplier@demo.test').execute();
    expect((await t.call('GET', `/api/supplier-orders/${so!.id}/pdf`, { as: 'supplier@demo.test' })).statusCode).toBe(200);
    // Another supplier's user, and another tenant, do not find it.
    await t.db.updateTable('users').set({ supplierIds: JSON.stringify([w.withoutMail]) } as never).where('tenantId', '=', w.tenantId).where('email', '=', 'supplier@demo.test').execute();
    fails(await t.call('GET', `/api/supplier-orders/${so!.id}/pdf`, { as: 'supplier@demo.test' }), 404, 'SupplierOrderNotFound');
    fails(await t.call('GET', `/api/admin/supplier-orders/${so!.id}/pdf`, { as: 'admin@demo.test', host: 'acme.localhost' }), 404, 'SupplierOrderNotFound');
    fails(await t.call('GET', `/api/admin/supplier-orders/${so!.id}/pdf`, as(w, 'manager@demo.test')), 403, 'forbiddenAccess');
  });

  test('an approval that rolls back enqueues nothing and creates nothing', async () => {
    const { t } = w;
    const { id } = await approvedOrder(w, [line(w.mailArticle, 1)]);
    // A second approval-like transaction on a fresh order copy: supplier orders and their jobs, then a failure.
    const [existing] = await supplierOrdersOf(t, id);
    await settled(t, existing!.id, 'WAITFORORDERRESPONSE');
    await t.db.deleteFrom('supplierOrderLines').where('supplierOrderId', '=', existing!.id).execute();
    await t.db.deleteFrom('supplierOrderComms').where('supplierOrderId', '=', existing!.id).execute();
    await t.db.deleteFrom('supplierOrders').where('id', '=', existing!.id).execute();
    let jobIds: string[] = [];
    let made: string[] = [];
    await expect(t.db.transaction().execute(async (trx) => {
      made = await createSupplierOrders(trx, { tenantId: w.tenantId, customerId: w.customerId }, id);
      jobIds = await queueSupplierOrderSending(trx, w.tenantId, made);
      throw new Error('the approval failed');
    })).rejects.toThrow('the approval failed');
    expect(made).toHaveLength(1);
    expect(jobIds).toHaveLength(1);
    expect(await supplierOrdersOf(t, id)).toEqual([]);
    const jobs = await queueOf(t).findJobs('supplierOrders.send');
    expect(jobs.map((j) => j.id)).not.toContain(jobIds[0]);
    expect(await t.db.selectFrom('mailOutbox').select('id').where('id', '=', jobIds[0]!).executeTakeFirst()).toBeUndefined();
  });

  test('the sandbox: createSupplierOrders is idempotent and queues sending; runSendOrdersToSuppliers sends the CREATED ones', async () => {
    const { t } = w;
    const { id } = await approvedOrder(w, [line(w.mailArticle, 1)]);
    const [so] = await supplierOrdersOf(t, id);
    await settled(t, so!.id, 'WAITFORORDERRESPONSE');
    const again = ok(await t.call('POST', '/api/admin/sandbox/createSupplierOrders', { as: 'admin@demo.test', body: { dto: { orderId: id } } })).result;
    expect(again).toEqual({ created: 0, supplierOrderIds: [so!.id] });
    // An order not approved is refused; another tenant's is not found.
    ok(await t.call('PUT', '/api/v2/transporters/update', { ...as(w, 'buyer@demo.test'), body: { transporter: { transporterLines: [line(w.mailArticle, 1)] } } }));
    const waiting = ok(await t.call('POST', '/api/v2/orders/transporter', { ...as(w, 'buyer@demo.test'), body: {} })).result;
    fails(await t.call('POST', '/api/admin/sandbox/createSupplierOrders', { as: 'admin@demo.test', body: { dto: { orderId: waiting.id } } }), 409, 'OrderNotInStep');
    fails(await t.call('POST', '/api/admin/sandbox/createSupplierOrders', { as: 'admin@demo.test', host: 'acme.localhost', body: { dto: { orderId: id } } }), 404, 'OrderNotFound');
    fails(await t.call('POST', '/api/admin/sandbox/createSupplierOrders', { ...as(w, 'manager@demo.test'), body: { dto: { orderId: id } } }), 403, 'forbiddenAccess');

    // A supplier order put back to CREATED (e.g. a new address) is sent again by the sandbox.
    await t.db.updateTable('supplierOrders').set({ status: 'CREATED', sentAt: null }).where('id', '=', so!.id).execute();
    await t.db.deleteFrom('supplierOrderComms').where('supplierOrderId', '=', so!.id).execute();
    const queued = ok(await t.call('POST', '/api/admin/sandbox/runSendOrdersToSuppliers', { as: 'admin@demo.test', body: { dto: { supplierOrderIds: [so!.id] } } })).result;
    expect(queued).toEqual({ queued: 1, supplierOrderIds: [so!.id] });
    await settled(t, so!.id, 'WAITFORORDERRESPONSE');
    expect((await comms(t, so!.id)).filter((c) => c.success)).toHaveLength(1);
    // Nothing CREATED is left to send among those named.
    expect(ok(await t.call('POST', '/api/admin/sandbox/runSendOrdersToSuppliers', { as: 'admin@demo.test', body: { dto: { supplierOrderIds: [so!.id] } } })).result).toEqual({ queued: 0, supplierOrderIds: [] });
  });
});

describe('the job run twice for one supplier order mails once', () => {
  let w: World;
  beforeAll(async () => {
    // Workers off: the test runs the handler itself, as two attempts of one job would.
    const t = await startTestApp();
    w = await world(t, 'orders@alpha.example');
  });
  afterAll(async () => { await w?.t.close(); });

  test('a second run after a full one, and a run after an attempt that died once the mail was sent, send nothing more', async () => {
    const { t } = w;
    const { id } = await approvedOrder(w, [line(w.mailArticle, 1)]);
    const [so] = await supplierOrdersOf(t, id);
    const config = t.testDb.config;
    const context = (jobId: string, retryCount = 0) => ({ db: t.db, config, log: t.app.log, attempt: { id: jobId, retryCount, retryLimit: 2, last: false } });
    const jobId = '11111111-1111-4111-8111-111111111111';
    const data = { tenantId: w.tenantId, supplierOrderId: so!.id };
    expect(await supplierOrderSendJob.handle(data, context(jobId))).toEqual({ sent: 1 });
    expect(await supplierOrderSendJob.handle(data, context(jobId, 1))).toEqual({ skipped: 'WAITFORORDERRESPONSE' });
    // Another job for the same supplier order, after an attempt died between the mail and the status change.
    await t.db.updateTable('supplierOrders').set({ status: 'CREATED', sentAt: null }).where('id', '=', so!.id).execute();
    expect(await supplierOrderSendJob.handle(data, context('22222222-2222-4222-8222-222222222222'))).toEqual({ sent: 0, alreadySent: true });
    expect((await t.db.selectFrom('supplierOrders').select('status').where('id', '=', so!.id).executeTakeFirstOrThrow()).status).toBe('WAITFORORDERRESPONSE');
    const mails = await t.db.selectFrom('mailOutbox').select('id').where('kind', '=', 'supplierOrder').where('recipient', '=', 'orders@alpha.example').execute();
    expect(mails).toHaveLength(1);
    expect((await comms(t, so!.id)).filter((c) => c.success)).toHaveLength(1);
  });
});

describe('SMTP_URL set: sent over SMTP; a refused send is retried, then FAILEDTOORDER', () => {
  let w: World;
  const received: string[] = [];
  let server: SMTPServer;

  beforeAll(async () => {
    // A real SMTP server that refuses every address at refuse.example.
    server = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.endsWith('@refuse.example')) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        callback();
      },
      onData(stream: SMTPServerDataStream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => { received.push(Buffer.concat(chunks).toString('utf8')); callback(); });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const t = await startTestApp({ jobs: { workers: true, queues: QUEUES, pollSeconds: 0.5 }, config: { mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'no-reply@shop.example' } } });
    w = await world(t, 'orders@alpha.example');
  });
  afterAll(async () => {
    await w?.t.close();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  test('the SMTP server receives the mail with the PDF of the order', async () => {
    const { t } = w;
    const { id, orderNumber } = await approvedOrder(w, [line(w.mailArticle, 4)]);
    const [so] = await supplierOrdersOf(t, id);
    await settled(t, so!.id, 'WAITFORORDERRESPONSE');
    const raw = received.find((r) => r.includes(`${orderNumber}-1.pdf`));
    expect(raw).toBeDefined();
    const pdf = base64Part(raw!, 'application/pdf');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [comm] = await comms(t, so!.id);
    const row = await t.db.selectFrom('mailOutbox').select(['delivery', 'status']).where('id', '=', comm!.mailId as string).executeTakeFirstOrThrow();
    expect(row).toEqual({ delivery: 'smtp', status: 'sent' });
  });

  test('every attempt refused: three failed communications, the mail failed, the supplier order FAILEDTOORDER with the reason', async () => {
    const { t } = w;
    await t.db.updateTable('suppliers').set({ orderEmail: 'orders@refuse.example' }).where('id', '=', w.withMail).execute();
    const { id } = await approvedOrder(w, [line(w.mailArticle, 1)]);
    const [so] = await supplierOrdersOf(t, id);
    const failed = await settled(t, so!.id, 'FAILEDTOORDER', 30_000);
    expect(failed.statusReason).toMatch(/^E-mail to orders@refuse\.example failed after 3 attempts: .*Mailbox unavailable/);
    expect(failed.sentAt).toBeNull();
    const errors = await comms(t, so!.id, 'getErrorComms');
    expect(errors.map((c) => c.attempt)).toEqual([3, 2, 1]);
    expect(errors.every((c) => c.channel === 'email' && c.success === false && String(c.errorMessage).includes('Mailbox unavailable'))).toBe(true);
    const mail = await t.db.selectFrom('mailOutbox').select(['status', 'attempts']).where('id', '=', errors[0]!.mailId as string).executeTakeFirstOrThrow();
    expect(mail).toEqual({ status: 'failed', attempts: 3 });
    const history = await t.db.selectFrom('orderHistory').select(['action', 'reason']).where('orderId', '=', id).execute();
    // The server's own step is a status change, not a supplier's response.
    expect(history.filter((h) => String(h.reason).includes('→ FAILEDTOORDER')).map((h) => h.action)).toEqual(['statusChanged']);
    expect(history.some((h) => h.action === 'supplierResponse')).toBe(false);
    // The tenant's failures without a supplier order named include it.
    const all = ok(await t.call('POST', '/api/admin/supplier-orders/getErrorComms', { as: 'admin@demo.test', body: { query: {} } })).result as Record<string, unknown>[];
    expect(all.filter((c) => c.supplierOrderId === so!.id)).toHaveLength(3);
    // The company hears of it as of a supplier's step: a platform message in the order's conversation
    // (without the technical reason) and a supplierOrderUpdate mail to whoever placed the order.
    const messages = await t.db.selectFrom('orderComments').select(['userId', 'content', 'event']).where('orderId', '=', id).execute();
    const told = messages.filter((m) => m.userId === null && JSON.stringify(m.event).includes('FAILEDTOORDER'));
    expect(told).toHaveLength(1);
    expect(told[0]!.content).toBe('');
    const order = await t.db.selectFrom('orders').select('orderedById').where('id', '=', id).executeTakeFirstOrThrow();
    const buyer = await t.db.selectFrom('users').select('email').where('id', '=', order.orderedById as string).executeTakeFirstOrThrow();
    const updates = await t.db.selectFrom('mailOutbox').select(['recipient']).where('tenantId', '=', w.tenantId).where('kind', '=', 'supplierOrderUpdate').execute();
    expect(updates.map((m) => m.recipient)).toContain(buyer.email);
  });
});

test('the PDF of a job lists the line (pdf-text helper sanity)', async () => {
  const { supplierOrderPdf } = await import('../../src/server/fulfilment/order-pdf');
  const pdf = await supplierOrderPdf({
    language: 'en', sender: 'Shop', settings: null, supplierName: 'S', gcsNumber: 'G-1', orderNumber: 'G', orderDate: null,
    customer: { name: 'C', vatNumber: null, deliveryAddress: null }, orderedBy: null, extraInfo: null,
    lines: [{ lineNumber: 1, articleNumberSupplier: 'ART-9', title: 'Thing', quantity: 1, unitPrice: '1.00', vat: 21, totalExcl: '1.00', totalIncl: '1.21' }],
    totals: { excl: '1.00', vat: '0.21', incl: '1.21' },
  }, { compress: false });
  expect(pdfContains(pdf, 'ART-9')).toBe(true);
});
