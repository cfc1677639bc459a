import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let first: string;
let second: string;
let officeDepot: string; // platform supplier with a budget for this year
beforeAll(async () => {
  t = await startTestApp();
  [first, second] = await t.customerIds();
  officeDepot = (await t.db.selectFrom('suppliers').select('id').where('name', '=', 'Office Depot').where('tenantId', '=', await t.tenantId()).executeTakeFirstOrThrow()).id;
});
afterAll(async () => { await t?.close(); });

const manager = (customerId = first) => ({ as: 'manager@demo.test', customerId });
const create = (body: object, opts: object = manager()) => t.call('POST', '/api/v2/suppliers', { ...opts, body });

describe('suppliers for customers (REST v2): own ones and the platform ones', () => {
  test('a customer sees the platform suppliers and its own, not those of other customers or tenants', async () => {
    const own = ok(await create({ name: 'Eigen leverancier' }));
    const other = ok(await create({ name: 'Van Melle' }, manager(second)));
    const page = ok(await t.call('GET', '/api/v2/suppliers', { ...manager(), query: { pageSize: '1000' } }));
    const names = page.items.map((s: any) => s.name);
    expect(names).toEqual(expect.arrayContaining(['Office Depot', 'Lyreco', 'Drukkerij De Bie', 'Eigen leverancier']));
    expect(names).not.toContain('Van Melle');
    expect(names).not.toContain('Acme Office Supply');
    expect(page.items.find((s: any) => s.id === own.id).customerId).toBe(first);
    expect(page.items.find((s: any) => s.id === officeDepot).customerId).toBeNull();
    fails(await t.call('GET', `/api/v2/suppliers/${other.id}`, manager()), 404, 'SupplierNotFound');
  });

  test('create, get and update an own supplier; money travels as decimal strings', async () => {
    const s = ok(await create({ name: 'Koffie NV', shippingCost: '7,5', freeShippingFrom: 150, vatNumber: 'BE0123456749', budgetSpent: '999.00' }));
    expect(s).toMatchObject({ name: 'Koffie NV', shippingCost: '7.50', freeShippingFrom: '150.00', customerId: first, active: true, budgetSpent: '0.00' });
    expect(ok(await t.call('GET', `/api/v2/suppliers/${s.id}`, manager())).shippingCost).toBe('7.50');
    const updated = ok(await t.call('PUT', `/api/v2/suppliers/${s.id}`, { ...manager(), body: { deliveryTimes: '48 uur', budgetSpent: '1.00' } }));
    expect(updated).toMatchObject({ deliveryTimes: '48 uur', name: 'Koffie NV', budgetSpent: '0.00' });
  });

  test('search filter over name, VAT number and e-mail', async () => {
    const page = ok(await t.call('GET', '/api/v2/suppliers', { ...manager(), query: { search: 'lyreco.example' } }));
    expect(page.items.map((s: any) => s.name)).toEqual(['Lyreco']);
  });

  test('a customer may not change a platform supplier: 403 ReadOnlyRecord', async () => {
    fails(await t.call('PUT', `/api/v2/suppliers/${officeDepot}`, { ...manager(), body: { name: 'Mine now' } }), 403, 'ReadOnlyRecord');
    const stored = await t.db.selectFrom('suppliers').select('name').where('id', '=', officeDepot).executeTakeFirstOrThrow();
    expect(stored.name).toBe('Office Depot');
  });

  test('letters: a buyer (suppliers:R) lists but cannot create or update', async () => {
    ok(await t.call('GET', '/api/v2/suppliers', { as: 'buyer@demo.test' }));
    fails(await create({ name: 'Nee' }, { as: 'buyer@demo.test' }), 403, 'forbiddenAccess');
    const own = ok(await create({ name: 'Van manager' }));
    fails(await t.call('PUT', `/api/v2/suppliers/${own.id}`, { as: 'buyer@demo.test', body: { name: 'Nee' } }), 403, 'forbiddenAccess');
  });
});

describe('supplier rules (flows §5)', () => {
  const count = async () => Number((await t.db.selectFrom('suppliers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  test.each([
    ['free shipping from without a shipping cost', { freeShippingFrom: '100.00' }, 'InvalidShippingCost', 'shippingCost'],
    ['free shipping from 0 while shipping is charged', { shippingCost: '5.00', freeShippingFrom: '0' }, 'InvalidShippingCost', 'freeShippingFrom'],
    ['only a finance start date', { budgetSetting: { startDate: '2030-01-01' } }, 'invalidFinanceDates', 'budgetSetting.endDate'],
    ['only a finance end date', { budgetSetting: { endDate: '2030-01-01' } }, 'invalidFinanceDates', 'budgetSetting.endDate'],
    ['a finance end before its start', { budgetSetting: { startDate: '2030-02-01', endDate: '2030-01-01' } }, 'invalidEndDate', 'budgetSetting.endDate'],
  ])('%s is refused and stores nothing', async (_name, fields, code, path) => {
    const before = await count();
    const body = fails(await create({ name: 'Regels', ...fields }), 400, code);
    expect(body.details).toEqual([expect.objectContaining({ path, rule: code })]);
    expect(await count()).toBe(before);
  });

  test('valid combinations pass: shipping cost without threshold, both finance dates', async () => {
    ok(await create({ name: 'Alleen verzendkosten', shippingCost: '4.95' }));
    ok(await create({ name: 'Altijd gratis' }));
    ok(await create({ name: 'Met budget', budgetSetting: { startDate: '2030-01-01', endDate: '2030-12-31', totalBudget: '1000' } }));
  });

  test('an update is checked against the stored record merged with the patch', async () => {
    const s = ok(await create({ name: 'Samen', shippingCost: '5.00', freeShippingFrom: '100.00' }));
    fails(await t.call('PUT', `/api/v2/suppliers/${s.id}`, { ...manager(), body: { shippingCost: null } }), 400, 'InvalidShippingCost');
    fails(await t.call('PUT', `/api/v2/suppliers/${s.id}`, { ...manager(), body: { freeShippingFrom: '0.00' } }), 400, 'InvalidShippingCost');
    const stored = ok(await t.call('GET', `/api/v2/suppliers/${s.id}`, manager()));
    expect(stored).toMatchObject({ shippingCost: '5.00', freeShippingFrom: '100.00' });
  });

  test('field formats: e-mail, VAT number, money', async () => {
    const body = fails(await create({ name: 'Fout', email: 'nope', vatNumber: '12', shippingCost: 'abc' }), 400, 'validationFailed');
    expect(body.details?.map((d) => [d.path, d.rule]).sort()).toEqual([['email', 'email'], ['shippingCost', 'numerical'], ['vatNumber', 'vatNumber']]);
  });
});

describe('platform suppliers (/admin/suppliers, query style)', () => {
  test('platform admins create and see platform suppliers only', async () => {
    const created = ok(await t.call('POST', '/api/admin/suppliers/create', { as: 'admin@demo.test', body: { dto: { name: 'Platform NV' } } })).result;
    expect(created.customerId).toBeNull();
    const page = ok(await t.call('POST', '/api/admin/suppliers/query', { as: 'admin@demo.test', body: { query: { take: 1000 } } })).result;
    expect(page.items.every((s: any) => s.customerId === null)).toBe(true);
    expect(page.items.map((s: any) => s.name)).toEqual(expect.arrayContaining(['Office Depot', 'Platform NV']));
    const own = (await t.db.selectFrom('suppliers').select('id').where('customerId', '=', first).executeTakeFirstOrThrow()).id;
    fails(await t.call('POST', '/api/admin/suppliers/id', { as: 'admin@demo.test', body: { query: { id: own } } }), 404, 'SupplierNotFound');
    expect(ok(await t.call('POST', '/api/admin/suppliers/id', { as: 'admin@demo.test', body: { query: { id: created.id } } })).result.name).toBe('Platform NV');
    // Customers see the new platform supplier too.
    const forCustomer = ok(await t.call('GET', `/api/v2/suppliers/${created.id}`, manager()));
    expect(forCustomer.name).toBe('Platform NV');
  });
});

describe('POST /v2/suppliers/validate-budget-limit', () => {
  const validate = (body: object, opts: object = { as: 'buyer@demo.test' }) => t.call('POST', '/api/v2/suppliers/validate-budget-limit', { ...opts, body });

  test('within the current period: valid while spent + amount stays within the total budget', async () => {
    await t.db.updateTable('suppliers').set({ budgetSpent: '4900.00' }).where('id', '=', officeDepot).execute();
    expect(ok(await validate({ supplierId: officeDepot, amount: '100.00' })).result).toEqual({ valid: true, totalBudget: '5000.00', spent: '4900.00', remaining: '100.00' });
    const body = fails(await validate({ supplierId: officeDepot, amount: '100.01' }), 400, 'SupplierExceededBudget');
    expect(body.details).toEqual([expect.objectContaining({ path: 'amount', rule: 'SupplierExceededBudget' })]);
  });

  test('outside the finance period, or without a budget, there is no limit', async () => {
    const past = ok(await create({ name: 'Vorig jaar', budgetSetting: { startDate: '2001-01-01', endDate: '2001-12-31', totalBudget: '10' } }));
    expect(ok(await validate({ supplierId: past.id, amount: '500' }, manager())).result).toMatchObject({ valid: true, remaining: null });
    const none = ok(await create({ name: 'Geen budget' }));
    expect(ok(await validate({ supplierId: none.id, amount: '500' }, manager())).result).toMatchObject({ valid: true, remaining: null, totalBudget: null });
  });

  test("bad input is 400; another customer's or tenant's supplier is 404", async () => {
    fails(await validate({ supplierId: officeDepot }), 400, 'validationFailed');
    fails(await validate({ supplierId: officeDepot, amount: '-5' }), 400, 'validationFailed');
    fails(await validate({ supplierId: 'x', amount: '5' }), 400, 'validationFailed');
    const melle = ok(await create({ name: 'Alleen Melle' }, manager(second)));
    fails(await validate({ supplierId: melle.id, amount: '1' }), 404, 'SupplierNotFound');
    const acme = (await t.db.selectFrom('suppliers').select('id').where('name', '=', 'Acme Office Supply').executeTakeFirstOrThrow()).id;
    fails(await validate({ supplierId: acme, amount: '1' }), 404, 'SupplierNotFound');
    fails(await validate({ supplierId: officeDepot, amount: '1' }, {}), 401, 'unauthorized');
  });
});
