/**
 * One hit per article (issue 28): the offers of one article (search_documents.distinct_key, the
 * index's attributeForDistinct) are answered once, by the best-ranked offer the caller may see; nbHits
 * counts articles; `distinct: false` answers every offer. The index in memory and SQL answer alike.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { searchIndex, type SearchResponse } from '../../src/server/search/engine';
import { parseFilterString } from '../../src/server/search/filters';
import { indexNameFor, rebuildTenantIndex, reindexArticles } from '../../src/server/search/index-sync';
import { memoryIndexFor } from '../../src/server/search/memory-cache';
import { vocabularyFor } from '../../src/server/search/vocabulary';
import { replicaName } from '../../src/shared/search-sorts';
import { ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let indexName: string;
/** Articles that got a second offer from another supplier: article id → [first offer, second offer, second supplier]. */
const doubled = new Map<string, { first: string; second: string; supplierId: string }>();
const WORD = 'duplo';

const strip = ({ processingTimeMS: _, ...rest }: SearchResponse) => rest;

async function both(index: string, request: Record<string, unknown>, restriction: string | null = null) {
  const r = restriction ? parseFilterString(restriction) : null;
  expect(await memoryIndexFor(t.db, indexName, await vocabularyFor(t.db, indexName), true)).not.toBeNull();
  const memory = strip(await searchIndex(t.db, index, request, r, { cache: false }));
  const sqlOnly = strip(await searchIndex(t.db, index, request, r, { cache: false, memory: false }));
  expect(memory).toEqual(sqlOnly);
  return memory;
}
const articleOf = (hit: Record<string, unknown>) => hit.articleId as string;

beforeAll(async () => {
  t = await startTestApp();
  const tenantId = await t.tenantId();
  const tenant = await t.db.selectFrom('tenants').select(['hostname', 'environment']).where('id', '=', tenantId).executeTakeFirstOrThrow();
  indexName = indexNameFor(tenant as { hostname: string; environment: string });
  const suppliers = (await t.db.selectFrom('suppliers').select('id').where('tenantId', '=', tenantId).where('customerId', 'is', null).orderBy('id').execute()).map((s) => s.id as string);
  // Six platform articles with one offer each (the demo data offers some by several suppliers), named with
  // a word of their own; four of them get an offer of another supplier, cheaper or dearer.
  const offers = await t.db.selectFrom('supplierArticles as o').select(['o.id', 'o.articleId', 'o.supplierId', 'o.price'])
    .where('o.tenantId', '=', tenantId).where('o.customerId', 'is', null).where('o.available', '=', true)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('supplierArticles as x').select('x.id').whereRef('x.articleId', '=', 'o.articleId').whereRef('x.id', '!=', 'o.id'))))
    .orderBy('o.id').limit(6).execute();
  for (const [k, o] of offers.entries()) {
    await t.db.updateTable('articles').set({ title: JSON.stringify({ nl: `${WORD} artikel ${k}`, en: `${WORD} article ${k}`, fr: `${WORD} article ${k}` }) } as never)
      .where('id', '=', o.articleId!).execute();
    if (k >= 4) continue;
    const supplierId = suppliers.find((s) => s !== o.supplierId)!;
    const price = (Number(o.price) + (k % 2 ? -0.5 : 0.5)).toFixed(2);
    const made = ok(await t.call('POST', '/api/admin/supplier-articles/create', {
      as: 'admin@demo.test', body: { dto: { articleId: o.articleId, supplierId, articleNumberSupplier: `DUP-${k}`, price } },
    })).result;
    doubled.set(o.articleId!, { first: o.id as string, second: made.id, supplierId });
  }
  await rebuildTenantIndex(t.db, tenantId);
});
afterAll(async () => { await t?.close(); });

describe('a search answers each article once', () => {
  test('six articles, ten offers: nbHits 6, one hit each; without distinct every offer', async () => {
    const grouped = await both(indexName, { query: WORD, hitsPerPage: 100, distinct: true });
    expect(grouped.nbHits).toBe(6);
    const articles = grouped.hits.map(articleOf);
    expect(new Set(articles).size).toBe(6);
    const all = await both(indexName, { query: WORD, hitsPerPage: 100, distinct: false });
    expect(all.nbHits).toBe(10);
    expect(new Set(all.hits.map(articleOf))).toEqual(new Set(articles));
    // The hit of an article is its first offer in the order without distinct (the best-ranked).
    const firstOf = new Map<string, string>();
    for (const h of all.hits) if (!firstOf.has(articleOf(h))) firstOf.set(articleOf(h), h.objectID as string);
    expect(grouped.hits.map((h) => h.objectID)).toEqual(grouped.hits.map((h) => firstOf.get(articleOf(h))));
  });

  test('a request that does not say answers each article once (the index setting), as the marketplace asks', async () => {
    const unsaid = await both(indexName, { query: WORD, hitsPerPage: 100 });
    expect(unsaid.nbHits).toBe(6);
    expect(new Set(unsaid.hits.map(articleOf)).size).toBe(6);
  });

  test("distinct: facets of product data count articles, so a value's count is what choosing it finds; the supplier counts offers", async () => {
    const productData = ['categories.en.lvl0', 'categories.en.lvl1', 'marketplaceName', 'brand', 'features.en'];
    const facets = [...productData, 'supplierName'];
    const sum = (r: Awaited<ReturnType<typeof both>>, f: string) => Object.values(r.facets?.[f] ?? {}).reduce((a, b) => a + b, 0);
    const grouped = await both(indexName, { query: WORD, hitsPerPage: 0, facets, distinct: true });
    expect(grouped.nbHits).toBe(6);
    // Each article is in one category: its offers count once.
    expect(sum(grouped, 'categories.en.lvl0')).toBe(6);
    const ungrouped = await both(indexName, { query: WORD, hitsPerPage: 0, facets, distinct: false });
    expect(sum(ungrouped, 'categories.en.lvl0')).toBe(10);
    let checked = 0;
    for (const f of productData) {
      for (const [value, n] of Object.entries(grouped.facets?.[f] ?? {})) {
        const chosen = await both(indexName, { query: WORD, hitsPerPage: 0, facetFilters: [[`${f}:${value}`]], distinct: true });
        expect(chosen.nbHits, `${f}:${value}`).toBe(n);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(2);
    // The supplier is the offer's own (not declared afterDistinct): every offer counts, as Algolia does.
    expect(grouped.facets?.supplierName).toEqual(ungrouped.facets?.supplierName);
    expect(sum(grouped, 'supplierName')).toBe(10);
  });

  test('pages, the empty query and a sort replica page by articles, in memory as in SQL', async () => {
    const pages = [0, 1, 2].map((page) => both(indexName, { query: WORD, hitsPerPage: 2, page, distinct: true }));
    const ids = (await Promise.all(pages)).flatMap((r) => r.hits.map(articleOf));
    expect(new Set(ids).size).toBe(6);
    const empty = await both(indexName, { query: '', hitsPerPage: 50, distinct: true });
    expect(new Set(empty.hits.map(articleOf)).size).toBe(empty.hits.length);
    const sorted = await both(replicaName(indexName, 'price_asc'), { query: WORD, hitsPerPage: 100, distinct: true });
    expect(sorted.nbHits).toBe(6);
    // Sorted by price, each article shows its cheapest offer.
    for (const h of sorted.hits) {
      const pair = doubled.get(articleOf(h));
      if (!pair) continue;
      const prices = (await both(indexName, { query: WORD, hitsPerPage: 100, distinct: false })).hits
        .filter((x) => articleOf(x) === articleOf(h)).map((x) => Number(x.price));
      expect(Number(h.price)).toBe(Math.min(...prices));
    }
  });

  test('an article taken out of the shop through one offer leaves the index with every offer (its product data is theirs)', async () => {
    const [articleId, pair] = [...doubled][1]!;
    await t.db.updateTable('supplierArticles').set({ available: false } as never).where('id', '=', pair.first).execute();
    await reindexArticles(t.db, await t.tenantId(), [pair.first]);
    const all = await both(indexName, { query: WORD, hitsPerPage: 100, distinct: false });
    expect(all.hits.filter((h) => articleOf(h) === articleId)).toEqual([]);
    await t.db.updateTable('articles').set({ available: true } as never).where('id', '=', articleId).execute();
    await reindexArticles(t.db, await t.tenantId(), [pair.second]);
    expect((await both(indexName, { query: WORD, hitsPerPage: 100, distinct: false })).hits.filter((h) => articleOf(h) === articleId).map((h) => h.objectID).sort())
      .toEqual([pair.first, pair.second].sort());
  });

  test('an article whose offer a rule hides is found by its other offer', async () => {
    const [articleId, pair] = [...doubled][0]!;
    const first = (await both(indexName, { query: WORD, hitsPerPage: 100, distinct: false })).hits.find((h) => h.objectID === pair.first)!;
    const hidden = await both(indexName, { query: WORD, hitsPerPage: 100, distinct: true }, `NOT supplierId:${first.supplierId as string}`);
    const hit = hidden.hits.find((h) => articleOf(h) === articleId);
    expect(hit?.objectID).toBe(pair.second);
  });
});
