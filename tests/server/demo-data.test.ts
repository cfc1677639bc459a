import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { seed } from '../../src/server/demo/seed';
import { checkVatNumber, REGISTRATION_COUNTRIES, VAT_PREFIX, type RegistrationCountry } from '../../src/shared/company-numbers';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';

/**
 * The demo data as the first start seeds it. Its orders (issue "Demo data"): every demo tenant's
 * buyer company has orders in the statuses its settings allow, with history; budgets monthly and
 * yearly, one nearly spent; departments with a validator. The server tests seed without them
 * (seed(db, { demoOrders: false })), so this file seeds a migrated database the way the product does.
 */

let fresh: TestDatabase;
beforeAll(async () => {
  fresh = await createTestDatabase({ migrate: true });
  expect(await seed(fresh.database.db)).toBe(true);
}, 120_000);
afterAll(async () => { await fresh?.cleanup(); });

const db = () => fresh.database.db;
const tenantOf = async (host: string) => String((await db().selectFrom('tenants').select('id').where('hostname', '=', host).executeTakeFirstOrThrow()).id);

describe('demo orders', () => {
  test('localhost shows every status of a budgets customer, acme.localhost adds finance approval; globex.localhost has none', async () => {
    const statuses = async (host: string) => (await db().selectFrom('orders').select('status').distinct().where('tenantId', '=', await tenantOf(host)).execute())
      .map((r) => r.status).sort();
    expect(await statuses('localhost')).toEqual(['approved', 'incomplete', 'rejected', 'toApprove', 'toApproveBudget']);
    expect(await statuses('acme.localhost')).toEqual(['approved', 'financeApproval', 'incomplete', 'rejected', 'toApprove', 'toApproveBudget']);
    expect(await statuses('globex.localhost')).toEqual([]);
  });

  test('every order has lines that add up to its total, and a history that starts with its creation', async () => {
    const orders = await db().selectFrom('orders').select(['id', 'totalProductCostExcl', 'status', 'rejectionReason']).execute();
    expect(orders.length).toBeGreaterThanOrEqual(12);
    for (const o of orders) {
      const sum = await db().selectFrom('orderLines').select(sql<string>`sum(total_line_cost_excl)`.as('s')).where('orderId', '=', o.id).executeTakeFirstOrThrow();
      expect(Number(sum.s)).toBeCloseTo(Number(o.totalProductCostExcl), 2);
      const history = await db().selectFrom('orderHistory').select(['action', 'toStatus']).where('orderId', '=', o.id).orderBy('createdAt').execute();
      expect(history[0]?.action).toBe('created');
      if (o.status === 'rejected') expect(o.rejectionReason).toBeTruthy();
      // The decision is the last step of the order itself; the supplier's steps may follow an approval.
      const own = history.filter((h) => h.action !== 'sentToSupplier' && h.action !== 'supplierResponse' && h.action !== 'deliveryCreated');
      if (o.status === 'approved' || o.status === 'rejected') expect(own.at(-1)?.action).toBe(o.status);
      // An approved order went to its suppliers (one supplier order per supplier of its lines).
      const suppliers = await db().selectFrom('orderLines').select('supplierId').distinct().where('orderId', '=', o.id).execute();
      const supplierOrders = await db().selectFrom('supplierOrders').select('supplierId').where('orderId', '=', o.id).execute();
      expect(supplierOrders.length).toBe(o.status === 'approved' ? suppliers.length : 0);
    }
  });

  test("the demo supplier user works for a supplier with supplier orders to follow up", async () => {
    const users = await db().selectFrom('users').select(['tenantId', 'supplierIds']).where('email', '=', 'supplier@demo.test').execute();
    const withOrders = await db().selectFrom('supplierOrders').select(['tenantId', 'supplierId', 'status']).execute();
    const tenants = new Set(withOrders.map((s) => s.tenantId));
    expect(tenants.size).toBeGreaterThan(0);
    for (const tenantId of tenants) {
      const raw = users.find((u) => u.tenantId === tenantId)!.supplierIds as unknown;
      const ids = (typeof raw === 'string' ? JSON.parse(raw) : raw) as string[];
      expect(Array.isArray(ids)).toBe(true);
      const theirs = withOrders.filter((s) => s.tenantId === tenantId && ids.includes(String(s.supplierId)));
      expect(theirs.map((s) => s.status)).toContain('WAITFORDELIVERY');
    }
  });

  test('the sent supplier orders have a delivery to confirm with all their lines, in the history of their order', async () => {
    const sent = await db().selectFrom('supplierOrders').selectAll().where('status', '=', 'WAITFORDELIVERY').execute();
    expect(sent.length).toBeGreaterThan(0);
    for (const so of sent) {
      const deliveries = await db().selectFrom('deliveries').selectAll().where('supplierOrderId', '=', so.id).execute();
      expect(deliveries.map((d) => [d.status, d.deliveryNumber, d.orderedById])).toEqual([['toApprove', `${so.gcsNumber}-L1`, so.orderedById]]);
      const lines = await db().selectFrom('deliveryLines').select(['supplierConfirmed', 'ordered']).where('deliveryId', '=', deliveries[0]!.id).execute();
      const soLines = await db().selectFrom('supplierOrderLines').select(['quantity', 'quantityToBeDelivered']).where('supplierOrderId', '=', so.id).execute();
      expect(lines.map((l) => l.supplierConfirmed).sort()).toEqual(soLines.map((l) => l.quantity).sort());
      expect(soLines.every((l) => l.quantityToBeDelivered === 0)).toBe(true);
      const history = await db().selectFrom('orderHistory').select('action').where('orderId', '=', so.orderId!).execute();
      expect(history.map((h) => h.action)).toContain('deliveryCreated');
    }
  });

  test("localhost's easy-stock company keeps demo articles in its warehouses, the demo delivery's among them in its order's warehouse", async () => {
    const localhost = await tenantOf('localhost');
    const instances = await db().selectFrom('warehouseInstances as i').innerJoin('warehouses as w', 'w.id', 'i.warehouseId')
      .select(['i.id', 'i.supplierArticleId', 'i.stock', 'i.minimumStock', 'i.depletedAt', 'w.departmentId', 'i.tenantId']).execute();
    expect(instances.length).toBeGreaterThanOrEqual(4);
    expect(instances.every((i) => i.tenantId === localhost)).toBe(true);
    expect(instances.some((i) => i.depletedAt !== null && Number(i.stock) <= Number(i.minimumStock))).toBe(true);
    for (const i of instances) {
      expect(await db().selectFrom('stockMovements').select(['kind', 'quantity']).where('warehouseInstanceId', '=', i.id).execute()).toEqual([{ kind: 'instanceCreated', quantity: i.stock }]);
    }
    const so = await db().selectFrom('supplierOrders').select(['id', 'orderId']).where('tenantId', '=', localhost).where('status', '=', 'WAITFORDELIVERY').executeTakeFirstOrThrow();
    const order = await db().selectFrom('orders').select('departmentId').where('id', '=', so.orderId!).executeTakeFirstOrThrow();
    const delivered = await db().selectFrom('deliveryLines as l').innerJoin('deliveries as d', 'd.id', 'l.deliveryId').select('l.supplierArticleId').where('d.supplierOrderId', '=', so.id).execute();
    const kept = instances.filter((i) => i.departmentId === order.departmentId).map((i) => i.supplierArticleId);
    expect(delivered.some((l) => kept.includes(l.supplierArticleId!))).toBe(true);
  });

  test('two orders of each seeded tenant have a conversation: the buyer asks, the manager answers', async () => {
    const rows = await db().selectFrom('orderComments as c').innerJoin('orders as o', 'o.id', 'c.orderId').select(['o.status', 'c.content'])
      .where('o.tenantId', '=', await tenantOf('localhost')).orderBy('c.createdAt').execute();
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['toApprove', 'rejected']));
    expect(rows).toHaveLength(4);
  });

  test('budgets: monthly and yearly, one nearly spent, and spent is what the approved orders charged', async () => {
    const tenantId = await tenantOf('localhost');
    const budgets = await db().selectFrom('budgets').select(['id', 'name', 'period', 'amount', 'customerAccessId']).where('tenantId', '=', tenantId).execute();
    expect(new Set(budgets.map((b) => b.period))).toEqual(new Set(['monthly', 'yearly']));
    expect(budgets.some((b) => b.customerAccessId)).toBe(true);
    const spent = async (id: string) => Number((await db().selectFrom('budgetEntries').select(sql<string>`coalesce(sum(amount), 0)`.as('s')).where('budgetId', '=', id).executeTakeFirstOrThrow()).s);
    const shares = await Promise.all(budgets.map(async (b) => (await spent(String(b.id))) / Number(b.amount)));
    expect(shares.some((s) => s > 0.85 && s <= 1)).toBe(true);
    expect(shares.every((s) => s <= 1)).toBe(true);
    const approved = await db().selectFrom('orderLines as l').innerJoin('orders as o', 'o.id', 'l.orderId')
      .select(sql<string>`coalesce(sum(l.total_line_cost_excl), 0)`.as('s')).where('o.status', '=', 'approved').where('l.budgetId', 'is not', null).where('o.tenantId', '=', tenantId).executeTakeFirstOrThrow();
    const charged = await db().selectFrom('budgetEntries').select(sql<string>`coalesce(sum(amount), 0)`.as('s')).where('tenantId', '=', tenantId).executeTakeFirstOrThrow();
    expect(Number(charged.s)).toBeCloseTo(Number(approved.s), 2);
  });

  test("each of the first two customers' first department has a validator", async () => {
    const tenantId = await tenantOf('localhost');
    const manager = String((await db().selectFrom('users').select('id').where('tenantId', '=', tenantId).where('email', '=', 'manager@demo.test').executeTakeFirstOrThrow()).id);
    const validated = await db().selectFrom('customerDepartments').select('customerId').where('tenantId', '=', tenantId).where('validatorUserId', '=', manager).execute();
    expect(new Set(validated.map((d) => d.customerId)).size).toBe(2);
  });
});

describe('demo invoices', () => {
  test("localhost's buyer company has an open, an expired and a paid invoice of its supplier orders, their lines adding up", async () => {
    const tenantId = await tenantOf('localhost');
    const rows = await db().selectFrom('invoices').selectAll().where('tenantId', '=', tenantId).orderBy('number').execute();
    expect(rows.map((r) => r.status).sort()).toEqual(['expired', 'open', 'payed']);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date());
    for (const r of rows) {
      expect(r.supplierOrderId).toBeTruthy();
      expect(String(r.dueDate) >= String(r.invoiceDate)).toBe(true);
      // The expired one is past its due date, the others are not: the expiry job would change none of them.
      expect(String(r.dueDate) < today).toBe(r.status === 'expired');
      if (r.status === 'payed') expect(r.paidById).toBeTruthy();
      const sum = await db().selectFrom('invoiceLines').select(sql<string>`sum(line_total_excl)`.as('s')).where('invoiceId', '=', r.id).executeTakeFirstOrThrow();
      expect(Number(sum.s)).toBeCloseTo(Number(r.priceExcl), 2);
      expect(Number(r.priceIncl)).toBeGreaterThan(Number(r.priceExcl));
    }
    expect(await db().selectFrom('invoices').select('id').where('tenantId', '=', await tenantOf('globex.localhost')).execute()).toEqual([]);
  });
});

/**
 * The demo data keeps the product's own rules: every company and supplier the first start seeds (all
 * tenants) has a VAT number that the product's check (src/shared/company-numbers.ts: a Belgian number's
 * mod-97 check digits, other countries' formats) accepts, so that their e-invoices can be booked.
 * Read from what the seed wrote, not from the seed's lists.
 */

/** The registration country whose VAT prefix `vat` starts with (GB is the United Kingdom's 'EN'). */
const countryOf = (vat: string): RegistrationCountry | undefined => REGISTRATION_COUNTRIES.find((c) => vat.startsWith(VAT_PREFIX[c]));

describe('seeded company numbers', () => {
  test('every seeded customer and supplier of every tenant has a VAT number the product accepts', async () => {
    const db = fresh.database.db;
    const rows = [
      ...(await db.selectFrom('customers').select(['name', 'vatNumber']).execute()).map((r) => ({ kind: 'customer', ...r })),
      ...(await db.selectFrom('suppliers').select(['name', 'vatNumber']).execute()).map((r) => ({ kind: 'supplier', ...r })),
    ];
    // The four suppliers the demo catalogue adds are among them.
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['Bruneau', 'Manutan', 'Hygiëne Direct', 'Horeca Café Service']));
    const wrong = rows.filter((r) => {
      const vat = String(r.vatNumber ?? '');
      const country = countryOf(vat);
      return !country || checkVatNumber(vat, country) !== 'ok';
    });
    expect(wrong).toEqual([]);
    expect(rows.filter((r) => countryOf(String(r.vatNumber ?? '')) === 'BE').length).toBeGreaterThan(10);
  });
});

describe('demo contracts', () => {
  test("each company's contract layout, categories and contracts are in its tenant's default language", async () => {
    const layoutNames = async (host: string) => {
      const rows = await db().selectFrom('contractLayouts').select('fields').where('tenantId', '=', await tenantOf(host)).execute();
      return rows.flatMap((r) => (typeof r.fields === 'string' ? JSON.parse(r.fields) : r.fields) as { name: string }[]).map((f) => f.name);
    };
    const categories = async (host: string) => (await db().selectFrom('contractCategories').select('name').distinct().where('tenantId', '=', await tenantOf(host)).execute()).map((r) => r.name).sort();
    // Every tenant with a contracts company has its layout.
    const en = await layoutNames('acme.localhost');
    expect(en).toContain('Signed contract');
    expect(en).toContain('Latest cancellation date');
    expect(en).not.toContain('Getekend contract');
    expect(await categories('acme.localhost')).toEqual(['Cleaning', 'Maintenance']);
    const nl = await layoutNames('localhost');
    expect(nl).toContain('Getekend contract');
    expect(await categories('localhost')).toEqual(['Onderhoud', 'Schoonmaak']);
  });
});
