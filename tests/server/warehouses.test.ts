import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let first: string; // Bakkerij Janssens: buyer (user), manager (admin + validator)
let second: string; // Gemeente Melle: manager only
let departmentOf: (customerId: string) => Promise<string>;
beforeAll(async () => {
  t = await startTestApp();
  [first, second] = await t.customerIds();
  departmentOf = async (customerId) => (await t.db.selectFrom('customerDepartments').select('id').where('customerId', '=', customerId).executeTakeFirstOrThrow()).id;
});
afterAll(async () => { await t?.close(); });

const manager = (customerId: string) => ({ as: 'manager@demo.test', customerId });
const setFeatures = (customerId: string, features: string[]) =>
  t.db.updateTable('customers').set({ features: JSON.stringify(features) }).where('id', '=', customerId).execute();

describe('warehouses (plain REST, owned by the acting customer)', () => {
  test('list, create, get, update and delete', async () => {
    const dept = await departmentOf(first);
    const created = ok(await t.call('POST', '/api/warehouses', { ...manager(first), body: { name: 'Depot Oost', restockSetting: 'fixed', departmentId: dept, address: { city: 'Gent', zipCode: '9000' } } }));
    expect(created).toMatchObject({ name: 'Depot Oost', restockSetting: 'fixed', departmentId: dept, customerId: first, address: { city: 'Gent', countryCode: 'BE' } });

    const list = await t.call('GET', '/api/warehouses', { ...manager(first), query: { page: '1', pageSize: '50' } });
    const page = ok(list);
    expect(page).toMatchObject({ page: 1, pageSize: 50 });
    expect(page.total).toBe(page.items.length);
    expect(page.items.map((w: any) => w.id)).toContain(created.id);
    expect(list.headers['content-range']).toBe(`warehouses 0-${page.items.length - 1}/${page.total}`);

    expect(ok(await t.call('GET', `/api/warehouses/${created.id}`, manager(first))).name).toBe('Depot Oost');
    const updated = ok(await t.call('PUT', `/api/warehouses/${created.id}`, { ...manager(first), body: { name: 'Depot Oost 2' } }));
    expect(updated).toMatchObject({ name: 'Depot Oost 2', restockSetting: 'fixed' });

    expect(ok(await t.call('DELETE', `/api/warehouses/${created.id}`, { ...manager(first), headers: { 'content-type': 'application/json' } }))).toEqual({ id: created.id });
    fails(await t.call('GET', `/api/warehouses/${created.id}`, manager(first)), 404, 'WarehouseNotFound');
    expect(await t.db.selectFrom('warehouses').select('id').where('id', '=', created.id).executeTakeFirst()).toBeUndefined();
  });

  test('warehouse management needs the customer\'s easyStock feature; platform admins are not held by it', async () => {
    await setFeatures(second, []);
    fails(await t.call('GET', '/api/warehouses', manager(second)), 403, 'forbiddenAccess');
    fails(await t.call('POST', '/api/warehouses', { ...manager(second), body: { name: 'Zonder easy stock' } }), 403, 'forbiddenAccess');
    ok(await t.call('GET', '/api/warehouses', { as: 'superadmin@demo.test', customerId: second }));
    await setFeatures(second, ['easyStock']);
    ok(await t.call('GET', '/api/warehouses', manager(second)));
  });

  test('the customer comes from X-Customer-Id, never from the body; other customers see nothing of it', async () => {
    await setFeatures(second, ['easyStock']);
    const w = ok(await t.call('POST', '/api/warehouses', { ...manager(first), body: { name: 'Eigen', customerId: second } }));
    expect(w.customerId).toBe(first);
    const seenBySecond = ok(await t.call('GET', '/api/warehouses', { ...manager(second), query: { pageSize: '1000' } }));
    expect(seenBySecond.items.map((x: any) => x.id)).not.toContain(w.id);
    fails(await t.call('GET', `/api/warehouses/${w.id}`, manager(second)), 404, 'WarehouseNotFound');
    fails(await t.call('PUT', `/api/warehouses/${w.id}`, { ...manager(second), body: { name: 'Overgenomen' } }), 404, 'WarehouseNotFound');
    fails(await t.call('DELETE', `/api/warehouses/${w.id}`, manager(second)), 404, 'WarehouseNotFound');
    expect(ok(await t.call('GET', `/api/warehouses/${w.id}`, manager(first))).name).toBe('Eigen');
  });

  test('a restock setting needs a department (RestockNeedsDepartment), also on update', async () => {
    const body = fails(await t.call('POST', '/api/warehouses', { ...manager(first), body: { name: 'Zonder afdeling', restockSetting: 'flex' } }), 400, 'RestockNeedsDepartment');
    expect(body.details).toEqual([expect.objectContaining({ path: 'departmentId', rule: 'RestockNeedsDepartment' })]);
    const w = ok(await t.call('POST', '/api/warehouses', { ...manager(first), body: { name: 'Nog niet ingesteld' } }));
    expect(w.restockSetting).toBe('unassigned');
    fails(await t.call('PUT', `/api/warehouses/${w.id}`, { ...manager(first), body: { restockSetting: 'manual' } }), 400, 'RestockNeedsDepartment');
    expect(ok(await t.call('GET', `/api/warehouses/${w.id}`, manager(first))).restockSetting).toBe('unassigned');
  });

  test("a department of another customer is refused with a detail, and nothing is stored", async () => {
    const foreign = await departmentOf(second);
    const before = ok(await t.call('GET', '/api/warehouses', { ...manager(first), query: { pageSize: '1000' } })).total;
    const body = fails(await t.call('POST', '/api/warehouses', { ...manager(first), body: { name: 'Vreemd', restockSetting: 'fixed', departmentId: foreign } }), 400, 'validationFailed');
    expect(body.details).toEqual([expect.objectContaining({ path: 'departmentId', rule: 'DepartmentNotFound' })]);
    expect(ok(await t.call('GET', '/api/warehouses', { ...manager(first), query: { pageSize: '1000' } })).total).toBe(before);
  });

  test('filters: name contains, departmentId; an invalid restock setting is 400 choice', async () => {
    const dept = await departmentOf(first);
    const w = ok(await t.call('POST', '/api/warehouses', { ...manager(first), body: { name: 'Filterbaar Magazijn', departmentId: dept } }));
    const byName = ok(await t.call('GET', '/api/warehouses', { ...manager(first), query: { name: 'filterbaar' } }));
    expect(byName.items.map((x: any) => x.id)).toEqual([w.id]);
    const byDept = ok(await t.call('GET', '/api/warehouses', { ...manager(first), query: { departmentId: dept, pageSize: '100' } }));
    expect(byDept.items.every((x: any) => x.departmentId === dept)).toBe(true);
    const body = fails(await t.call('POST', '/api/warehouses', { ...manager(first), body: { name: 'X', restockSetting: 'always' } }), 400, 'validationFailed');
    expect(body.details).toEqual([expect.objectContaining({ path: 'restockSetting', rule: 'choice' })]);
  });

  test('letters: a buyer (warehouses:R) reads but may not create, change or delete', async () => {
    ok(await t.call('GET', '/api/warehouses', { as: 'buyer@demo.test' }));
    fails(await t.call('POST', '/api/warehouses', { as: 'buyer@demo.test', body: { name: 'Nee' } }), 403, 'forbiddenAccess');
    const w = ok(await t.call('POST', '/api/warehouses', { ...manager(first), body: { name: 'Van de manager' } }));
    fails(await t.call('PUT', `/api/warehouses/${w.id}`, { as: 'buyer@demo.test', body: { name: 'Nee' } }), 403, 'forbiddenAccess');
    fails(await t.call('DELETE', `/api/warehouses/${w.id}`, { as: 'buyer@demo.test' }), 403, 'forbiddenAccess');
  });

  test('a customer the user has no access to is 403 NoAccessToCustomer', async () => {
    fails(await t.call('GET', '/api/warehouses', { as: 'buyer@demo.test', customerId: second }), 403, 'NoAccessToCustomer');
    const [acmeCustomer] = await t.customerIds('acme.localhost');
    fails(await t.call('GET', '/api/warehouses', { as: 'manager@demo.test', customerId: acmeCustomer }), 403, 'NoAccessToCustomer');
  });
});

describe('customer departments (GET /customer-departments/query)', () => {
  test("lists the acting customer's departments only", async () => {
    const own = ok(await t.call('GET', '/api/customer-departments/query', { ...manager(first), query: { page: '1', pageSize: '100', customerId: first } }));
    expect(own.items.map((d: any) => d.name).sort()).toEqual(['Aankoop', 'Productie']);
    const other = ok(await t.call('GET', '/api/customer-departments/query', manager(second)));
    expect(other.items.map((d: any) => d.name).sort()).toEqual(['Administratie', 'Technische dienst']);
    fails(await t.call('GET', '/api/customer-departments/query', { as: 'buyer@demo.test', query: { customerId: second } }), 403, 'NoAccessToCustomer');
  });

  test('every list takes an ids filter (one id, a comma list, or a list in a query body); other customers\' ids find nothing', async () => {
    const own = ok(await t.call('GET', '/api/customer-departments/query', manager(first))).items;
    const theirs = ok(await t.call('GET', '/api/customer-departments/query', manager(second))).items;
    const one = ok(await t.call('GET', '/api/customer-departments/query', { ...manager(first), query: { ids: own[0].id } }));
    expect(one.items.map((d: any) => d.id)).toEqual([own[0].id]);
    const both = ok(await t.call('GET', '/api/customer-departments/query', { ...manager(first), query: { ids: `${own[0].id},${theirs[0].id}` } }));
    expect(both.items.map((d: any) => d.id)).toEqual([own[0].id]);
    const groups = ok(await t.call('POST', '/api/admin/article-category-groups/query', { as: 'superadmin@demo.test', body: { query: {} } })).result.items;
    const picked = ok(await t.call('POST', '/api/admin/article-category-groups/query', { as: 'superadmin@demo.test', body: { query: { ids: [groups[1].id] } } }));
    expect(picked.result.items.map((g: any) => g.id)).toEqual([groups[1].id]);
    fails(await t.call('GET', '/api/customer-departments/query', { ...manager(first), query: { ids: 'not-an-id' } }), 400, 'validationFailed');
  });
});
