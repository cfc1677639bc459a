import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { queueOrderMail } from '../../src/server/mail/order-mail';
import { eventually } from './helpers/eventually';
import { startTestApp, type TestApp } from './helpers/test-app';
import { addOrder, addUser, mimePart, outboxRow, queueOf, readEml, startSmtpServer } from './mail-helpers';

/**
 * With SMTP_URL set, notification mail goes to that server: here a real SMTP server (smtp-server)
 * started by the test on a local port. The outbox table still records each message; no .eml is
 * written. A server that refuses the message makes the job retry and end as failed.
 */

describe('SMTP_URL set: the message goes to the SMTP server', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ jobs: { workers: true }, config: { mail: { smtpUrl: smtp.url, from: 'Inkoopshop <no-reply@shop.example>' } } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  test('received with its recipient, sender and subject; recorded as sent through smtp', async () => {
    const tenantId = await t.tenantId();
    const buyer = await addUser(t, 'smtp-buyer@demo.test', { languageCode: 'EN', displayname: 'Sam Smith' });
    const order = await addOrder(t, buyer, { orderNumber: 'SMTP-1' });
    const [id] = await t.db.transaction().execute((trx) => queueOrderMail(trx, { tenantId, orderId: order, kind: 'orderApproved', recipients: [buyer] }));

    const row = await outboxRow(t, id!, 'sent');
    expect(row).toMatchObject({ delivery: 'smtp', recipient: 'smtp-buyer@demo.test', subject: 'Your order SMTP-1 has been approved', attempts: 1 });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail).toMatchObject({ from: 'no-reply@shop.example', to: ['smtp-buyer@demo.test'] });
    expect(mail!.raw).toMatch(/^Subject: Your order SMTP-1 has been approved\r?$/m);
    expect(mail!.raw).toMatch(new RegExp(`^Message-ID: <${id}@localhost>\\r?$`, 'm'));
    expect(mimePart(mail!.raw, 'text/plain')).toContain(`View the order: http://localhost:3000/order-detail/${order}`);
    expect(await readEml(t, id!)).toBeNull();
  });
});

describe('a failing transport: retried, then failed', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer({ rejectRecipients: true });
    t = await startTestApp({
      jobs: { workers: true, queues: { 'mail.send': { retryLimit: 2, retryDelay: 1, retryBackoff: false } }, pollSeconds: 0.5 },
      config: { mail: { smtpUrl: smtp.url, from: 'no-reply@shop.example' } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  test('every attempt is refused: three attempts (retryLimit 2), then the row and the job say failed', async () => {
    const tenantId = await t.tenantId();
    const buyer = await addUser(t, 'refused@demo.test');
    const order = await addOrder(t, buyer, { orderNumber: 'SMTP-2' });
    const [id] = await t.db.transaction().execute((trx) => queueOrderMail(trx, { tenantId, orderId: order, kind: 'orderApproved', recipients: [buyer] }));

    const row = await outboxRow(t, id!, 'failed', 25_000);
    expect(row).toMatchObject({ attempts: 3, delivery: 'smtp', recipient: 'refused@demo.test', sentAt: null });
    expect(row.error).toMatch(/550/);
    expect(smtp.attempts()).toBe(3);
    expect(smtp.received).toHaveLength(0);
    // The row is written before the handler's error reaches pg-boss, which then ends the job.
    await eventually(async () => {
      const job = (await queueOf(t).findJobs('mail.send')).find((j) => j.id === id);
      expect(job).toMatchObject({ state: 'failed', retryCount: 2 });
    });
  });
});
