import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCatalogueWorld, type CatalogueWorld } from './catalogue-fixtures';
import { ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * The category tree of a tenant of ~200 categories and 20 000 articles must answer in well under
 * 100 ms (core §7 Search and categories): counts come from one grouped query, not one per category.
 */
let t: TestApp;
let w: CatalogueWorld;
let leaves: string[];
beforeAll(async () => {
  t = await startTestApp();
  w = await createCatalogueWorld(t);
  const insert = async (nl: string, parentId: string | null, i: number) => (await t.db.insertInto('productCategories')
    .values({ tenantId: w.tenantId, name: JSON.stringify({ nl, en: nl, fr: nl }), parentId, sequenceNumber: i, popular: i % 7 === 0 })
    .returning('id').executeTakeFirstOrThrow()).id as string;
  leaves = [];
  for (let r = 0; r < 10; r++) {
    const root = await insert(`Groep ${r}`, null, r);
    for (let s = 0; s < 4; s++) {
      const sub = await insert(`Sub ${r}.${s}`, root, s);
      for (let l = 0; l < 4; l++) leaves.push(await insert(`Blad ${r}.${s}.${l}`, sub, l));
    }
  }
  await sql`
    insert into supplier_articles (tenant_id, customer_id, article_number_supplier, supplier_id, title, price, category_id, available)
    select ${w.tenantId}, null, 'PERF-' || g, ${w.suppliers.platform}, jsonb_build_object('nl', 'Artikel ' || g), 1.00,
      (${JSON.stringify(leaves)}::jsonb ->> (g % ${leaves.length}))::uuid, g % 10 <> 0
    from generate_series(1, 20000) as g`.execute(t.db);
}, 120_000);
afterAll(async () => { await t?.close(); });

const bestOf = async (n: number, fn: () => Promise<unknown>) => {
  let best = Infinity;
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn();
    best = Math.min(best, performance.now() - start);
  }
  if (process.env.CATALOGUE_TIMINGS) console.log(`best of ${n}: ${best.toFixed(1)} ms`);
  return best;
};

describe('category tree on a large catalogue', () => {
  test('category-groups: 210 categories, 18 000 visible articles, answered in under 100 ms', async () => {
    const call = () => t.call('POST', '/api/articleCategories/category-groups', { ...w.as('buyer'), body: { query: {} } });
    const tree = ok(await call()).result as any[];
    const total = tree.reduce((sum, c) => sum + c.amountOfArticles, 0);
    expect(total).toBe(18000 + 0);
    expect(tree.filter((c) => c.id !== w.categories.kantoor && c.id !== w.categories.techniek)).toHaveLength(10);
    expect(await bestOf(5, call)).toBeLessThan(100);
  });

  test('the flat list and the popular ones are as fast', async () => {
    const flat = ok(await t.call('GET', '/api/v2/product-categories', w.as('buyer')));
    expect(flat.total).toBe(215);
    expect(await bestOf(5, () => t.call('GET', '/api/v2/product-categories', w.as('buyer')))).toBeLessThan(100);
    expect(await bestOf(5, () => t.call('GET', '/api/v2/product-categories/popular', w.as('buyer')))).toBeLessThan(100);
  });

  test('an article page with search over 20 000 articles stays fast too', async () => {
    const call = () => t.call('POST', '/api/supplier-articles/query', { ...w.as('buyer'), body: { query: { search: 'perf-1', categoryId: leaves[1] } } });
    expect(ok(await call()).result.total).toBeGreaterThan(0);
    expect(await bestOf(5, call)).toBeLessThan(150);
  });
});
