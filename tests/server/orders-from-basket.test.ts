import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { todayInShopZone } from '../../src/shared/shop-clock';
import { searchIndex } from '../../src/server/search/engine';
import { indexNameFor, reindexArticles } from '../../src/server/search/index-sync';
import { count, featuresOf, line, makeArticle, makeSupplier, setFeatures, stockOf, storedBasket } from './basket-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/** flows §3 Order, §4: POST /v2/orders/transporter, GET /v2/orders, GET /v2/orders/{id}. */

let t: TestApp;
let first: string;
let second: string;
let buyerId: string;
let supplier: string;
let other: string;
let pens: string; // 1.20 per 10, stock 100
let paper: string; // 4.95, 6% VAT, stock tracked
let chairs: string; // no stock
const year = todayInShopZone().slice(0, 4);
beforeAll(async () => {
  t = await startTestApp();
  [first, second] = await t.customerIds();
  buyerId = await t.userId('buyer@demo.test');
  supplier = await makeSupplier(t, { name: 'Bureau NV', shippingCost: '7.50', freeShippingFrom: '100.00' });
  other = await makeSupplier(t, { name: 'Stoel BV', shippingCost: '5.00' });
  pens = await makeArticle(t, { supplierId: supplier, price: '1.20', priceQuantity: 10, stock: 100, title: 'Balpennen' });
  paper = await makeArticle(t, { supplierId: supplier, price: '4.95', tax: 6, stock: 20, title: 'Papier' });
  chairs = await makeArticle(t, { supplierId: other, price: '89.00', title: 'Stoel' });
  await reindexArticles(t.db, await t.tenantId(), [pens, paper, chairs]);
});
afterAll(async () => { await t?.close(); });

const buyer = { as: 'buyer@demo.test' };
const manager = (customerId = first) => ({ as: 'manager@demo.test', customerId });
const put = (lines: unknown[], opts: object = buyer, shipping: object = {}) =>
  t.call('PUT', '/api/v2/transporters/update', { ...opts, body: { transporter: { transporterLines: lines, transporterShippingDetails: shipping } } });
const order = (opts: object = buyer, body: object = {}) => t.call('POST', '/api/v2/orders/transporter', { ...opts, body });
const budgetSpent = async (id: string) => (await t.db.selectFrom('suppliers').select('budgetSpent').where('id', '=', id).executeTakeFirstOrThrow()).budgetSpent;
/** The stock the marketplace search shows for an article: its hit's and the stock facet's. */
async function searchedStock(id: string) {
  const tenant = await t.db.selectFrom('tenants').select(['hostname', 'environment']).where('id', '=', await t.tenantId()).executeTakeFirstOrThrow();
  const r = await searchIndex(t.db, indexNameFor(tenant as { hostname: string; environment: string }), { query: '', filters: `objectID:"${id}"`, facets: ['stock'] }, null);
  return { hit: r.hits[0]?.stock, facet: r.facets?.stock };
}
const primaryOf = async (customerId: string) => (await t.db.selectFrom('customerAddresses').selectAll().where('customerId', '=', customerId).where('isPrimary', '=', true).executeTakeFirstOrThrow());

describe('POST /v2/orders/transporter', () => {
  let placed: any;

  test('the basket becomes an order with copied lines, totals, the primary address; stock, budgets and basket follow', async () => {
    ok(await put([line(pens, 25), line(paper, 2), line(chairs, 1)]));
    expect(await searchedStock(pens)).toEqual({ hit: 100, facet: { 100: 1 } });
    placed = ok(await order(buyer, { customerId: first, userId: buyerId })).result;
    // The marketplace shows the stock the order left.
    expect(await searchedStock(pens)).toEqual({ hit: 75, facet: { 75: 1 } });
    expect(await searchedStock(paper)).toEqual({ hit: 18, facet: { 18: 1 } });
    expect(placed.orderNumber).toMatch(new RegExp(`^DEV-${year}-\\d{6}$`));
    expect(placed).toMatchObject({
      customerId: first, orderedById: buyerId, status: 'toApproveBudget', // the first customer has the budgets feature
      totalProductCostExcl: '101.90', // 3.00 + 9.90 + 89.00
      totalProductCostIncl: '121.81', // 3.63 + 10.49 + 107.69
      shippingCost: '12.50', shippingCostVat: '2.63', loyaltyDiscount: '0.00', totalCost: '136.94', budgets: [],
    });
    expect(placed.orderDate).toEqual(expect.any(String));
    const primary = await primaryOf(first);
    expect(placed.addressId).toBe(primary.id);
    expect(placed.address).toMatchObject({ street: 'Kerkstraat', zipCode: '9000', countryCode: 'BE' });
    expect(placed.orderLines.map((l: any) => [l.lineNumber, l.supplierArticleId, l.title.nl, l.unitPrice, l.priceQuantity, l.tax, l.amount, l.totalLineCostExcl, l.totalLineCostIncl, l.lineType]))
      .toEqual([
        [1, pens, 'Balpennen', '1.20', 10, 21, 25, '3.00', '3.63', 'article'],
        [2, paper, 'Papier', '4.95', 1, 6, 2, '9.90', '10.49', 'article'],
        [3, chairs, 'Stoel', '89.00', 1, 21, 1, '89.00', '107.69', 'article'],
      ]);
    expect(placed.orderLines[0]).toMatchObject({ supplierId: supplier, articleNumberSupplier: expect.stringMatching(/^ART-/), orderId: placed.id });
    expect(await stockOf(t, pens)).toBe(75);
    expect(await stockOf(t, paper)).toBe(18);
    expect(await stockOf(t, chairs)).toBeNull();
    // each supplier's budget is charged its products and shipping, excluding VAT
    expect(await budgetSpent(supplier)).toBe('20.40'); // 12.90 + 7.50 (below free shipping from 100)
    expect(await budgetSpent(other)).toBe('94.00'); // 89.00 + 5.00
    const basket = ok(await t.call('GET', '/api/v2/transporters/load', buyer)).result;
    expect(basket.transporterLines).toEqual([]);
    expect(basket.itemCount).toBe(0);
  });

  test('the buyer finds the order in GET /v2/orders and GET /v2/orders/{id}; the manager of the customer too', async () => {
    const list = ok(await t.call('GET', '/api/v2/orders', { ...buyer, query: { page: '1', pageSize: '20' } }));
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect(list.items.map((o: any) => o.id)).toContain(placed.id);
    const mine = ok(await t.call('GET', '/api/v2/orders', { ...buyer, query: { orderedBy: buyerId, orderState: 'toApproveBudget', search: placed.orderNumber } }));
    expect(mine.items.map((o: any) => o.id)).toEqual([placed.id]);
    const one = ok(await t.call('GET', `/api/v2/orders/${placed.id}`, buyer)).result;
    expect(one).toEqual(placed);
    expect(one.orderLines.map((l: any) => l.lineNumber)).toEqual([1, 2, 3]);
    ok(await t.call('GET', `/api/v2/orders/${placed.id}`, manager()));
    expect(ok(await t.call('GET', '/api/v2/orders', manager())).items.map((o: any) => o.id)).toContain(placed.id);
  });

  test("another customer's order is 404 OrderNotFound, and it is not in that customer's list", async () => {
    fails(await t.call('GET', `/api/v2/orders/${placed.id}`, manager(second)), 404, 'OrderNotFound');
    fails(await t.call('GET', '/api/v2/orders/not-an-id', buyer), 404, 'OrderNotFound');
    fails(await t.call('GET', '/api/v2/orders/8b0c6f6e-0000-4000-8000-000000000000', buyer), 404, 'OrderNotFound');
    expect(ok(await t.call('GET', '/api/v2/orders', manager(second))).items.map((o: any) => o.id)).not.toContain(placed.id);
  });

  test('order numbers follow each other per tenant; a customer without budgets gets toApprove', async () => {
    const features = await featuresOf(t, second);
    await setFeatures(t, second, features.filter((f) => f !== 'budgets'));
    try {
      ok(await put([line(chairs, 1)], manager(second)));
      const next = ok(await order(manager(second))).result;
      expect(next.status).toBe('toApprove');
      const seq = (n: string) => Number(n.split('-')[2]);
      expect(seq(next.orderNumber)).toBe(seq(placed.orderNumber) + 1);
    } finally {
      await setFeatures(t, second, features);
    }
    const acmeSupplier = await makeSupplier(t, {}, 'acme.localhost');
    const acmeArticle = await makeArticle(t, { supplierId: acmeSupplier }, 'acme.localhost');
    ok(await put([line(acmeArticle, 1)], { as: 'buyer@demo.test', host: 'acme.localhost' }));
    const acme = ok(await order({ as: 'buyer@demo.test', host: 'acme.localhost' })).result;
    expect(acme.orderNumber).toBe(`ACM-${year}-000001`);
  });

  test('an empty basket is refused: EmptyTransporter', async () => {
    ok(await put([]));
    fails(await order(), 400, 'EmptyTransporter');
    fails(await order(manager()), 400, 'EmptyTransporter'); // never had a basket in this customer
    fails(await t.call('POST', '/api/v2/orders/transporter', buyer), 400, 'EmptyTransporter'); // no body: the caller's own basket
  });

  test('an invalid basket is refused with the first problem and changes nothing', async () => {
    const scarce = await makeArticle(t, { supplierId: supplier, price: '50.00', stock: 5 });
    ok(await put([line(paper, 1), line(scarce, 4)]));
    await t.db.updateTable('supplierArticles').set({ stock: 3 }).where('id', '=', scarce).execute();
    const before = { orders: await count(t, 'orders'), lines: await count(t, 'order_lines'), paper: await stockOf(t, paper), spent: await budgetSpent(supplier), basket: await storedBasket(t, buyerId, first) };
    const body = fails(await order(), 400, 'NotEnoughStock');
    expect(body.details).toEqual([expect.objectContaining({ path: 'transporterLines.1', rule: 'NotEnoughStock', params: { stock: 3 } })]);
    expect({ orders: await count(t, 'orders'), lines: await count(t, 'order_lines'), paper: await stockOf(t, paper), spent: await budgetSpent(supplier), basket: await storedBasket(t, buyerId, first) }).toEqual(before);
    expect(await stockOf(t, scarce)).toBe(3);
    // a supplier below its minimum order price refuses the order too
    const picky = await makeSupplier(t, { minimumOrderPrice: '500.00' });
    const item = await makeArticle(t, { supplierId: picky, price: '5.00' });
    ok(await put([line(item, 1)]));
    fails(await order(), 400, 'BelowMinimumOrderPrice');
  });

  test('shipping details in the body choose the address; another customer\'s address is 404; one-time addresses need the feature', async () => {
    const warehouse = await t.db.selectFrom('customerAddresses').selectAll().where('customerId', '=', first).where('isPrimary', '=', false).where('deleted', '=', false).where('oneTime', '=', false).executeTakeFirstOrThrow();
    ok(await put([line(chairs, 1)]));
    fails(await order(buyer, { shippingDetails: { addressId: (await primaryOf(second)).id } }), 404, 'AddressNotFound');
    const oneTimeAddress = { street: 'Dorpsstraat', houseNumber: '5', zipCode: '9820', city: 'Merelbeke', countryCode: 'NL' };
    fails(await order(buyer, { shippingDetails: { oneTimeAddress } }), 403, 'OneTimeAddressesDisabled');
    const o = ok(await order(buyer, { shippingDetails: { addressId: warehouse.id, about: 'Kantoor', remark: 'Bel aan' } })).result;
    expect(o).toMatchObject({ addressId: warehouse.id, about: 'Kantoor', extraInfo: 'Bel aan' });
    expect(o.address).toMatchObject({ street: 'Havenlaan' });

    const features = await featuresOf(t, first);
    await setFeatures(t, first, [...features, 'oneTimeAddresses']);
    try {
      ok(await put([line(chairs, 1)]));
      const once = ok(await order(buyer, { shippingDetails: { oneTimeAddress } })).result;
      expect(once.address).toMatchObject(oneTimeAddress);
      const entry = await t.db.selectFrom('customerAddresses').selectAll().where('id', '=', once.addressId).executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ oneTime: true, isPrimary: false, customerId: first });
    } finally {
      await setFeatures(t, first, features);
    }
  });

  test('spending points: a discount on the total and a negative ledger entry; more than the balance is NotEnoughPoints', async () => {
    const features = await featuresOf(t, second);
    await setFeatures(t, second, [...features, 'ycoin']);
    try {
      await t.db.insertInto('loyaltyTransactions').values({ tenantId: await t.tenantId(), customerId: second, points: 1000, reason: 'Start' }).execute();
      ok(await put([line(chairs, 1)], manager(second), { loyaltyPoints: 500 }));
      const o = ok(await order(manager(second))).result;
      expect(o).toMatchObject({ totalProductCostIncl: '107.69', shippingCost: '5.00', shippingCostVat: '1.05', loyaltyDiscount: '5.00', totalCost: '108.74' });
      const ledger = await t.db.selectFrom('loyaltyTransactions').select(['points', 'orderId']).where('customerId', '=', second).where('orderId', '=', o.id).execute();
      expect(ledger).toEqual([{ points: -500, orderId: o.id }]);
      ok(await put([line(chairs, 1)], manager(second)));
      const before = await count(t, 'orders');
      fails(await order(manager(second), { shippingDetails: { loyaltyPoints: 501 } }), 400, 'NotEnoughPoints');
      expect(await count(t, 'orders')).toBe(before);
    } finally {
      await setFeatures(t, second, features);
    }
  });

  test('access and bodies: finance (orders:RWX, no C) may not order; another user or customer in the body is 403; malformed bodies are 400', async () => {
    ok(await put([line(chairs, 1)]));
    fails(await order({ as: 'finance@demo.test' }), 403, 'forbiddenAccess');
    fails(await order(buyer, { userId: await t.userId('manager@demo.test') }), 403, 'forbiddenAccess');
    fails(await order(buyer, { customerId: second }), 403, 'forbiddenAccess');
    for (const body of [[1], { shippingDetails: 'x' }, { shippingDetails: { addressId: 'nope' } }, { shippingDetails: { loyaltyPoints: -1 } }, { userId: 5 }]) {
      const res = await order(buyer, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const raw = await t.call('POST', '/api/v2/orders/transporter', { ...buyer, headers: { 'content-type': 'application/json' }, body: '{' });
    expect(raw.statusCode).toBe(400);
    // none of these touched the basket
    expect(ok(await t.call('GET', '/api/v2/transporters/load', buyer)).result.itemCount).toBe(1);
  });
});

describe('flows §5 "Ordering requires department membership" on the basket and its order', () => {
  const departments = async () => (await t.db.selectFrom('customerDepartments').select('id').where('customerId', '=', first).orderBy('costCenter').execute()).map((d) => d.id);
  const setMembership = async (userId: string, ids: string[]) => t.db.updateTable('customerAccesses').set({ departmentIds: JSON.stringify(ids) } as never)
    .where('userId', '=', userId).where('customerId', '=', first).execute();
  const validate = () => t.call('POST', '/api/v2/transporters/validate', { ...buyer, body: {} });

  test('the basket refuses a department the buyer is not a member of, the order too; a member\'s department is kept', async () => {
    const [mine, notMine] = await departments();
    expect(notMine).toBeDefined();
    await setMembership(buyerId, [mine!]);
    ok(await put([line(chairs, 1)], buyer, { departmentId: mine }));
    const before = await storedBasket(t, buyerId, first);
    const refused = fails(await put([line(chairs, 2)], buyer, { departmentId: notMine }), 400, 'NotDepartmentMember');
    expect(refused.details).toEqual([expect.objectContaining({ path: 'transporter.transporterShippingDetails.departmentId', rule: 'NotDepartmentMember' })]);
    expect(await storedBasket(t, buyerId, first)).toEqual(before);

    const orders = await count(t, 'orders');
    const inBody = fails(await order(buyer, { shippingDetails: { departmentId: notMine } }), 400, 'NotDepartmentMember');
    expect(inBody.details).toEqual([expect.objectContaining({ path: 'shippingDetails.departmentId' })]);
    expect(await count(t, 'orders')).toBe(orders);
    const placed = ok(await order(buyer)).result;
    expect(placed.departmentId).toBe(mine);
  });

  test('a department whose membership the buyer lost since choosing it: the check lists it and the order is refused, changing nothing', async () => {
    const [mine] = await departments();
    await setMembership(buyerId, [mine!]);
    try {
      ok(await put([line(chairs, 1)], buyer, { departmentId: mine }));
      await setMembership(buyerId, []);
      const check = ok(await validate()).result;
      expect(check.valid).toBe(false);
      expect(check.problems.map((p: { errorCode: string }) => p.errorCode)).toContain('NotDepartmentMember');
      const before = { orders: await count(t, 'orders'), spent: await budgetSpent(other), basket: await storedBasket(t, buyerId, first) };
      fails(await order(), 400, 'NotDepartmentMember');
      expect({ orders: await count(t, 'orders'), spent: await budgetSpent(other), basket: await storedBasket(t, buyerId, first) }).toEqual(before);
    } finally {
      await setMembership(buyerId, [mine!]);
    }
  });

  test('a super admin acting for the customer holds no access and may name any of its departments', async () => {
    const [, notMine] = await departments();
    const admin = { as: 'superadmin@demo.test', customerId: first };
    ok(await put([line(chairs, 1)], admin, { departmentId: notMine }));
    expect(ok(await order(admin)).result.departmentId).toBe(notMine);
  });
});
