import { mkdtemp, readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, processInbox, STALE_MS, type IngestOutcome } from '../../src/server/invoicing/inbox';

const inbox = async () => mkdtemp(join(tmpdir(), 'invoice-inbox-'));
const list = async (dir: string) => (await readdir(dir)).sort();

/** Books files whose content says BOOK, refuses the rest; remembers what it saw. */
function fakeBooking() {
  const seen: string[] = [];
  const ingest = async (xml: Buffer, name: string): Promise<IngestOutcome> => {
    seen.push(name);
    return xml.toString().includes('BOOK') ? { booked: true, invoiceId: `inv-${name}` } : { booked: false, errorCode: 'UblInvoiceInvalid', message: 'BR-CO-10', details: [{ rule: 'BR-CO-10' }] };
  };
  return { seen, ingest };
}

describe('the e-invoice inbox folder', () => {
  it('books what it can, refuses the rest with the reason next to it, and leaves other files alone', async () => {
    const dir = await inbox();
    await writeFile(join(dir, 'a.xml'), '<Invoice>BOOK</Invoice>');
    await writeFile(join(dir, 'b.XML'), '<Invoice>broken</Invoice>');
    await writeFile(join(dir, 'notes.txt'), 'not an invoice');
    const { seen, ingest } = fakeBooking();
    const run = await processInbox(dir, ingest);
    expect(run.booked).toEqual([{ file: 'a.xml', invoiceId: 'inv-a.xml' }]);
    expect(run.refused).toEqual([{ file: 'b.XML', errorCode: 'UblInvoiceInvalid', message: 'BR-CO-10' }]);
    expect(seen.sort()).toEqual(['a.xml', 'b.XML']);
    expect(await list(dir)).toEqual(['done', 'notes.txt', 'processing', 'refused']);
    expect(await list(join(dir, 'done'))).toEqual(['a.xml']);
    expect(await list(join(dir, 'refused'))).toEqual(['b.XML', 'b.XML.reason.json']);
    expect(JSON.parse(await readFile(join(dir, 'refused', 'b.XML.reason.json'), 'utf8'))).toEqual({ errorCode: 'UblInvoiceInvalid', message: 'BR-CO-10', details: [{ rule: 'BR-CO-10' }] });
    expect(await list(join(dir, 'processing'))).toEqual([]);
    // A second run finds nothing new.
    expect(await processInbox(dir, ingest)).toEqual({ booked: [], refused: [], failed: [] });
  });

  it('two runs at once: each file is booked by one of them only', async () => {
    const dir = await inbox();
    for (let i = 0; i < 30; i += 1) await writeFile(join(dir, `inv-${String(i).padStart(2, '0')}.xml`), 'BOOK');
    const one = fakeBooking();
    const two = fakeBooking();
    const [a, b] = await Promise.all([processInbox(dir, one.ingest), processInbox(dir, two.ingest)]);
    expect(a.booked.length + b.booked.length).toBe(30);
    expect(new Set([...one.seen, ...two.seen]).size).toBe(30);
    expect((await list(join(dir, 'done'))).length).toBe(30);
  });

  it('a booking that fails (the database away) leaves the file claimed; once the claim is stale a later run takes it again', async () => {
    const dir = await inbox();
    await writeFile(join(dir, 'late.xml'), 'BOOK');
    await writeFile(join(dir, 'next.xml'), 'BOOK');
    let calls = 0;
    const flaky = async (xml: Buffer, name: string): Promise<IngestOutcome> => {
      calls += 1;
      if (name === 'late.xml') throw new Error('connection lost');
      return fakeBooking().ingest(xml, name);
    };
    // One file failing does not stop the run: the next one is booked.
    const first = await processInbox(dir, flaky, 1_000_000);
    expect(first).toEqual({ booked: [{ file: 'next.xml', invoiceId: 'inv-next.xml' }], refused: [], failed: [{ file: 'late.xml', attempt: 1, message: 'connection lost' }] });
    expect(await list(join(dir, 'processing'))).toEqual(['1000000~try1~late.xml']);
    const { seen, ingest } = fakeBooking();
    // Not yet stale: left alone.
    expect(await processInbox(dir, ingest, 1_000_000 + STALE_MS - 1)).toEqual({ booked: [], refused: [], failed: [] });
    const run = await processInbox(dir, ingest, 1_000_000 + STALE_MS);
    expect(run.booked).toEqual([{ file: 'late.xml', invoiceId: 'inv-late.xml' }]);
    expect(seen).toEqual(['late.xml']);
    expect(await list(join(dir, 'done'))).toEqual(['late.xml', 'next.xml']);
    expect(calls).toBe(2);
  });

  it(`a file that keeps failing is tried ${MAX_ATTEMPTS} times, then refused once with the reason, never tried again`, async () => {
    const dir = await inbox();
    await writeFile(join(dir, 'cursed.xml'), 'BOOK');
    let calls = 0;
    const broken = async (): Promise<IngestOutcome> => { calls += 1; throw new Error('unexpected'); };
    let now = 1_000_000;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1, now += STALE_MS) {
      expect(await processInbox(dir, broken, now)).toEqual({ booked: [], refused: [], failed: [{ file: 'cursed.xml', attempt, message: 'unexpected' }] });
    }
    const last = await processInbox(dir, broken, now);
    expect(last.refused).toEqual([{ file: 'cursed.xml', errorCode: 'internalError', message: expect.stringContaining('unexpected') }]);
    expect(calls).toBe(MAX_ATTEMPTS);
    expect(await list(join(dir, 'refused'))).toEqual(['cursed.xml', 'cursed.xml.reason.json']);
    expect(JSON.parse(await readFile(join(dir, 'refused', 'cursed.xml.reason.json'), 'utf8'))).toMatchObject({ errorCode: 'internalError' });
    expect(await list(join(dir, 'processing'))).toEqual([]);
    // Later runs, however late, find nothing to do.
    for (let i = 1; i <= 3; i += 1) expect(await processInbox(dir, broken, now + i * STALE_MS)).toEqual({ booked: [], refused: [], failed: [] });
    expect(calls).toBe(MAX_ATTEMPTS);
  });

  it('a file whose every attempt stopped the process (nothing caught) is refused without reading it again', async () => {
    const dir = await inbox();
    await mkdir(join(dir, 'processing'), { recursive: true });
    // Claimed for the last time by a process that then died, and one claimed by an earlier version (its first attempt).
    await writeFile(join(dir, 'processing', `1000000~try${MAX_ATTEMPTS}~killer.xml`), 'BOOK');
    await writeFile(join(dir, 'processing', '1000000~old.xml'), 'BOOK');
    const { seen, ingest } = fakeBooking();
    const run = await processInbox(dir, ingest, 1_000_000 + STALE_MS);
    expect(run.refused).toEqual([{ file: 'killer.xml', errorCode: 'internalError', message: `Reading this file did not finish in ${MAX_ATTEMPTS} attempts.` }]);
    expect(run.booked).toEqual([{ file: 'old.xml', invoiceId: 'inv-old.xml' }]);
    expect(seen).toEqual(['old.xml']);
    expect(await list(join(dir, 'refused'))).toEqual(['killer.xml', 'killer.xml.reason.json']);
  });

  it('a file named as one already done keeps both', async () => {
    const dir = await inbox();
    await mkdir(join(dir, 'done'), { recursive: true });
    await writeFile(join(dir, 'done', 'same.xml'), 'earlier');
    await writeFile(join(dir, 'same.xml'), 'BOOK');
    await processInbox(dir, fakeBooking().ingest);
    const done = await list(join(dir, 'done'));
    expect(done).toHaveLength(2);
    expect(done).toContain('same.xml');
    expect(await readFile(join(dir, 'done', 'same.xml'), 'utf8')).toBe('earlier');
  });
});
