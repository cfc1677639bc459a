import { describe, expect, it } from 'vitest';
import { createSessionLoader } from '../../src/app/session/load';
import { readSession, STORAGE_KEY, writeSession } from '../../src/app/session/store';
import { fakeFetch, testHttp, user } from './helpers';

const twoCompanies = user({
  customerAccess: [
    { id: 'a0', userId: 'u1', customerId: 'c0', customer: { id: 'c0', name: 'Old NV', vatNumber: null, domain: null }, active: false, roles: ['user'] },
    { id: 'a1', userId: 'u1', customerId: 'c1', customer: { id: 'c1', name: 'Acme NV', vatNumber: null, domain: null }, active: true, roles: ['user'] },
    { id: 'a2', userId: 'u1', customerId: 'c2', customer: { id: 'c2', name: 'Globex BV', vatNumber: null, domain: null }, active: true, roles: ['admin'] },
  ],
});

type Call = Parameters<Parameters<typeof fakeFetch>[0]>[0];

function api(overrides: Record<string, { status?: number; body?: unknown }> = {}) {
  return fakeFetch((call) => answer(call, overrides));
}

function answer(call: Call, overrides: Record<string, { status?: number; body?: unknown }> = {}) {
  {
    const path = call.url.pathname.replace('/api', '');
    if (overrides[path]) return overrides[path];
    if (path === '/users/me') return { body: twoCompanies };
    if (path === '/users/u1/permissions') return { body: { customerId: call.headers.get('X-Customer-Id'), permissions: [`orders:R@${call.headers.get('X-Customer-Id')}`] } };
    if (path === '/tenant-settings') return { body: { defaultContractsCustomerId: null, supportedLanguages: ['NL', 'FR'], currency: 'EUR' } };
    if (path === '/user-settings') return { body: { languageCode: 'FR', phoneNumber: null, landingPage: 'dashboard' } };
    if (path.endsWith('/features')) return { body: { customerId: 'c1', features: { budgets: true } } };
    return { status: 404 };
  }
}

describe('session after sign-in (core §3, §4)', () => {
  it('acts for the first active access and loads permissions for it with X-Customer-Id', async () => {
    const net = api();
    const state = await createSessionLoader(testHttp(net.fetch), ['nl', 'en', 'fr']).ensure();
    expect(state.loggedIn).toBe(true);
    expect(state.activeCustomerAccessId).toBe('a1');
    expect(state.activeCustomerId).toBe('c1');
    expect(state.permissions?.permissions).toEqual(['orders:R@c1']);
    expect(net.calls.find((c) => c.url.pathname === '/api/users/u1/permissions')?.headers.get('X-Customer-Id')).toBe('c1');
    expect(state.userSettings?.languageCode).toBe('FR');
    expect(state.supportedLanguages).toEqual(['nl', 'fr']);
    expect(state.features).toEqual({ budgets: true });
    // Everything lives under the one storage key.
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!).activeCustomerId).toBe('c1');
  });

  it('keeps the company chosen earlier while its access is active, and switches on request', async () => {
    writeSession({ user: twoCompanies, activeCustomerAccessId: 'a2' });
    const loader = createSessionLoader(testHttp(api().fetch), ['nl']);
    expect((await loader.ensure()).activeCustomerId).toBe('c2');
    const switched = await loader.switchCustomer('a1');
    expect(switched.activeCustomerId).toBe('c1');
    expect(switched.permissions?.permissions).toEqual(['orders:R@c1']);
    await expect(loader.switchCustomer('a0')).rejects.toThrow();
  });

  it('loads the user without the stored company, so a company whose access was revoked does not lock the session', async () => {
    // The server refuses a company the user can no longer act for on every call, /users/me included.
    writeSession({ user: twoCompanies, activeCustomerAccessId: 'a0', activeCustomerId: 'c0' });
    const net = fakeFetch((call) => (call.headers.get('X-Customer-Id') === 'c0'
      ? { status: 403, body: { errorCode: 'NoAccessToCustomer', message: 'No access' } }
      : answer(call)));
    const state = await createSessionLoader(testHttp(net.fetch), ['nl']).ensure();
    expect(net.calls.find((c) => c.url.pathname === '/api/users/me')?.headers.get('X-Customer-Id')).toBeNull();
    expect(state.activeCustomerId).toBe('c1');
  });

  it('yields empty permissions and a warning when the permissions call fails', async () => {
    const loader = createSessionLoader(testHttp(api({ '/users/u1/permissions': { status: 500 } }).fetch), ['nl']);
    const state = await loader.ensure();
    expect(state.permissions?.permissions).toEqual([]);
    expect(loader.takeWarnings()).toEqual(['app.session.permissionsFailed']);
    expect(loader.takeWarnings()).toEqual([]);
  });

  it("forgets a previous user's company when another user signs in", async () => {
    writeSession({ user: user({ id: 'someone-else' }), activeCustomerAccessId: 'a2', basket: { lines: 3 } });
    const state = await createSessionLoader(testHttp(api().fetch), ['nl']).ensure();
    expect(state.activeCustomerAccessId).toBe('a1');
    expect(state.basket).toBeNull();
  });

  it('rejects when /users/me fails, and tries again on the next call', async () => {
    let fail = true;
    const net = fakeFetch((call) => (call.url.pathname === '/api/users/me' && fail ? { status: 401 } : { body: call.url.pathname === '/api/users/me' ? user() : {} }));
    const loader = createSessionLoader(testHttp(net.fetch), ['nl']);
    await expect(loader.ensure()).rejects.toMatchObject({ status: 401 });
    expect(readSession().loggedIn).toBe(false);
    fail = false;
    await expect(loader.ensure()).resolves.toMatchObject({ loggedIn: true });
  });
});
