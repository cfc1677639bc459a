import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { line, makeArticle, makeSupplier } from './basket-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { addOrder, addUser } from './mail-helpers';

/**
 * The approver's inbox (flows §4, issue 29): GET /v2/orders/to-approve lists the orders the
 * to-approve count counts, each with who ordered it, the department, the suppliers, the total
 * excluding VAT and the budgets' effect; POST /v2/orders/validate-bulk approves several through the
 * single decision (same history and mails), each on its own, so a refused order leaves the others
 * approved and says why in the single decision's errorCode. The order page reads the same context.
 */

let t: TestApp;
let customerId: string;
let otherCustomerId: string;
let tenantId: string;
let article: string;
let departmentA: string;
let departmentB: string;
let buyer: string;
const VALIDATOR = 'inbox-validator-a@demo.test';
const OTHER_VALIDATOR = 'inbox-validator-b@demo.test';

interface Queued { recipientUserId: string; mail: { kind: string; orderId: string } }
const queuedMails = async (orderId: string) => (await sql<{ data: Queued }>`select data from pgboss.job where name = 'mail.send' and data->'mail'->>'orderId' = ${orderId} order by created_on`
  .execute(t.db)).rows.map((r) => ({ kind: r.data.mail.kind, to: r.data.recipientUserId }));

/** An order of the buyer for `amount` articles of EUR 100 (excl. VAT) in department `departmentId`. */
async function order(departmentId = departmentA, amount = 1): Promise<string> {
  ok(await t.call('PUT', '/api/v2/transporters/update', { as: 'buyer@demo.test', body: { transporter: { transporterLines: [line(article, amount)] } } }));
  const placed = ok(await t.call('POST', '/api/v2/orders/transporter', { as: 'buyer@demo.test', body: {} })).result;
  await t.db.updateTable('orders').set({ departmentId }).where('id', '=', placed.id).execute();
  return placed.id as string;
}

const as = (email: string) => ({ as: email, customerId });
const inbox = async (email: string) => ok(await t.call('GET', '/api/v2/orders/to-approve', as(email))).result as {
  items: { orderId: string; orderedByName: string | null; departmentName: string | null; suppliers: { name: string }[]; totalExcl: string; approve: boolean; reject: boolean;
    budgetEffects: { name: string; orderAmount: string; remainingBefore: string; remainingAfter: string }[] }[];
  total: number;
};
const bulk = (email: string, orderIds: string[]) => t.call('POST', '/api/v2/orders/validate-bulk', { ...as(email), body: { orderIds } });
const statusOf = async (id: string) => (await t.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const historyOf = async (id: string) => (ok(await t.call('GET', `/api/v2/orders/${id}/history`, as('manager@demo.test'))).result as {
  action: string; userName: string | null; fromStatus: string | null; toStatus: string | null; reason: string | null;
}[]).map(({ action, userName, fromStatus, toStatus, reason }) => ({ action, userName, fromStatus, toStatus, reason }));

beforeAll(async () => {
  t = await startTestApp();
  tenantId = await t.tenantId();
  [customerId, otherCustomerId] = await t.customerIds();
  const customer = await t.db.selectFrom('customers').select('features').where('id', '=', customerId).executeTakeFirstOrThrow();
  const features = (typeof customer.features === 'string' ? JSON.parse(customer.features) : customer.features ?? []) as string[];
  await t.db.updateTable('customers').set({ features: JSON.stringify(features.filter((f) => f !== 'budgets')), financeApprovalThreshold: null } as never)
    .where('id', '=', customerId).execute();
  article = await makeArticle(t, { supplierId: await makeSupplier(t, { name: 'Inbox NV' }), price: '100.00', stock: null });
  const validatorA = await addUser(t, VALIDATOR, { roles: ['validator'], displayname: 'Vera Validator' });
  const validatorB = await addUser(t, OTHER_VALIDATOR, { roles: ['validator'] });
  const department = async (name: string, validatorUserId: string) => (await t.db.insertInto('customerDepartments')
    .values({ tenantId, customerId, name, validatorUserId } as never).returning('id').executeTakeFirstOrThrow()).id as string;
  departmentA = await department('Aankoop', validatorA);
  departmentB = await department('Logistiek', validatorB);
  buyer = await t.userId('buyer@demo.test');
});
afterAll(async () => { await t?.close(); });

describe('the inbox', () => {
  test("a validator's inbox holds the orders of their department, as many as the to-approve count, each with requester, department, supplier and total", async () => {
    const mine = await order(departmentA, 2);
    const theirs = await order(departmentB);
    const rows = await inbox(VALIDATOR);
    const count = ok(await t.call('GET', '/api/v2/orders/to-approve-count', as(VALIDATOR))).result.count;
    expect(rows.total).toBe(count);
    expect(rows.items.map((r) => r.orderId)).toContain(mine);
    expect(rows.items.map((r) => r.orderId)).not.toContain(theirs);
    const row = rows.items.find((r) => r.orderId === mine)!;
    expect(row).toMatchObject({ orderedByName: 'Bert Buyer', departmentName: 'Aankoop', suppliers: [{ name: 'Inbox NV' }], totalExcl: '200.00', approve: true, reject: true });
    // A buyer decides nothing: their inbox is empty.
    expect((await inbox('buyer@demo.test')).items).toEqual([]);
  });

  test('a row and the order page show what the order takes from its budget: the remaining before and after approval', async () => {
    const id = await order(departmentA, 3);
    const budget = await t.db.insertInto('budgets').values({ tenantId, customerId, name: 'Kantoor', period: 'yearly', amount: '1000.00', active: true } as never)
      .returning('id').executeTakeFirstOrThrow();
    await t.db.updateTable('orderLines').set({ budgetId: budget.id } as never).where('orderId', '=', id).execute();
    const effect = { name: 'Kantoor', orderAmount: '300.00', remainingBefore: '1000.00', remainingAfter: '700.00' };
    expect((await inbox(VALIDATOR)).items.find((r) => r.orderId === id)!.budgetEffects).toEqual([expect.objectContaining(effect)]);
    const page = ok(await t.call('GET', `/api/v2/orders/${id}`, as(VALIDATOR))).result;
    expect(page.context).toMatchObject({ orderedByName: 'Bert Buyer', departmentName: 'Aankoop', suppliers: [{ name: 'Inbox NV' }], budgetEffects: [effect] });
  });
});

describe('approving several at once', () => {
  test('three orders approved at once get the history and mails of one decision each', async () => {
    const single = await order();
    ok(await t.call('PATCH', `/api/v2/orders/${single}/validate`, { ...as(VALIDATOR), body: { approve: true } }));
    const ids = [await order(), await order(), await order()];
    const answer = ok(await bulk(VALIDATOR, ids)).result;
    expect(answer).toEqual(ids.map((orderId) => ({ orderId, ok: true, status: 'approved' })));
    const expectedHistory = await historyOf(single);
    expect(expectedHistory.map((h) => h.action)).toEqual(['created', 'approved']);
    const expectedMails = await queuedMails(single);
    expect(expectedMails).toContainEqual({ kind: 'orderApproved', to: buyer });
    for (const id of ids) {
      expect(await statusOf(id)).toBe('approved');
      expect(await historyOf(id)).toEqual(expectedHistory);
      expect(await queuedMails(id)).toEqual(expectedMails);
      // Approved orders leave the inbox.
      expect((await inbox(VALIDATOR)).items.map((r) => r.orderId)).not.toContain(id);
    }
  });

  test("an order the validator may not decide is refused with the single decision's errorCode while the others pass", async () => {
    const [a1, b1, a2] = [await order(departmentA), await order(departmentB), await order(departmentA)];
    const decided = await order(departmentA);
    ok(await t.call('PATCH', `/api/v2/orders/${decided}/validate`, { ...as(VALIDATOR), body: { approve: true } }));
    expect(await statusOf(decided)).toBe('approved');
    const answer = ok(await bulk(VALIDATOR, [a1, b1, a2, decided])).result;
    expect(answer).toEqual([
      { orderId: a1, ok: true, status: 'approved' },
      { orderId: b1, ok: false, errorCode: 'UnauthorizedRole' },
      { orderId: a2, ok: true, status: 'approved' },
      { orderId: decided, ok: false, errorCode: 'OrderNotInStep' },
    ]);
    expect([await statusOf(a1), await statusOf(b1), await statusOf(a2)]).toEqual(['approved', 'toApprove', 'approved']);
    // The refused order kept its history and queued no decision mail.
    expect((await historyOf(b1)).map((h) => h.action)).toEqual(['created']);
    expect((await queuedMails(b1)).filter((m) => m.kind === 'orderApproved')).toEqual([]);
  });

  test("another company's order is not found and stays as it was; the company's own pass", async () => {
    const foreign = await addOrder(t, buyer, { customerId: otherCustomerId, status: 'toApprove' });
    const own = await order(departmentA);
    const answer = ok(await bulk(VALIDATOR, [foreign, own])).result;
    expect(answer).toEqual([{ orderId: foreign, ok: false, errorCode: 'OrderNotFound' }, { orderId: own, ok: true, status: 'approved' }]);
    expect(await statusOf(foreign)).toBe('toApprove');
    // A customer admin of the company gets the same answer: the id is not the acting company's.
    expect(ok(await bulk('manager@demo.test', [foreign])).result).toEqual([{ orderId: foreign, ok: false, errorCode: 'OrderNotFound' }]);
  });

  test('a body without ids, or with an id that is no uuid, is refused whole', async () => {
    fails(await bulk(VALIDATOR, []), 400, 'validationFailed');
    fails(await bulk(VALIDATOR, ['not-an-id']), 400, 'validationFailed');
  });
});
