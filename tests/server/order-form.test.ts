import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { CONSTANTS } from '../../model';
import { todayInShopZone } from '../../src/shared/shop-clock';
import { count, featuresOf, makeSupplier, setFeatures } from './basket-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { addUser } from './mail-helpers';
import { pdf, upload } from './upload-helpers';

/**
 * Orders that are not from the basket (flows §1, §2 /order-form and /order-request, §5, §7 POST
 * /v2/orders): the order form with CONSTANTS.orderFormQuotes supplier quotes, one chosen, becomes
 * an order of one attachment line (the chosen quote) that keeps every quote; the order request,
 * placed without an amount, waits as 'incomplete' until its orderer completes it. Both start in
 * the workflow as an order from the basket does (the budgets feature decides the status), behind
 * the features, the department membership, the tender limit and the caller's own uploaded files.
 */

let t: TestApp;
let tenantId: string;
let customerId: string;
let otherCustomerId: string;
let department: string;
let foreignDepartment: string;
let features: string[];
const VALIDATOR = 'form-validator@demo.test';
const OTHER_BUYER = 'form-buyer2@demo.test';

const as = (email: string, extra: Record<string, unknown> = {}) => ({ as: email, customerId, ...extra });

/** A small PDF uploaded into 'order-attachments' by `who` (for `onCustomer`, on `host`): the reference the body names. */
async function file(who = 'buyer@demo.test', opts: { onCustomer?: string; host?: string; containerName?: string } = {}) {
  const up = ok(await upload(t, who, { name: 'offerte.pdf', data: pdf(), type: 'application/pdf' },
    { containerName: opts.containerName ?? 'order-attachments', customerId: opts.onCustomer ?? (opts.host ? undefined : customerId), host: opts.host }));
  return { containerName: up.containerName as string, blobName: up.blobName as string };
}

async function quotes(prices = ['100.00', '120.00', '130.00']) {
  return Promise.all(prices.map(async (priceExcl, i) => ({
    supplierName: `Drukkerij ${i + 1}`, supplierEmail: `offerte${i + 1}@drukkerij.example`, priceExcl, vatRate: 21, attachment: await file(),
  })));
}

async function formBody(extra: Record<string, unknown> = {}) {
  return { kind: 'orderForm', description: 'Folders voor de opendeur\n500 stuks, A5', about: 'Opendeur', departmentId: department, quotes: await quotes(), chosenQuote: 1, ...extra };
}

const place = (body: unknown, who = 'buyer@demo.test') => t.call('POST', '/api/v2/orders', as(who, { body }));
const complete = (id: string, body: unknown, who = 'buyer@demo.test') => t.call('PATCH', `/api/v2/orders/${id}/complete`, as(who, { body }));
const history = async (id: string) => ok(await t.call('GET', `/api/v2/orders/${id}/history`, as('buyer@demo.test'))).result as { action: string; fromStatus: string | null; toStatus: string | null }[];
const mailsFor = async (orderId: string) => (await sql<{ kind: string }>`select data->'mail'->>'kind' as kind from pgboss.job where name = 'mail.send' and data->'mail'->>'orderId' = ${orderId}`
  .execute(t.db)).rows.map((r) => r.kind);
const SWITCHED = ['budgets', 'orderForm', 'orderRequest'];
/** The customer's features of the seed, with exactly `list` of budgets, orderForm and orderRequest on. */
const withFeatures = (...list: string[]) => setFeatures(t, customerId, [...features.filter((f) => !SWITCHED.includes(f)), ...list]);

beforeAll(async () => {
  t = await startTestApp();
  tenantId = await t.tenantId();
  [customerId, otherCustomerId] = await t.customerIds();
  features = await featuresOf(t, customerId);
  const validator = await addUser(t, VALIDATOR, { roles: ['validator'] });
  await addUser(t, OTHER_BUYER, { roles: ['user'] });
  department = (await t.db.insertInto('customerDepartments').values({ tenantId, customerId, name: 'Formulieren', validatorUserId: validator } as never)
    .returning('id').executeTakeFirstOrThrow()).id as string;
  foreignDepartment = (await t.db.insertInto('customerDepartments').values({ tenantId, customerId: otherCustomerId, name: 'Elders' } as never)
    .returning('id').executeTakeFirstOrThrow()).id as string;
  const buyer = await t.userId('buyer@demo.test');
  await t.db.updateTable('customerAccesses').set({ departmentIds: JSON.stringify([department]) } as never)
    .where('userId', '=', buyer).where('customerId', '=', customerId).execute();
});
afterAll(async () => { await t?.close(); });
beforeEach(async () => { await withFeatures('orderForm', 'orderRequest'); });

describe('the order form', () => {
  test('becomes an order of the chosen quote: one attachment line, every quote kept, totals from the chosen one; with budgets it waits for them', async () => {
    await withFeatures('orderForm', 'budgets');
    const body = await formBody();
    const order = ok(await place(body)).result;
    expect(order).toMatchObject({
      status: 'toApproveBudget', description: body.description, about: 'Opendeur', departmentId: department,
      totalProductCostExcl: '120.00', totalProductCostIncl: '145.20', shippingCost: '0.00', totalCost: '145.20',
    });
    expect(order.orderNumber).toMatch(/^[A-Z]{3,4}-\d{4}-\d{6}$/);
    expect(order.orderLines).toHaveLength(1);
    expect(order.orderLines[0]).toMatchObject({
      lineType: 'attachment', amount: 1, unitPrice: '120.00', tax: 21, totalLineCostExcl: '120.00', totalLineCostIncl: '145.20',
      title: { nl: 'Folders voor de opendeur' }, attachment: { containerName: 'order-attachments', blobName: body.quotes[1].attachment.blobName, fileName: 'offerte.pdf', contentType: 'application/pdf' },
    });
    expect(order.quotes).toHaveLength(CONSTANTS.orderFormQuotes);
    expect(order.quotes.map((q: { chosen: boolean }) => q.chosen)).toEqual([false, true, false]);
    expect(order.quotes[2]).toMatchObject({ supplierName: 'Drukkerij 3', supplierEmail: 'offerte3@drukkerij.example', priceExcl: '130.00', vatRate: 21 });
    expect(order.decisions).toMatchObject({ budgets: true, approve: false });
    expect(await history(order.id)).toEqual([expect.objectContaining({ action: 'created', toStatus: 'toApproveBudget' })]);
    expect(await mailsFor(order.id)).toEqual([]);
    // Read back as any order is, with its lines and quotes.
    expect(ok(await t.call('GET', `/api/v2/orders/${order.id}`, as('buyer@demo.test'))).result).toMatchObject({ id: order.id, quotes: order.quotes });
  });

  test('without the budgets feature it waits for its validator at once, who gets the mail; the order form of one orderer is never another\'s', async () => {
    const order = ok(await place(await formBody())).result;
    expect(order.status).toBe('toApprove');
    expect(await mailsFor(order.id)).toContain('orderWaitingForApproval');
    expect(ok(await t.call('GET', `/api/v2/orders/${order.id}`, as(VALIDATOR))).result.decisions.approve).toBe(true);
    fails(await t.call('GET', `/api/v2/orders/${order.id}`, as(OTHER_BUYER)), 404, 'OrderNotFound');
  });

  test('every quote must be filled: each missing field is a detail, and nothing is stored', async () => {
    const before = await count(t, 'orders');
    const [first, second, third] = await quotes();
    const body = await formBody({
      quotes: [{ ...first, attachment: null }, { ...second, supplierEmail: '' }, { ...third, priceExcl: undefined, supplierName: '  ' }],
      chosenQuote: undefined, description: '',
    });
    const refused = fails(await place(body), 400, 'validationFailed');
    expect(refused.details!.map((d) => `${d.path}:${d.rule}`).sort()).toEqual([
      'chosenQuote:required', 'description:required', 'quotes.0.attachment:required', 'quotes.1.supplierEmail:required',
      'quotes.2.priceExcl:required', 'quotes.2.supplierName:required',
    ]);
    const two = fails(await place(await formBody({ quotes: (await quotes()).slice(0, 2) })), 400, 'validationFailed');
    expect(two.details).toEqual([expect.objectContaining({ path: 'quotes', rule: 'length' })]);
    const wrong = fails(await place(await formBody({ quotes: [{ ...first, supplierEmail: 'geen-adres', vatRate: 101, priceExcl: '-1' }, second, third], chosenQuote: 3 })), 400, 'validationFailed');
    expect(wrong.details!.map((d) => `${d.path}:${d.rule}`).sort()).toEqual([
      'chosenQuote:maxValue', 'quotes.0.priceExcl:minValue', 'quotes.0.supplierEmail:email', 'quotes.0.vatRate:maxValue',
    ]);
    fails(await place({ description: 'Zonder soort' }), 400, 'validationFailed');
    expect(await count(t, 'orders')).toBe(before);
  });

  test("the department must be the customer's and the orderer's own; an address must be in the book", async () => {
    const other = (await t.db.insertInto('customerDepartments').values({ tenantId, customerId, name: 'Niet de mijne' } as never).returning('id').executeTakeFirstOrThrow()).id;
    const notMine = fails(await place(await formBody({ departmentId: other })), 400, 'NotDepartmentMember');
    expect(notMine.details).toEqual([expect.objectContaining({ path: 'departmentId', rule: 'NotDepartmentMember' })]);
    const foreign = fails(await place(await formBody({ departmentId: foreignDepartment })), 400, 'validationFailed');
    expect(foreign.details).toEqual([expect.objectContaining({ path: 'departmentId', rule: 'DepartmentNotFound' })]);
    const address = fails(await place(await formBody({ addressId: '00000000-0000-4000-8000-000000000000' })), 400, 'validationFailed');
    expect(address.details).toEqual([expect.objectContaining({ path: 'addressId', rule: 'AddressNotFound' })]);
  });

  test("a quote's file must be one the caller uploaded for this customer and tenant, named once, in no other order", async () => {
    const [first, second, third] = await quotes();
    const byManager = await file('manager@demo.test');
    const otherTenant = await file('buyer@demo.test', { host: 'acme.localhost' });
    const conversation = await file('buyer@demo.test', { containerName: 'order-conversation' });
    const refused = fails(await place(await formBody({ quotes: [{ ...first, attachment: byManager }, { ...second, attachment: otherTenant }, { ...third, attachment: conversation }] })), 400, 'validationFailed');
    expect(refused.details!.map((d) => `${d.path}:${d.rule}`)).toEqual(['quotes.0.attachment:FileNotFound', 'quotes.1.attachment:FileNotFound', 'quotes.2.attachment:FileNotFound']);
    // The manager acting for the first company cannot name their own file of the second one either.
    await t.db.updateTable('customerAccesses').set({ departmentIds: JSON.stringify([department]) } as never)
      .where('userId', '=', await t.userId('manager@demo.test')).where('customerId', '=', customerId).execute();
    const managerQuotes = [
      { ...first, attachment: await file('manager@demo.test', { onCustomer: otherCustomerId }) },
      { ...second, attachment: await file('manager@demo.test') }, { ...third, attachment: await file('manager@demo.test') },
    ];
    const foreign = fails(await place(await formBody({ quotes: managerQuotes }), 'manager@demo.test'), 400, 'validationFailed');
    expect(foreign.details).toEqual([expect.objectContaining({ path: 'quotes.0.attachment', rule: 'FileNotFound' })]);

    const twice = fails(await place(await formBody({ quotes: [first, { ...second, attachment: first.attachment }, third] })), 400, 'validationFailed');
    expect(twice.details).toEqual([expect.objectContaining({ path: 'quotes.1.attachment', rule: 'FileAlreadyAdded' })]);
    const used = ok(await place(await formBody())).result;
    const again = fails(await place(await formBody({ quotes: [{ ...first, attachment: used.quotes[0].attachment }, second, third] })), 400, 'validationFailed');
    expect(again.details).toEqual([expect.objectContaining({ path: 'quotes.0.attachment', rule: 'FileAlreadyAdded' })]);
  });

  test("an order's files are read by whoever reads the order, and stay as ordered", async () => {
    const order = ok(await place(await formBody())).result;
    const quote = order.quotes[0].attachment as { containerName: string; blobName: string };
    const read = (who: string) => t.call('GET', '/api/upload', as(who, { query: { containerName: quote.containerName, blobName: quote.blobName } }));
    const got = await read(VALIDATOR);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toMatch(/^application\/pdf/);
    fails(await read(OTHER_BUYER), 404, 'FileNotFound');
    fails(await t.call('DELETE', '/api/upload', as('buyer@demo.test', { query: quote })), 409, 'FileInOrder');
    // A file not (yet) in an order is its uploader's to remove.
    const loose = await file();
    ok(await t.call('DELETE', '/api/upload', as('buyer@demo.test', { query: loose })));
    // Only PDFs and pictures are quotes.
    fails(await upload(t, 'buyer@demo.test', { name: 'offerte.docx', data: Buffer.from('PK\u0003\u0004rest'), type: 'application/octet-stream' },
      { containerName: 'order-attachments', customerId }), 415, 'FileTypeNotAllowed');
  });

  test('the tender limit applies to the chosen quote; an existing supplier is the line\'s and its budget_spent is charged', async () => {
    const [first, second, third] = await quotes(['30000.00', '30000.01', '29000.00']);
    const over = fails(await place(await formBody({ quotes: [first, second, third], chosenQuote: 1 })), 400, 'TenderLimitExceeded');
    expect(over.details).toEqual([expect.objectContaining({ path: 'quotes.1.priceExcl', rule: 'TenderLimitExceeded' })]);
    const supplier = await makeSupplier(t, { name: 'Gekende drukker' });
    const order = ok(await place(await formBody({ quotes: [{ ...first, supplierId: supplier }, second, third], chosenQuote: 0 }))).result;
    expect(order.orderLines[0]).toMatchObject({ supplierId: supplier, totalLineCostExcl: '30000.00' });
    const row = await t.db.selectFrom('suppliers').select('budgetSpent').where('id', '=', supplier).executeTakeFirstOrThrow();
    expect(String(row.budgetSpent)).toBe('30000.00');
    const fresh = await quotes();
    const unknown = fails(await place(await formBody({ quotes: [{ ...fresh[0], supplierId: '00000000-0000-4000-8000-000000000000' }, fresh[1], fresh[2]] })), 400, 'validationFailed');
    expect(unknown.details).toEqual([expect.objectContaining({ path: 'quotes.0.supplierId', rule: 'SupplierNotFound' })]);
  });

  test("the chosen supplier's finance budget holds (SupplierExceededBudget): nothing is created or charged", async () => {
    const supplier = await makeSupplier(t, { name: 'Drukker met budget' });
    const year = todayInShopZone().slice(0, 4);
    await t.db.updateTable('suppliers').set({ budgetSetting: JSON.stringify({ startDate: `${year}-01-01`, endDate: `${year}-12-31`, totalBudget: '200.00' }) } as never).where('id', '=', supplier).execute();
    const [first, second, third] = await quotes(['150.00', '160.00', '170.00']);
    ok(await place(await formBody({ quotes: [{ ...first, supplierId: supplier }, second, third], chosenQuote: 0 })));
    const before = { orders: await count(t, 'orders'), spent: String((await t.db.selectFrom('suppliers').select('budgetSpent').where('id', '=', supplier).executeTakeFirstOrThrow()).budgetSpent) };
    const again = await quotes(['60.00', '160.00', '170.00']);
    const refused = fails(await place(await formBody({ quotes: [{ ...again[0], supplierId: supplier }, again[1], again[2]], chosenQuote: 0 })), 400, 'SupplierExceededBudget');
    expect(refused.details).toEqual([expect.objectContaining({ path: `suppliers.${supplier}`, rule: 'SupplierExceededBudget' })]);
    expect({ orders: await count(t, 'orders'), spent: String((await t.db.selectFrom('suppliers').select('budgetSpent').where('id', '=', supplier).executeTakeFirstOrThrow()).budgetSpent) }).toEqual(before);
  });

  test('the orderForm feature is required (403), and the orders area\'s C letter', async () => {
    await withFeatures('orderRequest');
    fails(await place(await formBody()), 403, 'forbiddenAccess');
    await withFeatures('orderForm');
    fails(await place(await formBody(), 'finance@demo.test'), 403, 'forbiddenAccess');
  });
});

describe('the order request', () => {
  const request = (extra: Record<string, unknown> = {}) => ({ kind: 'orderRequest', description: 'Een nieuwe koffiemachine voor de refter', ...extra });

  test('with an amount it enters the workflow at once, as an order from the basket does', async () => {
    await withFeatures('orderRequest', 'budgets');
    const attachment = await file();
    const order = ok(await place(request({ attachment, estimatedAmount: '850,00', vatRate: 6, departmentId: department }))).result;
    expect(order).toMatchObject({ status: 'toApproveBudget', description: 'Een nieuwe koffiemachine voor de refter', totalProductCostExcl: '850.00', totalCost: '901.00', quotes: [] });
    expect(order.orderLines).toEqual([expect.objectContaining({ lineType: 'attachment', unitPrice: '850.00', tax: 6, attachment: expect.objectContaining({ blobName: attachment.blobName }) })]);
    await withFeatures('orderRequest');
    const plain = ok(await place(request({ estimatedAmount: '10.00' }))).result;
    expect(plain).toMatchObject({ status: 'toApprove', totalCost: '12.10' });
    expect(plain.orderLines[0]).toMatchObject({ attachment: null, tax: 21 });
  });

  test('without an amount it waits as incomplete until its orderer completes it; then it is a new order in the workflow', async () => {
    const order = ok(await place(request())).result;
    expect(order).toMatchObject({ status: 'incomplete', totalCost: null });
    expect(order.orderLines[0]).toMatchObject({ lineType: 'attachment', unitPrice: null, totalLineCostExcl: null });
    expect(await mailsFor(order.id)).toEqual([]);
    fails(await complete(order.id, { estimatedAmount: '10.00' }, 'manager@demo.test'), 403, 'UnauthorizedRole');
    fails(await complete(order.id, { estimatedAmount: '30000.01' }), 400, 'TenderLimitExceeded');
    fails(await complete(order.id, {}), 400, 'validationFailed');
    const done = ok(await complete(order.id, { estimatedAmount: '200.00' })).result;
    expect(done).toMatchObject({ status: 'toApprove', totalProductCostExcl: '200.00', totalCost: '242.00' });
    expect(done.orderLines[0]).toMatchObject({ unitPrice: '200.00', totalLineCostIncl: '242.00' });
    expect(await history(order.id)).toEqual([
      expect.objectContaining({ action: 'created', toStatus: 'incomplete' }),
      expect.objectContaining({ action: 'statusChanged', fromStatus: 'incomplete', toStatus: 'toApprove' }),
    ]);
    expect(await mailsFor(order.id)).toContain('orderWaitingForApproval');
    fails(await complete(order.id, { estimatedAmount: '1.00' }), 409, 'OrderNotInStep');

    await withFeatures('orderRequest', 'budgets');
    const withBudgets = ok(await place(request())).result;
    expect(ok(await complete(withBudgets.id, { estimatedAmount: '5.00' })).result.status).toBe('toApproveBudget');
  });

  test('an incomplete request whose lines were mixed with an article line since cannot be completed (ConflictingOrderLineTypes)', async () => {
    const order = ok(await place(request())).result;
    await t.db.insertInto('orderLines').values({
      tenantId, customerId, orderId: order.id, lineNumber: 2, lineType: 'article', amount: 1, unitPrice: '1.00', totalLineCostExcl: '1.00', totalLineCostIncl: '1.21',
    } as never).execute();
    fails(await complete(order.id, { estimatedAmount: '10.00' }), 400, 'ConflictingOrderLineTypes');
    expect((await t.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('incomplete');
  });

  test('an amount above the tender limit, a foreign file or the feature switched off is refused', async () => {
    const before = await count(t, 'orders');
    fails(await place(request({ estimatedAmount: '30000.01' })), 400, 'TenderLimitExceeded');
    const refused = fails(await place(request({ attachment: await file('manager@demo.test') })), 400, 'validationFailed');
    expect(refused.details).toEqual([expect.objectContaining({ path: 'attachment', rule: 'FileNotFound' })]);
    await withFeatures('orderForm');
    fails(await place(request()), 403, 'forbiddenAccess');
    expect(await count(t, 'orders')).toBe(before);
  });

  test('a validator may reject an incomplete request; it is then final', async () => {
    const order = ok(await place(request({ departmentId: department }))).result;
    ok(await t.call('PATCH', `/api/v2/orders/${order.id}/validate`, as(VALIDATOR, { body: { approve: false, reason: 'Geen budget dit jaar' } })));
    fails(await complete(order.id, { estimatedAmount: '10.00' }), 409, 'OrderNotInStep');
  });
});
