import { line, makeArticle, makeSupplier } from './basket-helpers';
import { ok } from './helpers/expect';
import type { TestApp } from './helpers/test-app';

/**
 * What the invoice tests share: companies with the deliveries and invoices features (no budgets, no
 * finance approval), a supplier with two articles whose user is supplier@demo.test, the manager as
 * the first company's validator, and an approved order of the buyer delivered (and confirmed) short.
 */

export const SUPPLIER_USER = 'supplier@demo.test';
export const MANAGER = 'manager@demo.test';

export interface InvoiceWorld { tenantId: string; customerIds: string[]; supplierId: string; articleA: string; articleB: string }

export async function invoiceWorld(t: TestApp, supplier: { name: string; vatNumber?: string }): Promise<InvoiceWorld> {
  const tenantId = await t.tenantId();
  const customerIds = await t.customerIds();
  for (const id of customerIds.slice(0, 2)) {
    const customer = await t.db.selectFrom('customers').select('features').where('id', '=', id).executeTakeFirstOrThrow();
    const features = (typeof customer.features === 'string' ? JSON.parse(customer.features) : customer.features ?? []) as string[];
    await t.db.updateTable('customers').set({ features: JSON.stringify([...features.filter((f) => f !== 'budgets'), 'deliveries', 'invoices']), financeApprovalThreshold: null } as never)
      .where('id', '=', id).execute();
  }
  const supplierId = await makeSupplier(t, { name: supplier.name });
  if (supplier.vatNumber) await t.db.updateTable('suppliers').set({ vatNumber: supplier.vatNumber }).where('id', '=', supplierId).execute();
  const articleA = await makeArticle(t, { supplierId, price: '10.00', stock: null });
  const articleB = await makeArticle(t, { supplierId, price: '5.00', stock: null });
  await t.db.updateTable('users').set({ supplierIds: JSON.stringify([supplierId]) } as never).where('tenantId', '=', tenantId).where('email', '=', SUPPLIER_USER).execute();
  await t.db.updateTable('customerDepartments').set({ validatorUserId: await t.userId(MANAGER) }).where('customerId', '=', customerIds[0]!).execute();
  return { tenantId, customerIds, supplierId, articleA, articleB };
}

/**
 * An approved order of the buyer (3 of A at 10.00, 2 of B at 5.00), its supplier order waiting for
 * delivery and delivered: confirmed with one of B short (3 × A and 1 × B received) unless `confirm` is false.
 */
export async function deliveredOrder(t: TestApp, w: InvoiceWorld, confirm = true) {
  // A supplier's user acts for no company: they name none.
  const as = (email: string) => (email === SUPPLIER_USER ? { as: email } : { as: email, customerId: w.customerIds[0]! });
  ok(await t.call('PUT', '/api/v2/transporters/update', { ...as('buyer@demo.test'), body: { transporter: { transporterLines: [line(w.articleA, 3), line(w.articleB, 2)] } } }));
  const order = ok(await t.call('POST', '/api/v2/orders/transporter', { ...as('buyer@demo.test'), body: {} })).result;
  ok(await t.call('PATCH', `/api/v2/orders/${order.id}/validate`, { ...as(MANAGER), body: { approve: true } }));
  const so = await t.db.selectFrom('supplierOrders').select(['id', 'gcsNumber']).where('orderId', '=', order.id).executeTakeFirstOrThrow();
  for (const status of ['WAITFORORDERRESPONSE', 'WAITFORDELIVERY']) {
    ok(await t.call('POST', '/api/supplier-orders/addFollowUp', { ...as(SUPPLIER_USER), body: { dto: { supplierOrderId: so.id, status } } }));
  }
  const delivery = ok(await t.call('POST', `/api/v2/supplier-orders/${so.id}/deliveries`, { ...as(SUPPLIER_USER), body: {} })).result;
  if (confirm) {
    const lineB = delivery.lines.find((l: { supplierConfirmed: number }) => l.supplierConfirmed === 2);
    ok(await t.call('PATCH', '/api/deliveries/confirm', { ...as(MANAGER), body: { id: delivery.id, lines: [{ id: lineB.id, delivered: 1 }] } }));
  }
  return { order, so: { id: String(so.id), gcsNumber: String(so.gcsNumber) }, delivery: delivery as { id: string; deliveryNumber: string } };
}
