import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { addOrder, addUser } from './mail-helpers';

/**
 * An order's rating (flows §3 Rating, §5 "A rating can be given once per order", §8 'order already
 * rated', §9 scores 0 to 4): whoever reads an approved order rates it, once; before approval it
 * cannot be rated. GET and POST /v2/orders/{id}/ratings.
 */

let t: TestApp;
let buyer: string;
const rate = (id: string, body: unknown, as = 'buyer@demo.test') => t.call('POST', `/api/v2/orders/${id}/ratings`, { as, body });
const ratings = async (id: string, as = 'buyer@demo.test') => ok(await t.call('GET', `/api/v2/orders/${id}/ratings`, { as })).result;

beforeAll(async () => {
  t = await startTestApp();
  buyer = await t.userId('buyer@demo.test');
  await addUser(t, 'rating-other-buyer@demo.test', { roles: ['user'] });
});
afterAll(async () => { await t?.close(); });

describe('rating an order', () => {
  test('not before it is approved; then once: a second rating, by anybody, is OrderAlreadyRated', async () => {
    const id = await addOrder(t, buyer, { status: 'toApprove' });
    fails(await rate(id, { score: 3 }), 409, 'OrderNotRatable');
    await t.db.updateTable('orders').set({ status: 'approved' }).where('id', '=', id).execute();
    expect(await ratings(id)).toEqual([]);
    const given = ok(await rate(id, { score: 4, comment: '  Snel geleverd  ' })).result;
    expect(given).toMatchObject({ orderId: id, userId: buyer, userName: expect.any(String), score: 4, comment: 'Snel geleverd', createdAt: expect.any(String) });
    fails(await rate(id, { score: 1 }), 409, 'OrderAlreadyRated');
    fails(await rate(id, { score: 2 }, 'manager@demo.test'), 409, 'OrderAlreadyRated');
    expect(await ratings(id, 'manager@demo.test')).toEqual([given]);
  });

  test('scores from 0 to 4, whole numbers; the comment is optional and bounded', async () => {
    const id = await addOrder(t, buyer, { status: 'approved' });
    for (const score of [-1, 5, 2.5, '3', null]) {
      expect(fails(await rate(id, { score }), 400, 'validationFailed').details?.[0]?.path).toBe('score');
    }
    fails(await rate(id, {}), 400, 'validationFailed');
    fails(await rate(id, { score: 2, comment: 'x'.repeat(2001) }), 400, 'validationFailed');
    expect(await ratings(id)).toEqual([]);
    expect(ok(await rate(id, { score: 0 })).result).toMatchObject({ score: 0, comment: null });
  });

  test('an order the caller may not read is not found', async () => {
    const id = await addOrder(t, buyer, { status: 'approved' });
    fails(await rate(id, { score: 3 }, 'rating-other-buyer@demo.test'), 404, 'OrderNotFound');
    fails(await t.call('GET', `/api/v2/orders/${id}/ratings`, { as: 'rating-other-buyer@demo.test' }), 404, 'OrderNotFound');
    fails(await t.call('GET', '/api/v2/orders/nope/ratings', { as: 'buyer@demo.test' }), 404, 'OrderNotFound');
  });

  test('ten ratings at once: one is stored, the others are OrderAlreadyRated', async () => {
    const id = await addOrder(t, buyer, { status: 'approved' });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => rate(id, { score: i % 5 }, i % 2 ? 'manager@demo.test' : 'buyer@demo.test')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 200)) fails(r, 409, 'OrderAlreadyRated');
    expect(await ratings(id)).toHaveLength(1);
  });
});
