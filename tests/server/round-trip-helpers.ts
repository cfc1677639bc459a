import type { LightMyRequestResponse } from 'fastify';
import { resourceByName } from '../../model';
import type { RoundTripCase } from '../../generated/tests/round-trip.gen';
import type { TestApp } from './helpers/test-app';
import type { DynamicDb } from '../../src/server/crud/dynamic-db';

type Body = Record<string, unknown>;
/** The super admin passes every access check; acting for the first company it reaches customer rows too. */
const AS = 'superadmin@demo.test';

/** Sends one of the case's calls in its endpoint style (query: {dto}/{query}, REST: bare bodies and /{id}). */
export function send(t: TestApp, c: RoundTripCase, op: 'create' | 'get' | 'update', body: Body, customerId: string): Promise<LightMyRequestResponse> {
  const route = c[op];
  const id = String(body.id ?? '');
  const path = `/api${route.path.replace('{id}', id)}`;
  const opts = { as: AS, customerId };
  if (route.method === 'GET') return t.call('GET', path, opts);
  if (c.style !== 'query') return t.call(route.method, path, { ...opts, body });
  return t.call(route.method, path, { ...opts, body: op === 'get' ? { query: { id } } : { dto: body } });
}

/** The record a call answers (200 checked; query style unwrapped from {result}). */
export async function call(t: TestApp, c: RoundTripCase, op: 'create' | 'get' | 'update', body: Body, customerId: string): Promise<Body> {
  const res = await send(t, c, op, body, customerId);
  // the answer's body names what the server refused
  if (res.statusCode !== 200) throw new Error(`${c.resource} ${op}: ${res.statusCode} ${res.body}`);
  const answer = res.json();
  return c.style === 'query' ? answer.result : answer;
}

function setPath(target: Body, path: string, value: unknown): void {
  const [head, ...rest] = path.split('.');
  if (!rest.length) target[head!] = value;
  else setPath(target[head!] as Body, rest.join('.'), value);
}

/** Which rows a case's routes write: platform routes write the platform rows of customerOrPlatform resources. */
export const sideOf = (c: RoundTripCase): 'platform' | 'customer' =>
  (c.audience === 'platformAdmin' || c.audience === 'superAdmin' ? 'platform' : 'customer');

/**
 * A seeded row to point at: a platform one for a platform route, else the acting customer's own or a
 * platform one; for a unique reference, one no row of `unusedIn` points at yet.
 */
export async function seededId(t: TestApp, target: string, customerId: string, side: 'platform' | 'customer', unusedIn?: { table: string; column: string }): Promise<string | undefined> {
  const r = resourceByName(target);
  const db: DynamicDb = t.db; // the target table is known only at run time
  let q = db.selectFrom(`${r.table} as x`).select('x.id');
  if (r.scope !== 'platform') q = q.where('x.tenantId', '=', await t.tenantId());
  if (r.scope === 'customer') q = q.where('x.customerId', '=', customerId);
  if (r.scope === 'customerOrPlatform') {
    q = side === 'platform' ? q.where('x.customerId', 'is', null)
      : q.where((eb) => eb.or([eb('x.customerId', '=', customerId), eb('x.customerId', 'is', null)]));
  }
  if (unusedIn) q = q.where((eb) => eb.not(eb.exists(eb.selectFrom(`${unusedIn.table} as u`).select('u.id').whereRef(`u.${unusedIn.column}`, '=', 'x.id'))));
  const row = await q.orderBy('x.id').executeTakeFirst();
  return row?.id as string | undefined;
}

/** The case's body with each placeholder reference replaced by a real row's id. */
export async function withReferences(c: Pick<RoundTripCase, 'body' | 'references'>, resolve: (path: string, target: string) => Promise<string | null>): Promise<Body> {
  const body = structuredClone(c.body) as Body;
  for (const [path, target] of Object.entries(c.references)) setPath(body, path, await resolve(path, target));
  return body;
}
