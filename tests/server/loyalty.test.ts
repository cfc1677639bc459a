import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONSTANTS } from '../../model';
import { DEMO_POINTS } from '../../src/server/demo/ordering';
import { featuresOf, line, makeArticle, makeSupplier, setFeatures } from './basket-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/** core §7 Budgets and loyalty: GET /loyalty/getYcoinCount, GET /loyalty/calculateDiscount (resource feature 'ycoin'). */

let t: TestApp;
let globexIndustries: string; // the seeded ycoin customer
let first: string;
const GLOBEX = 'globex.localhost';
beforeAll(async () => {
  t = await startTestApp();
  [, globexIndustries] = await t.customerIds(GLOBEX);
  [first] = await t.customerIds();
});
afterAll(async () => { await t?.close(); });

const manager = (customerId = globexIndustries) => ({ as: 'manager@demo.test', host: GLOBEX, customerId });
const count = (opts: object = manager(), query: Record<string, string> = {}) => t.call('GET', '/api/loyalty/getYcoinCount', { ...opts, query });
const discount = (query: Record<string, string>, opts: object = manager()) => t.call('GET', '/api/loyalty/calculateDiscount', { ...opts, query });

describe('the ycoin feature gates the loyalty calls', () => {
  test('a customer with ycoin gets its seeded balance', async () => {
    expect(await featuresOf(t, globexIndustries)).toContain('ycoin');
    expect(ok(await count(manager(), { customerId: globexIndustries })).result).toEqual({ points: DEMO_POINTS });
  });

  test('a customer without it is refused by the access layer: 403', async () => {
    const [globexServices] = await t.customerIds(GLOBEX);
    expect(await featuresOf(t, globexServices)).not.toContain('ycoin');
    fails(await count(manager(globexServices)), 403, 'forbiddenAccess');
    fails(await discount({ cost: '10', points: '10' }, manager(globexServices)), 403, 'forbiddenAccess');
    fails(await count({ as: 'buyer@demo.test' }), 403, 'forbiddenAccess');
  });

  test('switching the feature on opens the calls at once; the balance is the sum of the ledger', async () => {
    const features = await featuresOf(t, first);
    await setFeatures(t, first, [...features, 'ycoin']);
    try {
      const tenantId = await t.tenantId();
      expect(ok(await count({ as: 'buyer@demo.test' })).result.points).toBe(0);
      await t.db.insertInto('loyaltyTransactions').values([
        { tenantId, customerId: first, points: 300, reason: 'a' },
        { tenantId, customerId: first, points: -120, reason: 'b' },
      ]).execute();
      expect(ok(await count({ as: 'buyer@demo.test' })).result.points).toBe(180);
    } finally {
      await setFeatures(t, first, features);
    }
  });

  test("another customer's balance cannot be asked for", async () => {
    const [globexServices] = await t.customerIds(GLOBEX);
    fails(await count({ as: 'manager@demo.test', host: GLOBEX, customerId: globexIndustries }, { customerId: globexServices }), 403, 'forbiddenAccess');
  });
});

describe('calculateDiscount', () => {
  test(`discount = min(cost, points × ${CONSTANTS.loyaltyPointValue}, balance × ${CONSTANTS.loyaltyPointValue})`, async () => {
    expect(ok(await discount({ cost: '100.00', points: '500', customerId: globexIndustries })).result).toEqual({ discount: '5.00', pointsUsed: 500, balance: DEMO_POINTS });
    // limited by the cost: only the points needed are used
    expect(ok(await discount({ cost: '3,5', points: '1000' })).result).toEqual({ discount: '3.50', pointsUsed: 350, balance: DEMO_POINTS });
    // limited by the balance
    expect(ok(await discount({ cost: '1000', points: '999999' })).result).toEqual({ discount: '25.00', pointsUsed: DEMO_POINTS, balance: DEMO_POINTS });
    expect(ok(await discount({ cost: '10', points: '0' })).result).toEqual({ discount: '0.00', pointsUsed: 0, balance: DEMO_POINTS });
  });

  test.each([
    ['no cost', { points: '10' }, 'cost'],
    ['no points', { cost: '10' }, 'points'],
    ['a word as cost', { cost: 'tien', points: '10' }, 'cost'],
    ['a negative cost', { cost: '-5', points: '10' }, 'cost'],
    ['negative points', { cost: '5', points: '-10' }, 'points'],
    ['fractional points', { cost: '5', points: '1.5' }, 'points'],
  ])('%s is 400 validationFailed', async (_name, query, path) => {
    const body = fails(await discount(query as Record<string, string>), 400, 'validationFailed');
    expect(body.details?.[0].path).toBe(path);
  });
});

describe('points follow the decision on an order (ycoin)', () => {
  test('an approved order earns a point per whole euro excluding VAT; a rejected one gives back the points spent on it', async () => {
    const features = await featuresOf(t, first);
    const customer = await t.db.selectFrom('customers').select('financeApprovalThreshold').where('id', '=', first).executeTakeFirstOrThrow();
    await setFeatures(t, first, [...features.filter((f) => f !== 'budgets'), 'ycoin']);
    await t.db.updateTable('customers').set({ financeApprovalThreshold: null }).where('id', '=', first).execute();
    try {
      const tenantId = await t.tenantId();
      const supplier = await makeSupplier(t, { name: 'Punten NV' });
      const article = await makeArticle(t, { supplierId: supplier, price: '40.50', stock: null });
      const balance = async () => ok(await count({ as: 'buyer@demo.test' })).result.points as number;
      await t.db.insertInto('loyaltyTransactions').values({ tenantId, customerId: first, points: 500, reason: 'start' }).execute();
      const start = await balance();
      const place = async (points = 0) => {
        ok(await t.call('PUT', '/api/v2/transporters/update', { as: 'buyer@demo.test', body: { transporter: { transporterLines: [line(article, 3)] } } }));
        return ok(await t.call('POST', '/api/v2/orders/transporter', { as: 'buyer@demo.test', body: points ? { shippingDetails: { loyaltyPoints: points } } : {} })).result;
      };
      const decide = (id: string, body: object) => t.call('PATCH', `/api/v2/orders/${id}/validate`, { as: 'manager@demo.test', customerId: first, body });
      const approved = await place();
      ok(await decide(approved.id, { approve: true }));
      // 3 × 40.50 = 121.50 excl. VAT: 121 points.
      expect(await balance()).toBe(start + 121);
      const spending = await place(200);
      expect(await balance()).toBe(start + 121 - 200);
      ok(await decide(spending.id, { approve: false, reason: 'Niet nodig' }));
      expect(await balance()).toBe(start + 121);
    } finally {
      await setFeatures(t, first, features);
      await t.db.updateTable('customers').set({ financeApprovalThreshold: customer.financeApprovalThreshold }).where('id', '=', first).execute();
    }
  });
});
