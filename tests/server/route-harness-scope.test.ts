/**
 * Scope on every registered route (harness/route-schemas.ts): every write gets the model's read-only,
 * server-set and scope columns and a list of dangerous names injected, and stores none of them; every
 * route a customer user may call refuses a company the user has no access to (X-Customer-Id).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { asQuery, send } from './harness/calls';
import { existingId, idPicker, inject, injectionFor, violations, writableNames, type Foreign } from './harness/mass-assignment';
import { sample, setAt } from './harness/payloads';
import { harnessCollector, type HarnessRoute } from './harness/route-schemas';
import { startTestApp, type TestApp } from './helpers/test-app';

const routes: HarnessRoute[] = [];
let t: TestApp;
let tenantId: string;
let foreign: Foreign;
let managerCompany: string;
beforeAll(async () => {
  t = await startTestApp({ plugins: [harnessCollector(routes)] });
  tenantId = await t.tenantId();
  const managerId = await t.userId('manager@demo.test');
  const own = (await t.db.selectFrom('customerAccesses').select('customerId').where('userId', '=', managerId).where('active', '=', true).orderBy('createdAt').execute())
    .map((r) => r.customerId as string);
  managerCompany = own[0];
  const [acmeCompany] = await t.customerIds('acme.localhost');
  foreign = { tenantId: await t.tenantId('acme.localhost'), customerIds: [acmeCompany] };
}, 60_000);
afterAll(async () => { await t?.close(); });

const writes = () => routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && r.access.audience !== 'public' && !r.path.startsWith('/search/1/'));
const customerMay = (r: HarnessRoute) => r.access.audience === 'customer' || r.access.audience === 'authenticated';

/** The sampled body of a write, aimed at an existing row for update routes (by path or dto.id). */
async function bodyFor(route: HarnessRoute, customerId: string | null) {
  const pick = await idPicker(t.db, tenantId, customerId);
  let body = sample(route.body, pick);
  let param: string | undefined;
  if (route.resource && route.crud?.route.op === 'update') {
    const id = await existingId(t.db, route.resource, tenantId, customerId);
    if (route.path.includes('{')) param = id;
    else body = setAt(body, ['dto', 'id'], id);
  }
  return { body, param };
}

describe('mass assignment: nothing the caller may not set is stored, on every write route', () => {
  const callers: [string, (r: HarnessRoute) => boolean, string | undefined][] = [
    ['superadmin@demo.test', () => true, undefined],
    ['superadmin@demo.test acting for a company', customerMay, 'company'],
    ['manager@demo.test', customerMay, 'company'],
  ];
  test('every write, by a super admin, by a super admin acting for a company and by a customer user with letters', async () => {
    const problems: string[] = [];
    let stored = 0;
    for (const [who, applies, acting] of callers) {
      const as = who.split(' ')[0];
      const customerId = acting ? managerCompany : null;
      for (const route of writes().filter(applies)) {
        const { body, param } = await bodyFor(route, customerId);
        const injection = injectionFor(route.resource, foreign);
        const allowed = writableNames(route.body);
        const since = (await sql<{ now: string }>`select now()::text as now`.execute(t.db)).rows[0].now;
        const res = await send(t, route, as, { body: inject(body, injection), params: param, headers: acting ? { 'x-customer-id': managerCompany } : {} });
        if (res === 'timeout' || res.statusCode >= 500) { problems.push(`${route.name} as ${who}: ${res === 'timeout' ? res : res.statusCode}`); continue; }
        if (res.statusCode < 300) stored++;
        for (const v of await violations(t.db, since, route, { tenantId, acting: customerId }, foreign, injection, allowed)) problems.push(`${route.name} as ${who}: ${v}`);
      }
    }
    expect(problems).toEqual([]);
    // Without writes that succeed the sweep would prove nothing.
    expect(stored).toBeGreaterThan(25);
  }, 240_000);
});

describe('X-Customer-Id naming a company the user has no access to: 403 NoAccessToCustomer on every route', () => {
  test('every route a customer user may call, for a company of another tenant and one of this tenant', async () => {
    const list = routes.filter((r) => customerMay(r) && r.access.audience !== 'public');
    expect(list.length).toBeGreaterThan(60);
    // The buyer has one company of the two of this tenant; the manager has both, and none of acme's.
    const [first, second] = await t.customerIds();
    expect(await t.db.selectFrom('customerAccesses').select('customerId').where('userId', '=', await t.userId('buyer@demo.test')).execute()).toEqual([{ customerId: first }]);
    const cases: [string, string, string][] = [['manager@demo.test', foreign.customerIds[0], 'another tenant'], ['buyer@demo.test', second, 'this tenant']];
    const wrong: string[] = [];
    for (const [as, company, whose] of cases) {
      for (const route of list) {
        const res = await send(t, route, as, { body: route.body ? sample(route.body) : undefined, query: asQuery(sample(route.querystring)), headers: { 'x-customer-id': company } });
        const body = res !== 'timeout' && res.statusCode === 403 ? res.json() : null;
        if (body?.errorCode !== 'NoAccessToCustomer') wrong.push(`${route.name} as ${as} with ${whose}'s company: ${res === 'timeout' ? res : `${res.statusCode} ${res.body.slice(0, 120)}`}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
