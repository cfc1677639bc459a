import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { permissionsForRoles } from '../../src/shared/access';
import { line, makeArticle, makeSupplier } from './basket-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { deliveredOrder, invoiceWorld, MANAGER, SUPPLIER_USER, type InvoiceWorld } from './invoice-helpers';

/**
 * A supplier's user (core §3 supplierIds; flows §1 "Supplier users update supplier orders") works on
 * their supplier's side only: its supplier orders with the deliveries and invoices of those, and of the
 * customer what delivering needs (ship-to address, contact). The company's side — budgets, shop and
 * basket, orders — is refused with 403, even when their user row holds a customer access, and another
 * supplier's supplier orders are not found. The seed gives supplier@demo.test no customer access.
 */

let t: TestApp;
let w: InvoiceWorld;
let customerId: string;
let mine: Awaited<ReturnType<typeof deliveredOrder>>;
let invoiceId: string;
let otherSo: { id: string; gcsNumber: string };
let otherDeliveryId: string;

const asSupplier = (customer?: string) => (customer ? { as: SUPPLIER_USER, customerId: customer } : { as: SUPPLIER_USER });

beforeAll(async () => {
  t = await startTestApp();
  w = await invoiceWorld(t, { name: 'Leverancier van Stan' });
  customerId = w.customerIds[0]!;
  await t.db.updateTable('users').set({ phoneNumber: '+32 470 12 34 56' } as never).where('id', '=', await t.userId('buyer@demo.test')).execute();
  mine = await deliveredOrder(t, w);
  invoiceId = ok(await t.call('POST', '/api/admin/invoices/create-yc-invoice', { as: 'admin@demo.test', body: { deliveryId: mine.delivery.id } })).result.id;

  // Another supplier's order of the same company, sent and delivered by the platform.
  const other = await makeSupplier(t, { name: 'Andere leverancier' });
  const article = await makeArticle(t, { supplierId: other, price: '7.00', stock: null });
  const buyer = { as: 'buyer@demo.test', customerId };
  ok(await t.call('PUT', '/api/v2/transporters/update', { ...buyer, body: { transporter: { transporterLines: [line(article, 1)] } } }));
  const order = ok(await t.call('POST', '/api/v2/orders/transporter', { ...buyer, body: {} })).result;
  ok(await t.call('PATCH', `/api/v2/orders/${order.id}/validate`, { as: MANAGER, customerId, body: { approve: true } }));
  const so = await t.db.selectFrom('supplierOrders').select(['id', 'gcsNumber']).where('orderId', '=', order.id).executeTakeFirstOrThrow();
  otherSo = { id: String(so.id), gcsNumber: String(so.gcsNumber) };
  ok(await t.call('POST', '/api/admin/supplier-orders/update', { as: 'admin@demo.test', body: { dto: { id: otherSo.id, status: 'WAITFORORDERRESPONSE' } } }));
  otherDeliveryId = ok(await t.call('POST', '/api/admin/deliveries/create-for-supplierorder', { as: 'admin@demo.test', body: { dto: { supplierOrderId: otherSo.id } } })).result.id;
});
afterAll(async () => { await t?.close(); });

describe("a supplier's user", () => {
  test('has no company: the demo seed gives them none, /users/me lists none, and they need no registration', async () => {
    const me = ok(await t.call('GET', '/api/users/me', asSupplier()));
    expect(me.customerAccess).toEqual([]);
    expect(me.supplierIds).toEqual([w.supplierId]);
    const seeded = await t.db.selectFrom('customerAccesses as a').innerJoin('users as u', 'u.id', 'a.userId').select('a.id')
      .where('u.email', '=', SUPPLIER_USER).execute();
    expect(seeded).toEqual([]);
  });

  test("is refused the company's budgets, shop and basket and placing or reading its orders (403 forbiddenAccess), with or without naming it", async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/v2/budgets'],
      ['GET', '/api/v2/transporters/load'],
      ['PUT', '/api/v2/transporters/update', { transporter: { transporterLines: [line(w.articleA, 1)] } }],
      ['POST', '/api/v2/orders/transporter', {}],
      ['POST', '/api/v2/orders', { kind: 'orderRequest', description: 'Iets' }],
      ['GET', '/api/v2/orders'],
      ['GET', '/api/v2/orders/to-approve-count'],
      ['GET', '/api/deliveries'],
      ['GET', '/api/invoices'],
      ['GET', '/api/v2/suppliers'],
    ];
    for (const [method, url, body] of calls) {
      fails(await t.call(method as 'GET', url, { ...asSupplier(), body }), 403, 'forbiddenAccess');
      fails(await t.call(method as 'GET', url, { ...asSupplier(customerId), body }), 403, 'NoAccessToCustomer');
    }
    expect(await t.db.selectFrom('orders').select('id').where('orderedById', '=', await t.userId(SUPPLIER_USER)).execute()).toEqual([]);
  });

  test('a customer access on their row gives them nothing of the company either', async () => {
    const userId = await t.userId(SUPPLIER_USER);
    const tenantId = await t.tenantId();
    const access = await t.db.insertInto('customerAccesses').values({
      tenantId, userId, customerId, active: true, roles: JSON.stringify(['user']), permissions: JSON.stringify(permissionsForRoles(['user'])), departmentIds: JSON.stringify([]),
    } as never).returning('id').executeTakeFirstOrThrow();
    try {
      fails(await t.call('GET', '/api/v2/budgets', asSupplier()), 403, 'forbiddenAccess');
      fails(await t.call('POST', '/api/v2/orders/transporter', { ...asSupplier(customerId), body: {} }), 403, 'NoAccessToCustomer');
      expect(ok(await t.call('GET', '/api/users/me', asSupplier())).customerAccess).toEqual([]);
      expect(ok(await t.call('POST', '/api/supplier-orders/getByGcsNumber', { ...asSupplier(), body: { query: { gcsNumber: mine.so.gcsNumber } } })).result.id).toBe(mine.so.id);
    } finally {
      await t.db.deleteFrom('customerAccesses').where('id', '=', access.id).execute();
    }
    // The platform gives a supplier's user no company.
    fails(await t.call('POST', '/api/admin/customer-accesses/create', { as: 'admin@demo.test', body: { userId, customerId, roles: ['user'] } }), 403, 'UnauthorizedRole');
  });

  test("reads their supplier's orders with the ship-to address, the contact, the deliveries and the invoices, and no other supplier's", async () => {
    const list = ok(await t.call('POST', '/api/supplier-orders/queryForSupplier', { ...asSupplier(), body: { query: { pageSize: 100 } } })).result;
    expect(list.items.map((s: { id: string }) => s.id)).toContain(mine.so.id);
    expect(list.items.map((s: { id: string }) => s.id)).not.toContain(otherSo.id);

    const detail = ok(await t.call('POST', '/api/supplier-orders/getByGcsNumber', { ...asSupplier(), body: { query: { gcsNumber: mine.so.gcsNumber } } })).result;
    expect(detail.contact).toMatchObject({ email: 'buyer@demo.test', phone: '+32 470 12 34 56' });
    expect(detail.shipTo).toEqual(expect.objectContaining({ city: expect.any(String) }));
    expect(detail.deliveries.map((d: { id: string }) => d.id)).toEqual([mine.delivery.id]);
    expect(detail.invoices.map((i: { id: string }) => i.id)).toEqual([invoiceId]);
    expect(detail.mayOpenOrder).toBe(false);

    expect(ok(await t.call('GET', `/api/deliveries/by-id?id=${mine.delivery.id}`, asSupplier())).result.id).toBe(mine.delivery.id);
    const invoice = ok(await t.call('GET', `/api/invoices/by-id?id=${invoiceId}`, asSupplier())).result;
    expect(invoice).toMatchObject({ id: invoiceId, mayPay: false, mayUpdate: false, mayDelete: false });
    // Reading is all: the company's bookkeeping stays the company's.
    fails(await t.call('POST', '/api/invoices/update', { ...asSupplier(), body: { dto: { id: invoiceId, status: 'payed' } } }), 403, 'forbiddenAccess');

    fails(await t.call('POST', '/api/supplier-orders/getByGcsNumber', { ...asSupplier(), body: { query: { gcsNumber: otherSo.gcsNumber } } }), 404, 'SupplierOrderNotFound');
    fails(await t.call('POST', '/api/supplier-orders/lines', { ...asSupplier(), body: { query: { supplierOrderId: otherSo.id } } }), 404, 'SupplierOrderNotFound');
    fails(await t.call('POST', '/api/supplier-orders/addFollowUp', { ...asSupplier(), body: { dto: { supplierOrderId: otherSo.id, remark: 'Niet van mij' } } }), 404, 'SupplierOrderNotFound');
    fails(await t.call('GET', `/api/deliveries/by-id?id=${otherDeliveryId}`, asSupplier()), 404, 'DeliveryNotFound');
    fails(await t.call('POST', `/api/v2/supplier-orders/${otherSo.id}/deliveries`, { ...asSupplier(), body: {} }), 404, 'SupplierOrderNotFound');
  });

  test("the company's readers see the same supplier order's deliveries and invoices only with their rules", async () => {
    const asManager = { as: MANAGER, customerId };
    const forManager = ok(await t.call('POST', '/api/supplier-orders/getByGcsNumber', { ...asManager, body: { query: { gcsNumber: mine.so.gcsNumber } } })).result;
    expect(forManager.deliveries).toHaveLength(1);
    expect(forManager.invoices).toHaveLength(1);
    // A buyer reads deliveries (deliveries:R) but no invoices (the invoices area has no letters for role user).
    const forBuyer = ok(await t.call('POST', '/api/supplier-orders/getByGcsNumber', { as: 'buyer@demo.test', customerId, body: { query: { gcsNumber: mine.so.gcsNumber } } })).result;
    expect(forBuyer.deliveries).toHaveLength(1);
    expect(forBuyer.invoices).toEqual([]);
  });
});

describe("the admin's user list", () => {
  test('says what kind of user each is', async () => {
    const page = async (administrators: boolean) => ok(await t.call('POST', '/api/usermanagement/query', { as: 'superadmin@demo.test', body: { query: { take: 100, administrators } } })).result.items as { email: string; kind: string }[];
    const items = [...await page(true), ...await page(false)];
    const kindOf = Object.fromEntries(items.map((u) => [u.email, u.kind]));
    expect(kindOf).toMatchObject({
      'superadmin@demo.test': 'superAdmin', 'admin@demo.test': 'platformAdmin', 'buyer@demo.test': 'customerUser',
      'manager@demo.test': 'customerUser', [SUPPLIER_USER]: 'supplierUser', 'newcomer@demo.test': 'unregistered',
    });
  });
});
