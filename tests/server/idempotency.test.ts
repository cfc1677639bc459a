import { gunzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { installErrorHandler } from '../../src/server/plugins/error-handler';
import { installIdempotency, type IdempotencyOptions } from '../../src/server/plugins/idempotency';
import { searchIndex } from '../../src/server/search/engine';
import { indexNameFor, reindexArticles, setSearchPublisher } from '../../src/server/search/index-sync';
import type { TenantRow } from '../../src/server/types';
import { count, line, makeArticle, makeSupplier } from './basket-helpers';
import { eventually } from './helpers/eventually';
import { fails, ok } from './helpers/expect';
import { startTestApp, type CallOptions, type TestApp } from './helpers/test-app';

/**
 * The Idempotency-Key header (src/server/plugins/idempotency.ts): the same mutating call repeated
 * with one key, even ten times at once, has one effect and one answer. Meaningful on PostgreSQL
 * (DATABASE_URL set), where the ten requests run on separate pool connections; on PGlite they
 * interleave on its one connection. Without the mechanism the basket is ordered once and nine
 * answers are 400 EmptyTransporter, and the order is approved once and nine answers are 409 OrderNotInStep.
 */

let t: TestApp;
let customerId: string;
let article: string;
beforeAll(async () => {
  t = await startTestApp();
  [customerId] = await t.customerIds();
  // Without the budgets feature and a finance threshold a new order waits for one approval.
  const customer = await t.db.selectFrom('customers').select('features').where('id', '=', customerId).executeTakeFirstOrThrow();
  const features = (typeof customer.features === 'string' ? JSON.parse(customer.features) : customer.features ?? []) as string[];
  await t.db.updateTable('customers').set({ features: JSON.stringify(features.filter((f) => f !== 'budgets')), financeApprovalThreshold: null } as never)
    .where('id', '=', customerId).execute();
  article = await makeArticle(t, { supplierId: await makeSupplier(t, { name: 'Eenmaal NV' }), price: '25.00', stock: null });
});
afterAll(async () => { await t?.close(); });

const BUYER = 'buyer@demo.test';
const MANAGER = 'manager@demo.test';
const TEN = Array.from({ length: 10 }, (_, i) => i);

/** A call with a token signed beforehand, so the ten calls of a burst really start together. */
async function caller(email: string) {
  const token = await t.tokenFor(email);
  return (method: 'POST' | 'PATCH' | 'PUT', url: string, body: unknown, key?: string, extra: CallOptions = {}) =>
    t.call(method, url, { token, customerId, body, ...extra, headers: { ...(key !== undefined ? { 'idempotency-key': key } : {}), ...extra.headers } });
}

async function fillBasket(email: string, amount = 1) {
  const call = await caller(email);
  ok(await call('PUT', '/api/v2/transporters/update', { transporter: { transporterLines: [line(article, amount)] } }));
}

const ordersOf = async (email: string) => (await t.db.selectFrom('orders').select('id')
  .where('orderedById', '=', await t.userId(email)).execute()).length;
const approvals = async (orderId: string) => (await t.db.selectFrom('orderHistory').select('id')
  .where('orderId', '=', orderId).where('action', '=', 'approved').execute()).length;
const replayed = (r: LightMyRequestResponse) => r.headers['idempotency-replayed'] === 'true';

async function placeOrder(email: string): Promise<string> {
  await fillBasket(email);
  const call = await caller(email);
  return ok(await call('POST', '/api/v2/orders/transporter', {})).result.id as string;
}

describe('ten identical calls at once have one effect', () => {
  test('POST /v2/orders/transporter: one order, ten equal answers; a later repeat is replayed', async () => {
    await fillBasket(BUYER, 2);
    const call = await caller(BUYER);
    const key = randomUUID();
    const before = await count(t, 'orders');
    const answers = await Promise.all(TEN.map(() => call('POST', '/api/v2/orders/transporter', {}, key)));

    expect(await count(t, 'orders')).toBe(before + 1);
    expect(answers.map((r) => r.statusCode)).toEqual(TEN.map(() => 200));
    const ids = new Set(answers.map((r) => r.json().result.id));
    expect(ids.size).toBe(1);
    // one ran, nine got its answer, byte for byte with its content type
    expect(answers.filter(replayed)).toHaveLength(9);
    const first = answers.find((r) => !replayed(r))!;
    for (const r of answers) {
      expect(r.body).toBe(first.body);
      expect(r.headers['content-type']).toBe(first.headers['content-type']);
    }

    const later = await call('POST', '/api/v2/orders/transporter', {}, key);
    expect(later.statusCode).toBe(200);
    expect(replayed(later)).toBe(true);
    expect(later.body).toBe(first.body);
    expect(await count(t, 'orders')).toBe(before + 1);
  });

  test('PATCH /v2/orders/{id}/validate: ten 200s with the same body, one approval in the history', async () => {
    const orderId = await placeOrder(BUYER);
    const call = await caller(MANAGER);
    const key = randomUUID();
    const answers = await Promise.all(TEN.map(() => call('PATCH', `/api/v2/orders/${orderId}/validate`, { approve: true }, key)));

    expect(answers.map((r) => r.statusCode)).toEqual(TEN.map(() => 200));
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(answers[0]!.json().result).toMatchObject({ id: orderId, status: 'approved' });
    expect(answers.filter(replayed)).toHaveLength(9);
    expect(await approvals(orderId)).toBe(1);
  });
});

describe('between the commit and the kept answer', () => {
  /** The stock the marketplace search shows for an article. */
  async function searchedStock(id: string) {
    const tenant = await t.db.selectFrom('tenants').select(['hostname', 'environment']).where('id', '=', await t.tenantId()).executeTakeFirstOrThrow();
    const r = await searchIndex(t.db, indexNameFor(tenant as { hostname: string; environment: string }), { query: '', filters: `objectID:"${id}"` }, null);
    return r.hits[0]?.stock;
  }

  test("placing an order reindexes the articles' stock once its answer is kept, and before the answer leaves", async () => {
    const stocked = await makeArticle(t, { supplierId: await makeSupplier(t, { name: 'Voorraad NV' }), price: '5.00', stock: 40 });
    await reindexArticles(t.db, await t.tenantId(), [stocked]);
    const call = await caller(BUYER);
    ok(await call('PUT', '/api/v2/transporters/update', { transporter: { transporterLines: [line(stocked, 3)] } }));
    const key = randomUUID();
    // The search index's publisher is told at the reindex: what did the key hold then?
    const keptAtReindex: Array<number | null> = [];
    setSearchPublisher({
      save: async () => {
        const row = await t.db.selectFrom('idempotencyKeys').select('responseStatus').where('key', '=', key).executeTakeFirst();
        keptAtReindex.push(row ? row.responseStatus : null);
      },
      remove: async () => undefined,
      clear: async () => undefined,
    });
    try {
      ok(await call('POST', '/api/v2/orders/transporter', {}, key));
    } finally {
      setSearchPublisher(null);
    }
    expect(keptAtReindex).toEqual([200]);
    // The caller that has its answer finds the new stock in the search.
    expect(await searchedStock(stocked)).toBe(37);
  });
});

describe('what a key stands for', () => {
  test('the same key with another body, path or method is refused (422 IdempotencyKeyReused) and runs nothing', async () => {
    const orderId = await placeOrder(BUYER);
    const call = await caller(MANAGER);
    const key = randomUUID();
    const url = `/api/v2/orders/${orderId}/validate`;
    ok(await call('PATCH', url, { approve: true }, key));
    fails(await call('PATCH', url, { approve: false, reason: 'Toch niet' }, key), 422, 'IdempotencyKeyReused');
    fails(await call('PATCH', `${url}?x=1`, { approve: true }, key), 422, 'IdempotencyKeyReused');
    fails(await call('POST', '/api/v2/orders/transporter', {}, key), 422, 'IdempotencyKeyReused');
    // acting for another company is another request too
    const [, second] = await t.customerIds();
    fails(await call('PATCH', url, { approve: true }, key, { customerId: second }), 422, 'IdempotencyKeyReused');
    expect(await approvals(orderId)).toBe(1);
    // the key's own request is still replayed; the order of a body's keys does not matter
    const again = await call('PATCH', url, JSON.parse('{"approve":true}'), key);
    expect([again.statusCode, replayed(again)]).toEqual([200, true]);
  });

  test("a key is the user's: another user's call with the same key runs on its own", async () => {
    await fillBasket(BUYER);
    await fillBasket(MANAGER);
    const key = randomUUID();
    const [buyerOrders, managerOrders] = [await ordersOf(BUYER), await ordersOf(MANAGER)];
    const [a, b] = await Promise.all([
      (await caller(BUYER))('POST', '/api/v2/orders/transporter', {}, key),
      (await caller(MANAGER))('POST', '/api/v2/orders/transporter', {}, key),
    ]);
    expect([a.statusCode, b.statusCode, replayed(a), replayed(b)]).toEqual([200, 200, false, false]);
    expect(a.json().result.id).not.toBe(b.json().result.id);
    expect([await ordersOf(BUYER), await ordersOf(MANAGER)]).toEqual([buyerOrders + 1, managerOrders + 1]);
  });

  test('a 4xx answer is kept and replayed: a repeat does not order the basket filled meanwhile', async () => {
    const call = await caller(BUYER);
    ok(await call('PUT', '/api/v2/transporters/update', { transporter: { transporterLines: [] } }));
    const key = randomUUID();
    const first = await call('POST', '/api/v2/orders/transporter', {}, key);
    fails(first, 400, 'EmptyTransporter');
    await fillBasket(BUYER);
    const before = await count(t, 'orders');
    const repeat = await call('POST', '/api/v2/orders/transporter', {}, key);
    expect([repeat.statusCode, replayed(repeat), repeat.body]).toEqual([400, true, first.body]);
    expect(await count(t, 'orders')).toBe(before);
    // a new key is a new request
    ok(await call('POST', '/api/v2/orders/transporter', {}, randomUUID()));
    expect(await count(t, 'orders')).toBe(before + 1);
  });

  test('a replay is compressed as its own request asks, from the same JSON', async () => {
    const orderId = await placeOrder(BUYER);
    const call = await caller(MANAGER);
    const key = randomUUID();
    const plain = await call('PATCH', `/api/v2/orders/${orderId}/validate`, { approve: true }, key);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024); // above the compression threshold (plugins/compression.ts)
    const zipped = await call('PATCH', `/api/v2/orders/${orderId}/validate`, { approve: true }, key, { headers: { 'accept-encoding': 'gzip' } });
    expect([zipped.statusCode, zipped.headers['content-encoding'], replayed(zipped)]).toEqual([200, 'gzip', true]);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(zipped.headers['content-type']).toBe(plain.headers['content-type']);
  });
});

describe('the header itself', () => {
  test('without it nothing changes: a second decision is refused, no key is kept', async () => {
    const orderId = await placeOrder(BUYER);
    const call = await caller(MANAGER);
    const keysBefore = await count(t, 'idempotency_keys');
    ok(await call('PATCH', `/api/v2/orders/${orderId}/validate`, { approve: true }));
    const second = await call('PATCH', `/api/v2/orders/${orderId}/validate`, { approve: true });
    fails(second, 409, 'OrderNotInStep');
    expect(replayed(second)).toBe(false);
    expect(await count(t, 'idempotency_keys')).toBe(keysBefore);
  });

  test.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['with a space', 'my key'],
    ['not ASCII', 'sleutel-é'],
  ])('a key that is %s is refused with 400 validationFailed, before anything runs', async (_what, key) => {
    const orderId = await placeOrder(BUYER);
    const call = await caller(MANAGER);
    const body = fails(await call('PATCH', `/api/v2/orders/${orderId}/validate`, { approve: true }, key), 400, 'validationFailed');
    expect(body.details).toEqual([expect.objectContaining({ path: 'Idempotency-Key', rule: 'invalid' })]);
    expect(await approvals(orderId)).toBe(0);
  });

  test('255 visible characters are a key; a GET ignores the header', async () => {
    const orderId = await placeOrder(BUYER);
    const call = await caller(MANAGER);
    const visible = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).join('');
    const key = visible.repeat(3).slice(0, 255);
    ok(await call('PATCH', `/api/v2/orders/${orderId}/validate`, { approve: true }, key));
    const repeat = await call('PATCH', `/api/v2/orders/${orderId}/validate`, { approve: true }, key);
    expect([repeat.statusCode, replayed(repeat)]).toEqual([200, true]);
    const read = await t.call('GET', `/api/v2/orders/${orderId}`, { as: MANAGER, customerId, headers: { 'idempotency-key': 'not a key' } });
    expect([read.statusCode, replayed(read)]).toEqual([200, false]);
  });
});

/**
 * The plugin alone on the same database, with a signed-in caller set by hand and short times, for
 * what the shop's routes cannot show on demand: a 5xx, a request still running, an expired key and
 * a claim whose process died.
 */
describe('the plugin on its own', () => {
  let mini: FastifyInstance;
  let brief: FastifyInstance;
  let runs = 0;
  let failNext = false;
  let hold: Promise<void> | null = null;
  const tenantId = randomUUID();
  const userId = randomUUID();
  const OPTIONS: Partial<IdempotencyOptions> = { waitMs: 300, leaseMs: 60_000, sweepEveryMs: 0 };
  /** A lease that lapses while a request runs, unless the request renews it. */
  const BRIEF: Partial<IdempotencyOptions> = { waitMs: 10_000, leaseMs: 1_500, sweepEveryMs: 0 };

  /** An app with the plugin and two routes: /run counts its runs, /write commits a row per run in a transaction. */
  async function miniApp(options: Partial<IdempotencyOptions>): Promise<FastifyInstance> {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    app.decorateRequest('tenant', null as unknown as TenantRow);
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      request.tenant = { id: tenantId } as TenantRow;
      request.auth = { user: { id: userId }, realUser: { id: userId }, customerId: null } as never;
    });
    installIdempotency(app, t.db, options);
    app.post('/run', async (_request, reply) => {
      runs++;
      if (hold) await hold;
      if (failNext) {
        failNext = false;
        return reply.code(503).send({ errorCode: 'maintenance', message: 'down' });
      }
      return { run: runs };
    });
    app.post('/write', async (request) => {
      if (hold) await hold;
      await t.db.transaction().execute(async (trx) => {
        await sql`insert into idempotency_test_effects (key) values (${String(request.headers['idempotency-key'])})`.execute(trx);
      });
      return { written: true };
    });
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    await sql`create table if not exists idempotency_test_effects (id serial primary key, key text not null)`.execute(t.db);
    mini = await miniApp(OPTIONS);
    brief = await miniApp(BRIEF);
  });
  afterAll(async () => { await mini?.close(); await brief?.close(); });

  const run = (key: string, app = mini) => app.inject({ method: 'POST', url: '/run', headers: { 'idempotency-key': key }, payload: { n: 1 } });
  const write = (key: string) => mini.inject({ method: 'POST', url: '/write', headers: { 'idempotency-key': key }, payload: {} });
  const rowOf = (key: string) => t.db.selectFrom('idempotencyKeys').selectAll().where('tenantId', '=', tenantId).where('key', '=', key).executeTakeFirst();
  const effectsOf = async (key: string) => Number((await sql<{ n: number }>`select count(*)::int as n from idempotency_test_effects where key = ${key}`.execute(t.db)).rows[0]!.n);
  /** What a process killed after its work and before its kept answer leaves: a claim without an answer, no longer renewed. */
  const loseAnswer = (key: string) => t.db.updateTable('idempotencyKeys')
    .set({ responseStatus: null, responseContentType: null, responseBody: null, claimedAt: sql`now() - interval '2 minutes'` })
    .where('tenantId', '=', tenantId).where('key', '=', key).execute();

  test('a 5xx answer is not kept: the repeat runs again, and its answer is kept', async () => {
    const key = randomUUID();
    failNext = true;
    const start = runs;
    expect((await run(key)).statusCode).toBe(503);
    expect(await rowOf(key)).toBeUndefined();
    const second = await run(key);
    expect([second.statusCode, replayed(second)]).toEqual([200, false]);
    const third = await run(key);
    expect([third.statusCode, replayed(third), third.body]).toEqual([200, true, second.body]);
    expect(runs).toBe(start + 2);
  });

  test('a repeat waits for the first request; past its wait it is refused with 409 IdempotencyKeyInUse', async () => {
    const key = randomUUID();
    let release!: () => void;
    hold = new Promise((resolve) => { release = resolve; });
    const first = run(key);
    try {
      await eventually(async () => expect(await rowOf(key)).toBeDefined());
      const waited = Date.now();
      fails(await run(key), 409, 'IdempotencyKeyInUse');
      expect(Date.now() - waited).toBeGreaterThanOrEqual(OPTIONS.waitMs! - 20);
    } finally {
      // a repeat that arrives in time gets the answer once it is there
      setTimeout(() => { hold = null; release(); }, 50);
    }
    const [a, b] = await Promise.all([first, run(key)]);
    expect([a.statusCode, replayed(a), b.statusCode, replayed(b), b.body]).toEqual([200, false, 200, true, a.body]);
  });

  test('an expired key runs again, and expired keys are swept', async () => {
    const key = randomUUID();
    const other = randomUUID();
    ok(await run(key));
    ok(await run(other));
    await t.db.updateTable('idempotencyKeys').set({ expiresAt: sql`now() - interval '1 second'` })
      .where('tenantId', '=', tenantId).where('key', 'in', [key, other]).execute();
    const start = runs;
    const again = await run(key);
    expect([again.statusCode, replayed(again)]).toEqual([200, false]);
    expect(runs).toBe(start + 1);
    await eventually(async () => expect(await rowOf(other)).toBeUndefined());
    expect(await rowOf(key)).toMatchObject({ responseStatus: 200 });
  });

  test("a claim older than the lease without an answer, none of whose transactions committed (its process died first), is run again", async () => {
    const key = randomUUID();
    await t.db.insertInto('idempotencyKeys').values({
      tenantId, userId, key, method: 'POST', path: '/run', requestHash: 'lost', claimId: randomUUID(),
      claimedAt: sql`now() - interval '2 minutes'`, expiresAt: sql`now() + interval '1 day'`,
    }).execute();
    const start = runs;
    const taken = await run(key);
    expect([taken.statusCode, replayed(taken)]).toEqual([200, false]);
    expect(runs).toBe(start + 1);
  });

  test('each transaction of the request notes its effect on the key in that transaction: lost after it, a repeat answers 409 IdempotencyAnswerLost and writes nothing', async () => {
    const key = randomUUID();
    ok(await write(key));
    expect((await rowOf(key))!.committedAt).not.toBeNull();
    await loseAnswer(key);
    fails(await write(key), 409, 'IdempotencyAnswerLost');
    fails(await write(key), 409, 'IdempotencyAnswerLost');
    expect(await effectsOf(key)).toBe(1);
  });

  test('a request whose claim was taken over meanwhile cannot commit: its transaction rolls back (409 IdempotencyKeyInUse)', async () => {
    const key = randomUUID();
    let release!: () => void;
    hold = new Promise((resolve) => { release = resolve; });
    const first = write(key);
    try {
      await eventually(async () => expect(await rowOf(key)).toBeDefined());
      // Another process found the claim orphaned and took it.
      await t.db.updateTable('idempotencyKeys').set({ claimId: randomUUID() }).where('tenantId', '=', tenantId).where('key', '=', key).execute();
    } finally {
      hold = null;
      release();
    }
    fails(await first, 409, 'IdempotencyKeyInUse');
    expect(await effectsOf(key)).toBe(0);
  });

  test('a running request renews its claim: a repeat past the lease waits for its answer instead of running it again', async () => {
    const key = randomUUID();
    let release!: () => void;
    hold = new Promise((resolve) => { release = resolve; });
    const start = runs;
    const first = run(key, brief);
    let repeat: Promise<LightMyRequestResponse> | null = null;
    try {
      await eventually(async () => expect(await rowOf(key)).toBeDefined());
      // Two leases later the first request still runs (and has renewed its claim meanwhile).
      await new Promise((resolve) => setTimeout(resolve, 2 * BRIEF.leaseMs!));
      repeat = run(key, brief);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      hold = null;
      release();
    }
    const [a, b] = await Promise.all([first, repeat!]);
    expect([a.statusCode, replayed(a), b.statusCode, replayed(b), b.body]).toEqual([200, false, 200, true, a.body]);
    expect(runs).toBe(start + 1);
  });
});
