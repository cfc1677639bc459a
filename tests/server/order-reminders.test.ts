import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sendDueReminders } from '../../src/server/reminders/due-job';
import { nextOccurrence, occurrence } from '../../src/server/reminders/occurrence';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { addOrder, addUser } from './mail-helpers';

/**
 * Reminders on an order (flows §3 Reminder, §9 frequencies): the author's own, created, changed and
 * removed by them; the reminders.due job (run here directly with a clock) queues each due reminder's
 * mail once, moves a recurring one to its next occurrence on the Brussels clock and marks a one-off
 * sent. Workers are off: the test reads the queued mail.send jobs.
 */

let t: TestApp;
let buyer: string;
let orderId: string;

interface Reminder { id: string; title: string; description: string | null; date: string; isRecurring: boolean; frequency: string | null; nextDueAt: string | null; lastSentAt: string | null; sentCount: number }
interface Queued { recipientUserId: string; mail: { kind: string; title: string; description: string; path: string } }

const base = (id = orderId) => `/api/v2/orders/${id}/reminders`;
const create = (body: unknown, as = 'buyer@demo.test', id = orderId) => t.call('POST', base(id), { as, body });
const made = async (body: unknown) => ok<{ result: Reminder }>(await create(body)).result;
const row = (id: string) => t.db.selectFrom('orderReminders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const mailsFor = async (title: string) => (await sql<{ data: Queued }>`select data from pgboss.job where name = 'mail.send' and data->'mail'->>'kind' = 'reminderDue' and data->'mail'->>'title' = ${title} order by created_on`
  .execute(t.db)).rows.map((r) => r.data);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

beforeAll(async () => {
  t = await startTestApp();
  buyer = await t.userId('buyer@demo.test');
  orderId = await addOrder(t, buyer);
  await addUser(t, 'reminder-admin@demo.test', { roles: ['admin'] });
});
afterAll(async () => { await t?.close(); });

describe('the reminders of an order', () => {
  test('the author creates, lists, changes and removes their own; others see none of them and change none', async () => {
    const date = inDays(2).toISOString();
    const r = await made({ title: 'Levering opvolgen', description: 'Bellen met Lyreco', date });
    expect(r).toMatchObject({ title: 'Levering opvolgen', description: 'Bellen met Lyreco', date, isRecurring: false, frequency: null, nextDueAt: date, lastSentAt: null, sentCount: 0 });
    expect(ok(await t.call('GET', base(), { as: 'buyer@demo.test' })).result.map((x: Reminder) => x.id)).toEqual([r.id]);
    expect(ok(await t.call('GET', base(), { as: 'reminder-admin@demo.test' })).result).toEqual([]);
    fails(await t.call('PUT', `${base()}/${r.id}`, { as: 'reminder-admin@demo.test', body: { title: 'Overgenomen', date } }), 404, 'ReminderNotFound');
    fails(await t.call('DELETE', `${base()}/${r.id}`, { as: 'reminder-admin@demo.test' }), 404, 'ReminderNotFound');

    const later = inDays(5).toISOString();
    const changed = ok(await t.call('PUT', `${base()}/${r.id}`, { as: 'buyer@demo.test', body: { title: 'Levering opvolgen!', date: later, isRecurring: true, frequency: 'weekly' } })).result;
    expect(changed).toMatchObject({ title: 'Levering opvolgen!', description: null, isRecurring: true, frequency: 'weekly', nextDueAt: later });
    expect(ok(await t.call('DELETE', `${base()}/${r.id}`, { as: 'buyer@demo.test' })).result).toEqual({ id: r.id });
    expect(ok(await t.call('GET', base(), { as: 'buyer@demo.test' })).result).toEqual([]);
    fails(await t.call('DELETE', `${base()}/${r.id}`, { as: 'buyer@demo.test' }), 404, 'ReminderNotFound');
  });

  test('a one-off lies ahead; a recurring one needs its frequency; the frequencies are the spec\'s', async () => {
    const details = (res: Awaited<ReturnType<typeof create>>) => fails(res, 400, 'validationFailed').details?.map((d) => [d.path, d.rule]);
    expect(details(await create({ title: 'Te laat', date: inDays(-1).toISOString() }))).toEqual([['date', 'minValue']]);
    expect(details(await create({ title: 'Hoe vaak?', date: inDays(1).toISOString(), isRecurring: true }))).toEqual([['frequency', 'required']]);
    expect(details(await create({ title: 'Elk uur', date: inDays(1).toISOString(), isRecurring: true, frequency: 'hourly' }))?.[0]?.[0]).toBe('frequency');
    expect(details(await create({ title: 'Geen datum', date: '2030-02-30' }))?.[0]?.[0]).toBe('date');
    expect(details(await create({ title: '', date: inDays(1).toISOString() }))?.[0]?.[0]).toBe('title');
    // A recurring reminder from a date in the past is planned at its next occurrence ahead.
    const weekly = await made({ title: 'Wekelijks', date: inDays(-10).toISOString(), isRecurring: true, frequency: 'weekly' });
    expect(new Date(weekly.nextDueAt!).getTime()).toBe(new Date(weekly.date).getTime() + 14 * 86_400_000);
    fails(await create({ title: 'x', date: inDays(1).toISOString() }, 'buyer@demo.test', crypto.randomUUID()), 404, 'OrderNotFound');
  });
});

describe('the reminders.due job', () => {
  test('a one-off is mailed to its author once, at its moment, with a link to the order\'s reminders; then it is sent', async () => {
    const r = await made({ title: 'Eenmalig', description: 'Factuur nakijken', date: inDays(1).toISOString() });
    expect(await sendDueReminders(t.db, new Date())).toBe(0);
    const at = new Date(new Date(r.date).getTime() + 30_000);
    expect(await sendDueReminders(t.db, at)).toBeGreaterThanOrEqual(1);
    expect(await mailsFor('Eenmalig')).toEqual([{ tenantId: expect.any(String), recipientUserId: buyer, mail: { kind: 'reminderDue', title: 'Eenmalig', description: 'Factuur nakijken', path: `/order-detail/${orderId}?tab=reminders&company=${(await t.customerIds())[0]}` } }]);
    expect(await row(r.id)).toMatchObject({ nextDueAt: null, sentCount: 1, lastSentAt: at });
    await sendDueReminders(t.db, new Date(at.getTime() + 86_400_000));
    expect(await mailsFor('Eenmalig')).toHaveLength(1);
    // Changing only its words leaves it sent; a new date plans it again.
    const kept = ok(await t.call('PUT', `${base()}/${r.id}`, { as: 'buyer@demo.test', body: { title: 'Eenmalig', description: 'Nog eens', date: r.date } })).result;
    expect(kept.nextDueAt).toBeNull();
  });

  test('a monthly reminder on the 31st at 09:00 in Brussels comes back on the last day of shorter months, at 09:00 summer time too, never drifting', async () => {
    const first = '2030-01-31T08:00:00.000Z'; // 09:00 in Brussels (winter time)
    const r = await made({ title: 'Maandelijks', date: first, isRecurring: true, frequency: 'monthly' });
    expect(r.nextDueAt).toBe(first);
    await sendDueReminders(t.db, new Date('2030-01-31T08:00:20Z'));
    expect((await row(r.id)).nextDueAt).toEqual(new Date('2030-02-28T08:00:00Z'));
    await sendDueReminders(t.db, new Date('2030-02-28T08:00:40Z'));
    expect((await row(r.id)).nextDueAt).toEqual(new Date('2030-03-31T07:00:00Z')); // 09:00 summer time
    await sendDueReminders(t.db, new Date('2030-03-31T07:00:10Z'));
    expect((await row(r.id)).nextDueAt).toEqual(new Date('2030-04-30T07:00:00Z'));
    expect(await mailsFor('Maandelijks')).toHaveLength(3);
    expect(await row(r.id)).toMatchObject({ sentCount: 3 });
  });

  test('occurrences missed while nothing ran are sent once, not one by one', async () => {
    const r = await made({ title: 'Dagelijks', date: '2030-06-01T07:30:00.000Z', isRecurring: true, frequency: 'daily' });
    await sendDueReminders(t.db, new Date('2030-06-10T12:00:00Z'));
    expect(await mailsFor('Dagelijks')).toHaveLength(1);
    expect((await row(r.id)).nextDueAt).toEqual(new Date('2030-06-11T07:30:00Z'));
  });

  test('two runs at once send each reminder once', async () => {
    const titles = Array.from({ length: 6 }, (_, i) => `Tegelijk ${i}`);
    for (const title of titles) await made({ title, date: '2031-03-01T10:00:00.000Z' });
    const at = new Date('2031-03-01T10:01:00Z');
    await Promise.all([sendDueReminders(t.db, at), sendDueReminders(t.db, at), sendDueReminders(t.db, at)]);
    for (const title of titles) expect(await mailsFor(title), title).toHaveLength(1);
  });

  test('the job is scheduled every minute in the queue', async () => {
    const rows = (await sql<{ cron: string; timezone: string }>`select cron, timezone from pgboss.schedule where name = 'reminders.due'`.execute(t.db)).rows;
    expect(rows).toEqual([{ cron: '* * * * *', timezone: 'Europe/Brussels' }]);
  });
});

describe('occurrences on the Brussels clock', () => {
  test('daily across the change to summer time keeps the hour; yearly on 29 February falls on the 28th, then the 29th again', () => {
    const nine = new Date('2026-03-28T08:00:00Z'); // Saturday 09:00 CET; summer time starts on Sunday 29 March
    expect(occurrence(nine, 'daily', 1)).toEqual(new Date('2026-03-29T07:00:00Z'));
    expect(occurrence(nine, 'weekly', 1)).toEqual(new Date('2026-04-04T07:00:00Z'));
    const leap = new Date('2028-02-29T11:00:00Z');
    expect(occurrence(leap, 'yearly', 1)).toEqual(new Date('2029-02-28T11:00:00Z'));
    expect(occurrence(leap, 'yearly', 4)).toEqual(new Date('2032-02-29T11:00:00Z'));
    expect(nextOccurrence(nine, 'daily', new Date('2026-05-01T12:00:00Z'))).toEqual(new Date('2026-05-02T07:00:00Z'));
    expect(nextOccurrence(nine, 'monthly', new Date('2026-03-01T00:00:00Z'))).toEqual(nine);
  });
});
