import { expect } from 'vitest';
import { featuresOf, setFeatures } from './basket-helpers';
import { ok } from './helpers/expect';
import type { TestApp } from './helpers/test-app';

/** The demo supplier's user: it acts for no company (naming one, X-Customer-Id, would be NoAccessToCustomer). */
export const SUPPLIER_USER = 'supplier@demo.test';

/**
 * The calls of the supplier-order tests on a company (`app` and `company` are read at each call:
 * a test file makes them before its beforeAll starts the app): the buyer
 * places orders from the basket, the manager approves them, and the supplier's user and the
 * company's users follow their supplier orders up. The company orders without budgets and without
 * finance approval, and the manager validates its departments (prepareCompany).
 */
export function supplierOrderCalls(app: () => TestApp, company: () => string) {
  const as = (email: string) => (email === SUPPLIER_USER ? { as: email } : { as: email, customerId: company() });
  return {
    as,
    /** An order of the buyer from these basket lines, waiting for approval. */
    async order(lines: unknown[]): Promise<{ id: string; orderNumber: string }> {
      ok(await app().call('PUT', '/api/v2/transporters/update', { ...as('buyer@demo.test'), body: { transporter: { transporterLines: lines } } }));
      const placed = ok(await app().call('POST', '/api/v2/orders/transporter', { ...as('buyer@demo.test'), body: {} })).result;
      expect(placed.status).toBe('toApprove');
      return { id: placed.id as string, orderNumber: placed.orderNumber as string };
    },
    approve: async (id: string) => ok(await app().call('PATCH', `/api/v2/orders/${id}/validate`, { ...as('manager@demo.test'), body: { approve: true } })).result,
    supplierOrdersOf: (orderId: string) => app().db.selectFrom('supplierOrders').selectAll().where('orderId', '=', orderId).orderBy('gcsNumber').execute(),
    followUp: (email: string, dto: Record<string, unknown>) => app().call('POST', '/api/supplier-orders/addFollowUp', { ...as(email), body: { dto } }),
    byNumber: (email: string, gcsNumber: unknown) => app().call('POST', '/api/supplier-orders/getByGcsNumber', { ...as(email), body: { query: { gcsNumber } } }),
  };
}

/** The company orders without budgets and finance approval; the manager validates its departments. */
export async function prepareCompany(t: TestApp, customerId: string): Promise<void> {
  await setFeatures(t, customerId, (await featuresOf(t, customerId)).filter((f) => f !== 'budgets'));
  await t.db.updateTable('customers').set({ financeApprovalThreshold: null }).where('id', '=', customerId).execute();
  await t.db.updateTable('customerDepartments').set({ validatorUserId: await t.userId('manager@demo.test') }).where('customerId', '=', customerId).execute();
}
