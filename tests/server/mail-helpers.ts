import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { jobQueueSlotOf } from '../../src/server/db/job-queue-slot';
import type { JobQueue } from '../../src/server/jobs/queue';
import { outboxDir } from '../../src/server/mail/transport';
import { permissionsForRoles } from '../../src/shared/access';
import { eventually } from './helpers/eventually';
import type { TestApp } from './helpers/test-app';

export interface NewUser {
  languageCode?: string;
  roles?: string[];
  host?: string;
  displayname?: string;
  /** Default: the tenant's first customer. */
  customerId?: string;
  active?: boolean;
  accessActive?: boolean;
}

/** A user of tenant `host` with `roles` on a customer (default its first), in `languageCode`. */
export async function addUser(t: TestApp, email: string, opts: NewUser = {}): Promise<string> {
  const tenantId = await t.tenantId(opts.host);
  const customerId = opts.customerId ?? (await t.customerIds(opts.host))[0];
  const user = await t.db.insertInto('users').values({
    tenantId, email, displayname: opts.displayname ?? email.split('@')[0], userType: 3, active: opts.active ?? true, languageCode: opts.languageCode ?? 'NL',
  } as never).returning('id').executeTakeFirstOrThrow();
  const roles = opts.roles ?? ['user'];
  await t.db.insertInto('customerAccesses').values({
    tenantId, userId: user.id, customerId, active: opts.accessActive ?? true, roles: JSON.stringify(roles),
    permissions: JSON.stringify(permissionsForRoles(roles)), departmentIds: JSON.stringify([]),
  } as never).execute();
  return user.id as string;
}

/** An order of a customer of `host` (default its first), placed by `orderedById`. */
export async function addOrder(t: TestApp, orderedById: string, opts: { host?: string; customerId?: string; orderNumber?: string; totalCost?: string; status?: string; departmentId?: string | null } = {}): Promise<string> {
  const tenantId = await t.tenantId(opts.host);
  const customerId = opts.customerId ?? (await t.customerIds(opts.host))[0];
  const order = await t.db.insertInto('orders').values({
    tenantId, customerId, orderedById, orderNumber: opts.orderNumber ?? `M-${Math.random().toString(36).slice(2, 8)}`,
    orderDate: new Date(), status: opts.status ?? 'toApprove', totalCost: opts.totalCost ?? '1234.50', departmentId: opts.departmentId ?? null,
  } as never).returning('id').executeTakeFirstOrThrow();
  return order.id as string;
}

/** The app's running job queue. */
export function queueOf(t: TestApp): JobQueue {
  const queue = jobQueueSlotOf(t.db)?.queue as JobQueue | undefined;
  if (!queue) throw new Error('no job queue runs for this app');
  return queue;
}

/** The outbox row of a mail once it reached `status` (jobs run in the background). */
export async function outboxRow(t: TestApp, id: string, status: string, ms = 15_000) {
  return eventually(async () => {
    const row = await t.db.selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirst();
    if (row?.status !== status) throw new Error(`mail ${id} is ${row?.status ?? 'not written'}, waiting for ${status}`);
    return row;
  }, ms);
}

/** The raw message of the embedded outbox, or null when there is none. */
export async function readEml(t: TestApp, id: string): Promise<string | null> {
  return fs.readFile(path.join(outboxDir(t.testDb.config.dataDir), `${id}.eml`), 'utf8').catch(() => null);
}

/** The decoded body of a raw message's part of `contentType` (quoted-printable, base64 or plain). */
export function mimePart(raw: string, contentType: string): string {
  const text = raw.replace(/\r\n/g, '\n');
  const boundary = /boundary="?([^"\n;]+)"?/.exec(text)?.[1];
  const parts = boundary ? text.split(`--${boundary}`) : [text];
  const part = parts.find((p) => p.includes(`Content-Type: ${contentType}`));
  if (!part) throw new Error(`no ${contentType} part`);
  const headerEnd = part.indexOf('\n\n', part.indexOf(`Content-Type: ${contentType}`));
  const headers = part.slice(0, headerEnd);
  const body = part.slice(headerEnd + 2).replace(/\n$/, '');
  const encoding = /Content-Transfer-Encoding: ([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const soft = body.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) { bytes.push(parseInt(hex, 16)); i += 2; } else bytes.push(soft.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

export interface ReceivedMail { from: string | undefined; to: string[]; raw: string }

/**
 * A real SMTP server on a free local port (smtp-server, plain text, no auth) that keeps what it
 * receives; `rejectRecipients` answers every RCPT TO with 550, as a server refusing the address does.
 */
export async function startSmtpServer(opts: { rejectRecipients?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      attempts++;
      if (opts.rejectRecipients) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const envelope = session.envelope;
        received.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : undefined,
          to: envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
