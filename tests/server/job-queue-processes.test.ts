import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { MAIL_SEND_QUEUE } from '../../src/server/mail/send-job';
import { line, makeArticle, makeSupplier } from './basket-helpers';
import { eventually } from './helpers/eventually';
import { ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * The job queue's guarantees with several server processes (docs/configuration.md, "Background jobs and mail"): every job
 * runs to completion once, whichever process takes it, and a process killed in the middle of a
 * job loses nothing — its attempt's heartbeat stops, a surviving worker's supervision gives the
 * job back and another process sends it, once.
 *
 * On PostgreSQL (DATABASE_URL set) two real server processes (`node --import tsx
 * src/server/main.ts`, each on its own port) work the queue of one database while this file's app
 * only enqueues: 40 supplier orders of one approval are mailed to a local SMTP server, which holds
 * the first message of each process unanswered (so both processes are in the middle of a send at
 * the same moment: deterministic, no sleeps). One process is then SIGKILLed while its message
 * waits; a third process joins. Every supplier order must end sent with exactly one message
 * accepted by the mail server, one successful communication and one outbox row, its job completed.
 * On PGlite (one process only) the same 40 sends run on this process's worker, each once.
 */

const onPostgres = !!process.env.DATABASE_URL;
const SUPPLIER_ORDERS = 40;

/**
 * The jobs this file queues carry their queue's settings (pg-boss copies them into each job): a
 * retry a second after a failure instead of a minute, and the shortest heartbeat pg-boss allows
 * (10 s; the product's is MAIL_SEND_QUEUE's 30 s), so a killed attempt comes back in test time.
 */
const QUEUES = { 'supplierOrders.send': { ...MAIL_SEND_QUEUE, retryDelay: 1, retryBackoff: false, heartbeatSeconds: 10 } };

interface Accepted { from: string; subject: string }

/**
 * An SMTP server that accepts every message, except the first supplier order's one from each sender named in
 * `hold`: that one is read and left unanswered until released (the sending process waits in its
 * SMTP session). A session that closes while held is recorded (its process died).
 */
async function holdingSmtpServer(hold: readonly string[]) {
  const accepted: Accepted[] = [];
  const held = new Map<string, { session: string; release: () => void }>();
  const dropped = new Set<string>();
  const releaseAll = { on: false };
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false,
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        // The approval's notification mail goes the same way: only the supplier orders' mail counts.
        if (!session.envelope.rcptTo.some((r) => r.address.endsWith('@supplier.test'))) return callback();
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        const accept = () => { accepted.push({ from, subject }); callback(); };
        if (hold.includes(from) && !held.has(from) && !releaseAll.on) {
          held.set(from, { session: session.id, release: accept });
          return;
        }
        accept();
      });
    },
    onClose(session) {
      for (const [from, h] of held) if (h.session === session.id) dropped.add(from);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    held,
    dropped,
    /** Answers the held message of `from` (it counts as accepted from then on); later messages of everyone pass. */
    release(from: string) { releaseAll.on = true; held.get(from)?.release(); },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A customer of `t` ordering from 40 suppliers in one order, approved: 40 supplier orders and their 40 send jobs. */
async function approveFortySupplierOrders(t: TestApp): Promise<{ orderId: string; supplierOrderIds: string[] }> {
  const tenantId = await t.tenantId();
  const [customerId] = await t.customerIds();
  await t.db.updateTable('customers').set({ features: JSON.stringify([]), financeApprovalThreshold: null } as never).where('id', '=', customerId!).execute();
  const manager = await t.db.selectFrom('users').select('id').where('tenantId', '=', tenantId).where('email', '=', 'manager@demo.test').executeTakeFirstOrThrow();
  await t.db.updateTable('customerDepartments').set({ validatorUserId: manager.id }).where('customerId', '=', customerId!).execute();
  const lines = [];
  for (let i = 1; i <= SUPPLIER_ORDERS; i++) {
    const supplierId = await makeSupplier(t, { name: `Werker Leverancier ${i}` });
    await t.db.updateTable('suppliers').set({ orderEmail: `orders-${i}@supplier.test`, email: null }).where('id', '=', supplierId).execute();
    lines.push(line(await makeArticle(t, { supplierId, price: '4.00', stock: null }), 1));
  }
  const as = (email: string) => ({ as: email, customerId: customerId! });
  ok(await t.call('PUT', '/api/v2/transporters/update', { ...as('buyer@demo.test'), body: { transporter: { transporterLines: lines } } }));
  const placed = ok(await t.call('POST', '/api/v2/orders/transporter', { ...as('buyer@demo.test'), body: {} })).result;
  ok(await t.call('PATCH', `/api/v2/orders/${placed.id}/validate`, { ...as('manager@demo.test'), body: { approve: true } }));
  const supplierOrderIds = (await t.db.selectFrom('supplierOrders').select('id').where('orderId', '=', placed.id).execute()).map((r) => r.id);
  expect(supplierOrderIds).toHaveLength(SUPPLIER_ORDERS);
  return { orderId: placed.id as string, supplierOrderIds };
}

interface SendJobRow { id: string; state: string; retryCount: number; supplierOrderId: string }

const sendJobs = async (t: TestApp, ids: readonly string[]) => (await sql<SendJobRow>`
  select id::text as "id", state::text as "state", retry_count as "retryCount", data->>'supplierOrderId' as "supplierOrderId"
  from pgboss.job where name = 'supplierOrders.send' and data->>'supplierOrderId' in (${sql.join(ids)})`.execute(t.db)).rows;

/** Every one of `ids` sent: moved on, its job completed (each job once: one row per supplier order). */
async function allSent(t: TestApp, ids: readonly string[], ms: number, count = ids.length): Promise<void> {
  await eventually(async () => {
    const sent = await t.db.selectFrom('supplierOrders').select('id').where('id', 'in', ids).where('status', '=', 'WAITFORORDERRESPONSE').execute();
    if (sent.length < count) throw new Error(`${sent.length} of ${count} supplier orders sent`);
    const done = (await sendJobs(t, ids)).filter((j) => j.state === 'completed');
    if (done.length < count) throw new Error(`${done.length} of ${count} jobs completed`);
  }, ms);
}

/** Each supplier order: one successful e-mail communication, none failed, one outbox row, sent. */
async function sentOnceEach(t: TestApp, ids: readonly string[]): Promise<void> {
  const comms = await t.db.selectFrom('supplierOrderComms').select(['supplierOrderId', 'success', 'channel']).where('supplierOrderId', 'in', ids).execute();
  for (const id of ids) {
    const own = comms.filter((c) => c.supplierOrderId === id);
    expect(own.filter((c) => c.success && c.channel === 'email'), `communications of ${id}`).toHaveLength(1);
  }
  const jobs = await sendJobs(t, ids);
  expect(jobs).toHaveLength(ids.length);
  expect(new Set(jobs.map((j) => j.supplierOrderId)).size).toBe(ids.length);
  expect(jobs.every((j) => j.state === 'completed')).toBe(true);
  const outbox = await t.db.selectFrom('mailOutbox').select(['id', 'status']).where('id', 'in', jobs.map((j) => j.id)).execute();
  expect(outbox).toHaveLength(ids.length);
  expect(outbox.every((m) => m.status === 'sent')).toBe(true);
}

describe('the queue definitions', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(); });
  afterAll(async () => { await t?.close(); });

  test('sends beat a heartbeat (a dead process\'s send comes back), without giving up the expiry of a hung one', async () => {
    const rows = (await sql<{ name: string; heartbeat: number | null; expire: number; retryLimit: number }>`
      select name as "name", heartbeat_seconds as "heartbeat", expire_seconds as "expire", retry_limit as "retryLimit"
      from pgboss.queue where name in ('supplierOrders.send', 'mail.send') order by name`.execute(t.db)).rows;
    expect(rows).toEqual([
      { name: 'mail.send', heartbeat: 30, expire: 300, retryLimit: 5 },
      { name: 'supplierOrders.send', heartbeat: 30, expire: 300, retryLimit: 5 },
    ]);
  });
});

if (onPostgres) {
  describe('two server processes on one PostgreSQL queue', () => {
    let t: TestApp;
    let smtp: Awaited<ReturnType<typeof holdingSmtpServer>>;
    let dataDir: string;
    const children: ChildProcess[] = [];
    // Processes behind one load balancer share the key of the identity provider's keys (docs/configuration.md, Security).
    const keyEncryptionKey = randomBytes(32).toString('base64');

    /** A server process (src/server/main.ts) on the test database, mailing from `from`; resolves once it listens. */
    async function serverProcess(name: string, from: string): Promise<ChildProcess> {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: path.resolve(__dirname, '../..'),
        env: {
          ...process.env, DATABASE_URL: t.testDb.config.databaseUrl, DATA_DIR: path.join(dataDir, name), PORT: '0', HOST: '127.0.0.1',
          PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'warn', SMTP_URL: smtp.url, MAIL_FROM: from, JOB_WORKERS: 'true', JOB_SUPERVISE_SECONDS: '1',
          OIDC_KEY_ENCRYPTION_KEY: keyEncryptionKey,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let output = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output}`)), 45_000);
        child.stdout!.on('data', (d: Buffer) => { output += d; if (output.includes('Procurement shop on')) { clearTimeout(timer); resolve(); } });
        child.stderr!.on('data', (d: Buffer) => { output += d; });
        child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`${name} exited with ${code}:\n${output}`)); });
      });
      return child;
    }

    beforeAll(async () => {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-workers-'));
      smtp = await holdingSmtpServer(['a@workers.test', 'b@workers.test']);
      t = await startTestApp({ jobs: { workers: false, queues: QUEUES } });
    }, 60_000);
    afterAll(async () => {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
      await t?.close();
      await smtp?.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    });

    test('40 sends, each exactly once; a process SIGKILLed in the middle of a send loses no job', async () => {
      // The approval queues the 40 jobs (this process only enqueues); then the workers start.
      const { supplierOrderIds: ids } = await approveFortySupplierOrders(t);
      const a = await serverProcess('a', 'a@workers.test');
      await serverProcess('b', 'b@workers.test');

      // Both processes are in the middle of a send at once (each runs one send at a time).
      await eventually(async () => { if (smtp.held.size < 2) throw new Error(`${smtp.held.size} held`); }, 30_000);
      const active = (await sendJobs(t, ids)).filter((j) => j.state === 'active');
      expect(active).toHaveLength(2);

      // A dies while its message waits for the mail server's answer; its session closes with it.
      a.kill('SIGKILL');
      await eventually(async () => { if (!smtp.dropped.has('a@workers.test')) throw new Error('a still connected'); }, 10_000);
      // A third process joins and, with B still waiting on its message, takes everything else,
      // including A's send once its heartbeat is found missing and it is given back for a retry.
      await serverProcess('a2', 'a2@workers.test');
      await allSent(t, ids, 45_000, SUPPLIER_ORDERS - 1);

      // B's send, held all this time (longer than the heartbeat), was never taken from it.
      const waiting = (await sendJobs(t, ids)).filter((j) => j.state !== 'completed');
      expect(waiting).toEqual([expect.objectContaining({ state: 'active', retryCount: 0 })]);
      smtp.release('b@workers.test');
      await allSent(t, ids, 15_000);

      // Exactly one message per supplier order reached the mail server, none from the dead process.
      const subjects = smtp.accepted.map((m) => m.subject);
      expect(subjects).toHaveLength(SUPPLIER_ORDERS);
      expect(new Set(subjects).size).toBe(SUPPLIER_ORDERS);
      expect(smtp.accepted.filter((m) => m.from === 'a@workers.test')).toHaveLength(0);
      expect(smtp.accepted.filter((m) => m.from === 'b@workers.test').length).toBeGreaterThanOrEqual(1);
      expect(smtp.accepted.filter((m) => m.from === 'a2@workers.test').length).toBeGreaterThanOrEqual(SUPPLIER_ORDERS - 1);
      await sentOnceEach(t, ids);
      // A's job is the one that was retried: its second attempt completed it.
      const retried = (await sendJobs(t, ids)).filter((j) => j.retryCount > 0);
      expect(retried).toHaveLength(1);
      const { supplierOrderId } = retried[0]!;
      const comms = await t.db.selectFrom('supplierOrderComms').select(['attempt', 'success']).where('supplierOrderId', '=', supplierOrderId).execute();
      expect(comms).toEqual([{ attempt: 2, success: true }]);
    }, 120_000);
  });
} else {
  describe('one process on PGlite', () => {
    let t: TestApp;
    let smtp: Awaited<ReturnType<typeof holdingSmtpServer>>;
    beforeAll(async () => {
      smtp = await holdingSmtpServer([]);
      t = await startTestApp({ jobs: { workers: true, queues: QUEUES }, config: { mail: { smtpUrl: smtp.url, from: 'a@workers.test' } } });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    test('40 sends queued by one approval are each sent exactly once', async () => {
      const { supplierOrderIds: ids } = await approveFortySupplierOrders(t);
      await allSent(t, ids, 60_000);
      expect(new Set(smtp.accepted.map((m) => m.subject)).size).toBe(SUPPLIER_ORDERS);
      expect(smtp.accepted).toHaveLength(SUPPLIER_ORDERS);
      await sentOnceEach(t, ids);
    }, 90_000);
  });
}
