import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCatalogueWorld, setRules, type CatalogueWorld } from './catalogue-fixtures';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let w: CatalogueWorld;
beforeAll(async () => {
  t = await startTestApp();
  w = await createCatalogueWorld(t);
});
afterAll(async () => { await t?.close(); });

type Who = Parameters<CatalogueWorld['as']>[0];
const EMPTY = {
  includeMarketPlaces: [], excludeMarketPlaces: [], includeSuppliers: [], excludeSuppliers: [],
  includeCategories: [], excludeCategories: [], includeFamilies: [], excludeFamilies: [],
};

describe('GET /catalog-rules/user/{userId}', () => {
  const rulesOf = (userId: string, who: Who) => t.call('GET', `/api/catalog-rules/user/${userId}`, w.as(who));

  test('empty lists when none are stored', async () => {
    expect(ok(await rulesOf(w.users.buyer, 'buyer')).result).toEqual(EMPTY);
  });

  test('a customer user reads their own stored rules', async () => {
    await setRules(t, w, w.users.manager, { excludeSuppliers: [w.suppliers.platform2], includeFamilies: ['papier'] });
    expect(ok(await rulesOf(w.users.manager, 'manager')).result).toEqual({ ...EMPTY, excludeSuppliers: [w.suppliers.platform2], includeFamilies: ['papier'] });
  });

  test('a customer user may not read another user\'s rules: 403', async () => {
    fails(await rulesOf(w.users.manager, 'buyer'), 403, 'forbiddenAccess');
    fails(await rulesOf('00000000-0000-4000-8000-000000000000', 'buyer'), 403, 'forbiddenAccess');
    fails(await rulesOf('junk', 'buyer'), 403, 'forbiddenAccess');
  });

  test('platform admins read any user of the tenant; unknown or malformed user 404', async () => {
    expect(ok(await rulesOf(w.users.manager, 'admin')).result.includeFamilies).toEqual(['papier']);
    expect(ok(await rulesOf(w.users.other, 'superAdmin')).result).toEqual(EMPTY);
    fails(await rulesOf('00000000-0000-4000-8000-000000000000', 'admin'), 404, 'UserNotFound');
    fails(await rulesOf('junk', 'admin'), 404, 'UserNotFound');
    // a user of another tenant is unknown here
    const demoBuyer = await t.userId('buyer@demo.test');
    fails(await rulesOf(demoBuyer, 'admin'), 404, 'UserNotFound');
  });
});

describe('POST /customers/articleMailRequest', () => {
  const ask = (body: unknown, who: Who = 'buyer') => t.call('POST', '/api/customers/articleMailRequest', { ...w.as(who), body: body as object });
  const requests = (articleId: string) => t.db.selectFrom('articleMailRequests').selectAll().where('supplierArticleId', '=', articleId).execute();

  test('stores the user and their e-mail for a visible article; asking twice keeps one open request', async () => {
    const id = await w.article({ stock: 0 });
    const first = ok(await ask({ supplierArticleId: id })).result;
    expect(first).toEqual({ id: expect.any(String), createdAt: expect.any(String) });
    const again = ok(await ask({ supplierArticleId: id })).result;
    expect(again).toEqual(first);
    const rows = await requests(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: w.users.buyer, email: 'buyer@cat.test', customerId: w.customerA, tenantId: w.tenantId, notifiedAt: null });
    // another user (of another customer) gets their own request
    const other = ok(await ask({ supplierArticleId: id }, 'other')).result;
    expect(other.id).not.toBe(first.id);
    expect((await requests(id)).map((r) => [r.userId, r.email, r.customerId]).sort()).toEqual([
      [w.users.buyer, 'buyer@cat.test', w.customerA], [w.users.other, 'other@cat.test', w.customerB],
    ].sort());
  });

  test('once notified, asking again opens a new request', async () => {
    const id = await w.article({ stock: 0 });
    const first = ok(await ask({ supplierArticleId: id })).result;
    await t.db.updateTable('articleMailRequests').set({ notifiedAt: new Date() }).where('id', '=', first.id).execute();
    const second = ok(await ask({ supplierArticleId: id })).result;
    expect(second.id).not.toBe(first.id);
  });

  test('an invisible article is 404: another customer\'s own, unavailable, excluded by the rules, unknown', async () => {
    const theirs = await w.article({ customerId: w.customerB, supplierId: w.suppliers.ownB, type: 'CustomerDefined' });
    const unavailable = await w.article({ available: false });
    const excluded = await w.article({ family: 'verboden' });
    fails(await ask({ supplierArticleId: theirs }), 404, 'SupplierArticleNotFound');
    fails(await ask({ supplierArticleId: unavailable }), 404, 'SupplierArticleNotFound');
    await setRules(t, w, w.users.buyer, { excludeFamilies: ['verboden'] });
    try {
      fails(await ask({ supplierArticleId: excluded }), 404, 'SupplierArticleNotFound');
    } finally {
      await t.db.deleteFrom('catalogRules').where('userId', '=', w.users.buyer).execute();
    }
    fails(await ask({ supplierArticleId: '00000000-0000-4000-8000-000000000000' }), 404, 'SupplierArticleNotFound');
    expect(await requests(theirs)).toHaveLength(0);
  });

  test('malformed bodies are 400, never a 500', async () => {
    expect(fails(await ask({}), 400, 'validationFailed').details).toEqual([expect.objectContaining({ path: 'supplierArticleId', rule: 'required' })]);
    fails(await ask({ supplierArticleId: 'nope' }), 400, 'validationFailed');
    fails(await ask({ supplierArticleId: 5 }), 400, 'validationFailed');
    fails(await ask([]), 400, 'validationFailed');
  });

  test('needs an active customer', async () => {
    const id = await w.article({});
    fails(await ask({ supplierArticleId: id }, 'noAccess'), 400, 'noActiveCustomer');
  });
});
