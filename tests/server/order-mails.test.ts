import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { line, makeArticle, makeSupplier } from './basket-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { addUser } from './mail-helpers';

/**
 * The order's notification mails (flows §4, issue "Mail and background jobs") are queued in the
 * transaction of the change that causes them: a new order waiting for its validator, an approval
 * moving to finance, an approval, a rejection with its reason. A refused decision queues nothing.
 * Workers are off here: the test reads the queued mail.send jobs (what they do is mail-jobs.test.ts).
 */

let t: TestApp;
let customerId: string;
let tenantId: string;
let article: string;
let validator: string;
let buyer: string;
let finance: string;
let department: string;

interface Queued { recipientUserId: string; mail: { kind: string; orderId: string; reason?: string } }
const queued = async (orderId: string) => (await sql<{ data: Queued }>`select data from pgboss.job where name = 'mail.send' and data->'mail'->>'orderId' = ${orderId} order by created_on`
  .execute(t.db)).rows.map((r) => r.data);

beforeAll(async () => {
  t = await startTestApp();
  tenantId = await t.tenantId();
  [customerId] = await t.customerIds();
  const customer = await t.db.selectFrom('customers').select('features').where('id', '=', customerId).executeTakeFirstOrThrow();
  const features = (typeof customer.features === 'string' ? JSON.parse(customer.features) : customer.features ?? []) as string[];
  await t.db.updateTable('customers').set({ features: JSON.stringify(features.filter((f) => f !== 'budgets')), financeApprovalThreshold: '150.00' } as never)
    .where('id', '=', customerId).execute();
  article = await makeArticle(t, { supplierId: await makeSupplier(t, { name: 'Post NV' }), price: '100.00', stock: null });
  validator = await addUser(t, 'mail-validator@demo.test', { roles: ['validator'] });
  const row = await t.db.insertInto('customerDepartments').values({ tenantId, customerId, name: 'Post', validatorUserId: validator } as never)
    .returning('id').executeTakeFirstOrThrow();
  department = row.id as string;
  await t.db.updateTable('customerAccesses').set({ departmentIds: JSON.stringify([department]) } as never).where('customerId', '=', customerId).execute();
  buyer = await t.userId('buyer@demo.test');
  finance = await t.userId('finance@demo.test');
});
afterAll(async () => { await t?.close(); });

async function order(amount: number): Promise<string> {
  ok(await t.call('PUT', '/api/v2/transporters/update', { as: 'buyer@demo.test', body: { transporter: { transporterLines: [line(article, amount)], transporterShippingDetails: {} } } }));
  const placed = ok(await t.call('POST', '/api/v2/orders/transporter', { as: 'buyer@demo.test', body: {} })).result;
  return placed.id as string;
}
const decide = (id: string, email: string, body: unknown) => t.call('PATCH', `/api/v2/orders/${id}/validate`, { as: email, customerId, body });

describe('mails queued with the order change that causes them', () => {
  test('a new order waiting for approval mails its deciders; the validator\'s approval above the threshold mails finance; finance\'s rejection mails the buyer the reason', async () => {
    const id = await order(2);
    const waiting = await queued(id);
    expect(waiting.every((m) => m.mail.kind === 'orderWaitingForApproval')).toBe(true);
    expect(waiting.length).toBeGreaterThan(0);
    await t.db.updateTable('orders').set({ departmentId: department }).where('id', '=', id).execute();

    ok(await decide(id, 'mail-validator@demo.test', { approve: true }));
    const toFinance = (await queued(id)).slice(waiting.length);
    expect(toFinance.map((m) => [m.mail.kind, m.recipientUserId])).toEqual([['orderWaitingForApproval', finance]]);

    ok(await decide(id, 'finance@demo.test', { approve: false, reason: 'Buiten budget' }));
    const last = (await queued(id)).at(-1)!;
    expect(last).toMatchObject({ recipientUserId: buyer, mail: { kind: 'orderRejected', reason: 'Buiten budget' } });
  });

  test('an approval mails the buyer; a refused decision queues nothing', async () => {
    const id = await order(1);
    await t.db.updateTable('orders').set({ departmentId: department }).where('id', '=', id).execute();
    const before = (await queued(id)).length;
    fails(await decide(id, 'finance@demo.test', { approve: true }), 403, 'UnauthorizedRole');
    expect((await queued(id)).length).toBe(before);
    ok(await decide(id, 'mail-validator@demo.test', { approve: true }));
    expect((await queued(id)).slice(before).map((m) => [m.mail.kind, m.recipientUserId])).toEqual([['orderApproved', buyer]]);
  });
});
