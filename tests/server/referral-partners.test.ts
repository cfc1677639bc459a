import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t?.close(); });

const admin = { as: 'admin@demo.test' };
const post = (url: string, body: unknown, opts: object = admin) => t.call('POST', `/api/admin/referal-partners${url}`, { ...opts, body });

describe('referral partners (/admin/referal-partners, query style)', () => {
  test('create, get by id, update and query', async () => {
    const created = ok(await post('/create', { dto: { name: 'Brugge Partners', contactName: 'Lies Claes', email: 'lies@brugge.example', commissionPercentage: 12.5, vatNumber: 'be 0412.345.614' } })).result;
    expect(created).toMatchObject({ name: 'Brugge Partners', commissionPercentage: 12.5, active: true, vatNumber: 'BE0412345614' });

    expect(ok(await t.call('GET', `/api/admin/referal-partners/${created.id}`, admin)).result.contactName).toBe('Lies Claes');

    const updated = ok(await post('/update', { dto: { id: created.id, active: false, contactName: null } })).result;
    expect(updated).toMatchObject({ active: false, contactName: null, name: 'Brugge Partners' });

    const bySearch = ok(await post('/query', { query: { search: 'lies@brugge' } })).result;
    expect(bySearch.items.map((p: any) => p.id)).toEqual([created.id]);
    const inactive = ok(await post('/query', { query: { active: false } })).result;
    expect(inactive.items.every((p: any) => p.active === false)).toBe(true);
    expect(inactive.items.map((p: any) => p.id)).toContain(created.id);
  });

  test('sorting follows a whitelisted field and order; an unknown sort field is 400', async () => {
    ok(await post('/create', { dto: { name: 'Low', commissionPercentage: 1 } }));
    ok(await post('/create', { dto: { name: 'High', commissionPercentage: 99 } }));
    const page = ok(await post('/query', { query: { sort: 'commissionPercentage', order: 'desc', take: 100 } })).result;
    const values = page.items.map((p: any) => p.commissionPercentage ?? -1);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    fails(await post('/query', { query: { sort: 'password; drop table users' } }), 400, 'validationFailed');
  });

  test('field rules: e-mail, commission 0..100, VAT number; nothing stored on failure', async () => {
    const before = ok(await post('/query', { query: {} })).result.total;
    let body = fails(await post('/create', { dto: { name: 'Bad', email: 'not-an-email' } }), 400, 'validationFailed');
    expect(body.details).toEqual([expect.objectContaining({ path: 'email', rule: 'email' })]);
    body = fails(await post('/create', { dto: { name: 'Bad', commissionPercentage: 101 } }), 400, 'validationFailed');
    expect(body.details).toEqual([expect.objectContaining({ path: 'commissionPercentage', rule: 'maxValue' })]);
    body = fails(await post('/create', { dto: { name: 'Bad', vatNumber: '123' } }), 400, 'validationFailed');
    expect(body.details).toEqual([expect.objectContaining({ path: 'vatNumber', rule: 'vatNumber' })]);
    expect(ok(await post('/query', { query: {} })).result.total).toBe(before);
  });

  test('an update is validated too and leaves the record unchanged when it fails', async () => {
    const p = ok(await post('/create', { dto: { name: 'Stable', email: 'stable@example.com' } })).result;
    fails(await post('/update', { dto: { id: p.id, email: 'broken' } }), 400, 'validationFailed');
    fails(await post('/update', { dto: { name: 'no id' } }), 400, 'validationFailed');
    expect(ok(await t.call('GET', `/api/admin/referal-partners/${p.id}`, admin)).result.email).toBe('stable@example.com');
  });

  test("another tenant's partner is 404 ReferralPartnerNotFound", async () => {
    const acme = ok(await post('/create', { dto: { name: 'Acme partner' } }, { ...admin, host: 'acme.localhost' })).result;
    fails(await t.call('GET', `/api/admin/referal-partners/${acme.id}`, admin), 404, 'ReferralPartnerNotFound');
    fails(await post('/update', { dto: { id: acme.id, name: 'Taken over' } }), 404, 'ReferralPartnerNotFound');
    const names = ok(await post('/query', { query: { take: 1000 } })).result.items.map((p: any) => p.name);
    expect(names).not.toContain('Acme partner');
  });

  test('customer users may not call it', async () => {
    fails(await post('/query', { query: {} }, { as: 'manager@demo.test' }), 403, 'forbiddenAccess');
    fails(await post('/query', { query: {} }, {}), 401, 'unauthorized');
  });
});
