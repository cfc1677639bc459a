import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { decidingRoles, orderDeciders } from '../../src/server/mail/recipients';
import { startTestApp, type TestApp } from './helpers/test-app';
import { addOrder, addUser } from './mail-helpers';

/**
 * Who gets "an order is waiting for your approval" (flows §4): the validator of the order's
 * department, else the customer's admins; in financeApproval the finance users. Inactive users and
 * inactive accesses never count, nor do users of another customer.
 */

let t: TestApp;
let tenantId: string;
const ids: Record<string, string> = {};
let withValidator: string;
let withInactiveValidator: string;

beforeAll(async () => {
  t = await startTestApp();
  tenantId = await t.tenantId();
  const customer = await t.db.insertInto('customers').values({ tenantId, name: 'Ontvangers BV' } as never).returning('id').executeTakeFirstOrThrow();
  const customerId = customer.id as string;
  const user = (key: string, opts: Parameters<typeof addUser>[2]) => addUser(t, `${key}@recipients.test`, { customerId, ...opts }).then((id) => { ids[key] = id; });
  await user('buyer', { roles: ['user'] });
  await user('admin', { roles: ['admin'] });
  await user('adminValidator', { roles: ['admin', 'validator'] });
  await user('inactiveAdmin', { roles: ['admin'], active: false });
  await user('blockedAdmin', { roles: ['admin'], accessActive: false });
  await user('validator', { roles: ['validator'] });
  await user('goneValidator', { roles: ['validator'], active: false });
  await user('finance', { roles: ['finance'] });
  // An admin of another customer of the tenant.
  await addUser(t, 'other-admin@recipients.test', { roles: ['admin'] });
  const department = async (name: string, validatorUserId: string) => (await t.db.insertInto('customerDepartments')
    .values({ tenantId, customerId, name, validatorUserId } as never).returning('id').executeTakeFirstOrThrow()).id as string;
  withValidator = await department('Aankoop', ids.validator!);
  withInactiveValidator = await department('Productie', ids.goneValidator!);
  ids.customer = customerId;
});
afterAll(async () => { await t?.close(); });

const deciders = async (status: string, departmentId: string | null = null) => {
  const orderId = await addOrder(t, ids.buyer!, { customerId: ids.customer, status, departmentId });
  return (await orderDeciders(t.db, { tenantId, orderId })).sort();
};

describe('orderDeciders', () => {
  test("toApprove with a department that has a validator: that validator only", async () => {
    expect(await deciders('toApprove', withValidator)).toEqual([ids.validator]);
    expect(await deciders('toApproveBudget', withValidator)).toEqual([ids.validator]);
  });

  test('toApprove without a department, or with an inactive validator: the active admins of the customer', async () => {
    const admins = [ids.admin, ids.adminValidator].sort();
    expect(await deciders('toApprove')).toEqual(admins);
    expect(await deciders('toApprove', withInactiveValidator)).toEqual(admins);
  });

  test('financeApproval: the finance users; a final status: nobody', async () => {
    expect(await deciders('financeApproval', withValidator)).toEqual([ids.finance]);
    expect(await deciders('approved', withValidator)).toEqual([]);
    expect(await deciders('rejected')).toEqual([]);
  });

  test("an order of another tenant, or none, has nobody", async () => {
    const orderId = await addOrder(t, ids.buyer!, { customerId: ids.customer, status: 'toApprove' });
    expect(await orderDeciders(t.db, { tenantId: await t.tenantId('acme.localhost'), orderId })).toEqual([]);
    expect(await orderDeciders(t.db, { tenantId, orderId: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
  });
});

test('decidingRoles follows the model workflow', () => {
  expect(decidingRoles('toApprove').sort()).toEqual(['admin', 'validator']);
  expect(decidingRoles('financeApproval')).toEqual(['finance']);
  expect(decidingRoles('approved')).toEqual([]);
});
