/**
 * The production indexing job (SEARCH_PROVIDER=algolia) drives the official algoliasearch client;
 * here the client is pointed at the embedded engine's write side, so the real client is exercised
 * end to end: clearObjects + setSettings + saveObjects on a rebuild, saveObjects/deleteObjects on
 * reindexArticles, partialUpdateObjects, each task awaited.
 */
import { algoliasearch } from 'algoliasearch';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createAlgoliaPublisher } from '../../src/server/search/algolia-job';
import { rebuildTenantIndex, reindexArticles, setSearchPublisher } from '../../src/server/search/index-sync';
import { searchKeys } from '../../src/server/search/keys';
import { INDEX_SETTINGS } from '../../src/server/search/records';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let tenantId: string;
let admin: ReturnType<typeof algoliasearch>;
let publisher: ReturnType<typeof createAlgoliaPublisher>;
const JOB_INDEX = 'job_articles_localhost_development';

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as { port: number }).port;
  tenantId = await t.tenantId();
  const keys = await searchKeys(t.db, t.testDb.config.search);
  const hosts = [{ url: `127.0.0.1:${port}/api/search`, protocol: 'http' as const }];
  publisher = createAlgoliaPublisher(t.db, { provider: 'algolia', appId: keys.appId, searchKey: keys.searchKey, adminKey: keys.adminKey, indexPrefix: 'job_', keyTtlSeconds: 3600 }, { hosts });
  admin = algoliasearch(keys.appId, keys.adminKey, { hosts: hosts.map((h) => ({ ...h, accept: 'readWrite' as const })) });
  setSearchPublisher(publisher);
});
afterAll(async () => {
  setSearchPublisher(null);
  await t?.close();
});

/** Records of an index (one per offer: `distinct: false`, where a search answers each article once). */
const count = async (indexName: string, query = '') => Number((await admin.searchSingleIndex({ indexName, searchParams: { query, hitsPerPage: 0, distinct: false } })).nbHits);

describe('indexing job through the official client', () => {
  test('a rebuild pushes settings and every available article', async () => {
    const pushed = await rebuildTenantIndex(t.db, tenantId);
    expect(pushed).toBeGreaterThan(0);
    expect(await count(JOB_INDEX)).toBe(pushed);
    expect(await count(JOB_INDEX)).toBe(await count('articles_localhost_development'));
    const available = await t.db.selectFrom('supplierArticles').select((eb) => eb.fn.countAll<number>().as('n')).where('tenantId', '=', tenantId).where('available', '=', true).executeTakeFirstOrThrow();
    expect(Number(available.n)).toBe(pushed);
    const settings = await admin.getSettings({ indexName: JOB_INDEX });
    expect(settings.attributesForFaceting).toEqual(INDEX_SETTINGS.attributesForFaceting);
    expect(settings.searchableAttributes).toEqual(INDEX_SETTINGS.searchableAttributes);
    expect([settings.attributeForDistinct, settings.distinct]).toEqual(['articleId', true]);
    // The sort replicas: named by the primary, each ranking by its attribute before relevance.
    expect(settings.replicas).toEqual([`${JOB_INDEX}_price_asc`, `${JOB_INDEX}_price_desc`]);
    expect((await admin.getSettings({ indexName: `${JOB_INDEX}_price_asc` })).ranking?.[0]).toBe('asc(price)');
    expect((await admin.getSettings({ indexName: `${JOB_INDEX}_price_desc` })).ranking?.[0]).toBe('desc(price)');
    const cheapest = await admin.searchSingleIndex({ indexName: `${JOB_INDEX}_price_asc`, searchParams: { query: '', hitsPerPage: 5, distinct: false } });
    const prices = cheapest.hits.map((h) => (h as unknown as { price: number }).price);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    expect(cheapest.nbHits).toBe(pushed);
  });

  test('records are written to the primary: a sort replica refuses writes', async () => {
    await expect(admin.saveObjects({ indexName: `${JOB_INDEX}_price_asc`, objects: [{ objectID: 'x' }] })).rejects.toMatchObject({ status: 400 });
    await expect(admin.clearObjects({ indexName: `${JOB_INDEX}_price_desc` })).rejects.toMatchObject({ status: 400 });
    await expect(admin.deleteObject({ indexName: `${JOB_INDEX}_price_desc`, objectID: 'x' })).rejects.toMatchObject({ status: 400 });
    expect(await count(`${JOB_INDEX}_price_asc`)).toBe(await count(JOB_INDEX));
  });

  test('reindexArticles saves changed articles and deletes unavailable ones', async () => {
    const [a, b] = await t.db.selectFrom('supplierArticles').select(['id', 'title']).where('tenantId', '=', tenantId).where('available', '=', true)
      // Offers that are their article's only one (the demo data offers some articles by several suppliers: a change of one writes them all).
      .where((eb) => eb.not(eb.exists(eb.selectFrom('supplierArticles as x').select('x.id').whereRef('x.articleId', '=', 'supplierArticles.articleId').whereRef('x.id', '!=', 'supplierArticles.id')))).orderBy('id').limit(2).execute();
    await t.db.updateTable('supplierArticles').set({ title: JSON.stringify({ nl: 'Quuxwidget nieuw', en: 'Quuxwidget new', fr: 'Quuxwidget nouveau' }) }).where('id', '=', a.id).execute();
    await t.db.updateTable('supplierArticles').set({ available: false }).where('id', '=', b.id).execute();
    const before = await count(JOB_INDEX);
    await reindexArticles(t.db, tenantId, [a.id, b.id]);
    expect(await admin.getObject({ indexName: JOB_INDEX, objectID: a.id })).toMatchObject({ objectID: a.id, title: { nl: 'Quuxwidget nieuw' } });
    await expect(admin.getObject({ indexName: JOB_INDEX, objectID: b.id })).rejects.toMatchObject({ status: 404 });
    expect(await count(JOB_INDEX)).toBe(before - 1);
    expect(await count(JOB_INDEX, 'quuxwidget')).toBe(1);
  });

  test('partial updates change one attribute and keep the rest', async () => {
    const [a] = await t.db.selectFrom('supplierArticles').select('id').where('tenantId', '=', tenantId).where('available', '=', true).orderBy('id', 'desc').limit(1).execute();
    const original = await admin.getObject({ indexName: JOB_INDEX, objectID: a.id }) as Record<string, unknown>;
    await publisher.update(tenantId, [{ objectID: a.id, stock: 4242 }]);
    const updated = await admin.getObject({ indexName: JOB_INDEX, objectID: a.id }) as Record<string, unknown>;
    expect(updated).toEqual({ ...original, stock: 4242 });
    const inStock = await admin.searchSingleIndex({ indexName: JOB_INDEX, searchParams: { numericFilters: ['stock=4242'] } });
    expect(inStock.hits.map((h) => h.objectID)).toEqual([a.id]);
  });

  test('the write side refuses the search key', async () => {
    const keys = await searchKeys(t.db, t.testDb.config.search);
    const port = (t.app.server.address() as { port: number }).port;
    const reader = algoliasearch(keys.appId, keys.searchKey, { hosts: [{ url: `127.0.0.1:${port}/api/search`, protocol: 'http', accept: 'readWrite' }] });
    await expect(reader.saveObjects({ indexName: JOB_INDEX, objects: [{ objectID: 'x' }] })).rejects.toMatchObject({ status: 403 });
    await expect(reader.setSettings({ indexName: JOB_INDEX, indexSettings: { hitsPerPage: 5 } })).rejects.toMatchObject({ status: 403 });
  });
});
