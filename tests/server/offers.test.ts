import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { todayInShopZone } from '../../src/shared/shop-clock';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t?.close(); });

const admin = { as: 'admin@demo.test' };
const post = (url: string, body: unknown, opts: object = admin) => t.call('POST', `/api/admin/offers${url}`, { ...opts, body });
const day = (offset: number) => new Date(Date.parse(`${todayInShopZone()}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

describe('banners (/admin/offers)', () => {
  test('create, get by id, update and query with the isActive and description filters', async () => {
    const created = ok(await post('/create', { dto: { description: 'Lentepromo', title: { nl: 'Lente', en: 'Spring', fr: 'Printemps' }, startDate: day(-1), endDate: day(10), sequenceNumber: 3 } })).result;
    expect(created).toMatchObject({ description: 'Lentepromo', isActive: true, startDate: day(-1), endDate: day(10), sequenceNumber: 3, title: { nl: 'Lente', en: 'Spring', fr: 'Printemps' } });
    expect(ok(await t.call('GET', `/api/admin/offers/${created.id}`, admin)).result.description).toBe('Lentepromo');
    const updated = ok(await post('/update', { dto: { id: created.id, isActive: false } })).result;
    expect(updated).toMatchObject({ isActive: false, startDate: day(-1) });
    const inactive = ok(await post('/query', { query: { isActive: false, description: 'lente' } })).result;
    expect(inactive.items.map((o: any) => o.id)).toEqual([created.id]);
  });

  test('the end date must be after the start date: invalidEndDate, also when the update sends only one date', async () => {
    const body = fails(await post('/create', { dto: { description: 'Verkeerd', startDate: day(5), endDate: day(1) } }), 400, 'invalidEndDate');
    expect(body.details).toEqual([expect.objectContaining({ path: 'endDate', rule: 'invalidEndDate' })]);
    const o = ok(await post('/create', { dto: { description: 'Goed', startDate: day(5), endDate: day(9) } })).result;
    fails(await post('/update', { dto: { id: o.id, endDate: day(2) } }), 400, 'invalidEndDate');
    expect(ok(await t.call('GET', `/api/admin/offers/${o.id}`, admin)).result.endDate).toBe(day(9));
  });

  test('dates must be real dates', async () => {
    const body = fails(await post('/create', { dto: { description: 'Datum', startDate: '2025-02-30' } }), 400, 'validationFailed');
    expect(body.details).toEqual([expect.objectContaining({ path: 'startDate', rule: 'date' })]);
  });

  test('GET /offers/active: active banners whose dates contain today, by sequenceNumber, own tenant only', async () => {
    const mk = async (description: string, extra: object) => ok(await post('/create', { dto: { description, ...extra } })).result.id as string;
    const open = await mk('Open', { sequenceNumber: 50 });
    const now = await mk('Nu', { sequenceNumber: 40, startDate: day(0), endDate: day(1) });
    const endsToday = await mk('Eindigt vandaag', { sequenceNumber: 45, endDate: day(0) });
    const past = await mk('Voorbij', { sequenceNumber: 41, startDate: day(-10), endDate: day(-1) });
    const future = await mk('Toekomst', { sequenceNumber: 42, startDate: day(1) });
    const off = await mk('Uit', { sequenceNumber: 43, isActive: false });
    const acme = ok(await post('/create', { dto: { description: 'Acme', sequenceNumber: 44 } }, { ...admin, host: 'acme.localhost' })).result.id;

    const active = ok(await t.call('GET', '/api/offers/active', { as: 'buyer@demo.test' }));
    const ids = active.map((o: any) => o.id);
    expect(ids).toEqual(expect.arrayContaining([open, now, endsToday]));
    for (const id of [past, future, off, acme]) expect(ids).not.toContain(id);
    const seq = active.map((o: any) => o.sequenceNumber);
    expect(seq).toEqual([...seq].sort((a, b) => a - b));
    fails(await t.call('GET', '/api/offers/active'), 401, 'unauthorized');
  });

  test("another tenant's banner is 404 OfferNotFound; customers cannot administer banners", async () => {
    const acme = ok(await post('/create', { dto: { description: 'Acme' } }, { ...admin, host: 'acme.localhost' })).result;
    fails(await t.call('GET', `/api/admin/offers/${acme.id}`, admin), 404, 'OfferNotFound');
    fails(await post('/update', { dto: { id: acme.id, description: 'x' } }), 404, 'OfferNotFound');
    fails(await post('/query', { query: {} }, { as: 'buyer@demo.test' }), 403, 'forbiddenAccess');
  });
});
