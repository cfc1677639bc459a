import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCatalogueWorld, type CatalogueWorld } from './catalogue-fixtures';
import { ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * The category tree of a tenant of ~200 categories and 20 000 articles is answered from a fixed
 * number of statements (core §7 Search and categories): the counts come from one grouped query, not
 * one per category. The statements are counted rather than timed: this machine is shared, and
 * latency figures belong to the benchmarks (bench/).
 */
let t: TestApp;
let w: CatalogueWorld;
let leaves: string[];
beforeAll(async () => {
  t = await startTestApp();
  w = await createCatalogueWorld(t);
  const insert = async (nl: string, parentId: string | null, i: number) => (await t.db.insertInto('productCategories')
    .values({ tenantId: w.tenantId, name: JSON.stringify({ nl, en: nl, fr: nl }), parentId, sequenceNumber: i, popular: i % 7 === 0 })
    .returning('id').executeTakeFirstOrThrow()).id;
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

/** A bound on the statements of one call: the caller's session, tenant and rules, then the answer. */
const FEW = 15;
/** Some statements, and few: one per category (210 here) would be far above. */
const fewStatements = (queries: number) => expect(queries > 0 && queries < FEW, `${queries} statements`).toBe(true);

describe('category tree on a large catalogue', () => {
  test('category-groups: 210 categories, 18 000 visible articles, from a few statements', async () => {
    const call = () => t.call('POST', '/api/articleCategories/category-groups', { ...w.as('buyer'), body: { query: {} } });
    await call(); // the caller's first request warms caches the later ones share
    const { result, queries } = await t.countQueries(call);
    const tree = ok(result).result as any[];
    const total = tree.reduce((sum, c) => sum + c.amountOfArticles, 0);
    expect(total).toBe(18000 + 0);
    expect(tree.filter((c) => c.id !== w.categories.kantoor && c.id !== w.categories.techniek)).toHaveLength(10);
    fewStatements(queries);
  });

  test('the flat list and the popular ones too', async () => {
    const flat = await t.countQueries(() => t.call('GET', '/api/v2/product-categories', w.as('buyer')));
    expect(ok(flat.result).total).toBe(215);
    fewStatements(flat.queries);
    const popular = await t.countQueries(() => t.call('GET', '/api/v2/product-categories/popular', w.as('buyer')));
    expect(ok(popular.result).items.length).toBeGreaterThan(0);
    fewStatements(popular.queries);
  });

  test('an article page with search over 20 000 articles too', async () => {
    const call = () => t.call('POST', '/api/supplier-articles/query', { ...w.as('buyer'), body: { query: { search: 'perf-1', categoryId: leaves[1] } } });
    const { result, queries } = await t.countQueries(call);
    expect(ok(result).result.total).toBeGreaterThan(0);
    fewStatements(queries);
  });
});
