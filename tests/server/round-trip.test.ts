/**
 * What a read answers, the write accepts (issue 11 §2), for every resource with create, get and
 * update routes (generated/tests/round-trip.gen.ts, bodies from the field kinds' examples): create
 * with every field filled → read → equal; update with what was read → read → equal. References
 * point at rows this test creates first (or the seed has). A field the server accepts and drops
 * fails here; a key that is no field is refused (unknownField), never dropped silently.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resourceByName } from '../../model';
import { ROUND_TRIPS, type RoundTripCase } from '../../generated/tests/round-trip.gen';
import { fails } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { call, seededId, send, sideOf, withReferences } from './round-trip-helpers';

let t: TestApp;
let customerId: string;
/** Ids of the records the round trips created, by resource: references point at them. */
const created = new Map<string, string>();
beforeAll(async () => {
  t = await startTestApp();
  [customerId] = await t.customerIds();
});
afterAll(async () => { await t?.close(); });

const without = (record: Record<string, unknown>, ...keys: string[]) =>
  Object.fromEntries(Object.entries(record).filter(([k]) => !keys.includes(k)));

/**
 * An id for a reference: the round trip's record of the target (created now if need be) where the
 * referring route may point at it, else a seeded row. A reference back to a record being created (a
 * parent category) stays empty: that record is then the first of its resource.
 */
async function resolve(c: RoundTripCase, path: string, target: string, creating: ReadonlySet<string>): Promise<string | null> {
  const side = sideOf(c);
  const targetCase = ROUND_TRIPS.find((x) => x.resource === target);
  // a platform row may only point at platform rows of a resource that has both
  const usable = targetCase && !(side === 'platform' && resourceByName(target).scope === 'customerOrPlatform' && sideOf(targetCase) !== 'platform');
  const unique = resourceByName(c.resource).fields[path]?.unique;
  if (usable && !unique) {
    const known = created.get(target);
    if (known) return known;
    if (creating.has(target)) return null;
    const id = String((await roundTripCreate(targetCase, creating)).id);
    created.set(target, id);
    return id;
  }
  const r = resourceByName(c.resource);
  const id = await seededId(t, target, customerId, side, unique ? { table: r.table, column: path } : undefined);
  if (!id) throw new Error(`${c.resource}.${path}: no ${target} row to point at`);
  return id;
}

/** Creates one record of the case (its references first) and answers it as read back. */
async function roundTripCreate(c: RoundTripCase, creating: ReadonlySet<string> = new Set()): Promise<Record<string, unknown>> {
  const inner = new Set([...creating, c.resource]);
  const body = await withReferences(c, (path, target) => resolve(c, path, target, inner));
  const answer = await call(t, c, 'create', body, customerId);
  const read = await call(t, c, 'get', { id: answer.id }, customerId);
  // every field sent comes back as sent
  expect(Object.fromEntries(Object.keys(body).map((k) => [k, read[k]]))).toEqual(body);
  expect(read).toEqual(answer);
  return read;
}

describe('generated round trip per resource', () => {
  test('covers every resource with create, get and update routes, each body filling every writable field', () => {
    expect(ROUND_TRIPS.length).toBeGreaterThanOrEqual(10);
    for (const c of ROUND_TRIPS) {
      const writable = Object.entries(resourceByName(c.resource).fields).filter(([, f]) => !f.readOnly).map(([k]) => k);
      expect(Object.keys(c.body).sort(), c.resource).toEqual(writable.sort());
    }
  });

  test.each(ROUND_TRIPS.map((c) => [c.resource, c] as const))('%s: create → read → equal; update with the read → read → equal', async (_name, c) => {
    const first = await roundTripCreate(c);
    if (!created.has(c.resource)) created.set(c.resource, String(first.id));
    const after = await call(t, c, 'update', first, customerId);
    const second = await call(t, c, 'get', { id: first.id }, customerId);
    expect(without(second, 'updatedAt')).toEqual(without(first, 'updatedAt'));
    expect(after).toEqual(second);
  });

  test.each(ROUND_TRIPS.map((c) => [c.resource, c] as const))('%s: a key that is no field is refused, not dropped', async (_name, c) => {
    const body = await withReferences(c, (path, target) => resolve(c, path, target, new Set()));
    const error = fails(await send(t, c, 'create', { ...body, notAField: 'x' }, customerId), 400, 'validationFailed');
    expect(error.details).toEqual([expect.objectContaining({ path: 'notAField', rule: 'unknownField' })]);
  });
});
