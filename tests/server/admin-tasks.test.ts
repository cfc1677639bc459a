import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorOf } from '../../src/server/jobs/tasks';
import { queueMail } from '../../src/server/mail/queue-mail';
import type { TaskDto, TaskRunDto } from '../../src/shared/task-types';
import { eventually } from './helpers/eventually';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { addUser, queueOf } from './mail-helpers';

/**
 * The admin task calls (core §7 Admin): the background job kinds of the registry, their runs read
 * from pg-boss's own job table, a run by hand of a task that needs no data, and the runs of another
 * tenant kept out of sight. Mail goes to an SMTP port nobody listens on, without retries, so a mail
 * job fails and its error shows in the logs.
 */

let t: TestApp;
let tenantId: string;
const ADMIN = 'admin@demo.test';

beforeAll(async () => {
  t = await startTestApp({
    jobs: { workers: true, queues: { 'mail.send': { retryLimit: 0, retryBackoff: false } } },
    config: { mail: { smtpUrl: 'smtp://127.0.0.1:9', from: 'no-reply@shop.example' } },
  });
  tenantId = await t.tenantId();
});
afterAll(async () => { await t?.close(); });

const available = async (lang = 'nl') => ok<{ result: TaskDto[] }>(await t.call('GET', '/api/admin/tasks/available', { as: ADMIN, headers: { 'accept-language': lang } })).result;
const logs = async (taskId: string, count?: number, host?: string, as = ADMIN) =>
  ok<{ result: TaskRunDto[] }>(await t.call('POST', '/api/admin/tasks/logs', { as, host, body: count === undefined ? { taskId } : { taskId, count } })).result;

/** The run `jobId` of `taskId` once it reached `state`. */
const runReaching = (taskId: string, jobId: string, state: string) => eventually(async () => {
  const run = (await logs(taskId, 100)).find((r) => r.id === jobId);
  if (run?.state !== state) throw new Error(`run ${jobId} is ${run?.state ?? 'not listed'}, waiting for ${state}`);
  return run;
}, 20_000);

describe('who may call them', () => {
  const calls = [
    ['GET', '/api/admin/tasks/available', undefined],
    ['GET', '/api/admin/tasks/running', undefined],
    ['POST', '/api/admin/tasks/run', { taskName: 'reminders.due' }],
    ['POST', '/api/admin/tasks/logs', { taskId: 'reminders.due' }],
  ] as const;

  test.each(calls)('%s %s: a customer user gets 403, nobody signed in 401, and nothing is enqueued', async (method, url, body) => {
    const before = (await queueOf(t).findJobs('reminders.due')).length;
    const [customerId] = await t.customerIds();
    fails(await t.call(method, url, { as: 'buyer@demo.test', customerId, body }), 403, 'forbiddenAccess');
    fails(await t.call(method, url, { as: 'manager@demo.test', customerId, body }), 403, 'forbiddenAccess');
    fails(await t.call(method, url, { body }), 401, 'unauthorized');
    const after = (await queueOf(t).findJobs('reminders.due')).filter((j) => j.data && '__run' in j.data);
    expect(after).toHaveLength(0);
    expect((await queueOf(t).findJobs('reminders.due')).length).toBeGreaterThanOrEqual(before);
  });

  test('platform admins (userType 2) and super admins (1) may', async () => {
    ok(await t.call('GET', '/api/admin/tasks/available', { as: 'admin@demo.test' }));
    ok(await t.call('GET', '/api/admin/tasks/available', { as: 'superadmin@demo.test' }));
  });
});

describe('GET /admin/tasks/available', () => {
  test('every job kind of the registry, with its texts in the caller\'s language, its schedule and whether it runs by hand', async () => {
    const tasks = await available('en');
    expect(tasks.map((x) => x.name).sort()).toEqual(['articles.backInStock', 'catalogue.importStaples', 'contracts.status', 'deliveries.autoApprove', 'exports.run', 'invoices.expire', 'invoices.inbox', 'mail.send', 'productImports.expire', 'productImports.run', 'reminders.due', 'search.reindex', 'stock.restock', 'supplierOrders.send']);
    expect(tasks.find((x) => x.name === 'stock.restock')).toMatchObject({ displayName: 'Restock warehouses', runnable: true, schedule: { cron: '5 * * * *' } });
    expect(tasks.find((x) => x.name === 'deliveries.autoApprove')).toMatchObject({ displayName: 'Approve deliveries automatically', runnable: true, schedule: { cron: '20 * * * *' } });
    const reminders = tasks.find((x) => x.name === 'reminders.due')!;
    expect(reminders).toMatchObject({
      id: 'reminders.due', displayName: 'Send reminders', runnable: true,
      schedule: { cron: '* * * * *', timezone: 'Europe/Brussels' },
    });
    expect(reminders.description).toMatch(/reminders/);
    expect(tasks.find((x) => x.name === 'mail.send')).toMatchObject({ displayName: 'Send e-mail', runnable: false, schedule: null });
    expect(tasks.find((x) => x.name === 'catalogue.importStaples')).toMatchObject({ displayName: 'Import the Staples catalogue', runnable: false, schedule: null });
    expect(tasks.find((x) => x.name === 'exports.run')).toMatchObject({ displayName: 'Build and mail an export', runnable: false, schedule: null });
    expect((await available('fr')).find((x) => x.name === 'reminders.due')!.displayName).toBe('Envoyer les rappels');
    expect((await available()).find((x) => x.name === 'reminders.due')!.displayName).toBe('Herinneringen versturen');
  });
});

describe('POST /admin/tasks/run', () => {
  test('an unknown task is 404 TaskNotFound, a task that needs data 400 TaskNotRunnable, a missing name 400; nothing is enqueued', async () => {
    const mails = (await queueOf(t).findJobs('mail.send')).length;
    fails(await t.call('POST', '/api/admin/tasks/run', { as: ADMIN, body: { taskName: 'nightly.everything' } }), 404, 'TaskNotFound');
    fails(await t.call('POST', '/api/admin/tasks/run', { as: ADMIN, body: { taskName: '__proto__' } }), 404, 'TaskNotFound');
    fails(await t.call('POST', '/api/admin/tasks/run', { as: ADMIN, body: { taskName: 'mail.send' } }), 400, 'TaskNotRunnable');
    fails(await t.call('POST', '/api/admin/tasks/run', { as: ADMIN, body: {} }), 400, 'validationFailed');
    fails(await t.call('POST', '/api/admin/tasks/run', { as: ADMIN, body: { taskName: 42 } }), 400, 'validationFailed');
    expect((await queueOf(t).findJobs('mail.send')).length).toBe(mails);
  });

  test('runs reminders.due now: the job runs, sends the reminder that is due, and its log shows it completed, by whom, with its result', async () => {
    // A reminder whose moment has passed: this run (or the minute's scheduled one) mails it.
    const buyer = await addUser(t, 'tasks-buyer@demo.test', { displayname: 'Taak Koper' });
    const [customerId] = await t.customerIds();
    const order = await t.db.insertInto('orders').values({
      tenantId, customerId, orderedById: buyer, orderNumber: 'TASK-1', orderDate: new Date(), status: 'toApprove', totalCost: '10.00',
    } as never).returning('id').executeTakeFirstOrThrow();
    const past = new Date(Date.now() - 60_000);
    await t.db.insertInto('orderReminders').values({
      tenantId, customerId, orderId: order.id, userId: buyer, title: 'Nabellen', date: past, isRecurring: false, nextDueAt: past, sentCount: 0,
    } as never).execute();

    const started = ok<{ result: { taskName: string; jobId: string } }>(await t.call('POST', '/api/admin/tasks/run', { as: ADMIN, body: { taskName: 'reminders.due' } })).result;
    expect(started.taskName).toBe('reminders.due');
    expect(started.jobId).toMatch(/^[0-9a-f-]{36}$/);

    const run = await runReaching('reminders.due', started.jobId, 'completed');
    const admin = await t.db.selectFrom('users').select('displayname').where('id', '=', await t.userId(ADMIN)).executeTakeFirstOrThrow();
    expect(run).toMatchObject({ taskName: 'reminders.due', requestedBy: admin.displayname, error: null, retryCount: 0 });
    expect(run.result).toEqual({ sent: expect.any(Number) });
    expect(run.startedOn).not.toBeNull();
    expect(new Date(run.completedOn!).getTime()).toBeGreaterThanOrEqual(new Date(run.startedOn!).getTime());
    await eventually(async () => {
      const reminder = await t.db.selectFrom('orderReminders').select(['sentCount']).where('orderId', '=', order.id).executeTakeFirstOrThrow();
      expect(Number(reminder.sentCount)).toBe(1);
    }, 20_000);

    // The task list shows the latest run that started (this one, or a scheduled run after it).
    const reminders = (await available()).find((x) => x.name === 'reminders.due')!;
    expect(reminders.lastRun).not.toBeNull();
    expect(new Date(reminders.lastRun!.startedOn!).getTime()).toBeGreaterThanOrEqual(new Date(run.startedOn!).getTime());
  });
});

describe('POST /admin/tasks/logs', () => {
  test('the latest runs, newest first, 20 unless asked otherwise; an unknown task is 404; a count out of range 400', async () => {
    for (let i = 0; i < 3; i++) ok(await t.call('POST', '/api/admin/tasks/run', { as: ADMIN, body: { taskName: 'reminders.due' } }));
    const three = await logs('reminders.due', 3);
    expect(three).toHaveLength(3);
    const created = three.map((r) => new Date(r.createdOn).getTime());
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect((await logs('reminders.due')).length).toBeLessThanOrEqual(20);
    fails(await t.call('POST', '/api/admin/tasks/logs', { as: ADMIN, body: { taskId: 'nope' } }), 404, 'TaskNotFound');
    fails(await t.call('POST', '/api/admin/tasks/logs', { as: ADMIN, body: { taskId: 'reminders.due', count: 0 } }), 400, 'validationFailed');
    fails(await t.call('POST', '/api/admin/tasks/logs', { as: ADMIN, body: { taskId: 'reminders.due', count: 1001 } }), 400, 'validationFailed');
  });

  test("a failed run shows its error; another tenant's mail never shows", async () => {
    const buyer = await addUser(t, 'tasks-mail@demo.test');
    const [id] = await t.db.transaction().execute((trx) => queueMail(trx, {
      tenantId, recipients: [buyer], mail: { kind: 'reminderDue', title: 'Test', description: '', path: '/orders' },
    }));
    const run = await runReaching('mail.send', id!, 'failed');
    expect(run.error).toMatch(/ECONNREFUSED|connect/i);
    expect(run.result).toBeNull();

    // acme's mail: in the queue, but not among localhost's runs (and the other way round)
    const acme = await t.tenantId('acme.localhost');
    const acmeUser = await addUser(t, 'tasks-acme@demo.test', { host: 'acme.localhost' });
    const [acmeId] = await t.db.transaction().execute((trx) => queueMail(trx, {
      tenantId: acme, recipients: [acmeUser], mail: { kind: 'reminderDue', title: 'Acme', description: '', path: '/orders' },
    }));
    await eventually(async () => {
      expect((await logs('mail.send', 100, 'acme.localhost')).map((r) => r.id)).toContain(acmeId);
    }, 20_000);
    expect((await logs('mail.send', 100)).map((r) => r.id)).not.toContain(acmeId);
    expect((await logs('mail.send', 100, 'acme.localhost')).map((r) => r.id)).not.toContain(id);
  });
});

describe('GET /admin/tasks/running', () => {
  test('lists the runs that have not ended (here one waiting until later), of this tenant only', async () => {
    const buyer = await addUser(t, 'tasks-later@demo.test');
    const later = await t.db.transaction().execute((trx) => queueOf(t).send(trx, 'mail.send', {
      tenantId, recipientUserId: buyer, mail: { kind: 'reminderDue', title: 'Later', description: '', path: '/orders' },
    }, { startAfter: 3600 }));
    const running = ok<{ result: TaskRunDto[] }>(await t.call('GET', '/api/admin/tasks/running', { as: ADMIN })).result;
    const mine = running.find((r) => r.id === later);
    expect(mine).toMatchObject({ taskName: 'mail.send', state: 'created', startedOn: null, completedOn: null });
    expect(new Date(mine!.startAfter).getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    expect((await available()).find((x) => x.name === 'mail.send')!.unfinished).toBeGreaterThanOrEqual(1);

    const acme = ok<{ result: TaskRunDto[] }>(await t.call('GET', '/api/admin/tasks/running', { as: ADMIN, host: 'acme.localhost' })).result;
    expect(acme.map((r) => r.id)).not.toContain(later);
  });
});

describe("a failed run's error in words", () => {
  test("an Error's message, a thrown text; nothing else (never the raw JSON pg-boss kept)", () => {
    // What pg-boss keeps of a failed attempt: serialize-error's object, or {value} for what is not an object.
    expect(errorOf({ name: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:9', stack: 'Error: connect…' })).toBe('connect ECONNREFUSED 127.0.0.1:9');
    expect(errorOf({ value: 'export file missing' })).toBe('export file missing');
    expect(errorOf({ name: 'Error', message: '', stack: 'Error\n    at handler (job.ts:1:1)' })).toBeNull();
    expect(errorOf({ code: 'E42', detail: { rows: 3 } })).toBeNull();
    expect(errorOf({ value: 42 })).toBeNull();
    expect(errorOf(null)).toBeNull();
    expect(errorOf({ message: 'x'.repeat(5000) })).toHaveLength(1000);
  });
});
