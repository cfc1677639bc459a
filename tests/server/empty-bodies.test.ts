import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * The spec writes many calls without a body (PATCH /deliveries/undo-confirm/{id}, POST
 * /supplier-orders/queryStatus, …). Sent so — no body at all, or application/json with nothing in
 * it — none is refused for the missing body itself: an action whose body is optional works, one that
 * needs keys names them (a validationFailed detail per key, never one on the body as a whole).
 */

interface SpecCall { method: string; path: string; body: string | null }
const calls = (JSON.parse(readFileSync('/work/shared/spec/calls.json', 'utf8')) as SpecCall[])
  .filter((c) => c.body === null && c.method !== 'GET');
const UUID = '00000000-0000-4000-8000-0000000000aa';

let t: TestApp;
let customerId: string;
beforeAll(async () => { t = await startTestApp(); [customerId] = await t.customerIds(); });
afterAll(async () => { await t?.close(); });

describe('calls the spec writes without a body', () => {
  test('none answers 400 for the body as a whole, nor 5xx, with no body or an empty JSON body', async () => {
    expect(calls.length).toBeGreaterThan(50);
    const refused: string[] = [];
    for (const call of calls) {
      const url = `/api${call.path.replace(/\{[^}]+\}/g, UUID)}`;
      for (const headers of [{}, { 'content-type': 'application/json' }] as Record<string, string>[]) {
        const res = await t.call(call.method as never, url, { as: 'superadmin@demo.test', customerId, headers });
        const body = res.body ? (JSON.parse(res.body) as { details?: { path: string }[] }) : {};
        const wholeBody = res.statusCode === 400 && (body.details ?? []).some((d) => d.path === '');
        if (wholeBody || res.statusCode >= 500) refused.push(`${call.method} ${call.path} (${Object.keys(headers).length ? 'empty JSON' : 'no body'}): ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(refused).toEqual([]);
  });

  test('PATCH /deliveries/undo-confirm/{id} without a body reaches the delivery (not found here), as with {}', async () => {
    const bare = await t.call('PATCH', `/api/deliveries/undo-confirm/${UUID}`, { as: 'manager@demo.test', customerId });
    const withEmpty = await t.call('PATCH', `/api/deliveries/undo-confirm/${UUID}`, { as: 'manager@demo.test', customerId, body: {} });
    expect([bare.statusCode, bare.json().errorCode]).toEqual([404, 'DeliveryNotFound']);
    expect([withEmpty.statusCode, withEmpty.json().errorCode]).toEqual([404, 'DeliveryNotFound']);
  });
});
