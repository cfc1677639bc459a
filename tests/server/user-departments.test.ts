import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let first: string;
let second: string;
beforeAll(async () => {
  t = await startTestApp();
  [first, second] = await t.customerIds();
});
afterAll(async () => { await t?.close(); });

const departmentsOf = async (customerId: string) =>
  t.db.selectFrom('customerDepartments').select(['id', 'name']).where('customerId', '=', customerId).orderBy('name').execute();

describe('GET /api/users/{userId}/customer-departments', () => {
  test("the departments of the user's acting customer access, as a bare list", async () => {
    const manager = await t.userId('manager@demo.test');
    const [aankoop] = await departmentsOf(first);
    const list = ok(await t.call('GET', `/api/users/${manager}/customer-departments`, { as: 'manager@demo.test' }));
    expect(list).toEqual([expect.objectContaining({ id: aankoop!.id, customerId: first, name: 'Aankoop' })]);
    const other = ok(await t.call('GET', `/api/users/${manager}/customer-departments`, { as: 'manager@demo.test', customerId: second }));
    expect(other.map((d: any) => d.name)).toEqual(['Technische dienst']);
  });

  test("another user's: platform admins only", async () => {
    const buyer = await t.userId('buyer@demo.test');
    expect(ok(await t.call('GET', `/api/users/${buyer}/customer-departments`, { as: 'admin@demo.test' })).map((d: any) => d.name)).toEqual(['Aankoop']);
    fails(await t.call('GET', `/api/users/${buyer}/customer-departments`, { as: 'manager@demo.test' }), 403, 'forbiddenAccess');
    fails(await t.call('GET', '/api/users/00000000-0000-4000-8000-000000000000/customer-departments', { as: 'admin@demo.test' }), 404, 'UserNotFound');
    fails(await t.call('GET', `/api/users/${buyer}/customer-departments`), 401, 'unauthorized');
  });

  test('a platform user without a customer access has none', async () => {
    const admin = await t.userId('admin@demo.test');
    expect(ok(await t.call('GET', `/api/users/${admin}/customer-departments`, { as: 'admin@demo.test' }))).toEqual([]);
  });
});

describe('PUT /api/user-settings/departments', () => {
  test('adds the user to departments of the acting customer and answers all of them', async () => {
    const finance = await t.userId('finance@demo.test');
    const [, productie] = await departmentsOf(first);
    const list = ok(await t.call('PUT', '/api/user-settings/departments', { as: 'finance@demo.test', body: { departmentIds: [productie!.id] } }));
    expect(list.map((d: any) => d.name)).toEqual(['Aankoop', 'Productie']);
    // Adding one twice keeps it once.
    ok(await t.call('PUT', '/api/user-settings/departments', { as: 'finance@demo.test', body: { departmentIds: [productie!.id] } }));
    const again = ok(await t.call('GET', `/api/users/${finance}/customer-departments`, { as: 'finance@demo.test' }));
    expect(again.map((d: any) => d.name)).toEqual(['Aankoop', 'Productie']);
  });

  test("ids that are not the acting customer's departments: 400 validationFailed, nothing stored", async () => {
    const buyer = await t.userId('buyer@demo.test');
    const [melle] = await departmentsOf(second);
    const error = fails(await t.call('PUT', '/api/user-settings/departments', { as: 'buyer@demo.test', body: { departmentIds: [melle!.id] } }), 400, 'validationFailed');
    expect(error.details?.map((d) => d.path)).toEqual(['departmentIds.0']);
    fails(await t.call('PUT', '/api/user-settings/departments', { as: 'buyer@demo.test', body: { departmentIds: ['nope'] } }), 400, 'validationFailed');
    fails(await t.call('PUT', '/api/user-settings/departments', { as: 'buyer@demo.test', body: {} }), 400, 'validationFailed');
    const list = ok(await t.call('GET', `/api/users/${buyer}/customer-departments`, { as: 'buyer@demo.test' }));
    expect(list.map((d: any) => d.name)).toEqual(['Aankoop']);
  });

  test('platform users act through no access: noActiveCustomer', async () => {
    const [aankoop] = await departmentsOf(first);
    fails(await t.call('PUT', '/api/user-settings/departments', { as: 'admin@demo.test', body: { departmentIds: [aankoop!.id] } }), 400, 'noActiveCustomer');
  });
});
