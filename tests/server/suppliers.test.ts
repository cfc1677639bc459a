import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { todayInShopZone } from '../../src/shared/shop-clock';
import { featuresOf, line, makeArticle, makeSupplier, setFeatures } from './basket-helpers';
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

const validate = (body: object, opts: object = { as: 'buyer@demo.test' }) => t.call('POST', '/api/v2/suppliers/validate-budget-limit', { ...opts, body });

/** A platform supplier with a finance budget of `total` for this year, and an article of EUR 100 excl. VAT (no shipping). */
async function budgeted(total: string) {
  const supplier = await makeSupplier(t);
  const year = todayInShopZone().slice(0, 4);
  await t.db.updateTable('suppliers').set({ budgetSetting: JSON.stringify({ startDate: `${year}-01-01`, endDate: `${year}-12-31`, totalBudget: total }) } as never).where('id', '=', supplier).execute();
  return { supplier, article: await makeArticle(t, { supplierId: supplier, price: '100.00' }) };
}
/** The buyer orders `amount` of the article from the basket (the raw answer). */
async function orderOf(article: string, amount: number, who = 'buyer@demo.test') {
  ok(await t.call('PUT', '/api/v2/transporters/update', { as: who, customerId: first, body: { transporter: { transporterLines: [line(article, amount)] } } }));
  return t.call('POST', '/api/v2/orders/transporter', { as: who, customerId: first, body: {} });
}

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

  test('within the current period: valid while what the period\'s orders bought + amount stays within the total budget', async () => {
    const { supplier, article } = await budgeted('5000.00');
    ok(await orderOf(article, 49)); // 49 × 100.00 excl. VAT
    expect(ok(await validate({ supplierId: supplier, amount: '100.00' })).result).toEqual({ valid: true, totalBudget: '5000.00', spent: '4900.00', remaining: '100.00' });
    const body = fails(await validate({ supplierId: supplier, amount: '100.01' }), 400, 'SupplierExceededBudget');
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

describe('shipping cost at least the minimum once free-shipping-from is filled (flows §5)', () => {
  test('a threshold with a shipping cost of 0 is refused, on create and on update; 0.01 passes', async () => {
    const body = fails(await create({ name: 'Nul verzending', shippingCost: '0', freeShippingFrom: '100' }), 400, 'InvalidShippingCost');
    expect(body.details).toEqual([expect.objectContaining({ path: 'shippingCost', rule: 'InvalidShippingCost' })]);
    const s = ok(await create({ name: 'Een cent', shippingCost: '0.01', freeShippingFrom: '100' }));
    fails(await t.call('PUT', `/api/v2/suppliers/${s.id}`, { ...manager(), body: { shippingCost: '0.00' } }), 400, 'InvalidShippingCost');
    // Without a threshold a shipping cost of 0 is simply free shipping.
    ok(await create({ name: 'Gratis zonder drempel', shippingCost: '0' }));
  });
});

describe('own suppliers (POST /suppliers/own, createown, editown, getById)', () => {
  const post = (path: string, body: object, opts: object = manager()) => t.call('POST', `/api/suppliers/${path}`, { ...opts, body });

  test('createown makes a supplier of the acting company; its rules hold and a refusal stores nothing', async () => {
    const made = ok(await post('createown', { dto: { name: 'Eigen Drukker', shippingCost: '6,50', freeShippingFrom: '80' } })).result;
    expect(made).toMatchObject({ name: 'Eigen Drukker', customerId: first, shippingCost: '6.50', freeShippingFrom: '80.00', active: true });
    const before = await t.db.selectFrom('suppliers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    fails(await post('createown', { dto: { name: 'Fout', freeShippingFrom: '80' } }), 400, 'InvalidShippingCost');
    fails(await post('createown', { dto: { name: 'Fout', shippingCost: '5', freeShippingFrom: '0' } }), 400, 'InvalidShippingCost');
    fails(await post('createown', { dto: { name: 'Fout', budgetSetting: { startDate: '2030-01-01' } } }), 400, 'invalidFinanceDates');
    fails(await post('createown', { dto: { name: 'Nee' } }, { as: 'buyer@demo.test' }), 403, 'forbiddenAccess');
    fails(await post('createown', { dto: { name: 'Nee', budget: 1 } }), 400, 'validationFailed');
    const after = await t.db.selectFrom('suppliers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  test('own lists only the company\'s own suppliers, searched and paged; a buyer reads it', async () => {
    ok(await post('createown', { dto: { name: 'Melle Eigen' } }, manager(second)));
    const page = ok(await post('own', { query: { skip: 0, take: 100 } })).result;
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((s: any) => s.customerId === first)).toBe(true);
    const names = page.items.map((s: any) => s.name);
    expect(names).toContain('Eigen Drukker');
    expect(names).not.toContain('Office Depot');
    expect(names).not.toContain('Melle Eigen');
    expect(page.total).toBe(page.items.length);
    const found = ok(await post('own', { query: { search: 'eigen drukker' } }, { as: 'buyer@demo.test' })).result;
    expect(found.items.map((s: any) => s.name)).toEqual(['Eigen Drukker']);
    expect(found).toMatchObject({ total: 1, skip: 0, take: 20 });
    expect(ok(await post('own', { query: { take: 1 } })).result.items).toHaveLength(1);
  });

  test('editown changes an own supplier, checks the rules on the merged record, and leaves platform and foreign ones alone', async () => {
    const mine = ok(await post('createown', { dto: { name: 'Te wijzigen', shippingCost: '5', freeShippingFrom: '50' } })).result;
    const edited = ok(await post('editown', { dto: { id: mine.id, deliveryTimes: '24 uur', minimumOrderPrice: '25' } })).result;
    expect(edited).toMatchObject({ name: 'Te wijzigen', deliveryTimes: '24 uur', minimumOrderPrice: '25.00', shippingCost: '5.00' });
    fails(await post('editown', { dto: { id: mine.id, shippingCost: null } }), 400, 'InvalidShippingCost');
    fails(await post('editown', { dto: { id: officeDepot, name: 'Van mij' } }), 403, 'ReadOnlyRecord');
    const melle = ok(await post('createown', { dto: { name: 'Van Melle Eigen' } }, manager(second))).result;
    fails(await post('editown', { dto: { id: melle.id, name: 'Van mij' } }), 404, 'SupplierNotFound');
    fails(await post('editown', { dto: { id: mine.id, name: 'Nee' } }, { as: 'buyer@demo.test' }), 403, 'forbiddenAccess');
    expect((await t.db.selectFrom('suppliers').select('name').where('id', '=', officeDepot).executeTakeFirstOrThrow()).name).toBe('Office Depot');
  });

  test('getById answers a platform or own supplier, not another company\'s', async () => {
    expect(ok(await post('getById', { query: { id: officeDepot } }, { as: 'buyer@demo.test' })).result).toMatchObject({ name: 'Office Depot', customerId: null });
    const mine = ok(await post('own', { query: { search: 'Eigen Drukker' } })).result.items[0];
    expect(ok(await post('getById', { query: { id: mine.id } })).result.name).toBe('Eigen Drukker');
    const melle = ok(await post('own', { query: { search: 'Melle Eigen' } }, manager(second))).result.items[0];
    fails(await post('getById', { query: { id: melle.id } }), 404, 'SupplierNotFound');
    fails(await post('getById', { query: { id: 'nope' } }), 400, 'validationFailed');
  });
});

describe('budget references per customer (GET /v2/suppliers/budget-references, PUT /v2/suppliers/{id}/budget-reference)', () => {
  const put = (id: string, body: object, opts: object = manager()) => t.call('PUT', `/api/v2/suppliers/${id}/budget-reference`, { ...opts, body });
  const get = (ids: string[], opts: object = manager()) => t.call('GET', '/api/v2/suppliers/budget-references', { ...opts, query: { supplierIds: JSON.stringify(ids) } });

  test('each company files a platform supplier under its own reference, departments and projects', async () => {
    const departments = await t.db.selectFrom('customerDepartments').select('id').where('customerId', '=', first).orderBy('name').execute();
    expect(departments.length).toBeGreaterThan(0);
    const project = ok(await t.call('POST', '/api/projects', { ...manager(), body: { name: 'Nieuwbouw' } }));
    const entry = ok(await put(officeDepot, { budgetReference: ' KP-4010 ', departmentIds: [departments[0]!.id], projectIds: [project.id] }));
    expect(entry).toEqual({ supplierId: officeDepot, budgetReference: 'KP-4010', departmentIds: [departments[0]!.id], projectIds: [project.id] });
    // Written over, one entry per company and supplier.
    ok(await put(officeDepot, { budgetReference: 'KP-4020', departmentIds: [departments[0]!.id], projectIds: [project.id] }));
    const rows = await t.db.selectFrom('supplierBudgetReferences').select('budgetReference').where('supplierId', '=', officeDepot).where('customerId', '=', first).execute();
    expect(rows).toEqual([{ budgetReference: 'KP-4020' }]);
    const own = ok(await create({ name: 'Met referentie' }));
    const list = ok(await get([own.id, officeDepot], { as: 'buyer@demo.test' }));
    expect(list).toEqual([
      { supplierId: own.id, budgetReference: null, departmentIds: [], projectIds: [] },
      { supplierId: officeDepot, budgetReference: 'KP-4020', departmentIds: [departments[0]!.id], projectIds: [project.id] },
    ]);
    // The other company has its own (empty) entry for the same supplier, and does not see the first company's own supplier.
    expect(ok(await get([officeDepot, own.id], manager(second)))).toEqual([{ supplierId: officeDepot, budgetReference: null, departmentIds: [], projectIds: [] }]);
  });

  test('departments and projects must be the company\'s; a buyer may not set; bad ids are 400', async () => {
    const foreignDepartment = (await t.db.selectFrom('customerDepartments').select('id').where('customerId', '=', second).executeTakeFirstOrThrow()).id;
    const body = fails(await put(officeDepot, { budgetReference: 'X', departmentIds: [foreignDepartment] }), 404, 'DepartmentNotFound');
    expect(body.details).toEqual([expect.objectContaining({ path: 'departmentIds.0', rule: 'DepartmentNotFound' })]);
    fails(await put(officeDepot, { projectIds: ['00000000-0000-4000-8000-000000000000'] }), 404, 'ProjectNotFound');
    fails(await put(officeDepot, { budgetReference: 'Y' }, { as: 'buyer@demo.test' }), 403, 'forbiddenAccess');
    fails(await put(officeDepot, { budgetReference: 'x'.repeat(101) }), 400, 'validationFailed');
    fails(await put(officeDepot, { other: 1 }), 400, 'validationFailed');
    expect(ok(await get([officeDepot]))[0].budgetReference).toBe('KP-4020');
    fails(await t.call('GET', '/api/v2/suppliers/budget-references', { ...manager(), query: { supplierIds: '[1,2' } }), 400, 'validationFailed');
    fails(await t.call('GET', '/api/v2/suppliers/budget-references', manager()), 400, 'validationFailed');
  });
});

describe('order PDF settings of an own supplier (GET and PUT /v2/suppliers/{id}/order-pdf-settings)', () => {
  const path = (id: string) => `/api/v2/suppliers/${id}/order-pdf-settings`;

  test('a customer admin sets them (one per supplier, written over); the platform suppliers\' are not theirs; a buyer has no access', async () => {
    const own = ok(await create({ name: 'Met pdf' }));
    expect(ok(await t.call('GET', path(own.id), manager()))).toEqual({ supplierId: own.id, header: null, messageToSupplier: null, footer: null });
    ok(await t.call('PUT', path(own.id), { ...manager(), body: { header: 'Kop', messageToSupplier: 'Snel leveren', footer: 'Voet' } }));
    const again = ok(await t.call('PUT', path(own.id), { ...manager(), body: { header: 'Nieuwe kop', messageToSupplier: 'Snel leveren' } }));
    expect(again).toEqual({ supplierId: own.id, header: 'Nieuwe kop', messageToSupplier: 'Snel leveren', footer: null });
    const rows = await t.db.selectFrom('orderPdfSettings').select('header').where('supplierId', '=', own.id).execute();
    expect(rows).toEqual([{ header: 'Nieuwe kop' }]);
    expect(ok(await t.call('GET', path(own.id), manager())).header).toBe('Nieuwe kop');
    fails(await t.call('PUT', path(officeDepot), { ...manager(), body: { header: 'Mijn kop' } }), 403, 'ReadOnlyRecord');
    fails(await t.call('GET', path(officeDepot), manager()), 403, 'ReadOnlyRecord');
    fails(await t.call('GET', path(own.id), { as: 'buyer@demo.test' }), 403, 'forbiddenAccess');
    fails(await t.call('PUT', path(own.id), { ...manager(second), body: { header: 'Nee' } }), 404, 'SupplierNotFound');
    fails(await t.call('PUT', path(own.id), { ...manager(), body: { header: 'x'.repeat(2001) } }), 400, 'validationFailed');
  });
});

describe('the supplier finance budget holds when an order is placed and approved (flows §3, §5)', () => {
  const spentOf = async (id: string) => (await t.db.selectFrom('suppliers').select('budgetSpent').where('id', '=', id).executeTakeFirstOrThrow()).budgetSpent;
  const count = async () => Number((await t.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  test('an order that would take the supplier past its budget is refused (SupplierExceededBudget, naming it), creating and charging nothing; one that fits is placed', async () => {
    const { supplier, article } = await budgeted('300.00');
    ok(await orderOf(article, 2));
    const before = { orders: await count(), spent: await spentOf(supplier) };
    const refused = fails(await orderOf(article, 2), 400, 'SupplierExceededBudget');
    expect(refused.details).toEqual([expect.objectContaining({ path: `suppliers.${supplier}`, rule: 'SupplierExceededBudget', params: expect.objectContaining({ totalBudget: '300.00', remaining: '100.00' }) })]);
    expect({ orders: await count(), spent: await spentOf(supplier) }).toEqual(before);
    ok(await orderOf(article, 1)); // exactly the total
  });

  test('a rejected order no longer counts; orders of another period do not either', async () => {
    const { supplier, article } = await budgeted('200.00');
    const placed = ok(await orderOf(article, 2)).result;
    fails(await orderOf(article, 1), 400, 'SupplierExceededBudget');
    await t.db.updateTable('orders').set({ status: 'rejected' }).where('id', '=', placed.id).execute();
    const again = ok(await orderOf(article, 1)).result;
    await t.db.updateTable('orders').set({ orderDate: new Date('2001-06-01T10:00:00Z') }).where('id', '=', again.id).execute();
    expect(ok(await validate({ supplierId: supplier, amount: '1.00' })).result).toMatchObject({ spent: '0.00', remaining: '200.00' });
  });

  test('approving an order that the period no longer has room for is refused, changing nothing; with room it is approved', async () => {
    const features = await featuresOf(t, first);
    await setFeatures(t, first, features.filter((f) => f !== 'budgets'));
    try {
      const { supplier, article } = await budgeted('1000.00');
      const placed = ok(await orderOf(article, 3)).result;
      expect(placed.status).toBe('toApprove');
      // The total is lowered below what this order and the period's others (none) need.
      const year = todayInShopZone().slice(0, 4);
      await t.db.updateTable('suppliers').set({ budgetSetting: JSON.stringify({ startDate: `${year}-01-01`, endDate: `${year}-12-31`, totalBudget: '250.00' }) } as never).where('id', '=', supplier).execute();
      const approve = () => t.call('PATCH', `/api/v2/orders/${placed.id}/validate`, { as: 'manager@demo.test', customerId: first, body: { approve: true } });
      const refused = fails(await approve(), 400, 'SupplierExceededBudget');
      expect(refused.details?.[0]).toMatchObject({ path: `suppliers.${supplier}`, params: expect.objectContaining({ remaining: '250.00' }) });
      expect((await t.db.selectFrom('orders').select('status').where('id', '=', placed.id).executeTakeFirstOrThrow()).status).toBe('toApprove');
      await t.db.updateTable('suppliers').set({ budgetSetting: JSON.stringify({ startDate: `${year}-01-01`, endDate: `${year}-12-31`, totalBudget: '300.00' }) } as never).where('id', '=', supplier).execute();
      expect(ok(await approve()).result.status).toBe('approved');
    } finally {
      await setFeatures(t, first, features);
    }
  });

  test('two orders at once that each fit but not together: one is placed, the other refused', async () => {
    const { article } = await budgeted('300.00');
    const other = 'manager@demo.test';
    ok(await t.call('PUT', '/api/v2/transporters/update', { as: 'buyer@demo.test', customerId: first, body: { transporter: { transporterLines: [line(article, 2)] } } }));
    ok(await t.call('PUT', '/api/v2/transporters/update', { as: other, customerId: first, body: { transporter: { transporterLines: [line(article, 2)] } } }));
    const answers = await Promise.all(['buyer@demo.test', other].map((who) => t.call('POST', '/api/v2/orders/transporter', { as: who, customerId: first, body: {} })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json().errorCode).toBe('SupplierExceededBudget');
  });
});
