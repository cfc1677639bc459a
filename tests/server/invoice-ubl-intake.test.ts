import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { CONSTANTS } from '../../model/catalogue/constants';
import { addDays, todayInShopZone } from '../../src/shared/shop-clock';
import { bookInbox } from '../../src/server/invoicing/inbox-job';
import * as ublXml from '../../src/server/invoicing/ubl/xml';
import { MAX_DEPTH, MAX_ELEMENTS } from '../../src/server/invoicing/ubl/xml';
import { deliveredOrder, invoiceWorld, type InvoiceWorld } from './invoice-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { multipart } from './upload-helpers';
import { ublInvoiceXml, type UblSpec } from '../ubl-builder';

/**
 * The e-invoice intake under large and hostile input: every document up to the upload's limit is
 * booked or refused with its 4xx and errorCode (never a 500), a file past the limit is refused while
 * it streams in, a 20 MB PDF is read on a worker thread (so that it does not hold up the server's
 * other requests: bench/invoice-intake.ts measures that), and the inbox refuses such files once, with the reason beside them.
 */

let t: TestApp;
let customerId: string;
let tenantId: string;
let world: InvoiceWorld;
const SELLER = '0456123494';
const FINANCE = 'finance@demo.test';
const MB = 1024 * 1024;
const UBL_MAX = CONSTANTS.ublInvoiceMaxMb * MB;
const PDF_MAX = CONSTANTS.invoicePdfMaxMb * MB;
const as = (email: string) => ({ as: email, customerId });

const containerDir = () => path.join(t.testDb.config.dataDir, 'blobs', tenantId, 'invoices');
const blobsStored = async () => (await fs.readdir(containerDir()).catch(() => [] as string[])).filter((f) => !f.endsWith('.json')).length;

/** A PDF of exactly `bytes` bytes (what matters to the server is its first bytes and its size). */
const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, 0x41)]);

let numbers = 0;
const spec = (orderReference: string, over: Partial<UblSpec> = {}): UblSpec => ({
  number: `BIG-${Date.now()}-${(numbers += 1)}`, orderReference, issueDate: todayInShopZone(), dueDate: addDays(todayInShopZone(), 30),
  seller: { name: 'Grote Leverancier BV', enterprise: SELLER }, buyer: { name: 'Bakkerij Janssens' },
  lines: [{ name: 'Artikel A', quantity: 1, price: '10.00', vat: 21 }], ...over,
});
function uploadUbl(xml: string | Buffer) {
  const { payload, headers } = multipart([{ name: 'file', filename: 'invoice.xml', contentType: 'application/xml', data: Buffer.isBuffer(xml) ? xml : Buffer.from(xml) }]);
  return t.call('POST', '/api/invoices/upload-ubl', { ...as(FINANCE), headers, body: payload });
}
/** An order delivered and confirmed: its supplier order's number is what an e-invoice names. */
const orderReference = async () => (await deliveredOrder(t, world)).so.gcsNumber;
/** The invoice's PDF as downloaded. */
const downloaded = async (invoiceId: string) => {
  const res = await t.call('POST', '/api/invoices/download', { ...as(FINANCE), body: { invoiceId } });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

/** A well-formed UBL Invoice whose body is `inner` (the root's namespaces declared). */
const invoiceWith = (inner: string) => `<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">${inner}</Invoice>`;
/** An invoice whose embedded PDF of `bytes` bytes has a character no base64 has. */
const notBase64 = (bytes: number, reference = 'SO-X') => ublInvoiceXml(spec(reference, { pdf: pdfOf(bytes) })).replace(/(<cbc:EmbeddedDocumentBinaryObject[^>]*>)/, '$1*');
const deep = (levels: number) => invoiceWith(`${'<cbc:Note>'.repeat(levels)}x${'</cbc:Note>'.repeat(levels)}`);

beforeAll(async () => {
  t = await startTestApp();
  world = await invoiceWorld(t, { name: 'Grote Leverancier BV', vatNumber: `BE${SELLER}` });
  tenantId = world.tenantId;
  customerId = world.customerIds[0]!;
  await t.db.updateTable('customers').set({ vatNumber: null }).where('id', '=', customerId).execute();
});
afterAll(async () => { await t?.close(); });

describe('large e-invoices (POST /invoices/upload-ubl)', () => {
  test('a 4 MB embedded PDF (past where the parser used to overflow its stack) is booked with its PDF', async () => {
    const pdf = pdfOf(4 * MB);
    const inv = ok(await uploadUbl(ublInvoiceXml(spec(await orderReference(), { pdf }))) ).result as { id: string; source: string };
    expect(inv.source).toBe('ubl');
    expect((await downloaded(inv.id)).equals(pdf)).toBe(true);
  });

  test('a 20 MB embedded PDF is booked with its PDF, read on a worker thread: this thread never parses it', async () => {
    const pdf = pdfOf(PDF_MAX);
    const xml = Buffer.from(ublInvoiceXml(spec(await orderReference(), { pdf })));
    expect(xml.length).toBeLessThan(UBL_MAX);
    // The request as a network brings it: in chunks (one 28 MB chunk would be scanned for the
    // multipart boundary in one go, which no socket does).
    const { payload, headers } = multipart([{ name: 'file', filename: 'invoice.xml', contentType: 'application/xml', data: xml }]);
    const chunks = Array.from({ length: Math.ceil(payload.length / (64 * 1024)) }, (_, i) => payload.subarray(i * 64 * 1024, (i + 1) * 64 * 1024));
    // The mechanism that keeps the server answering while it reads (how much it does so is measured
    // by bench/invoice-intake.ts): the XML parser never runs on the server's thread, and the
    // document's bytes are handed to a worker thread.
    const parsedHere = vi.spyOn(ublXml, 'readXml');
    // The bytes posted to a worker, counted as they go: the chunks are moved (empty afterwards).
    const sent: number[] = [];
    const post = Worker.prototype.postMessage;
    const posted = vi.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (this: Worker, ...args: Parameters<Worker['postMessage']>) {
      const { chunks } = args[0] as { chunks?: Uint8Array[] };
      if (chunks) sent.push(chunks.reduce((n, c) => n + c.byteLength, 0));
      post.apply(this, args);
    });
    try {
      const inv = ok(await t.call('POST', '/api/invoices/upload-ubl', { ...as(FINANCE), headers, body: Readable.from(chunks) })).result as { id: string };
      expect(parsedHere).not.toHaveBeenCalled();
      expect(sent).toContain(xml.length);
      expect((await downloaded(inv.id)).equals(pdf)).toBe(true);
    } finally {
      parsedHere.mockRestore();
      posted.mockRestore();
    }
  }, 90_000);

  test('an embedded PDF past the 20 MB of an invoice file is 413 FileTooLarge, and nothing is kept', async () => {
    const before = await blobsStored();
    const xml = ublInvoiceXml(spec(await orderReference(), { pdf: pdfOf(PDF_MAX + 1) }));
    expect(Buffer.byteLength(xml)).toBeLessThan(UBL_MAX);
    const refused = fails(await uploadUbl(xml), 413, 'FileTooLarge');
    expect(refused.details?.[0]).toMatchObject({ path: '/Invoice/cac:AdditionalDocumentReference[1]', rule: 'maxBytes' });
    expect(await blobsStored()).toBe(before);
  });

  test('a file one byte past the limit is 413 FileTooLarge, refused while it streams in: the rest is never read', async () => {
    const before = await blobsStored();
    const head = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><!--');
    const tail = Buffer.from('--></Invoice>');
    fails(await uploadUbl(Buffer.concat([head, Buffer.alloc(UBL_MAX + 1 - head.length - tail.length, 0x20), tail])), 413, 'FileTooLarge');

    const boundary = 'ublboundary';
    const total = UBL_MAX + 16 * MB;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let pulled = 0;
    async function* body() {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="groot.xml"\r\nContent-Type: application/xml\r\n\r\n`);
      yield head;
      while (pulled < total) { pulled += chunk.length; yield chunk; }
      yield Buffer.concat([tail, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    }
    const res = await t.call('POST', '/api/invoices/upload-ubl', { ...as(FINANCE), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: Readable.from(body()) });
    fails(res, 413, 'FileTooLarge');
    // Refused at the limit, not after reading (or holding) the whole upload: some buffers in flight, no more.
    expect(pulled).toBeLessThan(UBL_MAX + 2 * MB);
    expect(await blobsStored()).toBe(before);
  });
});

describe('hostile e-invoices are refused with their reason, never a 500', () => {
  test.each([
    ['elements nested deeper than any invoice', 'tooComplex', () => deep(MAX_DEPTH + 1)],
    ['a hundred thousand levels of nesting', 'tooComplex', () => deep(100_000)],
    ['more elements than any invoice has', 'tooComplex', () => invoiceWith('<cbc:Note/>'.repeat(MAX_ELEMENTS + 1))],
    ['a 4 MB embedded PDF that is not base64', 'invalidValue', () => notBase64(4 * MB)],
    ['base64 without its padding', 'invalidValue', () => ublInvoiceXml(spec('SO-X', { pdf: pdfOf(4 * MB + 1) })).replace(/=*<\/cbc:EmbeddedDocumentBinaryObject>/, '</cbc:EmbeddedDocumentBinaryObject>')],
    ['a DOCTYPE', 'malformedXml', () => `<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY a "aaaa">]>${invoiceWith('&a;').replace(/^<\?xml[^>]*>/, '')}`],
  ] as [string, string, () => string][])('%s: 422 UblInvoiceUnreadable (%s), nothing kept', async (_name, rule, xml) => {
    const before = await blobsStored();
    const refused = fails(await uploadUbl(xml()), 422, 'UblInvoiceUnreadable');
    expect(refused.details?.[0]).toMatchObject({ path: 'file', rule });
    expect(await blobsStored()).toBe(before);
  });
});

describe('the inbox refuses such files once, with the reason beside them', () => {
  test('each is moved to refused/ with its reason.json in one run, and later runs leave them there', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'inbox-hostile-'));
    const reference = await orderReference();
    const files: Record<string, [string, string]> = {
      'deep.xml': [deep(MAX_DEPTH + 1), 'UblInvoiceUnreadable'],
      'bad-base64.xml': [notBase64(4 * MB, reference), 'UblInvoiceUnreadable'],
      'huge-pdf.xml': [ublInvoiceXml(spec(reference, { pdf: pdfOf(PDF_MAX + 1) })), 'FileTooLarge'],
    };
    for (const [name, [xml]] of Object.entries(files)) await fs.writeFile(path.join(dir, name), xml);
    const config = { ...t.testDb.config, invoiceInboxDir: dir };
    const run = await bookInbox(t.db, config);
    expect(run.booked).toEqual([]);
    expect(run.failed).toEqual([]);
    expect(Object.fromEntries(run.refused.map((r) => [r.file, r.errorCode]))).toEqual(Object.fromEntries(Object.entries(files).map(([name, [, code]]) => [name, code])));
    const refusedDir = path.join(dir, 'refused');
    const listed = (await fs.readdir(refusedDir)).sort();
    expect(listed).toEqual(Object.keys(files).flatMap((n) => [n, `${n}.reason.json`]).sort());
    for (const [name, [, code]] of Object.entries(files)) {
      expect(JSON.parse(await fs.readFile(path.join(refusedDir, `${name}.reason.json`), 'utf8'))).toMatchObject({ errorCode: code, message: expect.any(String) });
    }
    // Later runs, however late (past any stale claim), have nothing to read again.
    expect(await bookInbox(t.db, config)).toEqual({ booked: [], refused: [], failed: [] });
    expect((await fs.readdir(refusedDir)).sort()).toEqual(listed);
    expect(await fs.readdir(path.join(dir, 'processing'))).toEqual([]);
  });
});
