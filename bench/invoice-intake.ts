/**
 * `npm run bench:invoice-intake` (also part of `npm run bench`): whether reading a large e-invoice
 * holds up the server's other requests. The real server (token checks, tenant, access, the upload's
 * multipart streaming) on a seeded PGlite database; a cheap call (`POST /api/invoices/toPayCount`, the
 * finance user's count) is asked one after the other, alone and while a 20 MB PDF embedded in a
 * 28 MB UBL invoice is uploaded, read and booked (`POST /api/invoices/upload-ubl`). For comparison, the
 * time the reading itself takes when it runs on this thread (`checkUblInvoice`, what the server hands
 * to a worker thread: ubl/off-thread.ts). BENCH_ROUNDS (5) uploads, each after a round without one;
 * the figures are the rounds' medians, and the ratios are within this run only.
 *
 * Requests are sent with Fastify's inject, in the server's process: a request waits for whatever
 * holds the server's thread, which is what is measured; there is no network in between.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CONSTANTS } from '../model/catalogue/constants';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { migrate } from '../src/server/db/migrate';
import { openDatabase } from '../src/server/db/open';
import { seed } from '../src/server/demo/seed';
import { checkUblInvoice } from '../src/server/invoicing/ubl';
import { JOBS } from '../src/server/job-registry';
import { addDays, todayInShopZone } from '../src/shared/shop-clock';
import { createTestVerifier } from '../tests/server/helpers/test-verifier';
import { multipart } from '../tests/server/upload-helpers';
import { ublInvoiceXml } from '../tests/ubl-builder';
import { median, percentile } from './stats';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** How long a round without an upload asks the cheap call (a round with one lasts as long as the upload). */
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 3000);
const MB = 1024 * 1024;
const FINANCE = 'finance@demo.test';

const ms = (x: number) => `${x.toFixed(1)} ms`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-invoice-intake-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOB_WORKERS: 'false' });
const database = await openDatabase(config);
await migrate(database, { jobs: JOBS });
await seed(database.db);
const { db } = database;
const { verifier, sign } = await createTestVerifier();
const app = await buildApp({ config, db, verifier, logger: false });
await app.ready();

// The finance user's company takes invoices; its supplier orders are what the e-invoices name.
const tenant = await db.selectFrom('tenants').select('id').where('hostname', '=', 'localhost').executeTakeFirstOrThrow();
const user = await db.selectFrom('users').selectAll().where('email', '=', FINANCE).where('tenantId', '=', tenant.id).executeTakeFirstOrThrow();
const access = await db.selectFrom('customerAccesses').select('customerId').where('userId', '=', user.id).executeTakeFirstOrThrow();
const customerId = String(access.customerId);
await db.updateTable('customers').set({ features: JSON.stringify(['deliveries', 'invoices']), financeApprovalThreshold: null, vatNumber: null } as never).where('id', '=', customerId).execute();
const token = await sign({ userId: user.id, userType: 3, customerIds: [], supplierIds: [], permissions: [], departements: [], active: true, tenant: 'localhost' });
const headers = { host: 'localhost:3000', authorization: `Bearer ${token}`, 'x-customer-id': customerId };

/** The company's supplier order the e-invoices name (each round's invoice has a number of its own). */
const so = await db.selectFrom('supplierOrders').innerJoin('suppliers', 'suppliers.id', 'supplierOrders.supplierId')
  .select(['supplierOrders.gcsNumber', 'suppliers.vatNumber']).where('supplierOrders.customerId', '=', customerId).orderBy('supplierOrders.gcsNumber').executeTakeFirstOrThrow();
const reference = String(so.gcsNumber);
/** The seller is the order's supplier: its enterprise number, the VAT number's ten digits. */
const seller = String(so.vatNumber ?? '').replace(/\D/g, '') || undefined;

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(CONSTANTS.invoicePdfMaxMb * MB - 9, 0x41)]);
const invoice = (orderReference: string, n: number) => Buffer.from(ublInvoiceXml({
  number: `BENCH-${Date.now()}-${n}`, orderReference, issueDate: todayInShopZone(), dueDate: addDays(todayInShopZone(), 30),
  seller: { name: 'Leverancier', enterprise: seller }, buyer: { name: 'Bakkerij Janssens' },
  lines: [{ name: 'Artikel A', quantity: 1, price: '10.00', vat: 21 }], pdf,
}));

async function probe(): Promise<number> {
  const asked = performance.now();
  const res = await app.inject({ method: 'POST', url: '/api/invoices/toPayCount', headers, payload: {} });
  if (res.statusCode !== 200) throw new Error(`toPayCount answered ${res.statusCode}: ${res.body}`);
  return performance.now() - asked;
}

/** The cheap call, one after the other, until `done` (a promise settled) or for IDLE_MS. */
async function probeWhile(done: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!done()) latencies.push(await probe());
  return latencies;
}

/** Uploads `xml` as a network brings it (64 KB chunks) and asks the cheap call meanwhile. */
async function upload(xml: Buffer): Promise<{ latencies: number[]; uploadMs: number; status: number; body: string }> {
  const { payload, headers: type } = multipart([{ name: 'file', filename: 'invoice.xml', contentType: 'application/xml', data: xml }]);
  const chunks = Array.from({ length: Math.ceil(payload.length / (64 * 1024)) }, (_, i) => payload.subarray(i * 64 * 1024, (i + 1) * 64 * 1024));
  let settled = false;
  const started = performance.now();
  const answer = app.inject({ method: 'POST', url: '/api/invoices/upload-ubl', headers: { ...headers, ...type }, payload: Readable.from(chunks) })
    .finally(() => { settled = true; });
  const latencies = await probeWhile(() => settled);
  const res = await answer;
  return { latencies, uploadMs: performance.now() - started, status: res.statusCode, body: res.body };
}

// Warm-up: the routes, the reading thread and the database's caches.
for (let i = 0; i < 20; i += 1) await probe();
const warm = await upload(invoice(reference, 0));
if (warm.status !== 200) throw new Error(`the upload answered ${warm.status}: ${warm.body.slice(0, 500)}`);

const sample = invoice(reference, 0);
console.log(`e-invoice: ${(sample.length / MB).toFixed(1)} MB of XML with a ${CONSTANTS.invoicePdfMaxMb} MB PDF; ${ROUNDS} rounds\n`);
const rows: { idle: number[]; busy: number[]; uploadMs: number; readMs: number }[] = [];
for (let round = 1; round <= ROUNDS; round += 1) {
  const until = performance.now() + IDLE_MS;
  const idle = await probeWhile(() => performance.now() >= until);
  const busy = await upload(invoice(reference, round));
  if (busy.status !== 200) throw new Error(`the upload answered ${busy.status}: ${busy.body.slice(0, 500)}`);
  // The reading on this thread: what each request would wait for had the server not handed it off.
  const read = performance.now();
  if (!checkUblInvoice(sample).ok) throw new Error('the sample invoice does not read');
  const readMs = performance.now() - read;
  rows.push({ idle: idle, busy: busy.latencies, uploadMs: busy.uploadMs, readMs });
  console.log(`round ${round}: alone p50 ${ms(median(idle))} max ${ms(Math.max(...idle))} (${idle.length} calls) | during the upload (${ms(busy.uploadMs)}) p50 ${ms(median(busy.latencies))} max ${ms(Math.max(...busy.latencies))} (${busy.latencies.length} calls) | reading on this thread ${ms(readMs)}`);
}

const figure = (pick: (r: (typeof rows)[number]) => number) => median(rows.map(pick));
const idleP50 = figure((r) => median(r.idle));
const idleP99 = figure((r) => percentile(r.idle, 99));
const idleMax = figure((r) => Math.max(...r.idle));
const busyP50 = figure((r) => median(r.busy));
const busyP99 = figure((r) => percentile(r.busy, 99));
const busyMax = figure((r) => Math.max(...r.busy));
const readMs = figure((r) => r.readMs);
console.log(`\nmedians of ${ROUNDS} rounds        alone → during the upload   ratio`);
console.log(`toPayCount p50               ${ms(idleP50)} → ${ms(busyP50)}   ${(busyP50 / idleP50).toFixed(2)}`);
console.log(`toPayCount p99               ${ms(idleP99)} → ${ms(busyP99)}   ${(busyP99 / idleP99).toFixed(2)}`);
console.log(`toPayCount max               ${ms(idleMax)} → ${ms(busyMax)}   ${(busyMax / idleMax).toFixed(2)}`);
console.log(`upload (stream, read, book)  ${ms(figure((r) => r.uploadMs))}`);
console.log(`reading on the server's thread ${ms(readMs)}: slowest call during the upload / reading = ${(busyMax / readMs).toFixed(2)}`);

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
