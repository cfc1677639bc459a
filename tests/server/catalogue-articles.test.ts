import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCatalogueWorld, order, setRules, type CatalogueWorld } from './catalogue-fixtures';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let w: CatalogueWorld;
let a: Record<string, string>;
let offerId: string;
beforeAll(async () => {
  t = await startTestApp();
  w = await createCatalogueWorld(t);
  const c = w.categories;
  offerId = (await t.db.insertInto('offers').values({ tenantId: w.tenantId, description: 'Lente' }).returning('id').executeTakeFirstOrThrow()).id;
  a = {
    paper: await w.article({ articleNumberSupplier: 'PAP-A4-500', title: { nl: 'Kopieerpapier A4', en: 'Copy paper A4', fr: 'Papier copie A4' }, brand: 'Navigator', price: '4.95', categoryId: c.a4, marketplaceId: w.marketplaces.office, family: 'papier', promoted: true, offerId, stock: 12, longDescription: { nl: 'Regel 1\\nRegel 2', en: 'Line 1\\nLine 2' }, shortDescription: { nl: 'Wit', fr: 'Blanc' } }),
    paper2: await w.article({ articleNumberSupplier: 'PAP-A4-2500', title: { nl: 'Doos papier' }, brand: 'Double A', categoryId: c.a4, marketplaceId: w.marketplaces.office, family: 'papier' }),
    pen: await w.article({ articleNumberSupplier: 'PEN-BLUE', title: { nl: 'Balpen blauw', en: 'Blue pen', fr: 'Stylo bleu' }, brand: 'BIC', supplierId: w.suppliers.platform2, categoryId: c.pennen, marketplaceId: w.marketplaces.office, family: 'schrijven', promoted: true }),
    drill: await w.article({ articleNumberSupplier: 'DRL-18V', title: { nl: 'Boormachine', en: 'Drill', fr: 'Perceuse' }, brand: 'Makita', categoryId: c.techniek, marketplaceId: w.marketplaces.tech, family: 'gereedschap', promoted: true, offerId }),
    hidden: await w.article({ articleNumberSupplier: 'PAP-OLD', title: { nl: 'Oud papier' }, categoryId: c.a4, available: false, promoted: true, offerId }),
    ownA: await w.article({ articleNumberSupplier: 'OWN-A', title: { nl: 'Eigen koffie' }, customerId: w.customerA, supplierId: w.suppliers.ownA, type: 'CustomerDefined' }),
    ownB: await w.article({ articleNumberSupplier: 'OWN-B', title: { nl: 'Koffie van B' }, customerId: w.customerB, supplierId: w.suppliers.ownB, type: 'CustomerDefined', promoted: true }),
  };
});
afterAll(async () => { await t?.close(); });

type Who = Parameters<CatalogueWorld['as']>[0];
const query = async (q: object, who: Who = 'buyer') => ok(await t.call('POST', '/api/supplier-articles/query', { ...w.as(who), body: { query: q } })).result;
const numbers = (items: any[]) => items.map((x) => x.articleNumberSupplier);
const withRules = async (rules: Record<string, string[]>, fn: () => Promise<void>) => {
  await setRules(t, w, w.users.buyer, rules);
  try { await fn(); } finally { await t.db.deleteFrom('catalogRules').where('userId', '=', w.users.buyer).execute(); }
};

describe('POST /supplier-articles/query', () => {
  test('visible articles: platform and own, not another customer\'s, not unavailable ones; paged with a total', async () => {
    const page = await query({});
    expect(page).toMatchObject({ total: 5, skip: 0, take: 20 });
    expect(numbers(page.items)).toEqual(['DRL-18V', 'OWN-A', 'PAP-A4-2500', 'PAP-A4-500', 'PEN-BLUE']);
    expect(numbers((await query({}, 'other')).items)).toEqual(['DRL-18V', 'OWN-B', 'PAP-A4-2500', 'PAP-A4-500', 'PEN-BLUE']);
    const second = await query({ skip: 2, take: 2 });
    expect(second).toMatchObject({ total: 5, skip: 2, take: 2 });
    expect(numbers(second.items)).toEqual(['PAP-A4-2500', 'PAP-A4-500']);
  });

  test('search: article number, title in any language and brand, case-insensitive', async () => {
    expect(numbers((await query({ search: 'pap-a4' })).items)).toEqual(['PAP-A4-2500', 'PAP-A4-500']);
    expect(numbers((await query({ search: 'PERCEUSE' })).items)).toEqual(['DRL-18V']);
    expect(numbers((await query({ search: 'blue pen' })).items)).toEqual(['PEN-BLUE']);
    expect(numbers((await query({ search: 'double a' })).items)).toEqual(['PAP-A4-2500']);
    expect(numbers((await query({ search: '100%' })).items)).toEqual([]);
  });

  test('filters: supplier, marketplace, category including its descendants', async () => {
    expect(numbers((await query({ supplierId: w.suppliers.platform2 })).items)).toEqual(['PEN-BLUE']);
    expect(numbers((await query({ marketplaceId: w.marketplaces.tech })).items)).toEqual(['DRL-18V']);
    expect(numbers((await query({ categoryId: w.categories.kantoor })).items)).toEqual(['PAP-A4-2500', 'PAP-A4-500', 'PEN-BLUE']);
    expect(numbers((await query({ categoryId: w.categories.a4 })).items)).toEqual(['PAP-A4-2500', 'PAP-A4-500']);
    expect((await query({ categoryId: '00000000-0000-4000-8000-000000000000' })).total).toBe(0);
  });

  test('the DTO: decimal price, supplier name, category hierarchy, descriptions per language', async () => {
    const [dto] = (await query({ search: 'PAP-A4-500' })).items;
    expect(dto).toMatchObject({
      id: a.paper, customerId: null, price: '4.95', priceQuantity: 1, minOrderQuant: 1, currency: 'EUR', tax: 21, estimateDeliveryDays: 1,
      supplierId: w.suppliers.platform, supplierName: 'Office Depot', stock: 12, type: 'Regular', brand: 'Navigator',
      title: { nl: 'Kopieerpapier A4', en: 'Copy paper A4', fr: 'Papier copie A4' },
      categoryId: w.categories.a4, categoryHierarchy: { nl: 'Kantoor > Papier > A4', en: 'Office > Paper > A4', fr: 'Bureau > Papier > A4' },
      shortDescriptions: [{ languageCode: 'nl', description: 'Wit' }, { languageCode: 'fr', description: 'Blanc' }],
      marketplaceId: w.marketplaces.office, family: 'papier', available: true, promoted: true, offerId, images: [], keywords: [],
    });
    const [paper2] = (await query({ search: 'PAP-A4-2500' })).items;
    expect(paper2.title).toEqual({ nl: 'Doos papier', en: 'Doos papier', fr: 'Doos papier' });
  });

  test('malformed queries are 400, never a 500', async () => {
    const call = (body: unknown) => t.call('POST', '/api/supplier-articles/query', { ...w.as('buyer'), body: body as object });
    fails(await call({ query: { supplierId: 'nope' } }), 400, 'validationFailed');
    fails(await call({ query: { take: 'many' } }), 400, 'validationFailed');
    fails(await call({ query: { skip: -1 } }), 400, 'validationFailed');
    fails(await call({ query: { search: { $ne: 1 } } }), 400, 'validationFailed');
    fails(await call({ query: 7 }), 400, 'validationFailed');
    expect(ok(await call({})).result.total).toBe(5);
  });
});

describe('catalogue rules (core §3): an exclusion hides, an include list limits', () => {
  test('exclude a marketplace', () => withRules({ excludeMarketPlaces: [w.marketplaces.tech] }, async () => {
    expect(numbers((await query({})).items)).toEqual(['OWN-A', 'PAP-A4-2500', 'PAP-A4-500', 'PEN-BLUE']);
  }));
  test('exclude a supplier', () => withRules({ excludeSuppliers: [w.suppliers.platform2] }, async () => {
    expect(numbers((await query({})).items)).not.toContain('PEN-BLUE');
    expect((await query({})).total).toBe(4);
  }));
  test('exclude a category covers its descendants', () => withRules({ excludeCategories: [w.categories.kantoor] }, async () => {
    expect(numbers((await query({})).items)).toEqual(['DRL-18V', 'OWN-A']);
  }));
  test('exclude a family', () => withRules({ excludeFamilies: ['papier'] }, async () => {
    expect(numbers((await query({})).items)).toEqual(['DRL-18V', 'OWN-A', 'PEN-BLUE']);
  }));
  test('include lists: only these marketplaces, suppliers, categories (with descendants), families', async () => {
    await withRules({ includeMarketPlaces: [w.marketplaces.tech] }, async () => { expect(numbers((await query({})).items)).toEqual(['DRL-18V']); });
    await withRules({ includeSuppliers: [w.suppliers.platform2] }, async () => { expect(numbers((await query({})).items)).toEqual(['PEN-BLUE']); });
    await withRules({ includeCategories: [w.categories.papier] }, async () => { expect(numbers((await query({})).items)).toEqual(['PAP-A4-2500', 'PAP-A4-500']); });
    await withRules({ includeFamilies: ['schrijven', 'gereedschap'] }, async () => { expect(numbers((await query({})).items)).toEqual(['DRL-18V', 'PEN-BLUE']); });
  });
  test('an excluded article looks like one that does not exist: 404 by id, left out by ids, not in promoted', () => withRules({ excludeCategories: [w.categories.a4] }, async () => {
    fails(await t.call('POST', '/api/supplier-articles/id', { ...w.as('buyer'), body: { query: { id: a.paper } } }), 404, 'SupplierArticleNotFound');
    const list = ok(await t.call('GET', '/api/supplier-articles', { ...w.as('buyer'), query: { ids: `${a.paper},${a.pen}` } })).result;
    expect(list.map((x: any) => x.id)).toEqual([a.pen]);
    const promoted = ok(await t.call('POST', '/api/supplier-articles/query-promoted', { ...w.as('buyer'), body: { query: {} } })).result;
    expect(numbers(promoted.items)).toEqual(['DRL-18V', 'PEN-BLUE']);
  }));
});

describe('one article and several', () => {
  const byId = (id: unknown, who: Who = 'buyer') => t.call('POST', '/api/supplier-articles/id', { ...w.as(who), body: { query: { id, customerId: who === 'other' ? w.customerB : w.customerA } } });

  test('POST /supplier-articles/id: long descriptions with real line breaks', async () => {
    const dto = ok(await byId(a.paper)).result;
    expect(dto.longDescriptions).toEqual([{ languageCode: 'nl', description: 'Regel 1\nRegel 2' }, { languageCode: 'en', description: 'Line 1\nLine 2' }]);
    expect(dto.supplierName).toBe('Office Depot');
  });

  test('by id: another customer\'s own article, an unavailable one, unknown and malformed ids are 404', async () => {
    expect(ok(await byId(a.ownA)).result.customerId).toBe(w.customerA);
    fails(await byId(a.ownB), 404, 'SupplierArticleNotFound');
    fails(await byId(a.ownA, 'other'), 404, 'SupplierArticleNotFound');
    fails(await byId(a.hidden), 404, 'SupplierArticleNotFound');
    fails(await byId('00000000-0000-4000-8000-000000000000'), 404, 'SupplierArticleNotFound');
    fails(await byId('not-a-uuid'), 404, 'SupplierArticleNotFound');
    fails(await byId(42), 404, 'SupplierArticleNotFound');
    fails(await t.call('POST', '/api/supplier-articles/id', { ...w.as('buyer'), body: { query: 'x' } }), 400, 'validationFailed');
  });

  test('GET /supplier-articles?ids: comma list or repeated, order kept, invisible and bad ids left out', async () => {
    const comma = ok(await t.call('GET', `/api/supplier-articles?ids=${a.pen},${a.ownB},bad,${a.paper},${a.hidden}`, w.as('buyer'))).result;
    expect(comma.map((x: any) => x.id)).toEqual([a.pen, a.paper]);
    const repeated = ok(await t.call('GET', `/api/supplier-articles?ids=${a.drill}&ids=${a.ownA}&ids=%27;drop`, w.as('buyer'))).result;
    expect(repeated.map((x: any) => x.id)).toEqual([a.drill, a.ownA]);
    expect(ok(await t.call('GET', '/api/supplier-articles', w.as('buyer'))).result).toEqual([]);
  });
});

describe('promoted, banner, recent, top, v2 query', () => {
  test('query-promoted: promoted visible articles with a total (skip 0, take 20 by default)', async () => {
    const page = ok(await t.call('POST', '/api/supplier-articles/query-promoted', { ...w.as('buyer'), body: { query: { skip: 0, take: 20 } } })).result;
    expect(page.total).toBe(3);
    expect(numbers(page.items)).toEqual(['DRL-18V', 'PAP-A4-500', 'PEN-BLUE']);
    const one = ok(await t.call('POST', '/api/supplier-articles/query-promoted', { ...w.as('buyer'), body: { query: { skip: 1, take: 1 } } })).result;
    expect({ total: one.total, n: numbers(one.items) }).toEqual({ total: 3, n: ['PAP-A4-500'] });
    // customer B's own promoted article shows for B only
    expect(ok(await t.call('POST', '/api/supplier-articles/query-promoted', { ...w.as('other'), body: {} })).result.total).toBe(4);
  });

  test('for-banner: the visible articles of one banner; offerId required', async () => {
    const list = ok(await t.call('POST', '/api/supplier-articles/for-banner', { ...w.as('buyer'), body: { query: { offerId } } })).result;
    expect(numbers(list)).toEqual(['DRL-18V', 'PAP-A4-500']);
    fails(await t.call('POST', '/api/supplier-articles/for-banner', { ...w.as('buyer'), body: { query: {} } }), 400, 'validationFailed');
    fails(await t.call('POST', '/api/supplier-articles/for-banner', { ...w.as('buyer'), body: { query: { offerId: 'x' } } }), 400, 'validationFailed');
  });

  test('query-recent and query-top: empty without orders', async () => {
    expect(ok(await t.call('POST', '/api/v2/supplier-articles/query-recent', { ...w.as('other'), body: { query: {} } })).items).toEqual([]);
    expect(ok(await t.call('GET', '/api/v2/supplier-articles/query-top', w.as('other'))).items).toEqual([]);
  });

  test('query-recent: articles of the customer\'s latest orders, newest first, once each, visible only', async () => {
    await order(t, w, w.customerA, '2026-01-01T10:00:00Z', [[a.pen, 5], [a.paper, 1]]);
    await order(t, w, w.customerA, '2026-03-01T10:00:00Z', [[a.drill, 1], [a.hidden, 2]]);
    await order(t, w, w.customerA, '2026-02-01T10:00:00Z', [[a.paper, 3]]);
    await order(t, w, w.customerB, '2026-04-01T10:00:00Z', [[a.paper2, 50]]);
    const recent = ok(await t.call('POST', '/api/v2/supplier-articles/query-recent', { ...w.as('buyer'), body: { query: {} } })).items;
    expect(numbers(recent)).toEqual(['DRL-18V', 'PAP-A4-500', 'PEN-BLUE']);
    await withRules({ excludeSuppliers: [w.suppliers.platform2] }, async () => {
      const ruled = ok(await t.call('POST', '/api/v2/supplier-articles/query-recent', { ...w.as('buyer'), body: { query: {} } })).items;
      expect(numbers(ruled)).toEqual(['DRL-18V', 'PAP-A4-500']);
    });
  });

  test('query-top: most ordered by amount, actingSupplierId filters, skip/take page', async () => {
    const top = ok(await t.call('GET', '/api/v2/supplier-articles/query-top', w.as('buyer'))).items;
    expect(numbers(top)).toEqual(['PEN-BLUE', 'PAP-A4-500', 'DRL-18V']);
    const bySupplier = ok(await t.call('GET', '/api/v2/supplier-articles/query-top', { ...w.as('buyer'), query: { actingSupplierId: w.suppliers.platform } })).items;
    expect(numbers(bySupplier)).toEqual(['PAP-A4-500', 'DRL-18V']);
    const paged = ok(await t.call('GET', '/api/v2/supplier-articles/query-top', { ...w.as('buyer'), query: { skip: '1', take: '1' } })).items;
    expect(numbers(paged)).toEqual(['PAP-A4-500']);
    fails(await t.call('GET', '/api/v2/supplier-articles/query-top', { ...w.as('buyer'), query: { actingSupplierId: 'x' } }), 400, 'validationFailed');
  });

  test('query-recent and query-top leave rejected orders out', async () => {
    const rejected = await order(t, w, w.customerA, '2026-06-01T10:00:00Z', [[a.drill, 500], [a.pen, 1]]);
    await t.db.updateTable('orders').set({ status: 'rejected' }).where('id', '=', rejected).execute();
    const top = ok(await t.call('GET', '/api/v2/supplier-articles/query-top', w.as('buyer'))).items;
    expect(numbers(top)).toEqual(['PEN-BLUE', 'PAP-A4-500', 'DRL-18V']);
    const recent = ok(await t.call('POST', '/api/v2/supplier-articles/query-recent', { ...w.as('buyer'), body: { query: {} } })).items;
    expect(numbers(recent)).toEqual(['DRL-18V', 'PAP-A4-500', 'PEN-BLUE']);
    await t.db.updateTable('orders').set({ status: 'approved' }).where('id', '=', rejected).execute();
    expect(numbers(ok(await t.call('GET', '/api/v2/supplier-articles/query-top', w.as('buyer'))).items)[0]).toBe('DRL-18V');
    await t.db.deleteFrom('orderLines').where('orderId', '=', rejected).execute();
    await t.db.deleteFrom('orders').where('id', '=', rejected).execute();
  });

  test('GET /v2/supplier-articles/query: article number exact or prefix, supplier, order', async () => {
    const v2 = (query: Record<string, string>, who: Who = 'buyer') => t.call('GET', '/api/v2/supplier-articles/query', { ...w.as(who), query });
    expect(numbers(ok(await v2({ articleNumber: 'PAP-A4-500' })).items)).toEqual(['PAP-A4-500']);
    expect(numbers(ok(await v2({ articleNumber: 'pap-a4' })).items)).toEqual(['PAP-A4-2500', 'PAP-A4-500']);
    expect(numbers(ok(await v2({ articleNumber: 'PAP-A4-2500' })).items)).toEqual(['PAP-A4-2500']);
    expect(numbers(ok(await v2({ supplierId: w.suppliers.platform2 })).items)).toEqual(['PEN-BLUE']);
    const orderId = await order(t, w, w.customerA, '2026-05-01T10:00:00Z', [[a.drill, 1], [a.ownA, 2], [a.hidden, 1]]);
    expect(numbers(ok(await v2({ orderId })).items)).toEqual(['DRL-18V', 'OWN-A']);
    fails(await v2({ orderId }, 'other'), 404, 'OrderNotFound');
    fails(await v2({ orderId: 'nope' }), 400, 'validationFailed');
  });
});

describe('access', () => {
  test('shop article calls need a customer: a customer user without access gets 400 noActiveCustomer', async () => {
    fails(await t.call('POST', '/api/supplier-articles/query', { ...w.as('noAccess'), body: { query: {} } }), 400, 'noActiveCustomer');
  });
  test('nobody signed in: 401', async () => {
    fails(await t.call('POST', '/api/supplier-articles/query', { host: w.host, body: { query: {} } }), 401, 'unauthorized');
  });
});
