import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCatalogueWorld, setRules, type CatalogueWorld } from './catalogue-fixtures';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let w: CatalogueWorld;
beforeAll(async () => {
  t = await startTestApp();
  w = await createCatalogueWorld(t);
  const c = w.categories;
  await w.article({ categoryId: c.a4 });
  await w.article({ categoryId: c.a4, marketplaceId: w.marketplaces.tech });
  await w.article({ categoryId: c.papier, family: 'papier' });
  await w.article({ categoryId: c.pennen, supplierId: w.suppliers.platform2 });
  await w.article({ categoryId: c.techniek, marketplaceId: w.marketplaces.tech });
  await w.article({ categoryId: c.techniek, available: false });
  await w.article({ categoryId: c.pennen, customerId: w.customerA, supplierId: w.suppliers.ownA, type: 'CustomerDefined' });
  await w.article({ categoryId: c.pennen, customerId: w.customerB, supplierId: w.suppliers.ownB, type: 'CustomerDefined' });
});
afterAll(async () => { await t?.close(); });

const groups = async (who: Parameters<CatalogueWorld['as']>[0] = 'buyer', body: unknown = { query: {} }) =>
  ok(await t.call('POST', '/api/articleCategories/category-groups', { ...w.as(who), body })).result as any[];
const flatten = (cats: any[]): any[] => cats.flatMap((c) => [c, ...flatten(c.subCategories)]);
const counts = (cats: any[]) => Object.fromEntries(flatten(cats).map((c) => [c.descriptions[0].description, c.amountOfArticles]));

describe('category tree (core §3 Category)', () => {
  test('category-groups: the top level with the whole subtree, names per language and hierarchy strings', async () => {
    const tree = await groups();
    expect(tree.map((c) => c.descriptions.find((d: any) => d.languageCode === 'en').description)).toEqual(['Office', 'Technology']);
    const [kantoor] = tree;
    expect(kantoor).toMatchObject({ id: w.categories.kantoor, parentId: null, level: 0, popular: false, imageUrl: null, sequenceNumber: 1 });
    expect(kantoor.descriptions).toEqual([
      { languageCode: 'nl', description: 'Kantoor' }, { languageCode: 'en', description: 'Office' }, { languageCode: 'fr', description: 'Bureau' },
    ]);
    const a4 = kantoor.subCategories[0].subCategories[0];
    expect(a4).toMatchObject({ id: w.categories.a4, parentId: w.categories.papier, level: 2, subCategories: [] });
    expect(a4.hierarchy).toEqual({ nl: 'Kantoor > Papier > A4', en: 'Office > Paper > A4', fr: 'Bureau > Papier > A4' });
    expect(kantoor.subCategories.map((c: any) => c.id)).toEqual([w.categories.papier, w.categories.pennen]);
  });

  test('amountOfArticles: visible available articles including descendants; other customers own and unavailable ones do not count', async () => {
    expect(counts(await groups())).toEqual({ Kantoor: 5, Papier: 3, A4: 2, Pennen: 2, Techniek: 1 });
    // customer B sees its own article in Pennen instead of customer A's
    expect(counts(await groups('other'))).toEqual({ Kantoor: 5, Papier: 3, A4: 2, Pennen: 2, Techniek: 1 });
    // a platform admin acting for nobody in particular sees the default customer's view
    expect(counts(await groups('admin'))).toEqual({ Kantoor: 5, Papier: 3, A4: 2, Pennen: 2, Techniek: 1 });
  });

  test('the counts follow the caller\'s catalogue rules', async () => {
    await setRules(t, w, w.users.buyer, { excludeMarketPlaces: [w.marketplaces.tech], excludeCategories: [w.categories.pennen] });
    try {
      // The excluded category is gone from the tree, and so is Techniek, which the marketplace rule
      // leaves without a visible article.
      expect(counts(await groups())).toEqual({ Kantoor: 2, Papier: 2, A4: 1 });
      // someone else in the same company is not affected
      expect(counts(await groups('manager'))).toEqual({ Kantoor: 5, Papier: 3, A4: 2, Pennen: 2, Techniek: 1 });
    } finally {
      await t.db.deleteFrom('catalogRules').where('userId', '=', w.users.buyer).execute();
    }
  });

  describe('a category the rules leave without a visible article is not offered (issue 12 §5)', () => {
    const flatIds = async () => ok(await t.call('GET', '/api/v2/product-categories', w.as('buyer'))).items.map((c: any) => c.id);
    const popularIds = async () => ok(await t.call('GET', '/api/v2/product-categories/popular', w.as('buyer'))).items.map((c: any) => c.id);
    const subCategories = (parentId: string) => t.call('POST', '/api/articleCategories/sub-categories', { ...w.as('buyer'), body: { query: { parentId } } });
    const withRules = async (rules: Record<string, string[]>, check: () => Promise<void>) => {
      await setRules(t, w, w.users.buyer, rules);
      try { await check(); } finally { await t.db.deleteFrom('catalogRules').where('userId', '=', w.users.buyer).execute(); }
    };

    test('emptied by a marketplace rule: no tab, no entry in the flat or popular lists, its sub-categories unknown', () =>
      withRules({ excludeMarketPlaces: [w.marketplaces.tech] }, async () => {
        // Techniek's one available article is of the tech marketplace (its other one is unavailable).
        expect(counts(await groups())).toEqual({ Kantoor: 4, Papier: 2, A4: 1, Pennen: 2 });
        const c = w.categories;
        expect(await flatIds()).toEqual([c.kantoor, c.papier, c.a4, c.pennen]);
        expect(ok(await t.call('GET', '/api/v2/product-categories', w.as('buyer'))).total).toBe(4);
        expect(await popularIds()).toEqual([c.papier, c.pennen]);
        fails(await subCategories(c.techniek), 404, 'CategoryNotFound');
        // The same lists for product management.
        expect(ok(await t.call('GET', '/api/product-management/categories', w.as('buyer'))).items.map((x: any) => x.id)).toEqual([c.kantoor, c.papier, c.a4, c.pennen]);
      }));

    test('emptied by supplier rules, level by level: only what still has a visible article stays', () =>
      withRules({ excludeSuppliers: [w.suppliers.platform, w.suppliers.platform2] }, async () => {
        // Left: customer A's own article in Pennen. Papier and A4 (platform articles only) and
        // Techniek go; Kantoor stays for Pennen.
        expect(counts(await groups())).toEqual({ Kantoor: 1, Pennen: 1 });
        expect((await groups()).map((g) => g.subCategories.map((s: any) => s.id))).toEqual([[w.categories.pennen]]);
        fails(await subCategories(w.categories.papier), 404, 'CategoryNotFound');
        expect(ok(await subCategories(w.categories.kantoor)).result.map((x: any) => x.id)).toEqual([w.categories.pennen]);
      }));

    test('a group all of whose categories are excluded is not offered either', () =>
      withRules({ excludeCategories: [w.categories.papier, w.categories.pennen] }, async () => {
        expect(counts(await groups())).toEqual({ Techniek: 1 });
        expect(await flatIds()).toEqual([w.categories.techniek]);
        fails(await subCategories(w.categories.kantoor), 404, 'CategoryNotFound');
      }));

    test('rules that leave nothing at all: no tabs', () =>
      withRules({ includeCategories: [w.categories.techniek], excludeMarketPlaces: [w.marketplaces.tech] }, async () => {
        expect(await groups()).toEqual([]);
        expect(ok(await t.call('GET', '/api/v2/product-categories', w.as('buyer')))).toMatchObject({ items: [], total: 0 });
        expect(await popularIds()).toEqual([]);
      }));

    test('a category empty without the rules too (no articles yet) stays, as it does for everyone', async () => {
      const nietjes = (await t.db.insertInto('productCategories')
        .values({ tenantId: w.tenantId, name: JSON.stringify({ nl: 'Nietjes', en: 'Staples', fr: 'Agrafes' }), parentId: w.categories.kantoor, sequenceNumber: 3 })
        .returning('id').executeTakeFirstOrThrow()).id;
      try {
        expect(counts(await groups('manager'))).toMatchObject({ Kantoor: 5, Nietjes: 0 });
        await withRules({ excludeMarketPlaces: [w.marketplaces.tech] }, async () => {
          expect(counts(await groups())).toEqual({ Kantoor: 4, Papier: 2, A4: 1, Pennen: 2, Nietjes: 0 });
        });
        // ... but not where the rest of its group was all the rules left: a group with nothing visible goes.
        await withRules({ excludeCategories: [w.categories.papier, w.categories.pennen] }, async () => {
          expect(counts(await groups())).toEqual({ Techniek: 1 });
        });
      } finally {
        await t.db.deleteFrom('productCategories').where('id', '=', nietjes).execute();
      }
    });
  });

  test('an include list keeps only the included categories and their ancestors; an excluded parent cannot be opened', async () => {
    await setRules(t, w, w.users.buyer, { includeCategories: [w.categories.a4] });
    try {
      expect(counts(await groups())).toEqual({ Kantoor: 2, Papier: 2, A4: 2 });
    } finally {
      await t.db.deleteFrom('catalogRules').where('userId', '=', w.users.buyer).execute();
    }
    await setRules(t, w, w.users.buyer, { excludeCategories: [w.categories.papier] });
    try {
      fails(await t.call('POST', '/api/articleCategories/sub-categories', { ...w.as('buyer'), body: { query: { parentId: w.categories.papier } } }), 404, 'CategoryNotFound');
    } finally {
      await t.db.deleteFrom('catalogRules').where('userId', '=', w.users.buyer).execute();
    }
  });

  test('sub-categories {query:{parentId}}: the children with their subtrees', async () => {
    const subs = ok(await t.call('POST', '/api/articleCategories/sub-categories', { ...w.as('buyer'), body: { query: { parentId: w.categories.kantoor } } })).result;
    expect(subs.map((c: any) => [c.id, c.amountOfArticles, c.subCategories.length])).toEqual([[w.categories.papier, 3, 1], [w.categories.pennen, 2, 0]]);
    const leaf = ok(await t.call('POST', '/api/articleCategories/sub-categories', { ...w.as('buyer'), body: { query: { parentId: w.categories.a4 } } })).result;
    expect(leaf).toEqual([]);
  });

  test('sub-categories: unknown parent 404, missing or malformed parent 400, never a 500', async () => {
    const call = (body: unknown) => t.call('POST', '/api/articleCategories/sub-categories', { ...w.as('buyer'), body: body as object });
    fails(await call({ query: { parentId: '00000000-0000-4000-8000-000000000000' } }), 404, 'CategoryNotFound');
    expect(fails(await call({ query: {} }), 400, 'validationFailed').details).toEqual([expect.objectContaining({ path: 'query.parentId', rule: 'required' })]);
    fails(await call({ query: { parentId: 'abc' } }), 400, 'validationFailed');
    fails(await call({ query: { parentId: 12 } }), 400, 'validationFailed');
    fails(await call({ query: 'x' }), 400, 'validationFailed');
    fails(await call([1, 2]), 400, 'validationFailed');
  });

  test('category-groups tolerates a missing query and refuses a query that is not an object', async () => {
    expect((await groups('buyer', {})).length).toBe(2);
    fails(await t.call('POST', '/api/articleCategories/category-groups', { ...w.as('buyer'), body: { query: [1] } }), 400, 'validationFailed');
    fails(await t.call('POST', '/api/articleCategories/category-groups', { ...w.as('buyer'), body: { query: { customerId: 'nope' } } }), 400, 'validationFailed');
  });

  test('the customerId in the body must be one the caller may act for', async () => {
    fails(await t.call('POST', '/api/articleCategories/category-groups', { ...w.as('buyer'), body: { query: { customerId: w.customerB } } }), 403, 'NoAccessToCustomer');
    const asB = ok(await t.call('POST', '/api/articleCategories/category-groups', { ...w.as('admin'), body: { query: { customerId: w.customerB } } })).result;
    expect(asB).toHaveLength(2);
  });

  test('the tree belongs to the tenant: the demo tenant\'s categories never show', async () => {
    const ids = flatten(await groups()).map((c) => c.id);
    expect(ids.sort()).toEqual(Object.values(w.categories).sort());
  });
});

describe('flat category lists', () => {
  test('GET /v2/product-categories: every category once, parents before children, subCategories empty, paged', async () => {
    const all = ok(await t.call('GET', '/api/v2/product-categories', w.as('buyer')));
    expect(all).toMatchObject({ total: 5, page: 1, pageSize: 999999 });
    const c = w.categories;
    expect(all.items.map((x: any) => x.id)).toEqual([c.kantoor, c.papier, c.a4, c.pennen, c.techniek]);
    expect(all.items.every((x: any) => Array.isArray(x.subCategories) && x.subCategories.length === 0)).toBe(true);
    expect(all.items[2]).toMatchObject({ level: 2, amountOfArticles: 2, hierarchy: { en: 'Office > Paper > A4' } });
    const page2 = ok(await t.call('GET', '/api/v2/product-categories', { ...w.as('buyer'), query: { page: '2', pageSize: '2' } }));
    expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page2.items.map((x: any) => x.id)).toEqual([c.a4, c.pennen]);
  });

  test('pageSize above the maximum is capped; junk paging is a 400', async () => {
    const big = ok(await t.call('GET', '/api/v2/product-categories', { ...w.as('buyer'), query: { pageSize: '5000000' } }));
    expect(big.pageSize).toBe(999999);
    fails(await t.call('GET', '/api/v2/product-categories', { ...w.as('buyer'), query: { page: 'x' } }), 400, 'validationFailed');
    fails(await t.call('GET', '/api/v2/product-categories', { ...w.as('buyer'), query: { pageSize: '0' } }), 400, 'validationFailed');
  });

  test('GET /product-management/categories: the same list for users with product-management rights', async () => {
    const list = ok(await t.call('GET', '/api/product-management/categories', { ...w.as('manager'), query: { page: '1', pageSize: '3' } }));
    expect(list).toMatchObject({ total: 5, page: 1, pageSize: 3 });
    expect(list.items).toHaveLength(3);
    fails(await t.call('GET', '/api/product-management/categories', w.as('noAccess')), 400, 'noActiveCustomer');
  });

  test('GET /v2/product-categories/popular: popular ones only, most articles first', async () => {
    const popular = ok(await t.call('GET', '/api/v2/product-categories/popular', w.as('buyer'))).items;
    expect(popular.map((x: any) => [x.id, x.amountOfArticles])).toEqual([[w.categories.papier, 3], [w.categories.pennen, 2], [w.categories.techniek, 1]]);
  });
});
