/**
 * The search engine's index in memory (src/server/search/memory-index.ts) must answer exactly what
 * the SQL path answers — hits in order, nbHits, facet counts, facets_stats — for words, prefixes,
 * typos, several words, filters of every kind and pages; and it must never serve rows older than
 * the index (a write bumps the version; the next search patches the index in place when the write
 * kept words and ranks, or loads it again).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cachedAnswers, searchIndex, type SearchResponse } from '../../src/server/search/engine';
import { DEFAULT_FACETS } from '../../src/server/search/request';
import { parseFilterString } from '../../src/server/search/filters';
import { indexNameFor, rebuildTenantIndex, reindexArticles } from '../../src/server/search/index-sync';
import { memoryIndexFor } from '../../src/server/search/memory-cache';
import { objectId, wordId, type MemoryIndex } from '../../src/server/search/memory-index';
import { words } from '../../src/server/search/fold';
import { loadIndex } from '../../src/server/search/memory-load';
import { patchIndex } from '../../src/server/search/memory-patch';
import { vocabularyFor } from '../../src/server/search/vocabulary';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let tenantId: string;
let indexName: string;
let sample: { words: string[]; objectId: string; categoryId: string; supplierId: string; brand: string; lvl1: string };

const strip = ({ processingTimeMS: _, ...rest }: SearchResponse) => rest;
const objectIds = (index: MemoryIndex) => Array.from({ length: index.n }, (_, i) => objectId(index, i));

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
  const vocabulary = await vocabularyFor(t.db, indexName);
  const index = await memoryIndexFor(t.db, indexName, vocabulary, true);
  const indexed = vocabulary.sorted.filter((w) => /^[a-z]{5,}$/.test(w) && wordId(index!, w) >= 0);
  const first = (await searchIndex(t.db, indexName, { query: '', hitsPerPage: 1, facets: ['categories.nl.lvl1'] }, null, { cache: false })).hits[0] as any;
  sample = {
    words: indexed.filter((_, i) => i % Math.max(1, Math.floor(indexed.length / 8)) === 0).slice(0, 8),
    objectId: first.objectID, categoryId: first.categoryId, supplierId: first.supplierId, brand: first.brand, lvl1: first.categories.nl.lvl1,
  };
});
afterAll(async () => { await t?.close(); });

describe('the index in memory answers as SQL does', () => {
  test('it is loaded for the seeded index and holds every document', async () => {
    const index = await memoryIndexFor(t.db, indexName, await vocabularyFor(t.db, indexName), true);
    // Every document: one per offer (`distinct: false`; a search answers each article once).
    const all = await searchIndex(t.db, indexName, { query: '', hitsPerPage: 0, distinct: false }, null, { cache: false, memory: false });
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
      [{ query: '', filters: `objectID:"${sample.objectId}" OR NOT categoryIds:"${sample.categoryId}"`, facets: ['categories.nl.lvl0'] }, null],
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

describe('the features facet (features.<lang>: an article\'s attributes)', () => {
  test('counts and filters per language, the same from memory and from SQL', async () => {
    const { memory: all } = await both({ query: '', hitsPerPage: 0, facets: ['features.en', 'features.fr'] });
    const [[value, count], [other]] = Object.entries(all.facets['features.en']);
    expect(count).toBeGreaterThan(1);
    expect(Object.keys(all.facets['features.fr']).length).toBeGreaterThan(1);
    // English values only under features.en: the column holds every language's entries.
    expect(Object.keys(all.facets['features.en']).some((v) => /^(Couleur|Kleur) /.test(v))).toBe(false);
    const cases: Record<string, unknown>[] = [
      { query: '', facetFilters: [`features.en:${value}`], facets: ['features.en', 'brand'], hitsPerPage: 5 },
      { query: '', facetFilters: [[`features.en:${value}`, `features.en:${other}`]], facets: ['features.en'] },
      { query: '', filters: `NOT features.en:"${value}"`, facets: ['features.nl'], hitsPerPage: 3 },
    ];
    for (const request of cases) {
      const { memory, sqlOnly } = await both(request);
      expect(memory, JSON.stringify(request)).toEqual(sqlOnly);
      expect(memory.nbHits, JSON.stringify(request)).toBeGreaterThan(0);
    }
    const { memory: one } = await both(cases[0]);
    expect(one.nbHits).toBe(count);
    expect(one.facets['features.en'][value]).toBe(count);
    expect(one.hits.every((h) => (h.features as { en: string[] }).en.includes(value))).toBe(true);
  });
});

describe('sort replicas (src/shared/search-sorts.ts)', () => {
  const prices = (r: { hits: Record<string, unknown>[] }) => r.hits.map((h) => (typeof h.price === 'number' ? h.price : Infinity));
  const cases: Record<string, unknown>[] = [
    { query: '', hitsPerPage: 30, facets: ['brand', 'price'] },
    { query: '', hitsPerPage: 10, page: 3 },
  ];

  test('the primary\'s documents in price order, ascending or descending, the same from memory and from SQL', async () => {
    for (const words of [sample.words.slice(0, 2), sample.words.map((w) => w.slice(0, 2)).slice(0, 2)]) {
      for (const query of words) cases.push({ query, hitsPerPage: 12, facets: ['supplierName'] });
    }
    for (const direction of ['asc', 'desc'] as const) {
      for (const request of cases) {
        const primary = await searchIndex(t.db, indexName, request, null, { cache: false });
        const sorted = await searchIndex(t.db, `${indexName}_price_${direction}`, request, null, { cache: false });
        const sqlOnly = await searchIndex(t.db, `${indexName}_price_${direction}`, request, null, { cache: false, memory: false });
        const label = `${direction} ${JSON.stringify(request)}`;
        expect(strip(sorted), label).toEqual(strip(sqlOnly));
        // The same matches and counts as the primary; only the order of the hits differs.
        expect(sorted.nbHits, label).toBe(primary.nbHits);
        expect(sorted.facets, label).toEqual(primary.facets);
        expect(sorted.index, label).toBe(`${indexName}_price_${direction}`);
        const p = prices(sorted);
        expect(p, label).toEqual([...p].sort((a, b) => (direction === 'asc' ? a - b : b - a)));
        if (primary.nbHits > 1) expect(sorted.hits.length, label).toBeGreaterThan(0);
      }
    }
  });

  test('a later page goes on where the one before stopped: the cheapest hits of all, not of a page', async () => {
    const all = await searchIndex(t.db, `${indexName}_price_asc`, { query: '', hitsPerPage: 60 }, null, { cache: false });
    const second = await searchIndex(t.db, `${indexName}_price_asc`, { query: '', hitsPerPage: 30, page: 1 }, null, { cache: false });
    expect(second.hits.map((h) => h.objectID)).toEqual(all.hits.slice(30).map((h) => h.objectID));
    const cheapest = await t.db.selectFrom('supplierArticles').select((eb) => eb.fn.min('price').as('min'))
      .where('tenantId', '=', tenantId).where('available', '=', true).executeTakeFirstOrThrow();
    expect(all.hits[0].price).toBe(Number(cheapest.min));
  });

  test('a secured key restriction and filters apply to a replica as to its primary', async () => {
    const restriction = `supplierId:"${sample.supplierId}"`;
    const { memory, sqlOnly } = await both({ query: '', hitsPerPage: 20, filters: 'price > 5' }, restriction);
    const sorted = await searchIndex(t.db, `${indexName}_price_desc`, { query: '', hitsPerPage: 20, filters: 'price > 5' }, parseFilterString(restriction), { cache: false });
    expect(sqlOnly.nbHits).toBe(memory.nbHits);
    expect(sorted.nbHits).toBe(memory.nbHits);
    expect(sorted.hits.every((h) => h.supplierId === sample.supplierId && (h.price as number) > 5)).toBe(true);
    const p = prices(sorted);
    expect(p.length).toBeGreaterThan(1);
    expect(p).toEqual([...p].sort((a, b) => b - a));
  });
});

describe('the compact form of the index in memory', () => {
  /** The documents of a list of word ids, with their title flags, sorted. */
  const postingsOf = (index: MemoryIndex, ids: number[]) =>
    ids.flatMap((id) => [...index.postings.subarray(index.wordStart[id], index.wordStart[id + 1])]).sort((a, b) => a - b);

  test('documents are numbered in ranking order: the empty query pages through them as numbered', async () => {
    const index = (await memoryIndexFor(t.db, indexName, await vocabularyFor(t.db, indexName), true))!;
    const page = await searchIndex(t.db, indexName, { query: '', hitsPerPage: 40, page: 1, distinct: false }, null, { cache: false, memory: false });
    expect(page.hits.map((h) => h.objectID)).toEqual(objectIds(index).slice(40, 80));
  });

  test('words missing from the vocabulary read before loading get ids of their own and the same postings', async () => {
    const vocabulary = await vocabularyFor(t.db, indexName);
    const index = (await memoryIndexFor(t.db, indexName, vocabulary, true))!;
    const extra = (await loadIndex(t.db, indexName, { ...vocabulary, sorted: [] }, Infinity))!;
    expect(extra.extraWords.size).toBeGreaterThan(sample.words.length);
    // Every word, not a sample: the lists behind the new ids grow at a few word ids only, and a
    // title mark lost while they grow shows on those words alone.
    const indexed = vocabulary.sorted.filter((w) => wordId(index, w) >= 0);
    expect(indexed.length).toBeGreaterThan(100);
    for (const w of indexed) {
      expect(wordId(extra, w), w).toBeGreaterThanOrEqual(0);
      expect(postingsOf(extra, [wordId(extra, w)]), w).toEqual(postingsOf(index, [wordId(index, w)]));
    }
    // A brand is among the title words of its articles: its postings carry the title flag.
    const brand = words(sample.brand)[0];
    expect(postingsOf(index, [wordId(index, brand)]).some((p) => p & 1)).toBe(true);
    expect(postingsOf(extra, [wordId(extra, brand)])).toEqual(postingsOf(index, [wordId(index, brand)]));
    expect(objectIds(extra)).toEqual(objectIds(index));
  });

  test('an index above the size limit is not loaded (searches stay in SQL)', async () => {
    const vocabulary = await vocabularyFor(t.db, indexName);
    expect(await loadIndex(t.db, indexName, vocabulary, 1)).toBeNull();
  });
});

describe('the result cache', () => {
  test("keeps the answers of the index's current version only: a write drops the older ones", async () => {
    const [a] = await t.db.selectFrom('supplierArticles').select('id').where('tenantId', '=', tenantId).orderBy('id').limit(1).execute();
    const version = async () => (await vocabularyFor(t.db, indexName)).version;
    await reindexArticles(t.db, tenantId, [a!.id]);
    await searchIndex(t.db, indexName, { query: sample.words[0] }, null);
    await searchIndex(t.db, indexName, { query: '', hitsPerPage: 5 }, null);
    const kept = cachedAnswers(t.db);
    expect(kept).toBeGreaterThanOrEqual(2);
    const before = await version();
    await reindexArticles(t.db, tenantId, [a!.id]);
    expect(await version()).toBeGreaterThan(before);
    // The first search of the new version drops the two answers of the old one and keeps its own.
    await searchIndex(t.db, indexName, { query: sample.words[0] }, null);
    expect(cachedAnswers(t.db)).toBe(kept - 1);
  });
});

describe('the index in memory follows writes', () => {
  test('a changed article is found by its new words at once, and a removed one is gone', async () => {
    const [a, b] = await t.db.selectFrom('supplierArticles').select('id').where('tenantId', '=', tenantId).where('available', '=', true)
      // Offers that are their article's only one (the demo data offers some articles by several suppliers: a change of one writes them all).
      .where((eb) => eb.not(eb.exists(eb.selectFrom('supplierArticles as x').select('x.id').whereRef('x.articleId', '=', 'supplierArticles.articleId').whereRef('x.id', '!=', 'supplierArticles.id')))).orderBy('id').limit(2).execute();
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
    expect(objectIds(index!)).toContain(a.id);
    expect(objectIds(index!)).not.toContain(b.id);
    expect(await search('quuxmemoryword')).toEqual([a.id]);
    expect(await search('quuxmemory')).toEqual([a.id]);
    expect(await search('')).not.toContain(b.id);
  });

  test('a stock, price or attribute change is patched into the loaded index in place, and answers as SQL does', async () => {
    const before = (await memoryIndexFor(t.db, indexName, await vocabularyFor(t.db, indexName), true))!;
    // An offer that is its article's only one: an attribute is product data, written on every offer of the article.
    const a = await t.db.selectFrom('supplierArticles').select(['id', 'stock']).where('tenantId', '=', tenantId)
      .where('available', '=', true).where('stock', 'is not', null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('supplierArticles as x').select('x.id').whereRef('x.articleId', '=', 'supplierArticles.articleId').whereRef('x.id', '!=', 'supplierArticles.id'))))
      .orderBy('id', 'desc').executeTakeFirstOrThrow();
    const stock = Number(a.stock) + 4321;
    const seaGreen = { productAttributeId: 'colour', name: { nl: 'Kleur', en: 'Colour', fr: 'Couleur' }, description: { nl: 'zeegroen', en: 'sea green', fr: 'vert d’eau' } };
    await t.db.updateTable('supplierArticles').set({ stock, price: '1234.56', attributes: JSON.stringify([seaGreen]) }).where('id', '=', a.id).execute();
    await reindexArticles(t.db, tenantId, [a.id]);
    const vocabulary = await vocabularyFor(t.db, indexName);
    // Without waiting for a load: the patched index answers at once, the same object, at the new version.
    const after = await memoryIndexFor(t.db, indexName, vocabulary);
    expect(after).toBe(before);
    expect(after!.version).toBe(vocabulary.version);
    const request = { query: '', filters: `stock = ${stock} AND price = 1234.56`, facets: ['stock', 'price'] };
    const { memory, sqlOnly } = await both(request);
    expect(memory).toEqual(sqlOnly);
    expect(memory.hits.map((h) => h.objectID)).toEqual([a.id]);
    expect(memory.facets!.stock).toEqual({ [String(stock)]: 1 });
    const green = await both({ query: '', facetFilters: ['features.en:Colour: sea green'], facets: ['features.en', 'features.fr'] });
    expect(green.memory).toEqual(green.sqlOnly);
    expect(green.memory.hits.map((h) => h.objectID)).toEqual([a.id]);
    expect(green.memory.facets['features.fr']).toEqual({ 'Couleur : vert d’eau': 1 });
    const { memory: all, sqlOnly: allSql } = await both({ query: '', facets: ['stock', 'price', 'features.en'], hitsPerPage: 3 });
    expect(all).toEqual(allSql);
  });

  test('changed words, a new or removed document, a gap in the log: the index loads again', async () => {
    const current = async () => (await memoryIndexFor(t.db, indexName, await vocabularyFor(t.db, indexName), true))!;
    const [a, b] = await t.db.selectFrom('supplierArticles').select('id').where('tenantId', '=', tenantId).where('available', '=', true)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('supplierArticles as x').select('x.id').whereRef('x.articleId', '=', 'supplierArticles.articleId').whereRef('x.id', '!=', 'supplierArticles.id'))))
      .orderBy('id', 'desc').offset(1).limit(2).execute();
    const writes: [string, () => Promise<unknown>][] = [
      ['new words', () => t.db.updateTable('supplierArticles').set({ title: JSON.stringify({ nl: 'Zebrapatch', en: 'Zebrapatch', fr: 'Zebrapatch' }) }).where('id', '=', a.id).execute()],
      ['removed', () => t.db.updateTable('supplierArticles').set({ available: false }).where('id', '=', b.id).execute()],
      ['added again', () => t.db.updateTable('supplierArticles').set({ available: true }).where('id', '=', b.id).execute()],
    ];
    for (const [what, write] of writes) {
      const before = await current();
      await write();
      await reindexArticles(t.db, tenantId, [a.id, b.id]);
      const after = await current();
      expect(after, what).not.toBe(before);
      const { memory, sqlOnly } = await both({ query: 'zebrapatch', facets: ['stock'] });
      expect(memory, what).toEqual(sqlOnly);
    }
    // A stock change whose log was pruned cannot be patched.
    const before = await current();
    await t.db.updateTable('supplierArticles').set({ stock: 77 }).where('id', '=', a.id).execute();
    await reindexArticles(t.db, tenantId, [a.id]);
    await t.db.deleteFrom('searchChanges').where('indexName', '=', indexName).execute();
    expect(await patchIndex(t.db, indexName, before)).toBe(false);
    expect(await current()).not.toBe(before);
  });

  test('a load that raced a write is brought up to date from the log', async () => {
    const vocabulary = await vocabularyFor(t.db, indexName);
    const loaded = (await loadIndex(t.db, indexName, vocabulary, Infinity))!;
    const a = await t.db.selectFrom('supplierArticles').select('id').where('tenantId', '=', tenantId).where('available', '=', true)
      .orderBy('id').offset(3).executeTakeFirstOrThrow();
    await t.db.updateTable('supplierArticles').set({ stock: 9876 }).where('id', '=', a.id).execute();
    await reindexArticles(t.db, tenantId, [a.id]);
    const doc = objectIds(loaded).indexOf(a.id);
    expect(loaded.numbers.get('stock')!.values[doc]).not.toBe(9876);
    expect(await patchIndex(t.db, indexName, loaded)).toBe(true);
    expect(loaded.numbers.get('stock')!.values[doc]).toBe(9876);
    expect(loaded.version).toBe((await vocabularyFor(t.db, indexName)).version);
  });
});
