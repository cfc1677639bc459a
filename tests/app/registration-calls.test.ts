/**
 * The registration wizard's calls (src/app/features/customers/registration-api.ts) go through the
 * generated call definitions with callApi, and are about the signed-in user: they never carry the
 * acting company (X-Customer-Id), which a user registering a company may still have from an access.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { pendingCustomerRegistrationsMine } from '../../generated/app/calls/pending-customer-registrations.gen';
import { callApi } from '../../src/app/data/call-api';
import { registrationCalls } from '../../src/app/features/customers/registration-api';
import { writeSession } from '../../src/app/session/store';
import { fakeFetch, testHttp } from './helpers';

afterEach(() => writeSession({ activeCustomerId: null }));

describe('registration calls', () => {
  test('callApi passes withoutCompany on: the same call goes without the company header, and with it otherwise', async () => {
    writeSession({ activeCustomerId: 'c42' });
    const net = fakeFetch(() => ({ body: { result: null } }));
    const http = testHttp(net.fetch, 'en');
    await callApi(http, pendingCustomerRegistrationsMine, {}, { withoutCompany: true });
    await callApi(http, pendingCustomerRegistrationsMine, {});
    expect(net.calls.map((c) => c.headers.get('X-Customer-Id'))).toEqual([null, 'c42']);
  });

  test("the wizard's look-up, check and registration go to their contracts' paths without the company, and answer the result", async () => {
    writeSession({ activeCustomerId: 'c42' });
    const net = fakeFetch((call) => {
      if (call.url.pathname.endsWith('/checkIfVatExists')) return { body: { result: { exists: false, vatNumber: 'BE0412345614', known: null } } };
      if (call.url.pathname.endsWith('/register')) return { body: { result: { id: 'r1', customerName: 'Acme' } } };
      return { body: { result: null } };
    });
    const calls = registrationCalls(testHttp(net.fetch, 'en'));
    expect(await calls.mine()).toBeNull();
    expect((await calls.checkVat('0412.345.614', 'BE')).exists).toBe(false);
    expect((await calls.register({ customerName: 'Acme', vatNumber: '0412.345.614', countryCode: 'BE', street: '', acceptTerms: true })).id).toBe('r1');
    expect(net.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'GET /api/customerregistration/mine', 'POST /api/customerregistration/checkIfVatExists', 'POST /api/customers/register',
    ]);
    expect(net.calls.every((c) => c.headers.get('X-Customer-Id') === null)).toBe(true);
    // Empty texts are left out of the registration.
    expect(net.calls[2]?.body).toEqual({ dto: { customerName: 'Acme', vatNumber: '0412.345.614', countryCode: 'BE', acceptTerms: true } });
  });
});
