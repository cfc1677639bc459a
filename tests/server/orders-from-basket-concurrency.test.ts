import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { count, line, makeArticle, makeSupplier, stockOf } from './basket-helpers';
import { ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * flows §3 Order under concurrency. Meaningful on PostgreSQL (DATABASE_URL set): requests run on
 * separate pool connections and only the row locks keep them apart. On PGlite (one connection)
 * the same assertions hold because the transactions run one after the other.
 */

let t: TestApp;
let first: string;
let supplier: string;
beforeAll(async () => {
  t = await startTestApp();
  [first] = await t.customerIds();
  manager.customerId = first;
  supplier = await makeSupplier(t);
});
afterAll(async () => { await t?.close(); });

const buyer = { as: 'buyer@demo.test' };
const manager = { as: 'manager@demo.test', customerId: '' };
const put = (opts: object, lines: unknown[]) => t.call('PUT', '/api/v2/transporters/update', { ...opts, body: { transporter: { transporterLines: lines } } });
const order = (opts: object) => t.call('POST', '/api/v2/orders/transporter', { ...opts, body: {} });

describe('two baskets holding the last unit', () => {
  test.each([1, 2, 3, 4, 5])('round %i: exactly one order gets it, the other is refused with NotEnoughStock', async () => {
    const last = await makeArticle(t, { supplierId: supplier, price: '3.00', stock: 1 });
    ok(await put(buyer, [line(last, 1)]));
    ok(await put(manager, [line(last, 1)]));
    const ordersBefore = await count(t, 'orders');
    const results = await Promise.all([order(buyer), order(manager)]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    const refused = results.find((r) => r.statusCode === 400)!.json();
    expect(refused.errorCode).toBe('NotEnoughStock');
    expect(await stockOf(t, last)).toBe(0);
    expect(await count(t, 'orders')).toBe(ordersBefore + 1);
    // the refused user keeps their basket; the successful one's is empty
    const baskets = await Promise.all([buyer, manager].map(async (who) => ok(await t.call('GET', '/api/v2/transporters/load', who)).result.itemCount));
    expect(baskets.sort()).toEqual([0, 1]);
  });
});

describe('order numbers under concurrency', () => {
  test('orders placed at the same time get different, consecutive numbers', async () => {
    const a = await makeArticle(t, { supplierId: supplier });
    ok(await put(buyer, [line(a, 1)]));
    ok(await put(manager, [line(a, 1)]));
    const placed = await Promise.all([order(buyer), order(manager)]);
    const numbers = placed.map((r) => ok(r).result.orderNumber as string).sort();
    const seq = numbers.map((n) => Number(n.split('-')[2]));
    expect(seq[1]).toBe(seq[0] + 1);
  });
});
