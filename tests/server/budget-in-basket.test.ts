import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { permissionsForRoles } from '../../src/shared/access';
import { count, featuresOf, line, makeArticle, makeSupplier, setFeatures, stockOf } from './basket-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * Issue 29, the buyer: the budget is chosen in the basket. POST /v2/orders/transporter {budgetId}
 * assigns it to every line and confirms it in the order's own transaction (assign-budget and
 * validate-budgets' steps), so the order starts in toApprove; a budget the user may not charge, or
 * one that no longer covers the lines, refuses the order and writes nothing. GET /v2/budgets?usable=true
 * lists what the basket offers: the budgets assign-budget accepts.
 */

let t: TestApp;
let customerId: string;
let tenantId: string;
let article: string; // EUR 100 excl. VAT, 50 in stock
let holderAccess: string;
const BUYER = 'buyer@demo.test';
const HOLDER = 'basket-holder@demo.test';

const as = (email: string) => ({ as: email, customerId });
async function budget(name: string, amount: string, extra: Record<string, unknown> = {}): Promise<string> {
  return ok(await t.call('POST', '/api/budget-setting/create', { ...as('manager@demo.test'), body: { dto: { name, period: 'monthly', amount, ...extra } } })).result.id;
}
const fill = async (amount: number, who = BUYER) =>
  ok(await t.call('PUT', '/api/v2/transporters/update', { ...as(who), body: { transporter: { transporterLines: [line(article, amount)] } } }));
const place = (body: Record<string, unknown>, who = BUYER) => t.call('POST', '/api/v2/orders/transporter', { ...as(who), body });
const history = async (id: string) => ok(await t.call('GET', `/api/v2/orders/${id}/history`, as('manager@demo.test'))).result
  .map((h: { action: string; toStatus?: string | null; reason?: string | null }) => [h.action, h.toStatus ?? null, h.reason ?? null]);
const mailsFor = async (orderId: string) => (await sql<{ kind: string }>`select data->'mail'->>'kind' as kind from pgboss.job where name = 'mail.send' and data->'mail'->>'orderId' = ${orderId}`
  .execute(t.db)).rows.map((r) => r.kind);
const basketLines = async () => (ok(await t.call('GET', '/api/v2/transporters/load', as(BUYER))).result.transporterLines as unknown[]).length;
const usable = async (who: string) => ok(await t.call('GET', '/api/v2/budgets', { ...as(who), query: { pageSize: '100', usable: 'true' } })).items
  .map((b: { id: string }) => b.id) as string[];

/** What a refused order must leave as it was: orders, lines, history, the stock and the budgets' ledger, and the basket. */
async function snapshot() {
  return {
    orders: await count(t, 'orders'), lines: await count(t, 'order_lines'), history: await count(t, 'order_history'),
    entries: await count(t, 'budget_entries'), stock: await stockOf(t, article), basket: await basketLines(),
  };
}

beforeAll(async () => {
  t = await startTestApp();
  tenantId = await t.tenantId();
  [customerId] = await t.customerIds();
  await setFeatures(t, customerId, [...new Set([...(await featuresOf(t, customerId)), 'budgets'])]);
  const supplier = await makeSupplier(t, { name: 'Basket Budget NV' });
  article = await makeArticle(t, { supplierId: supplier, price: '100.00', stock: 50 });
  const user = await t.db.insertInto('users').values({ tenantId, email: HOLDER, displayname: 'Holder', userType: 3, active: true } as never)
    .returning('id').executeTakeFirstOrThrow();
  holderAccess = (await t.db.insertInto('customerAccesses').values({
    tenantId, userId: user.id, customerId, active: true, roles: JSON.stringify(['user']), permissions: JSON.stringify(permissionsForRoles(['user'])), departmentIds: JSON.stringify([]),
  } as never).returning('id').executeTakeFirstOrThrow()).id as string;
});
afterAll(async () => { await t?.close(); });

describe('a budget chosen in the basket', () => {
  test('the order starts with the budget on every line, confirmed: toApprove, with the history and mail of assigning and confirming', async () => {
    const b = await budget('Mandje ruim', '1000.00');
    await fill(3);
    const placed = ok(await place({ budgetId: b })).result;
    expect(placed.status).toBe('toApprove');
    expect(placed.orderLines.map((l: { budgetId: string }) => l.budgetId)).toEqual([b]);
    expect(placed.budgets).toEqual([expect.objectContaining({ id: b, name: 'Mandje ruim', remaining: '1000.00' })]);
    expect(await history(placed.id)).toEqual([
      ['created', 'toApproveBudget', null], ['budgetAssigned', null, 'Mandje ruim'], ['statusChanged', 'toApprove', null],
    ]);
    // The deciders hear of it once, as when the budgets are confirmed on the order's page.
    expect(await mailsFor(placed.id)).toEqual(['orderWaitingForApproval']);
    expect(await basketLines()).toBe(0);
  });

  test('without a budget the order waits for one, as before', async () => {
    await fill(1);
    const placed = ok(await place({})).result;
    expect(placed.status).toBe('toApproveBudget');
    expect(placed.orderLines.map((l: { budgetId: string | null }) => l.budgetId)).toEqual([null]);
    expect(await history(placed.id)).toEqual([['created', 'toApproveBudget', null]]);
    expect(await mailsFor(placed.id)).toEqual([]);
  });

  test('a budget that does not cover the lines refuses the order (BudgetNotEnough) and nothing is written', async () => {
    const b = await budget('Mandje krap', '250.00');
    await fill(3);
    const before = await snapshot();
    fails(await place({ budgetId: b }), 400, 'BudgetNotEnough');
    expect(await snapshot()).toEqual(before);
    // What another order spent counts: 250 with 200 spent does not cover 100.
    ok(await t.call('POST', '/api/budget-setting/update', { ...as('manager@demo.test'), body: { dto: { id: b, spent: '200.00' } } }));
    await fill(1);
    const after = await snapshot();
    fails(await place({ budgetId: b }), 400, 'BudgetNotEnough');
    expect(await snapshot()).toEqual(after);
  });

  test("another's personal budget, an inactive one or an unknown one refuse the order (BudgetNotFound) and nothing is written", async () => {
    const personal = await budget('Mandje persoonlijk', '5000.00', { customerAccessId: holderAccess });
    const inactive = await budget('Mandje inactief', '5000.00', { active: false });
    await fill(1);
    const before = await snapshot();
    for (const budgetId of [personal, inactive, '00000000-0000-4000-8000-000000000000']) {
      fails(await place({ budgetId }), 404, 'BudgetNotFound');
    }
    fails(await place({ budgetId: 'not-an-id' }), 400, 'validationFailed');
    expect(await snapshot()).toEqual(before);
    // The holder charges their own budget from their basket.
    await fill(1, HOLDER);
    expect(ok(await place({ budgetId: personal }, HOLDER)).result.status).toBe('toApprove');
  });

  test('a company without the budgets feature refuses a budget (forbiddenAccess) and nothing is written', async () => {
    const b = await budget('Mandje zonder functie', '1000.00');
    const features = await featuresOf(t, customerId);
    await setFeatures(t, customerId, features.filter((f) => f !== 'budgets'));
    try {
      await fill(1);
      const before = await snapshot();
      fails(await place({ budgetId: b }), 403, 'forbiddenAccess');
      expect(await snapshot()).toEqual(before);
    } finally {
      await setFeatures(t, customerId, features);
    }
  });
});

describe('GET /v2/budgets?usable=true', () => {
  test('lists the budgets assign-budget accepts: active ones, the company\'s and the caller\'s own (a manager: every active one)', async () => {
    const company = await budget('Lijst bedrijf', '100.00');
    const personal = await budget('Lijst persoonlijk', '100.00', { customerAccessId: holderAccess });
    const inactive = await budget('Lijst inactief', '100.00', { active: false });
    const buyer = await usable(BUYER);
    expect(buyer).toContain(company);
    expect(buyer).not.toContain(personal);
    expect(buyer).not.toContain(inactive);
    expect(await usable(HOLDER)).toEqual(expect.arrayContaining([company, personal]));
    const manager = await usable('manager@demo.test');
    expect(manager).toEqual(expect.arrayContaining([company, personal]));
    expect(manager).not.toContain(inactive);
    // Without usable a manager still reads the inactive one, to manage it.
    const all = ok(await t.call('GET', '/api/v2/budgets', { ...as('manager@demo.test'), query: { pageSize: '100' } })).items.map((b: { id: string }) => b.id);
    expect(all).toContain(inactive);
  });
});
