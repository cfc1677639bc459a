import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { count, line, makeArticle, makeSupplier, setFeatures, storedBasket } from './basket-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/** core §3 Basket, §4 Basket adding, §5 basket quantity, §7 Basket; contract "Basket". */

let t: TestApp;
let first: string;
let second: string;
let buyerId: string;
let managerId: string;
let supplier: string;
let plain: string; // 10.00, no stock
let stocked: string; // stock 5
let perTen: string; // 12.35 per 10, minimum 10
let lowTax: string; // 6% VAT
let giftCard: string;
beforeAll(async () => {
  t = await startTestApp();
  [first, second] = await t.customerIds();
  buyerId = await t.userId('buyer@demo.test');
  managerId = await t.userId('manager@demo.test');
  supplier = await makeSupplier(t, { name: 'Mandje BV', shippingCost: '7.50', freeShippingFrom: '100.00', minimumOrderPrice: '20.00' });
  plain = await makeArticle(t, { supplierId: supplier, price: '10.00' });
  stocked = await makeArticle(t, { supplierId: supplier, price: '2.00', stock: 5 });
  perTen = await makeArticle(t, { supplierId: supplier, price: '12.35', priceQuantity: 10, minOrderQuant: 10 });
  lowTax = await makeArticle(t, { supplierId: supplier, price: '4.95', tax: 6 });
  giftCard = await makeArticle(t, { supplierId: supplier, price: '0.00', type: 'GiftCard', tax: 0 });
});
afterAll(async () => { await t?.close(); });

const buyer = { as: 'buyer@demo.test' };
const put = (lines: unknown[], opts: object = buyer, extra: object = {}) =>
  t.call('PUT', '/api/v2/transporters/update', { ...opts, body: { transporter: { transporterLines: lines, ...extra } } });
const load = (opts: object = buyer) => t.call('GET', '/api/v2/transporters/load', opts);
const clear = () => put([]);

describe('load', () => {
  test('a user without a basket gets an empty one, and reading stores nothing', async () => {
    const before = await count(t, 'transporters');
    const b = ok(await load({ as: 'finance@demo.test', query: { customerId: first } })).result;
    expect(b).toMatchObject({
      id: null, customerId: first, transporterLines: [], suppliers: [], itemCount: 0,
      totalProductCostExcl: '0.00', totalProductCostIncl: '0.00', totalShippingCost: '0.00', totalShippingCostVat: '0.00', totalCost: '0.00',
    });
    expect(b.transporterShippingDetails).toMatchObject({ addressId: null, loyaltyPoints: 0 });
    expect(await count(t, 'transporters')).toBe(before);
  });

  test("another user's basket cannot be read: 403", async () => {
    fails(await load({ ...buyer, query: { userId: managerId } }), 403, 'forbiddenAccess');
    ok(await load({ ...buyer, query: { userId: buyerId, customerId: first } }));
  });
});

describe('update: lines, totals and the stored basket', () => {
  test('the answer is the stored basket with articles and string totals (DESIGN §6)', async () => {
    const b = ok(await put([line(plain, 3), line(perTen, 10), line(lowTax, 2)])).result;
    expect(b.transporterLines.map((l: any) => [l.transporterArticle.id, l.amount, l.totalLineCostExcl, l.totalLineCostIncl])).toEqual([
      [plain, 3, '30.00', '36.30'],
      [perTen, 10, '12.35', '14.94'],
      [lowTax, 2, '9.90', '10.49'],
    ]);
    expect(b.transporterLines[0].transporterArticle).toMatchObject({
      price: '10.00', priceQuantity: 1, minOrderQuant: 1, supplierId: supplier, supplierName: 'Mandje BV', tax: 21, currency: 'EUR', available: true, stock: null, type: 'Regular',
      shortDescriptions: [{ languageCode: 'nl', description: 'Regel een\nRegel twee' }, { languageCode: 'en', description: 'Line one' }],
    });
    expect(b.suppliers).toEqual([{ supplierId: supplier, supplierName: 'Mandje BV', productCostExcl: '52.25', shippingCost: '7.50', freeShippingFrom: '100.00', minimumOrderPrice: '20.00', belowMinimum: false }]);
    expect(b).toMatchObject({ totalProductCostExcl: '52.25', totalProductCostIncl: '61.73', totalShippingCost: '7.50', totalShippingCostVat: '1.58', totalCost: '70.81', itemCount: 15 });
    expect(b.userId).toBe(buyerId);
    // what load answers afterwards is the same basket
    expect(ok(await load()).result).toEqual(b);
    expect(await storedBasket(t, buyerId, first)).toHaveLength(1);
  });

  test('free shipping from exactly the threshold; below the minimum order price is flagged', async () => {
    let b = ok(await put([line(plain, 10)])).result;
    expect(b.suppliers[0]).toMatchObject({ productCostExcl: '100.00', shippingCost: '0.00', belowMinimum: false });
    expect(b.totalCost).toBe('121.00');
    b = ok(await put([line(plain, 1)])).result;
    expect(b.suppliers[0]).toMatchObject({ productCostExcl: '10.00', shippingCost: '7.50', belowMinimum: true });
  });

  test('the same article twice is merged into one line with the summed amount', async () => {
    const b = ok(await put([line(stocked, 2), line(plain, 1), line(stocked, 3)])).result;
    expect(b.transporterLines.map((l: any) => [l.transporterArticle.id, l.amount])).toEqual([[stocked, 5], [plain, 1]]);
  });

  test('adding beyond the stock is refused once the total passes it, with the stock as a parameter', async () => {
    ok(await put([line(stocked, 4)]));
    const body = fails(await put([line(stocked, 4), line(stocked, 2)]), 400, 'NotEnoughStock');
    expect(body.details).toEqual([expect.objectContaining({ path: 'transporter.transporterLines.0', rule: 'NotEnoughStock', params: { stock: 5 } })]);
    fails(await put([line(plain, 1), line(stocked, 6)]), 400, 'NotEnoughStock');
  });

  test.each([
    ['zero', 0], ['negative', -2], ['a fraction', 1.5], ['a string', '3'], ['missing', undefined],
  ])('an amount that is %s is refused: InvalidQuantity', async (_name, amount) => {
    const body = fails(await put([line(plain, 1), line(plain, amount)]), 400, 'InvalidQuantity');
    expect(body.details).toEqual([expect.objectContaining({ path: 'transporter.transporterLines.1.amount', rule: 'InvalidQuantity' })]);
  });

  test('below the minimum order quantity: BelowMinimumOrderQuantity', async () => {
    const body = fails(await put([line(perTen, 9)]), 400, 'BelowMinimumOrderQuantity');
    expect(body.details?.[0]).toMatchObject({ path: 'transporter.transporterLines.0', params: { minOrderQuant: 10 } });
  });

  test('unknown, unavailable, other-customer and rule-excluded articles: ArticleNotAvailable with the line index', async () => {
    const unavailable = await makeArticle(t, { supplierId: supplier, available: false });
    const othersOwn = await makeArticle(t, { supplierId: supplier, customerId: second });
    const excludedSupplier = await makeSupplier(t);
    const excluded = await makeArticle(t, { supplierId: excludedSupplier });
    const rules = await t.db.selectFrom('catalogRules').select(['id', 'excludeSuppliers']).where('userId', '=', buyerId).executeTakeFirst();
    const stored = typeof rules?.excludeSuppliers === 'string' ? JSON.parse(rules.excludeSuppliers) : rules?.excludeSuppliers ?? [];
    if (rules) await t.db.updateTable('catalogRules').set({ excludeSuppliers: JSON.stringify([...stored, excludedSupplier]) }).where('id', '=', rules.id).execute();
    else await t.db.insertInto('catalogRules').values({ tenantId: await t.tenantId(), userId: buyerId, excludeSuppliers: JSON.stringify([excludedSupplier]) }).execute();
    for (const id of ['8b0c6f6e-0000-4000-8000-000000000000', 'not-an-id', unavailable, othersOwn, excluded]) {
      const body = fails(await put([line(plain, 1), line(id, 1)]), 400, 'ArticleNotAvailable');
      expect(body.details).toEqual([expect.objectContaining({ path: 'transporter.transporterLines.1', rule: 'ArticleNotAvailable' })]);
    }
    // the manager (no rule) may put the excluded supplier's article in their basket
    ok(await put([line(excluded, 1)], { as: 'manager@demo.test', customerId: first }));
  });

  test('gift cards need recipient name, e-mail and a value above 0; they cost their value and are never merged', async () => {
    const card = (over: object = {}) => ({ recipientName: 'Els', recipientEmail: 'els@example.test', message: 'Proficiat', value: '25.00', ...over });
    for (const g of [null, undefined, card({ recipientName: '' }), card({ recipientEmail: null }), card({ value: '0' })]) {
      fails(await put([line(giftCard, 1, g)]), 400, 'GiftCardDetailsRequired');
    }
    const b = ok(await put([line(giftCard, 1, card()), line(giftCard, 2, card({ recipientName: 'Jan', value: '10' }))])).result;
    expect(b.transporterLines.map((l: any) => [l.amount, l.giftCard.recipientName, l.totalLineCostExcl])).toEqual([[1, 'Els', '25.00'], [2, 'Jan', '20.00']]);
    // a gift card's details on a regular article are dropped
    const regular = ok(await put([line(plain, 1, card())])).result;
    expect(regular.transporterLines[0].giftCard).toBeNull();
  });

  test('articles priced in POINTS go through the same arithmetic, prices in points', async () => {
    const reward = await makeArticle(t, { supplierId: supplier, price: '150', priceQuantity: 1, tax: 0, currency: 'POINTS' });
    const b = ok(await put([line(reward, 2)])).result;
    expect(b.transporterLines[0]).toMatchObject({ totalLineCostExcl: '300.00', totalLineCostIncl: '300.00', transporterArticle: expect.objectContaining({ currency: 'POINTS', price: '150.00' }) });
  });

  test('a refused update changes nothing', async () => {
    const before = ok(await put([line(plain, 2), line(stocked, 1)])).result;
    fails(await put([line(plain, 3), line(stocked, 99)]), 400, 'NotEnoughStock');
    fails(await put([line(plain, 3), line(perTen, 1)]), 400, 'BelowMinimumOrderQuantity');
    fails(await put([line(plain, 3)], buyer, { transporterShippingDetails: { addressId: '8b0c6f6e-0000-4000-8000-000000000000' } }), 404, 'AddressNotFound');
    expect(ok(await load()).result).toEqual(before);
  });

  test('body and user checks: another user or customer in the body is 403; malformed bodies are 400, never 500', async () => {
    fails(await t.call('PUT', '/api/v2/transporters/update', { ...buyer, body: { userId: managerId, transporter: { transporterLines: [] } } }), 403, 'forbiddenAccess');
    fails(await t.call('PUT', '/api/v2/transporters/update', { ...buyer, body: { customerId: second, transporter: { transporterLines: [] } } }), 403, 'forbiddenAccess');
    for (const body of [{}, { transporter: 'x' }, { transporter: { transporterLines: 'x' } }, { transporter: { transporterLines: [{ amount: 1 }] } },
      { transporter: { transporterLines: [null] } }, { transporter: { transporterShippingDetails: { loyaltyPoints: 'many' } } }, [1, 2]]) {
      const res = await t.call('PUT', '/api/v2/transporters/update', { ...buyer, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const raw = await t.call('PUT', '/api/v2/transporters/update', { ...buyer, headers: { 'content-type': 'application/json' }, body: '{"transporter":' });
    expect(raw.statusCode).toBe(400);
  });

  test("each user has their own basket per customer: the manager's baskets do not touch the buyer's", async () => {
    ok(await put([line(plain, 4)]));
    ok(await put([line(plain, 1)], { as: 'manager@demo.test', customerId: first }));
    ok(await put([line(plain, 2)], { as: 'manager@demo.test', customerId: second }));
    expect(ok(await load()).result.itemCount).toBe(4);
    expect(ok(await load({ as: 'manager@demo.test', customerId: first })).result.itemCount).toBe(1);
    expect(ok(await load({ as: 'manager@demo.test', customerId: second })).result.itemCount).toBe(2);
  });
});

describe('POST /v2/transporters/update {dto} (after removing a line)', () => {
  test('replaces the basket with the transporter sent back', async () => {
    const b = ok(await put([line(plain, 1), line(lowTax, 1)])).result;
    const dto = { ...b, transporterLines: b.transporterLines.slice(1) };
    const after = ok(await t.call('POST', '/api/v2/transporters/update', { ...buyer, body: { dto } })).result;
    expect(after.transporterLines.map((l: any) => l.transporterArticle.id)).toEqual([lowTax]);
    fails(await t.call('POST', '/api/v2/transporters/update', { ...buyer, body: { dto: { ...dto, userId: managerId } } }), 403, 'forbiddenAccess');
    fails(await t.call('POST', '/api/v2/transporters/update', { ...buyer, body: { dto: { ...dto, transporterLines: [line(stocked, 6)] } } }), 400, 'NotEnoughStock');
    const body = fails(await t.call('POST', '/api/v2/transporters/update', { ...buyer, body: {} }), 400, 'validationFailed');
    expect(body.details?.[0].path).toBe('dto');
  });
});

describe('shipping details', () => {
  const addressOf = async (customerId: string) =>
    (await t.db.selectFrom('customerAddresses').select('id').where('customerId', '=', customerId).where('isPrimary', '=', true).executeTakeFirstOrThrow()).id;

  test("an address of the customer's book is kept; another customer's is 404 AddressNotFound", async () => {
    const own = await addressOf(first);
    const b = ok(await put([line(plain, 1)], buyer, { transporterShippingDetails: { addressId: own, about: 'Project X', remark: 'Achterdeur' } })).result;
    expect(b.transporterShippingDetails).toMatchObject({ addressId: own, about: 'Project X', remark: 'Achterdeur', loyaltyPoints: 0 });
    const body = fails(await put([line(plain, 1)], buyer, { transporterShippingDetails: { addressId: await addressOf(second) } }), 404, 'AddressNotFound');
    expect(body.details?.[0].path).toBe('transporter.transporterShippingDetails.addressId');
  });

  test('a one-time address needs the oneTimeAddresses feature', async () => {
    const oneTimeAddress = { street: 'Dorpsstraat', houseNumber: '5', zipCode: '9820', city: 'Merelbeke', countryCode: 'BE' };
    fails(await put([line(plain, 1)], buyer, { transporterShippingDetails: { oneTimeAddress } }), 403, 'OneTimeAddressesDisabled');
    const features = (await t.db.selectFrom('customers').select('features').where('id', '=', first).executeTakeFirstOrThrow()).features;
    const list = typeof features === 'string' ? JSON.parse(features) : features;
    await setFeatures(t, first, [...list, 'oneTimeAddresses']);
    try {
      const b = ok(await put([line(plain, 1)], buyer, { transporterShippingDetails: { oneTimeAddress } })).result;
      expect(b.transporterShippingDetails.oneTimeAddress).toMatchObject(oneTimeAddress);
      fails(await put([line(plain, 1)], buyer, { transporterShippingDetails: { oneTimeAddress: { ...oneTimeAddress, countryCode: 'US' } } }), 400, 'validationFailed');
    } finally {
      await setFeatures(t, first, list);
    }
  });

  test("department and project must be the customer's own", async () => {
    const ownDept = (await t.db.selectFrom('customerDepartments').select('id').where('customerId', '=', first).executeTakeFirstOrThrow()).id;
    const otherDept = (await t.db.selectFrom('customerDepartments').select('id').where('customerId', '=', second).executeTakeFirstOrThrow()).id;
    ok(await put([line(plain, 1)], buyer, { transporterShippingDetails: { departmentId: ownDept } }));
    const body = fails(await put([line(plain, 1)], buyer, { transporterShippingDetails: { departmentId: otherDept } }), 400, 'validationFailed');
    expect(body.details?.[0]).toMatchObject({ path: 'transporter.transporterShippingDetails.departmentId', rule: 'DepartmentNotFound' });
    const project = await t.db.insertInto('projects').values({ tenantId: await t.tenantId(), customerId: second, name: 'Ander project' }).returning('id').executeTakeFirstOrThrow();
    fails(await put([line(plain, 1)], buyer, { transporterShippingDetails: { projectId: project.id } }), 400, 'validationFailed');
  });

  test('points to spend beyond the balance are refused: NotEnoughPoints', async () => {
    const body = fails(await put([line(plain, 1)], buyer, { transporterShippingDetails: { loyaltyPoints: 10 } }), 400, 'NotEnoughPoints');
    expect((body.details?.[0] as { params?: unknown } | undefined)?.params).toEqual({ balance: 0 });
  });
});

describe('validate', () => {
  const validate = (opts: object = buyer, body: object = {}) => t.call('POST', '/api/v2/transporters/validate', { ...opts, body });

  test('a good basket is valid', async () => {
    ok(await put([line(plain, 3)]));
    expect(ok(await validate()).result).toEqual({ valid: true, problems: [] });
    // Without a body: the caller's own basket.
    expect(ok(await t.call('POST', '/api/v2/transporters/validate', buyer)).result).toEqual({ valid: true, problems: [] });
  });

  test('an empty basket is not (EmptyTransporter)', async () => {
    await clear();
    const r = ok(await validate({ as: 'buyer@demo.test', headers: { 'accept-language': 'en' } })).result;
    expect(r).toEqual({ valid: false, problems: [{ errorCode: 'EmptyTransporter', message: 'Add a product to your basket first.' }] });
  });

  test('lists stock that changed since adding, articles gone or switched off, and a supplier below its minimum', async () => {
    const scarce = await makeArticle(t, { supplierId: supplier, price: '1.00', stock: 10 });
    const vanishing = await makeArticle(t, { supplierId: supplier, price: '1.00' });
    const switchedOff = await makeArticle(t, { supplierId: supplier, price: '1.00' });
    ok(await put([line(scarce, 8), line(vanishing, 1), line(switchedOff, 1)]));
    await t.db.updateTable('supplierArticles').set({ stock: 3 }).where('id', '=', scarce).execute();
    await t.db.updateTable('supplierArticles').set({ available: false }).where('id', '=', switchedOff).execute();
    await t.db.deleteFrom('supplierArticles').where('id', '=', vanishing).execute();
    const r = ok(await validate()).result;
    expect(r.valid).toBe(false);
    expect(r.problems).toEqual([
      expect.objectContaining({ errorCode: 'ArticleNotAvailable' }),
      expect.objectContaining({ errorCode: 'NotEnoughStock', lineIndex: 0, params: { stock: 3 } }),
      expect.objectContaining({ errorCode: 'ArticleNotAvailable', lineIndex: 1 }),
      expect.objectContaining({ errorCode: 'BelowMinimumOrderPrice', supplierId: supplier }),
    ]);
    expect(r.problems[0].lineIndex).toBeUndefined();
    // load still answers, showing the switched-off article as unavailable and leaving the gone one out
    const b = ok(await load()).result;
    expect(b.transporterLines.map((l: any) => [l.transporterArticle.id, l.transporterArticle.available])).toEqual([[scarce, true], [switchedOff, false]]);
  });

  test("a chosen address deleted since is a problem (AddressRequired); validating another user's basket is 403", async () => {
    const extra = await t.db.insertInto('customerAddresses').values({ tenantId: await t.tenantId(), customerId: first, name: 'Tijdelijk', address: JSON.stringify({ street: 'Weg', houseNumber: '1', zipCode: '9000', city: 'Gent', countryCode: 'BE' }) }).returning('id').executeTakeFirstOrThrow();
    ok(await put([line(plain, 3)], buyer, { transporterShippingDetails: { addressId: extra.id } }));
    await t.db.updateTable('customerAddresses').set({ deleted: true }).where('id', '=', extra.id).execute();
    const r = ok(await validate()).result;
    expect(r.problems.map((p: any) => p.errorCode)).toEqual(['AddressRequired']);
    fails(await validate(buyer, { userId: managerId }), 403, 'forbiddenAccess');
    expect((await validate(buyer, { customerId: 12 })).statusCode).toBe(400);
  });
});
