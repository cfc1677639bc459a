import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * flows §3, the order filter of GET /v2/orders: orderState (with the listing values All, Finished,
 * ToAssignBudget, Undefined), gcoNumber, orderedBy, assignedTo, about, labels, the order date from
 * and until (whole days in the shop's time zone), excludeInactive (no archived orders), search; and
 * GET /v2/orders/status-counts, the list's counts per status under the same filters.
 */

let t: TestApp;
let customerId: string;
let buyer: string;
let manager: string;
const ids: Record<string, string> = {};

async function add(key: string, values: Record<string, unknown>) {
  const tenantId = await t.tenantId();
  const row = await t.db.insertInto('orders').values({
    tenantId, customerId, orderNumber: `FLT-${key}`, orderedById: buyer, status: 'toApprove', archived: false, labels: JSON.stringify([]),
    totalCost: '10.00', orderDate: new Date('2026-03-10T10:00:00Z'), ...values,
  } as never).returning('id').executeTakeFirstOrThrow();
  ids[key] = row.id as string;
}

beforeAll(async () => {
  t = await startTestApp();
  [customerId] = await t.customerIds();
  buyer = await t.userId('buyer@demo.test');
  manager = await t.userId('manager@demo.test');
  await add('a', { status: 'approved', about: 'Kantoorstoelen', labels: JSON.stringify(['meubilair']), orderDate: new Date('2026-03-01T23:30:00Z') });
  await add('b', { status: 'rejected', assignedToId: manager });
  await add('c', { status: 'toApproveBudget', labels: JSON.stringify(['it', 'dringend']), orderDate: new Date('2026-03-02T08:00:00Z') });
  await add('d', { status: 'toApprove', archived: true, about: 'Stoelen voor de kantine' });
  await add('e', { status: 'toApprove', orderedById: manager });
});
afterAll(async () => { await t?.close(); });

const list = async (query: Record<string, string>, who = 'manager@demo.test') =>
  (ok(await t.call('GET', '/api/v2/orders', { as: who, customerId, query: { pageSize: '100', ...query } })).items as { id: string }[])
    .map((o) => Object.entries(ids).find(([, id]) => id === o.id)?.[0]).filter(Boolean).sort();

describe('GET /v2/orders filters', () => {
  test('orderState: a status, or the listing values All, Finished, ToAssignBudget, Undefined', async () => {
    expect(await list({ orderState: 'toApprove' })).toEqual(['d', 'e']);
    expect(await list({ orderState: 'All' })).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(await list({ orderState: 'Finished' })).toEqual(['a', 'b']);
    expect(await list({ orderState: 'ToAssignBudget' })).toEqual(['c']);
    expect(await list({ orderState: 'Undefined' })).toEqual([]);
    fails(await t.call('GET', '/api/v2/orders', { as: 'manager@demo.test', customerId, query: { orderState: 'Sometimes' } }), 400, 'validationFailed');
  });

  test('order number, who ordered, who follows up, about, label', async () => {
    expect(await list({ gcoNumber: 'flt-c' })).toEqual(['c']);
    expect(await list({ orderedBy: manager })).toEqual(['e']);
    expect(await list({ assignedTo: manager })).toEqual(['b']);
    expect(await list({ about: 'stoelen' })).toEqual(['a', 'd']);
    expect(await list({ labels: 'it' })).toEqual(['c']);
    expect(await list({ labels: 'i' })).toEqual([]);
  });

  test('order date from and until count whole days in the shop\'s time zone', async () => {
    // 2026-03-01T23:30Z is 2 March in Brussels.
    expect(await list({ orderDate: '2026-03-02', orderDateTo: '2026-03-02' })).toEqual(['a', 'c']);
    expect(await list({ orderDateTo: '2026-03-01' })).toEqual([]);
    expect(await list({ orderDate: '2026-03-03' })).toEqual(['b', 'd', 'e']);
    fails(await t.call('GET', '/api/v2/orders', { as: 'manager@demo.test', customerId, query: { orderDate: '2/3/2026' } }), 400, 'validationFailed');
  });

  test('excludeInactive leaves archived orders out', async () => {
    expect(await list({ excludeInactive: 'true' })).toEqual(['a', 'b', 'c', 'e']);
    expect(await list({ excludeInactive: 'false' })).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  test('a buyer filters only their own orders', async () => {
    expect(await list({ orderState: 'toApprove' }, 'buyer@demo.test')).toEqual(['d']);
  });
});

describe('GET /v2/orders/status-counts', () => {
  test('counts per status under the same filters, whatever orderState says', async () => {
    const counts = ok(await t.call('GET', '/api/v2/orders/status-counts', { as: 'manager@demo.test', customerId, query: { gcoNumber: 'FLT-', orderState: 'approved' } })).result;
    expect(counts).toEqual({ byStatus: { approved: 1, rejected: 1, toApproveBudget: 1, toApprove: 2 }, total: 5 });
    const withoutArchived = ok(await t.call('GET', '/api/v2/orders/status-counts', { as: 'manager@demo.test', customerId, query: { gcoNumber: 'FLT-', excludeInactive: 'true' } })).result;
    expect(withoutArchived.byStatus.toApprove).toBe(1);
    const buyers = ok(await t.call('GET', '/api/v2/orders/status-counts', { as: 'buyer@demo.test', query: { gcoNumber: 'FLT-' } })).result;
    expect(buyers.total).toBe(4);
  });
});
