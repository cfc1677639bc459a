import { afterAll, beforeAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/open';
import { Lifecycle } from '../../src/server/ops/health';
import { shutDown } from '../../src/server/ops/shutdown';
import { eventually } from './helpers/eventually';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';
import { createTestVerifier } from './helpers/test-verifier';

/**
 * The graceful shutdown (src/server/ops/shutdown.ts, what SIGTERM runs in main.ts): a real write
 * call in flight when it begins — a manager's approval of an order, held before its handler by a
 * hook mounted through buildApp's plugins — is answered 2xx and its effect is stored, while the
 * server takes no new connection and readiness says closing; then the app and the database close.
 * A request that still reaches it once it closes is refused in the API's error envelope (503
 * serverBusy with Retry-After, src/server/ops/overload.ts), not in Fastify's own 503 body.
 */

const PORT = 3311;
const APPROVAL = '/api/v2/orders/:orderId/validate';

let testDb: TestDatabase;
let app: FastifyInstance;
let orderId: string;
let token: string;
let customerId: string;
const lifecycle = new Lifecycle();
let reached!: () => void;
const approvalReached = new Promise<void>((resolve) => { reached = resolve; });
let release!: () => void;
const held = new Promise<void>((resolve) => { release = resolve; });
// The close waits (a preClose hook) until the test has sent a request to the closing server.
let closeBegun!: () => void;
const closing = new Promise<void>((resolve) => { closeBegun = resolve; });
let letClose!: () => void;
const closeHeld = new Promise<void>((resolve) => { letClose = resolve; });

beforeAll(async () => {
  testDb = await createTestDatabase({ seeded: true });
  const { db } = testDb.database;
  const { verifier, sign } = await createTestVerifier();
  const tenant = await db.selectFrom('tenants').select('id').where('hostname', '=', 'localhost').executeTakeFirstOrThrow();
  const user = (email: string) => db.selectFrom('users').selectAll().where('email', '=', email).where('tenantId', '=', tenant.id).executeTakeFirstOrThrow();
  const [buyer, manager] = [await user('buyer@demo.test'), await user('manager@demo.test')];
  customerId = (await db.selectFrom('customers').select('id').where('tenantId', '=', tenant.id).orderBy('createdAt').orderBy('id').executeTakeFirstOrThrow()).id;
  orderId = (await db.insertInto('orders').values({
    tenantId: tenant.id, customerId, orderedById: buyer.id, orderNumber: 'SHUTDOWN-1', orderDate: new Date(), status: 'toApprove', totalCost: '10.00',
  } as never).returning('id').executeTakeFirstOrThrow()).id as string;
  await db.insertInto('orderLines').values({ tenantId: tenant.id, customerId, orderId, amount: 1 }).execute();
  token = await sign({ userId: manager.id, userType: manager.userType as never, customerIds: [], supplierIds: [], permissions: [], departements: [], active: true, tenant: 'localhost' });
  app = await buildApp({
    config: testDb.config, db, verifier, logger: false, lifecycle,
    // The approval waits here, authenticated and checked, until the test lets it go on to its handler.
    plugins: [(server) => {
      server.addHook('preClose', async () => {
        closeBegun();
        await closeHeld;
      });
      server.addHook('preHandler', async (request) => {
        if (request.routeOptions.url !== APPROVAL) return;
        reached();
        await held;
      });
    }],
  });
  await app.listen({ port: PORT, host: '127.0.0.1' });

});
afterAll(async () => {
  release();
  letClose();
  if (!lifecycle.closing) await app?.close();
  // Closing the database again is a no-op (Kysely's destroy), so the usual cleanup runs.
  await testDb?.cleanup();
});

test('an approval in flight when the shutdown begins is answered 200 and stored; readiness says closing at once; after the drain no new connection is taken', async () => {
  const approval = fetch(`http://127.0.0.1:${PORT}/api/v2/orders/${orderId}/validate`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'x-customer-id': customerId, 'content-type': 'application/json' },
    body: JSON.stringify({ approve: true }),
  });
  await approvalReached;

  const shutdown = shutDown({ app, database: testDb.database, lifecycle, drainSeconds: 1 });
  // The drain: readiness says closing at once, so the load balancer stops sending; requests are still served.
  const ready = await fetch(`http://127.0.0.1:${PORT}/health/ready`);
  expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 503, body: { status: 'closing' } });
  // Past the drain the app closes: a request that still reaches it is refused in the API's envelope, with when to come back.
  await closing;
  const refused = await fetch(`http://127.0.0.1:${PORT}/api/v2/orders/${orderId}`, { headers: { authorization: `Bearer ${token}`, 'x-customer-id': customerId, 'accept-language': 'nl' } });
  expect({ status: refused.status, retryAfter: refused.headers.get('retry-after'), connection: refused.headers.get('connection'), body: await refused.json() })
    .toEqual({ status: 503, retryAfter: String(testDb.config.ops.retryAfterSeconds), connection: 'close', body: { errorCode: 'serverBusy', message: expect.any(String) } });
  letClose();
  // The listener is closed: a new connection is refused while the approval is still held.
  await eventually(async () => {
    await expect(fetch(`http://127.0.0.1:${PORT}/health/live`)).rejects.toThrow();
  });
  // The shutdown waits for the request, not the other way round.
  let finished = false;
  void shutdown.then(() => { finished = true; });
  await new Promise((resolve) => setImmediate(resolve));
  expect(finished).toBe(false);

  release();
  const answer = await approval;
  const body = (await answer.json()) as { result?: { status: string } };
  expect({ status: answer.status, body }).toMatchObject({ status: 200, body: { result: { status: 'approved' } } });
  // Its keep-alive connection closes with the answer, so the shutdown need not wait out the idle timeout.
  expect(answer.headers.get('connection')).toBe('close');
  await shutdown;

  // Stored: read back through a database opened anew after the app's was closed.
  const reopened = await openDatabase(testDb.config);
  try {
    const order = await reopened.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order.status).toBe('approved');
    const history = await reopened.db.selectFrom('orderHistory').select('action').where('orderId', '=', orderId).execute();
    expect(history.map((h) => h.action)).toContain('approved');
  } finally {
    await reopened.close();
  }
});
