import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { queueOrderMail } from '../../src/server/mail/order-mail';
import { queueMail } from '../../src/server/mail/queue-mail';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { addOrder, addUser, mimePart, outboxRow, queueOf, readEml } from './mail-helpers';

/**
 * Background jobs and notification mail on the embedded outbox (no SMTP_URL): a mail queued in a
 * transaction goes out only when that transaction commits, rendered in the recipient's language,
 * recorded in mail_outbox and written as `${DATA_DIR}/outbox/<id>.eml`; platform admins read the
 * outbox through its endpoint. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */

let t: TestApp;
let tenantId: string;
let buyer: string;
let french: string;
let order: string;

beforeAll(async () => {
  t = await startTestApp({ jobs: { workers: true } });
  tenantId = await t.tenantId();
  buyer = await addUser(t, 'mail-buyer@demo.test', { languageCode: 'NL', displayname: 'Bart Koper' });
  french = await addUser(t, 'mail-fr@demo.test', { languageCode: 'FR', displayname: 'Françoise Valide', roles: ['admin'] });
  order = await addOrder(t, buyer, { orderNumber: 'ORD-4711', totalCost: '1234.50' });
});
afterAll(async () => { await t?.close(); });

describe('a job follows the transaction that enqueued it', () => {
  test('rolled back: never run, nothing in the queue or the outbox; committed: run', async () => {
    let rolledBack: string[] = [];
    await expect(t.db.transaction().execute(async (trx) => {
      rolledBack = await queueOrderMail(trx, { tenantId, orderId: order, kind: 'orderApproved', recipients: [buyer] });
      throw new Error('the approval failed');
    })).rejects.toThrow('the approval failed');
    expect(rolledBack).toHaveLength(1);

    const committed = await t.db.transaction().execute((trx) => queueOrderMail(trx, { tenantId, orderId: order, kind: 'orderApproved', recipients: [buyer] }));
    // The committed job was queued after the rolled-back one: once it has run, the other would have too.
    await outboxRow(t, committed[0]!, 'sent');
    const jobs = await queueOf(t).findJobs('mail.send');
    expect(jobs.map((j) => j.id)).toContain(committed[0]);
    expect(jobs.map((j) => j.id)).not.toContain(rolledBack[0]);
    expect(await t.db.selectFrom('mailOutbox').select('id').where('id', '=', rolledBack[0]!).executeTakeFirst()).toBeUndefined();
    expect(await readEml(t, rolledBack[0]!)).toBeNull();
  });

  test('a transaction that commits while another rolls back keeps its job (PGlite: one connection, taken in turn)', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const failing = t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('orders').select('id').where('id', '=', order).execute();
      await held;
      throw new Error('rolled back');
    });
    const committing = t.db.transaction().execute((trx) => queueOrderMail(trx, { tenantId, orderId: order, kind: 'orderApproved', recipients: [buyer] }));
    setTimeout(release, 200);
    await expect(failing).rejects.toThrow('rolled back');
    const [id] = await committing;
    await outboxRow(t, id!, 'sent');
  });
});

describe('the outbox (no SMTP_URL)', () => {
  test("'waiting for your approval' in the recipient's language, with the link to the order's decision page", async () => {
    const [id] = await t.db.transaction().execute((trx) => queueOrderMail(trx, { tenantId, orderId: order, kind: 'orderWaitingForApproval', recipients: [french] }));
    const row = await outboxRow(t, id!, 'sent');
    // The order's company goes along, for recipients who act for several companies.
    const link = `http://localhost:3000/order-detail/${order}?company=${(await t.customerIds())[0]}`;
    expect(row).toMatchObject({
      recipient: 'mail-fr@demo.test', kind: 'orderWaitingForApproval', language: 'fr', delivery: 'outbox', attempts: 1, error: null,
      subject: 'La commande ORD-4711 attend votre approbation', messageId: `<${id}@localhost>`,
    });
    expect(row.sentAt).not.toBeNull();
    expect(row.text).toContain('Bonjour Françoise Valide,');
    expect(row.text).toContain('Bart Koper a passé la commande ORD-4711 (1\u202f234,50\u00a0€).');
    expect(row.text).toContain(link);
    expect(row.text).toContain('Inkoopshop (ontwikkeling)');
    expect(row.html).toContain(`href="${link}"`);

    const eml = await readEml(t, id!);
    expect(eml).not.toBeNull();
    expect(eml).toMatch(/^To: mail-fr@demo\.test$/m);
    expect(eml).toMatch(/^Subject: La commande ORD-4711 attend votre approbation$/m);
    expect(eml).toMatch(new RegExp(`^Message-ID: <${id}@localhost>$`, 'm'));
    expect(eml).toMatch(/^Content-Language: fr$/m);
    expect(mimePart(eml!, 'text/plain').trim()).toBe(row.text!.trim());
    expect(mimePart(eml!, 'text/html')).toContain(`href="${link}"`);
  });

  test("a user without a language gets the tenant's default (acme: English); the reason of a rejection is quoted and escaped in HTML", async () => {
    const acmeBuyer = await addUser(t, 'mail-acme@demo.test', { host: 'acme.localhost', languageCode: 'Undefined', displayname: 'Alice' });
    const acmeOrder = await addOrder(t, acmeBuyer, { host: 'acme.localhost', orderNumber: 'ACM-9', totalCost: '80.00' });
    const acme = await t.tenantId('acme.localhost');
    const [id] = await t.db.transaction().execute((trx) => queueOrderMail(trx, {
      tenantId: acme, orderId: acmeOrder, kind: 'orderRejected', reason: 'Too expensive <b>now</b>', recipients: [acmeBuyer],
    }));
    const row = await outboxRow(t, id!, 'sent');
    expect(row).toMatchObject({ language: 'en', subject: 'Your order ACM-9 has been rejected' });
    expect(row.text).toContain('Order ACM-9 (€80.00) has been rejected.');
    expect(row.text).toContain('Reason: Too expensive <b>now</b>');
    expect(row.text).toContain('http://acme.localhost:3000/order-detail/');
    expect(row.html).toContain('Reason: Too expensive &lt;b&gt;now&lt;/b&gt;');
    expect(row.html).not.toContain('<b>now</b>');
  });

  test('a comment on a followed order and a reminder (nl), one mail per recipient however often named', async () => {
    const ids = await t.db.transaction().execute(async (trx) => [
      ...await queueOrderMail(trx, { tenantId, orderId: order, kind: 'orderComment', comment: 'Kan dit\nvóór vrijdag?', authorName: 'Françoise', recipients: [buyer, buyer, null] }),
      ...await queueMail(trx, { tenantId, recipients: [buyer], mail: { kind: 'reminderDue', title: 'Contract verlengen', description: 'Het contract loopt af op 31/12.', path: '/contracts' } }),
    ]);
    expect(ids).toHaveLength(2);
    const comment = await outboxRow(t, ids[0]!, 'sent');
    expect(comment.subject).toBe('Nieuwe opmerking bij bestelling ORD-4711');
    expect(comment.text).toContain('Françoise schreef bij bestelling ORD-4711, die je volgt:\n\nKan dit\nvóór vrijdag?');
    expect(comment.html).toContain('Kan dit<br>\nvóór vrijdag?');
    const reminder = await outboxRow(t, ids[1]!, 'sent');
    expect(reminder).toMatchObject({ kind: 'reminderDue', subject: 'Herinnering: Contract verlengen', language: 'nl' });
    expect(reminder.text).toContain('Het contract loopt af op 31/12.');
    expect(reminder.text).toContain('Openen: http://localhost:3000/contracts');
  });

  test('a mail whose recipient is gone ends as failed at once (no retry could help)', async () => {
    const [id] = await t.db.transaction().execute((trx) => queueOrderMail(trx, {
      tenantId, orderId: order, kind: 'orderApproved', recipients: ['00000000-0000-4000-8000-000000000000'],
    }));
    const row = await outboxRow(t, id!, 'failed');
    expect(row).toMatchObject({ recipient: null, attempts: 1 });
    expect(row.error).toMatch(/user .* not found/);
  });

  test('data a job could never run with is refused where it is enqueued, and that transaction rolls back', async () => {
    await expect(t.db.transaction().execute((trx) => queueMail(trx, {
      tenantId, recipients: [buyer], mail: { kind: 'reminderDue', title: 'Phish', description: '', path: '//evil.example/login' },
    }))).rejects.toThrow();
  });
});

describe('reading the outbox (POST /admin/mail-outbox/query, GET /admin/mail-outbox/{id})', () => {
  test('a platform admin lists and reads the messages of the tenant', async () => {
    const [id] = await t.db.transaction().execute((trx) => queueOrderMail(trx, { tenantId, orderId: order, kind: 'orderApproved', recipients: [buyer] }));
    await outboxRow(t, id!, 'sent');
    const list = ok(await t.call('POST', '/api/admin/mail-outbox/query', { as: 'admin@demo.test', body: { query: { search: 'mail-buyer@', take: 100 } } })).result;
    expect(list.items.map((m: { id: string }) => m.id)).toContain(id);
    expect(list.items.every((m: { recipient: string }) => m.recipient === 'mail-buyer@demo.test')).toBe(true);
    const one = ok(await t.call('GET', `/api/admin/mail-outbox/${id}`, { as: 'admin@demo.test' })).result;
    expect(one).toMatchObject({ id, recipient: 'mail-buyer@demo.test', subject: 'Je bestelling ORD-4711 is goedgekeurd', status: 'sent', kind: 'orderApproved' });
    expect(one.text).toContain('Bestelling ORD-4711 (€\u00a01.234,50) is goedgekeurd.');
    // Another tenant's admin does not see it.
    fails(await t.call('GET', `/api/admin/mail-outbox/${id}`, { as: 'admin@demo.test', host: 'acme.localhost' }), 404, 'notFound');
  });

  test('a customer user may not read it (403)', async () => {
    const [customerId] = await t.customerIds();
    fails(await t.call('POST', '/api/admin/mail-outbox/query', { as: 'manager@demo.test', customerId, body: { query: {} } }), 403, 'forbiddenAccess');
    fails(await t.call('GET', `/api/admin/mail-outbox/${order}`, { as: 'buyer@demo.test', customerId }), 403, 'forbiddenAccess');
    fails(await t.call('POST', '/api/admin/mail-outbox/query', { body: { query: {} } }), 401, 'unauthorized');
  });

  test('nobody writes it through the API', async () => {
    for (const op of ['create', 'update', 'delete']) {
      const answer = await t.call('POST', `/api/admin/mail-outbox/${op}`, { as: 'superadmin@demo.test', body: { dto: { recipient: 'x@example.com' } } });
      expect(answer.statusCode).toBe(404);
    }
  });
});
