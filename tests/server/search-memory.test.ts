/**
 * The search engine's index in memory (src/server/search/memory-index.ts) must answer exactly what
 * the SQL path answers — hits in order, nbHits, facet counts, facets_stats — for words, prefixes,
 * typos, several words, filters of every kind and pages; and it must never serve rows older than
 * the index (a write bumps the version; the next search loads the index again).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_FACETS, searchIndex, type SearchResponse } from '../../src/server/search/engine';
import { parseFilterString } from '../../src/server/search/filters';
import { indexNameFor, rebuildTenantIndex, reindexArticles } from '../../src/server/search/index-sync';
import { memoryIndexFor } from '../../src/server/search/memory-index';
import { vocabularyFor } from '../../src/server/search/vocabulary';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let tenantId: string;
let indexName: string;
let sample: { words: string[]; categoryId: string; supplierId: string; brand: string; lvl1: string };

const strip = ({ processingTimeMS: _, ...rest }: SearchResponse) => rest;

/** Both paths, each computed (no result cache). */
async function both(request: Record<string, unknown>, restriction: string | null = null) {
  const r = restriction ? parseFilterString(restriction) : null;
  expect(await memoryIndexFor(t.db, indexName, await vocabularyFor(t.db, indexName), true)).not.toBeNull();
  const memory = await searchIndex(t.db, indexName, request, r, { cache: false });
  const sqlOnly = await searchIndex(t.db, indexName, request, r, { cache: false, memory: false });
  return { memory: strip(memory), sqlOnly: strip(sqlOnly) };
}

beforeAll(async () => {
  t = await startTestApp();
  tenantId = await t.tenantId();
  await rebuildTenantIndex(t.db, tenantId);
  const tenant = await t.db.selectFrom('tenants').select(['hostname', 'environment']).where('id', '=', tenantId).executeTakeFirstOrThrow();
  indexName = indexNameFor(tenant as { hostname: string; environment: string });
  const index = await memoryIndexFor(t.db, indexName, await vocabularyFor(t.db, indexName), true);
  const words = [...index!.words.keys()].filter((w) => /^[a-z]{5,}$/.test(w)).sort();
  const first = (await searchIndex(t.db, indexName, { query: '', hitsPerPage: 1, facets: ['categories.nl.lvl1'] }, null, { cache: false })).hits[0] as any;
  sample = {
    words: words.filter((_, i) => i % Math.max(1, Math.floor(words.length / 8)) === 0).slice(0, 8),
    categoryId: first.categoryId, supplierId: first.supplierId, brand: first.brand, lvl1: first.categories.nl.lvl1,
  };
});
afterAll(async () => { await t?.close(); });

describe('the index in memory answers as SQL does', () => {
  test('it is loaded for the seeded index and holds every document', async () => {
    const index = await memoryIndexFor(t.db, indexName, await vocabularyFor(t.db, indexName), true);
    const all = await searchIndex(t.db, indexName, { query: '', hitsPerPage: 0 }, null, { cache: false, memory: false });
    expect(index).not.toBeNull();
    expect(index!.n).toBe(all.nbHits);
    expect(all.nbHits).toBeGreaterThan(10);
  });

  test('words, prefixes, typos and several words, with every default facet and price stats', async () => {
    const typo = (w: string) => w.slice(0, 2) + w[3] + w[2] + w.slice(4);
    const queries = ['', ...sample.words, ...sample.words.map((w) => w.slice(0, 2)), ...sample.words.map((w) => w.slice(0, 3)),
      ...sample.words.map(typo), `${sample.words[0]} ${sample.words[1].slice(0, 3)}`, `${sample.words[2]} ${sample.words[3]}`, 'zzzqqq'];
    let nonEmpty = 0;
    for (const query of queries) {
      const { memory, sqlOnly } = await both({ query, facets: [...DEFAULT_FACETS, 'price', 'stock', 'promoted', 'type'], hitsPerPage: 7 });
      expect(memory, query).toEqual(sqlOnly);
      if (memory.nbHits) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(queries.length / 2);
  });

  test('filters of every kind, a secured key restriction and later pages', async () => {
    const cases: [Record<string, unknown>, string | null][] = [
      [{ query: '', filters: `categoryIds:"${sample.categoryId}" AND price > 5`, facets: ['brand', 'price'] }, `tenantId:"${tenantId}" AND ownerCustomerId:platform`],
      [{ query: sample.brand.toLowerCase().slice(0, 2), facetFilters: [[`brand:${sample.brand}`, 'brand:nothing'], '-promoted:true'], page: 1, hitsPerPage: 3 }, null],
      [{ query: '', numericFilters: ['price:1 TO 20', 'stock>=0'], facets: ['supplierName', 'stock'] }, null],
      [{ query: '', filters: `NOT supplierId:"${sample.supplierId}" OR promoted:true`, facets: ['categories.nl.lvl0'] }, null],
      [{ query: '', facetFilters: [`categories.nl.lvl1:${sample.lvl1}`], facets: ['categories.nl.lvl2', 'marketplaceName'] }, null],
      [{ query: '', filters: 'price != 10 AND stock < 100000', page: 2, hitsPerPage: 5 }, null],
      [{ query: '', offset: 4, length: 6, facets: ['brand'], maxValuesPerFacet: 2 }, null],
      // Attributes without a column of their own are read from the records: the SQL path answers.
      [{ query: '', facets: ['priceQuantity', 'articleNumberSupplier'], filters: 'minOrderQuant >= 1' }, null],
    ];
    for (const [request, restriction] of cases) {
      const { memory, sqlOnly } = await both(request, restriction);
      expect(memory, JSON.stringify(request)).toEqual(sqlOnly);
      expect(memory.nbHits, JSON.stringify(request)).toBeGreaterThan(0);
    }
  });
});

describe('the index in memory follows writes', () => {
  test('a changed article is found by its new words at once, and a removed one is gone', async () => {
    const [a, b] = await t.db.selectFrom('supplierArticles').select('id').where('tenantId', '=', tenantId).where('available', '=', true).orderBy('id').limit(2).execute();
    const search = async (query: string) => (await searchIndex(t.db, indexName, { query }, null, { cache: false })).hits.map((h) => h.objectID);
    expect(await search('quuxmemoryword')).toEqual([]);
    expect(await search(sample.words[0])).toBeDefined();
    await t.db.updateTable('supplierArticles').set({ title: JSON.stringify({ nl: 'Quuxmemoryword nieuw', en: 'Quuxmemoryword new', fr: 'Quuxmemoryword neuf' }) }).where('id', '=', a.id).execute();
    await t.db.updateTable('supplierArticles').set({ available: false }).where('id', '=', b.id).execute();
    const before = (await searchIndex(t.db, indexName, { query: '', hitsPerPage: 0 }, null, { cache: false })).nbHits;
    await reindexArticles(t.db, tenantId, [a.id, b.id]);
    expect(await search('quuxmemoryword')).toEqual([a.id]);
    expect(await search('quuxmemory')).toEqual([a.id]);
    expect((await searchIndex(t.db, indexName, { query: '', hitsPerPage: 0 }, null, { cache: false })).nbHits).toBe(before - 1);
    expect(await search('')).not.toContain(b.id);
    // The same once the index in memory caught up with the write.
    const index = await memoryIndexFor(t.db, indexName, await vocabularyFor(t.db, indexName), true);
    expect(index!.ids).toContain(a.id);
    expect(index!.ids).not.toContain(b.id);
    expect(await search('quuxmemoryword')).toEqual([a.id]);
    expect(await search('quuxmemory')).toEqual([a.id]);
    expect(await search('')).not.toContain(b.id);
  });
});
