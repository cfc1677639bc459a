/**
 * Every route the model declares, against the real app: access is refused with the right status and
 * code, and before the body is read (a malformed body still gets 401/403), and a refused call changes
 * nothing (the tables are the same before and after the whole sweep).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AccessRule } from '../../model';
import { concrete, hasBody, modelRoutes, routeCollector, snapshot, wouldBeBody, type SweepRoute } from './helpers/routes';
import { startTestApp, type TestApp } from './helpers/test-app';

const registered: SweepRoute[] = [];
const declared = modelRoutes();
const nonPublic = (routes: SweepRoute[]) => routes.filter((r) => r.access.audience !== 'public');
const MALFORMED = '{"dto": {"name": '; // not JSON: a route that parsed the body first would answer 400

let t: TestApp;
let before: Record<string, string>;
let first: string;
let second: string;
beforeAll(async () => {
  t = await startTestApp({ plugins: [routeCollector(registered)] });
  [first, second] = await t.customerIds();
  // A customer user whose only access (active, on the first company) holds no letters at all.
  const tenantId = await t.tenantId();
  const { id } = await t.db.insertInto('users').values({ tenantId, email: 'noletters@demo.test', displayname: 'No Letters', userType: 3, active: true })
    .returning('id').executeTakeFirstOrThrow();
  await t.db.insertInto('customerAccesses').values({ tenantId, userId: id, customerId: first, active: true, roles: '[]', permissions: '[]', departmentIds: '[]' }).execute();
  before = await snapshot(t.db);
});
afterAll(async () => {
  // Checked here too so that a failing sweep above still reports whether something changed.
  if (t) expect(await snapshot(t.db)).toEqual(before);
  await t?.close();
});

type Opts = Parameters<TestApp['call']>[2];
async function call(route: SweepRoute, opts: Opts & { malformed?: boolean } = {}) {
  const { malformed, ...rest } = opts;
  if (!hasBody(route.method)) return t.call(route.method, concrete(route.path), rest);
  if (!malformed) return t.call(route.method, concrete(route.path), { ...rest, body: wouldBeBody() });
  return t.call(route.method, concrete(route.path), { ...rest, body: MALFORMED, headers: { ...rest.headers, 'content-type': 'application/json' } });
}

/** Runs every route and reports all mismatches at once, with the route's name. */
async function sweep(routes: SweepRoute[], run: (r: SweepRoute) => Promise<{ statusCode: number; json(): any }>, status: number, errorCode: string) {
  const wrong: string[] = [];
  for (const route of routes) {
    const res = await run(route);
    const body = res.statusCode === status ? res.json() : null;
    if (res.statusCode !== status || body?.errorCode !== errorCode) wrong.push(`${route.name}: ${res.statusCode} ${JSON.stringify(res.json?.() ?? '')}`);
  }
  expect(wrong).toEqual([]);
}

/** Whether a customer user with an active access but no letters is refused by the rule. */
const needsMoreThanAnAccess = (a: AccessRule) =>
  a.audience === 'platformAdmin' || a.audience === 'superAdmin' || (a.audience === 'customer' && (!!a.letters?.length || !!a.feature));

describe('the sweep covers the model', () => {
  test('every declared route is registered, and the list is not trivially short', () => {
    const key = (r: SweepRoute) => `${r.method} ${r.path}`;
    const have = new Set(registered.map(key));
    expect(declared.map(key).filter((k) => !have.has(k))).toEqual([]);
    expect(nonPublic(declared).length).toBeGreaterThan(30);
  });

  test('every /api route comes from the model or a contract: none is registered by hand (files and the demo pictures too)', () => {
    const key = (r: SweepRoute) => `${r.method} ${r.path}`;
    const known = new Set(declared.map(key));
    // The search service's own protocol (Algolia's REST API under /api/search/1, its own key) is no call of the app's.
    const byHand = registered.filter((r) => !r.path.startsWith('/search/1/')).map(key).filter((k) => !known.has(k));
    expect(byHand).toEqual(['GET /openapi.json']);
    for (const k of ['POST /upload', 'GET /upload', 'DELETE /upload', 'POST /invoices/upload', 'POST /invoices/upload-ubl', 'GET /demo-images/{name}']) expect(known).toContain(k);
  });
});

describe('401 without a token', () => {
  test('every non-public route, declared or hand-written, with a malformed body', async () => {
    await sweep(nonPublic(registered), (r) => call(r, { malformed: true }), 401, 'unauthorized');
  });
});

describe('403 for a customer user lacking the letters', () => {
  test('every route that needs letters, a feature or a platform user', async () => {
    const routes = declared.filter((r) => needsMoreThanAnAccess(r.access));
    expect(routes.length).toBeGreaterThan(20);
    await sweep(routes, (r) => call(r, { as: 'noletters@demo.test' }), 403, 'forbiddenAccess');
    await sweep(routes.filter((r) => hasBody(r.method)), (r) => call(r, { as: 'noletters@demo.test', malformed: true }), 403, 'forbiddenAccess');
  });
});

describe('403 NoAccessToCustomer for a company the user has no access to', () => {
  test('every customer-audience route, for another company of the tenant and for an unknown id', async () => {
    const routes = declared.filter((r) => r.access.audience === 'customer');
    expect(routes.length).toBeGreaterThan(10);
    await sweep(routes, (r) => call(r, { as: 'buyer@demo.test', customerId: second }), 403, 'NoAccessToCustomer');
    const [acmeFirst] = await t.customerIds('acme.localhost');
    await sweep(routes, (r) => call(r, { as: 'manager@demo.test', customerId: acmeFirst, malformed: true }), 403, 'NoAccessToCustomer');
  });
});

describe('403 for X-Impersonate-User from anybody but a super admin', () => {
  test('a customer user and a platform admin, on every non-public route', async () => {
    const target = await t.userId('manager@demo.test');
    const routes = nonPublic(registered);
    for (const as of ['buyer@demo.test', 'admin@demo.test']) {
      await sweep(routes, (r) => call(r, { as, headers: { 'x-impersonate-user': target } }), 403, 'forbiddenAccess');
    }
    await sweep(routes, (r) => call(r, { as: 'buyer@demo.test', headers: { 'x-impersonate-user': target }, malformed: true }), 403, 'forbiddenAccess');
  });
});

describe('refused calls change nothing', () => {
  test('every table is as it was before the sweeps, and the sweeps wrote no impersonation log', async () => {
    expect(await snapshot(t.db)).toEqual(before);
    expect(before['impersonation_log']).toMatch(/^0\//);
  });
});
