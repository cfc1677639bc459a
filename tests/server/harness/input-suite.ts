/**
 * Bad input on every registered route, generated from the route's schema (harness/route-schemas.ts):
 * hostile strings in every field, fast-check payloads, broken JSON and wrong content types. Never a
 * 5xx, never a hang, every 4xx with the catalogue's envelope, and a refused call changes nothing.
 * The routes are shared out over test files (route-harness-input-*.test.ts), each with its own app,
 * so the suite's workers attack them side by side.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { asQuery, Checker, searchAccess, type Sent } from './calls';
import { idPicker } from './mass-assignment';
import { badPayload, leaves, sample, setAt, type IdPicker } from './payloads';
import { harnessCollector, type HarnessRoute } from './route-schemas';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** Fixed so a failure replays; printed with every failure. Override with HARNESS_SEED. */
const SEED = Number(process.env.HARNESS_SEED ?? 20261125);
const RUNS = Number(process.env.HARNESS_RUNS ?? 6);
const NUL = 'x\u0000y';

/** Defines the suite on the routes whose registration index modulo `of` is `index`. */
export function defineInputSuite(index: number, of: number): void {
  const all: HarnessRoute[] = [];
  const routes: HarnessRoute[] = [];
  let t: TestApp;
  let checker: Checker;
  let pick: IdPicker;
  let company: string;
  beforeAll(async () => {
    t = await startTestApp({ plugins: [harnessCollector(all)] });
    routes.push(...all.filter((_, i) => i % of === index));
    // Real references (of the super admin's default company), so that a payload gets past them to the write.
    const tenant = await t.db.selectFrom('tenants').select(['id', 'defaultContractsCustomerId']).where('hostname', '=', 'localhost').executeTakeFirstOrThrow();
    pick = await idPicker(t.db, tenant.id as string, tenant.defaultContractsCustomerId as string | null);
    company = tenant.defaultContractsCustomerId as string;
    // The search protocol is reached with a customer user's secured key, like the shop does.
    checker = new Checker(t, await searchAccess(t, 'manager@demo.test'));
  }, 60_000);
  afterAll(async () => { await t?.close(); });

  const hasBody = (r: HarnessRoute) => r.method === 'POST' || r.method === 'PUT' || r.method === 'PATCH';
  /** Who calls: a super admin everywhere (passes every rule, so validation is reached), nobody on public routes. */
  const callerOf = (r: HarnessRoute) => (r.access.audience === 'public' ? undefined : 'superadmin@demo.test');
  /** A customer user with letters (roles admin + validator), on the routes a customer user may call. */
  const customerRoutes = () => routes.filter((r) => r.access.audience === 'customer' || r.access.audience === 'authenticated');

  async function collect(problems: string[], route: HarnessRoute, as: string | undefined, what: string, sent: Sent) {
    // A super admin names the company on customer routes (some need a chosen one, e.g. own articles).
    const headers: Record<string, string> = as === 'superadmin@demo.test' && route.access.audience === 'customer' ? { 'x-customer-id': company } : {};
    const problem = await checker.check(route, as, { ...sent, headers: { ...headers, ...sent.headers } });
    if (problem) problems.push(`${route.name} as ${as ?? 'nobody'}, ${what}: ${problem}`);
  }

  describe('the harness covers every route', () => {
    test('routes of every kind are collected with an input schema, and this part has its share', () => {
      expect(all.length).toBeGreaterThan(100);
      expect(all.filter((r) => r.crud).length).toBeGreaterThan(50);
      expect(all.filter((r) => r.action).length).toBeGreaterThan(10);
      expect(all.filter((r) => !r.crud && !r.action).length).toBeGreaterThan(10);
      expect(all.filter((r) => hasBody(r) && !r.body)).toEqual([]);
      expect(routes.length).toBe(Math.ceil((all.length - index) / of));
    });
  });

  describe('a NUL, in every field and path parameter of every route, is refused (seed-free)', () => {
    test('each string position in turn, the rest of the payload valid', async () => {
      const problems: string[] = [];
      for (const route of routes) {
        const as = callerOf(route);
        const body = sample(route.body, pick), query = sample(route.querystring, pick);
        for (const leaf of leaves(route.body).filter((l) => l.type === 'string').slice(0, 30)) {
          await collect(problems, route, as, `body.${leaf.path.join('.')}`, { body: setAt(body, leaf.path, NUL), query: asQuery(query) });
        }
        for (const leaf of leaves(route.querystring).filter((l) => l.type === 'string' || l.type === 'any').slice(0, 30)) {
          await collect(problems, route, as, `query.${leaf.path.join('.')}`, { body, query: asQuery(setAt(query, leaf.path, NUL)) });
        }
        if (route.path.includes('{')) await collect(problems, route, as, 'path parameter', { body, query: asQuery(query), params: encodeURIComponent(NUL) });
      }
      expect(problems).toEqual([]);
    }, 240_000);
  });

  describe(`fast-check payloads from each route's schema (seed ${SEED}, ${RUNS} runs per route and caller)`, () => {
    async function fuzz(list: HarnessRoute[], as: (r: HarnessRoute) => string | undefined) {
      const problems: string[] = [];
      for (const [i, route] of list.entries()) {
        const arb = fc.tuple(badPayload(route.body ?? { type: 'object' }), route.querystring ? badPayload(route.querystring) : fc.constant(undefined));
        const details = await fc.check(fc.asyncProperty(arb, async ([body, query]) => {
          const sent: Sent = { body: hasBody(route) ? body : undefined, query: asQuery(query) };
          const problem = await checker.check(route, as(route), sent);
          if (problem) throw new Error(problem);
        }), { seed: SEED + i, numRuns: RUNS, endOnFailure: true });
        if (details.failed) problems.push(`${route.name} (seed ${SEED + i}): ${String((details.errorInstance as Error)?.message)} with ${JSON.stringify(details.counterexample)?.slice(0, 300)}`);
      }
      expect(problems).toEqual([]);
    }
    test('as a super admin (public routes: nobody)', () => fuzz(routes, callerOf), 240_000);
    test('as a customer user with letters', () => fuzz(customerRoutes(), () => 'manager@demo.test'), 240_000);
  });

  describe('broken bodies on every route that reads one', () => {
    const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    const raws: [string, Sent][] = [
      ['invalid JSON', { raw: '{"dto": {"name": ' }],
      ['a __proto__ key', { raw: '{"__proto__": {"admin": true}, "dto": {"__proto__": {"tenantId": "x"}}, "query": {}}' }],
      ['a constructor.prototype key', { raw: '{"constructor": {"prototype": {"admin": true}}}' }],
      ['100,000 levels of nesting', { raw: deep(100_000) }],
      ['a JSON string, not an object', { raw: '"x"' }],
      ['JSON null', { raw: 'null' }],
      ['text/plain', { raw: 'hello', contentType: 'text/plain' }],
      ['a form', { raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' }],
      ['a broken multipart', { raw: '--x\r\n', contentType: 'multipart/form-data; boundary=x' }],
      ['invalid UTF-8 declared as JSON', { raw: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) }],
    ];
    test('never a 5xx, always the envelope, nothing changed', async () => {
      const problems: string[] = [];
      for (const route of routes.filter(hasBody)) {
        for (const [what, sent] of raws) await collect(problems, route, callerOf(route), what, sent);
      }
      expect(problems).toEqual([]);
    }, 240_000);
  });
}
