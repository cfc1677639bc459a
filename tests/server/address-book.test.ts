import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { featuresOf, line, makeArticle, makeSupplier, setFeatures } from './basket-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/** core §7 Address book; flows §5 "An address used by an order cannot be updated; the primary address cannot be deleted; duplicate addresses are rejected". */

let t: TestApp;
let first: string;
let second: string;
beforeAll(async () => {
  t = await startTestApp();
  [first, second] = await t.customerIds();
});
afterAll(async () => { await t?.close(); });

const manager = (customerId = first) => ({ as: 'manager@demo.test', customerId });
const list = async (opts: object = manager()) => ok(await t.call('POST', '/api/customeraddressbook/bycustomerid', { ...opts, body: { query: {} } })).result as any[];
const add = (dto: unknown, opts: object = manager()) => t.call('POST', '/api/customeraddressbook/addNew', { ...opts, body: { dto } });
const update = (dto: unknown, opts: object = manager()) => t.call('POST', '/api/customeraddressbook/update', { ...opts, body: { dto } });
const remove = (dto: unknown, opts: object = manager()) => t.call('POST', '/api/customeraddressbook/delete', { ...opts, body: { dto } });
const postal = (over: object = {}) => ({ street: 'Veldstraat', houseNumber: '10', bus: null, zipCode: '9000', city: 'Gent', countryCode: 'BE', ...over });

/** A customer of its own, so the book starts empty. */
async function emptyCustomer(): Promise<string> {
  const tenantId = await t.tenantId();
  const c = await t.db.insertInto('customers').values({ tenantId, name: `Leeg ${Math.random()}`, features: JSON.stringify([]) }).returning('id').executeTakeFirstOrThrow();
  const managerId = await t.userId('manager@demo.test');
  await t.db.insertInto('customerAccesses').values({ tenantId, userId: managerId, customerId: c.id, active: true, roles: JSON.stringify(['admin']), permissions: JSON.stringify(['addresses:RWCD', 'orders:RWCDX']), departmentIds: JSON.stringify([]) }).execute();
  return c.id;
}

describe('listing', () => {
  test('the seed gives every customer a primary address and one more; primary first, then by name', async () => {
    const book = await list();
    expect(book.map((a) => [a.name, a.isPrimary])).toEqual([['Hoofdkantoor', true], ['Magazijn', false]]);
    expect(book[0]).toMatchObject({ customerId: first, oneTime: false, address: expect.objectContaining({ street: 'Kerkstraat', countryCode: 'BE' }) });
    const other = await list(manager(second));
    expect(other.map((a) => a.customerId)).toEqual([second, second]);
    ok(await t.call('POST', '/api/customeraddressbook/bycustomerid', { as: 'buyer@demo.test', body: { query: { customerId: first } } }));
    fails(await t.call('POST', '/api/customeraddressbook/bycustomerid', { as: 'buyer@demo.test', body: { query: { customerId: second } } }), 403, 'forbiddenAccess');
  });

  test('sorting by name after the primary; soft-deleted and (without the feature) one-time entries are hidden', async () => {
    const customer = await emptyCustomer();
    const me = manager(customer);
    ok(await add({ name: 'Zolder', address: postal({ houseNumber: '1' }) }, me));
    ok(await add({ name: 'atelier', address: postal({ houseNumber: '2' }) }, me));
    const gone = ok(await add({ name: 'Berging', address: postal({ houseNumber: '3' }) }, me)).result;
    ok(await remove({ id: gone.id }, me));
    await t.db.insertInto('customerAddresses').values({ tenantId: await t.tenantId(), customerId: customer, name: 'Eenmalig', oneTime: true, address: JSON.stringify(postal({ houseNumber: '4' })) }).execute();
    expect((await list(me)).map((a) => a.name)).toEqual(['Zolder', 'atelier']);
    await setFeatures(t, customer, ['oneTimeAddresses']);
    expect((await list(me)).map((a) => a.name)).toEqual(['Zolder', 'atelier', 'Eenmalig']);
  });
});

describe('addNew', () => {
  test("the customer's first address becomes primary; setting isPrimary on a new one moves the flag", async () => {
    const me = manager(await emptyCustomer());
    const a = ok(await add({ name: 'Eerste', address: postal({ houseNumber: '1' }) }, me)).result;
    expect(a.isPrimary).toBe(true);
    const b = ok(await add({ name: 'Tweede', address: postal({ houseNumber: '2' }) }, me)).result;
    expect(b.isPrimary).toBe(false);
    const c = ok(await add({ name: 'Derde', isPrimary: true, address: postal({ houseNumber: '3' }) }, me)).result;
    expect(c.isPrimary).toBe(true);
    expect((await list(me)).filter((x) => x.isPrimary).map((x) => x.id)).toEqual([c.id]);
  });

  test('a duplicate (case- and space-insensitive) is refused: DuplicateAddress, nothing stored', async () => {
    const me = manager(await emptyCustomer());
    ok(await add({ name: 'Kantoor', address: postal({ bus: 'B 2' }) }, me));
    fails(await add({ name: 'Zelfde', address: postal({ street: ' veld straat ', city: 'GENT', bus: 'b2' }) }, me), 409, 'DuplicateAddress');
    ok(await add({ name: 'Ander nummer', address: postal({ bus: 'B 2', houseNumber: '11' }) }, me));
    expect((await list(me)).length).toBe(2);
  });

  test('countries are BE, NL, DE, FR, EN; a name is required; one-time entries need the feature; buyers may not add', async () => {
    for (const countryCode of ['BE', 'NL', 'DE', 'FR', 'EN']) ok(await add({ name: `In ${countryCode}`, address: postal({ countryCode, houseNumber: `${countryCode}1` }) }));
    const bad = fails(await add({ name: 'VS', address: postal({ countryCode: 'US' }) }), 400, 'validationFailed');
    expect(bad.details?.[0].path).toMatch(/^dto\.address/);
    expect(fails(await add({ address: postal({ houseNumber: '99' }) }), 400, 'validationFailed').details?.[0]).toMatchObject({ path: 'dto.name', rule: 'required' });
    fails(await add({ name: 'Eenmalig', oneTime: true, address: postal({ houseNumber: '98' }) }), 403, 'OneTimeAddressesDisabled');
    fails(await add({ name: 'Koper', address: postal({ houseNumber: '97' }) }, { as: 'buyer@demo.test' }), 403, 'forbiddenAccess');
    for (const body of [{}, { dto: 'x' }, { dto: [1] }, { dto: { name: 5 } }]) {
      const res = await t.call('POST', '/api/customeraddressbook/addNew', { ...manager(), body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('update', () => {
  test('changes an address; a duplicate of another is refused; an unknown or other customer\'s id is 404', async () => {
    const me = manager(await emptyCustomer());
    const a = ok(await add({ name: 'A', address: postal({ houseNumber: '1' }) }, me)).result;
    const b = ok(await add({ name: 'B', address: postal({ houseNumber: '2' }) }, me)).result;
    const changed = ok(await update({ id: b.id, name: 'B2', address: { houseNumber: '3' } }, me)).result;
    expect(changed).toMatchObject({ id: b.id, name: 'B2', address: expect.objectContaining({ street: 'Veldstraat', houseNumber: '3' }) });
    fails(await update({ id: b.id, address: { houseNumber: ' 1 ' } }, me), 409, 'DuplicateAddress');
    // keeping its own address is no duplicate of itself
    ok(await update({ id: a.id, name: 'A2', address: postal({ houseNumber: '1' }) }, me));
    const otherCustomers = (await list(manager(second)))[0];
    fails(await update({ id: otherCustomers.id, name: 'Mijn' }, me), 404, 'AddressNotFound');
    fails(await update({ id: 'nope', name: 'x' }, me), 400, 'validationFailed');
    fails(await update({ name: 'x' }, me), 400, 'validationFailed');
  });

  test('an address used by an order cannot be changed (AddressUsedByOrder) but can still become primary', async () => {
    const customer = await emptyCustomer();
    const me = manager(customer);
    const primary = ok(await add({ name: 'Hoofd', address: postal({ houseNumber: '1' }) }, me)).result;
    const used = ok(await add({ name: 'Gebruikt', address: postal({ houseNumber: '2' }) }, me)).result;
    const supplier = await makeSupplier(t);
    const article = await makeArticle(t, { supplierId: supplier });
    ok(await t.call('PUT', '/api/v2/transporters/update', { ...me, body: { transporter: { transporterLines: [line(article, 1)], transporterShippingDetails: { addressId: used.id } } } }));
    const placed = ok(await t.call('POST', '/api/v2/orders/transporter', { ...me, body: {} })).result;
    expect(placed.addressId).toBe(used.id);
    fails(await update({ id: used.id, name: 'Nieuw' }, me), 409, 'AddressUsedByOrder');
    fails(await update({ id: used.id, address: { city: 'Brugge' } }, me), 409, 'AddressUsedByOrder');
    const stored = await t.db.selectFrom('customerAddresses').selectAll().where('id', '=', used.id).executeTakeFirstOrThrow();
    expect(stored.name).toBe('Gebruikt');
    const promoted = ok(await update({ id: used.id, name: 'Gebruikt', isPrimary: true }, me)).result;
    expect(promoted.isPrimary).toBe(true);
    expect((await list(me)).map((x) => [x.id, x.isPrimary])).toEqual([[used.id, true], [primary.id, false]]);
    // clearing the flag on the primary address leaves it primary: the book keeps one
    expect(ok(await update({ id: used.id, isPrimary: false }, me)).result.isPrimary).toBe(true);
  });
});

describe('delete', () => {
  test('soft delete: hidden from the book, row kept; the primary address cannot be deleted', async () => {
    const me = manager(await emptyCustomer());
    const primary = ok(await add({ name: 'Hoofd', address: postal({ houseNumber: '1' }) }, me)).result;
    const extra = ok(await add({ name: 'Extra', address: postal({ houseNumber: '2' }) }, me)).result;
    fails(await remove({ id: primary.id }, me), 400, 'DeletePrimaryCustomerAddress');
    expect(ok(await remove({ id: extra.id }, me)).result).toBe(true);
    expect((await list(me)).map((a) => a.id)).toEqual([primary.id]);
    const row = await t.db.selectFrom('customerAddresses').select('deleted').where('id', '=', extra.id).executeTakeFirstOrThrow();
    expect(row.deleted).toBe(true);
    fails(await remove({ id: extra.id }, me), 404, 'AddressNotFound');
    // a deleted address no longer counts as a duplicate
    ok(await add({ name: 'Terug', address: postal({ houseNumber: '2' }) }, me));
    fails(await remove({ id: primary.id }, { as: 'buyer@demo.test' }), 403, 'forbiddenAccess');
    expect((await remove({}, me)).statusCode).toBe(400);
  });
});

describe('one-time addresses with the feature', () => {
  test('can be added (never primary) and are listed', async () => {
    const customer = await emptyCustomer();
    const me = manager(customer);
    await setFeatures(t, customer, ['oneTimeAddresses']);
    const once = ok(await add({ name: 'Beurs', oneTime: true, isPrimary: true, address: postal() }, me)).result;
    expect(once).toMatchObject({ oneTime: true, isPrimary: false });
    // a regular address equal to a one-time one is no duplicate, and is the first regular one: primary
    expect(ok(await add({ name: 'Kantoor', address: postal() }, me)).result.isPrimary).toBe(true);
    expect(await featuresOf(t, customer)).toEqual(['oneTimeAddresses']);
  });
});
