/**
 * Marketplace search (issue 4): the embedded engine answers the Algolia protocol; the official
 * algoliasearch v5 clients and InstantSearch's helper read its answers. Articles with known texts
 * are added to the seeded tenant and indexed through reindexArticles.
 */
import { liteClient } from 'algoliasearch/lite';
import { algoliasearch as searchClient } from 'algoliasearch';
import algoliasearchHelper from 'algoliasearch-helper';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { reindexArticles } from '../../src/server/search/index-sync';
import { generateSecuredKey, searchKeys } from '../../src/server/search/keys';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let port: number;
let tenantId: string;
let customers: string[];
let buyerCreds: { appId: string; apiKey: string; indexName: string; hosts: { url: string; protocol: string; accept: string }[]; validUntil: number };
let managerCreds: typeof buyerCreds;
const ids: Record<string, string> = {};
let veiligheid: string;
let kantoor: string;
let penCategory: { id: string; nl: string[] };

/** The credentials' host, moved to the port the test server listens on. */
const hosts = () => [{ ...buyerCreds.hosts[0], url: `127.0.0.1:${port}/api/search` } as { url: string; protocol: 'http'; accept: 'read' }];
const lite = (apiKey: string) => liteClient('SHOPSEARCH', apiKey, { hosts: hosts() });

async function addArticle(key: string, values: Record<string, unknown>) {
  const row = await t.db.insertInto('supplierArticles').values({
    tenantId, customerId: null, articleNumberSupplier: `T-${key}`, price: '10.00', available: true, supplierId: (values.supplierId as string | undefined) ?? (await supplier()),
    marketplaceId: kantoor, categoryId: penCategory.id, brand: 'Zorbex', ...values,
    title: JSON.stringify(values.title), shortDescription: JSON.stringify(values.shortDescription ?? { nl: '', en: '', fr: '' }),
  }).returning('id').executeTakeFirstOrThrow();
  ids[key] = row.id;
}
let supplierId: string | undefined;
async function supplier() {
  supplierId ??= (await t.db.selectFrom('suppliers').select('id').where('tenantId', '=', tenantId).where('name', '=', 'Office Depot').executeTakeFirstOrThrow()).id;
  return supplierId!;
}

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  tenantId = await t.tenantId();
  customers = await t.customerIds();
  const markets = await t.db.selectFrom('marketplaces').select(['id', 'name']).where('tenantId', '=', tenantId).execute();
  veiligheid = markets.find((m) => m.name === 'Veiligheid')!.id;
  kantoor = markets.find((m) => m.name === 'Kantoor & IT')!.id;
  // A third-level category with its path (Kantoorartikelen > Schrijfwaren > Balpen).
  const cats = await t.db.selectFrom('productCategories').select(['id', 'parentId', 'name']).where('tenantId', '=', tenantId).execute();
  const nl = (c: any) => (typeof c.name === 'string' ? JSON.parse(c.name) : c.name).nl as string;
  const pen = cats.find((c) => nl(c) === 'Balpen')!;
  const second = cats.find((c) => c.id === pen.parentId)!;
  const top = cats.find((c) => c.id === second.parentId)!;
  penCategory = { id: pen.id, nl: [nl(top), nl(second), nl(pen)] };

  await addArticle('paper', { title: { nl: 'Zorbex kopieerpapier A4 wit', en: 'Zorbex copy paper A4 white', fr: 'Zorbex papier copieur A4 blanc' }, promoted: true });
  await addArticle('cafe', { title: { nl: 'Zorbex koffie Café Crème', en: 'Zorbex coffee Café Crème', fr: 'Zorbex café crème' }, price: '24.50' });
  await addArticle('hidden', { title: { nl: 'Zorbex papierversnipperaar', en: 'Zorbex paper shredder', fr: 'Zorbex destructeur de papier' }, available: false });
  await addArticle('safety', { title: { nl: 'Zorbex veiligheidsbril', en: 'Zorbex safety glasses', fr: 'Zorbex lunettes de sécurité' }, marketplaceId: veiligheid, price: '3.00' });
  await addArticle('otherOwn', { title: { nl: 'Zorbex eigen artikel Melle', en: 'Zorbex own article Melle', fr: 'Zorbex article propre Melle' }, customerId: customers[1] });
  await addArticle('description', { title: { nl: 'Zorbex map', en: 'Zorbex folder', fr: 'Zorbex chemise' }, shortDescription: { nl: 'Handig voor papier', en: 'Handy for paper', fr: 'Pratique pour le papier' } });
  await reindexArticles(t.db, tenantId, Object.values(ids));

  buyerCreds = ok(await t.call('GET', '/api/search/credentials', { as: 'buyer@demo.test' })).result;
  managerCreds = ok(await t.call('GET', '/api/search/credentials', { as: 'manager@demo.test', customerId: customers[1] })).result;
});
afterAll(async () => { await t?.close(); });

const titles = (hits: any[]) => hits.map((h) => h.title.nl);

describe('credentials (GET /search/credentials)', () => {
  test('answer the contract shape: a secured key for the tenant index on this server', async () => {
    expect(buyerCreds).toMatchObject({ appId: 'SHOPSEARCH', indexName: 'articles_localhost_development', hosts: [{ url: 'localhost:3000/api/search', protocol: 'http', accept: 'read' }] });
    expect(buyerCreds.validUntil).toBeGreaterThan(Date.now() / 1000 + 600);
    const params = new URLSearchParams(Buffer.from(buyerCreds.apiKey, 'base64').toString('utf8').slice(64));
    // The primary and its sort replicas, nothing else.
    expect(params.get('restrictIndices')).toBe('articles_localhost_development,articles_localhost_development_price_asc,articles_localhost_development_price_desc');
    expect(params.get('filters')).toContain(`NOT marketplaceId:"${veiligheid}"`);
    expect(params.get('userToken')).toBe(await t.userId('buyer@demo.test'));
  });

  test('need a signed-in user', async () => {
    fails(await t.call('GET', '/api/search/credentials'), 401, 'unauthorized');
  });

  test('the secured key is the one algoliasearch would generate', async () => {
    const keys = await searchKeys(t.db, t.testDb.config.search);
    const restrictions = { filters: 'tenantId:"x" AND NOT family:"a b"', validUntil: 2_000_000_000, restrictIndices: ['articles_a', 'articles_b'], userToken: 'u1' };
    const official = (searchClient('SHOPSEARCH', keys.searchKey) as any).generateSecuredApiKey({ parentApiKey: keys.searchKey, restrictions });
    expect(generateSecuredKey(keys.searchKey, restrictions)).toBe(official);
    const found = await lite(official).search({ requests: [{ indexName: 'articles_a', query: 'zorbex' }] });
    expect((found.results[0] as any).nbHits).toBe(0);
  });
});

describe('searching with the official lite client', () => {
  test('a typo finds the word: paiper → papier (and paper)', async () => {
    const { results } = await lite(managerCreds.apiKey).search({ requests: [{ indexName: managerCreds.indexName, query: 'zorbex paiper' }] });
    const r = results[0] as any;
    expect(titles(r.hits)).toContain('Zorbex kopieerpapier A4 wit');
    expect(r.query).toBe('zorbex paiper');
  });

  test('the last word matches as a prefix: pap', async () => {
    const { results } = await lite(managerCreds.apiKey).search({ requests: [{ indexName: managerCreds.indexName, query: 'zorbex pap', hitsPerPage: 50 }] });
    const r = results[0] as any;
    expect(titles(r.hits)).toContain('Zorbex kopieerpapier A4 wit');
    expect(r.hits.find((h: any) => h.objectID === ids.paper)._highlightResult.title.en).toMatchObject({ value: '<em>Zorbex</em> copy <em>pap</em>er A4 white', matchLevel: 'full' });
  });

  test('accents fold both ways: cafe finds Café, CRÈME finds crème', async () => {
    for (const query of ['zorbex cafe', 'ZORBEX CRÈME']) {
      const { results } = await lite(managerCreds.apiKey).search({ requests: [{ indexName: managerCreds.indexName, query }] });
      expect(titles((results[0] as any).hits)).toEqual(['Zorbex koffie Café Crème']);
    }
  });

  test('ranking: a title match comes before a description match', async () => {
    const { results } = await lite(managerCreds.apiKey).search({ requests: [{ indexName: managerCreds.indexName, query: 'zorbex papier' }] });
    const order = (results[0] as any).hits.map((h: any) => h.objectID);
    expect(order.indexOf(ids.paper)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(ids.description)).toBeGreaterThan(order.indexOf(ids.paper));
  });

  test('a sort replica answers the same hits by price, under the same key and rules', async () => {
    const request = { query: 'zorbex', hitsPerPage: 100 };
    const { results } = await lite(buyerCreds.apiKey).search({ requests: [
      { indexName: buyerCreds.indexName, ...request },
      { indexName: `${buyerCreds.indexName}_price_asc`, ...request },
      { indexName: `${buyerCreds.indexName}_price_desc`, ...request },
    ] });
    const [relevance, asc, desc] = results as any[];
    const prices = (r: any) => r.hits.map((h: any) => h.price);
    expect(asc.nbHits).toBe(relevance.nbHits);
    expect(new Set(asc.hits.map((h: any) => h.objectID))).toEqual(new Set(relevance.hits.map((h: any) => h.objectID)));
    expect(prices(asc)).toEqual([...prices(asc)].sort((a: number, b: number) => a - b));
    expect(prices(desc)).toEqual([...prices(asc)].reverse());
    // The buyer's rule excludes the safety marketplace on the replicas too.
    expect(asc.hits.map((h: any) => h.objectID)).not.toContain(ids.safety);
    // Another index's replica is not in the key.
    await expect(lite(buyerCreds.apiKey).search({ requests: [{ indexName: 'articles_acme.localhost_development_price_asc', query: '' }] })).rejects.toMatchObject({ status: 403 });
  });

  test('unavailable articles are never returned', async () => {
    const { results } = await lite(managerCreds.apiKey).search({ requests: [{ indexName: managerCreds.indexName, query: 'zorbex', hitsPerPage: 100 }] });
    expect((results[0] as any).hits.map((h: any) => h.objectID)).not.toContain(ids.hidden);
    const shredder = await lite(managerCreds.apiKey).search({ requests: [{ indexName: managerCreds.indexName, query: 'papierversnipperaar' }] });
    expect((shredder.results[0] as any).nbHits).toBe(0);
  });

  test('an article becoming unavailable leaves the index on reindexArticles', async () => {
    await t.db.updateTable('supplierArticles').set({ available: false }).where('id', '=', ids.description).execute();
    await reindexArticles(t.db, tenantId, [ids.description]);
    const { results } = await lite(managerCreds.apiKey).search({ requests: [{ indexName: managerCreds.indexName, query: 'zorbex map' }] });
    expect((results[0] as any).nbHits).toBe(0);
    await t.db.updateTable('supplierArticles').set({ available: true }).where('id', '=', ids.description).execute();
    await reindexArticles(t.db, tenantId, [ids.description]);
    const back = await lite(managerCreds.apiKey).search({ requests: [{ indexName: managerCreds.indexName, query: 'zorbex map' }] });
    expect((back.results[0] as any).nbHits).toBe(1);
  });

  test('facets with counts, facetFilters (OR inside AND, negation), numericFilters and pagination', async () => {
    const client = lite(managerCreds.apiKey);
    const base = { indexName: managerCreds.indexName, query: 'zorbex' };
    const all = (await client.search({ requests: [{ ...base, facets: ['marketplaceName', 'brand', 'categories.nl.lvl0'], numericFilters: ['price>=0'] }] })).results[0] as any;
    expect(all.facets.brand).toEqual({ Zorbex: all.nbHits });
    expect(all.facets.marketplaceName['Veiligheid']).toBe(1);
    expect(all.facets['categories.nl.lvl0'][penCategory.nl[0]]).toBe(all.nbHits);
    const cheap = (await client.search({ requests: [{ ...base, numericFilters: ['price<5'] }] })).results[0] as any;
    expect(cheap.hits.map((h: any) => h.objectID)).toEqual([ids.safety]);
    const either = (await client.search({ requests: [{ ...base, facetFilters: [['marketplaceName:Veiligheid', 'marketplaceName:Horeca & Café']] }] })).results[0] as any;
    expect(either.nbHits).toBe(1);
    const not = (await client.search({ requests: [{ ...base, facetFilters: ['marketplaceName:-Veiligheid'] }] })).results[0] as any;
    expect(not.nbHits).toBe(all.nbHits - 1);
    const page0 = (await client.search({ requests: [{ ...base, hitsPerPage: 2, page: 0 }] })).results[0] as any;
    const page1 = (await client.search({ requests: [{ ...base, hitsPerPage: 2, page: 1 }] })).results[0] as any;
    expect(page0).toMatchObject({ page: 0, hitsPerPage: 2, nbPages: Math.ceil(all.nbHits / 2), exhaustiveNbHits: true });
    expect(page0.hits).toHaveLength(2);
    expect(page1.hits.map((h: any) => h.objectID)).not.toContain(page0.hits[0].objectID);
    expect(page0.hits[0].objectID).toBe(ids.paper); // promoted first among equal matches
    expect(typeof page0.processingTimeMS).toBe('number');
    expect(page0.params).toContain('hitsPerPage=2');
  });

  test('the filters string: AND, OR, NOT, quotes, parentheses and numeric comparisons', async () => {
    const { results } = await lite(managerCreds.apiKey).search({ requests: [{
      indexName: managerCreds.indexName, query: 'zorbex',
      filters: `(marketplaceName:"Veiligheid" OR price > 20) AND NOT objectID:"${ids.paper}" AND brand:Zorbex`,
    }] });
    expect((results[0] as any).hits.map((h: any) => h.objectID).sort()).toEqual([ids.cafe, ids.safety].sort());
  });

  test('a bad filter is a 400 in Algolia\'s error shape', async () => {
    await expect(lite(managerCreds.apiKey).search({ requests: [{ indexName: managerCreds.indexName, filters: 'price >' }] }))
      .rejects.toMatchObject({ status: 400 });
  });
});

describe('security through the key', () => {
  test('catalogue rules: the buyer never gets the excluded marketplace, even when asking for it', async () => {
    const client = lite(buyerCreds.apiKey);
    const asked = (await client.search({ requests: [{ indexName: buyerCreds.indexName, query: 'zorbex veiligheidsbril', filters: 'marketplaceName:Veiligheid OR NOT marketplaceName:Veiligheid' }] })).results[0] as any;
    expect(asked.nbHits).toBe(0);
    const facets = (await client.search({ requests: [{ indexName: buyerCreds.indexName, query: '', facets: ['marketplaceName'], facetFilters: [['marketplaceName:Veiligheid']] }] })).results[0] as any;
    expect(facets.nbHits).toBe(0);
    const everything = (await client.search({ requests: [{ indexName: buyerCreds.indexName, query: '', facets: ['marketplaceName'] }] })).results[0] as any;
    expect(Object.keys(everything.facets.marketplaceName)).not.toContain('Veiligheid');
    expect(everything.nbHits).toBeGreaterThan(0);
  });

  test('a rule on a top category covers every article below it (categoryIds carry the ancestors)', async () => {
    const cats = await t.db.selectFrom('productCategories').select(['id', 'parentId']).where('tenantId', '=', tenantId).execute();
    const second = cats.find((c) => c.id === cats.find((x) => x.id === penCategory.id)!.parentId)!;
    const top = second.parentId as string;
    await t.db.insertInto('catalogRules').values({ tenantId, userId: await t.userId('finance@demo.test'), excludeCategories: JSON.stringify([top]) }).execute();
    const creds = ok(await t.call('GET', '/api/search/credentials', { as: 'finance@demo.test' })).result;
    const client = lite(creds.apiKey);
    expect(((await client.search({ requests: [{ indexName: creds.indexName, query: 'zorbex' }] })).results[0] as any).nbHits).toBe(0);
    const rest = (await client.search({ requests: [{ indexName: creds.indexName, query: '', facets: ['categories.nl.lvl0'] }] })).results[0] as any;
    expect(rest.nbHits).toBeGreaterThan(0);
    expect(Object.keys(rest.facets['categories.nl.lvl0'])).not.toContain(penCategory.nl[0]);
  });

  test('own articles: a customer sees its own and the platform ones, not another customer\'s', async () => {
    const q = { indexName: buyerCreds.indexName, query: 'zorbex melle' };
    expect(((await lite(buyerCreds.apiKey).search({ requests: [q] })).results[0] as any).nbHits).toBe(0);
    expect(((await lite(managerCreds.apiKey).search({ requests: [q] })).results[0] as any).hits.map((h: any) => h.objectID)).toEqual([ids.otherOwn]);
  });

  test('tenant isolation: another tenant\'s key cannot read this index, and its own index has other articles', async () => {
    const acme = ok(await t.call('GET', '/api/search/credentials', { as: 'buyer@demo.test', host: 'acme.localhost' })).result;
    expect(acme.indexName).toBe('articles_acme.localhost_production');
    await expect(lite(acme.apiKey).search({ requests: [{ indexName: buyerCreds.indexName, query: 'zorbex' }] })).rejects.toMatchObject({ status: 403 });
    const own = (await lite(acme.apiKey).search({ requests: [{ indexName: acme.indexName, query: 'zorbex' }] })).results[0] as any;
    expect(own.nbHits).toBe(0);
    expect(((await lite(acme.apiKey).search({ requests: [{ indexName: acme.indexName, query: '' }] })).results[0] as any).nbHits).toBeGreaterThan(0);
  });

  test('invalid, tampered and expired keys are refused with 403 InvalidSearchKey', async () => {
    const body = JSON.stringify({ requests: [{ indexName: buyerCreds.indexName, query: 'zorbex' }] });
    const post = (key?: string) => t.app.inject({ method: 'POST', url: '/api/search/1/indexes/*/queries', headers: { 'content-type': 'text/plain', ...(key ? { 'x-algolia-api-key': key } : {}) }, payload: body });
    const decoded = Buffer.from(buyerCreds.apiKey, 'base64').toString('utf8');
    const widened = Buffer.from(decoded.replace(/filters=[^&]*/, 'filters=')).toString('base64');
    const keys = await searchKeys(t.db, t.testDb.config.search);
    const expired = generateSecuredKey(keys.searchKey, { validUntil: Math.floor(Date.now() / 1000) - 1, restrictIndices: [buyerCreds.indexName] });
    for (const key of [undefined, 'nonsense', widened, expired]) {
      const res = await post(key);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, errorCode: 'InvalidSearchKey' });
      expect(typeof res.json().message).toBe('string');
    }
    await expect(lite('nonsense').search({ requests: [{ indexName: buyerCreds.indexName, query: 'x' }] })).rejects.toMatchObject({ status: 403 });
    expect((await post(buyerCreds.apiKey)).statusCode).toBe(200);
  });

  test('a search key cannot write', async () => {
    const client = searchClient('SHOPSEARCH', buyerCreds.apiKey, { hosts: hosts().map((h) => ({ ...h, accept: 'readWrite' as const })) });
    await expect(client.saveObject({ indexName: buyerCreds.indexName, body: { objectID: 'x', title: { nl: 'nep' } } })).rejects.toMatchObject({ status: 403 });
  });
});

describe('InstantSearch', () => {
  test('the full client searches too (POST /1/indexes/{index}/query)', async () => {
    const client = searchClient('SHOPSEARCH', managerCreds.apiKey, { hosts: hosts().map((h) => ({ ...h, accept: 'readWrite' as const })) });
    const r = await client.searchSingleIndex({ indexName: managerCreds.indexName, searchParams: { query: 'zorbex cafe' } });
    expect(r.hits.map((h) => h.objectID)).toEqual([ids.cafe]);
  });

  test('searching for facet values (searchable refinement lists), within the key\'s restriction', async () => {
    const { results } = await lite(buyerCreds.apiKey).searchForFacets({ requests: [
      { indexName: buyerCreds.indexName, type: 'facet', facet: 'brand', facetQuery: 'zor' },
      { indexName: buyerCreds.indexName, type: 'facet', facet: 'marketplaceName', facetQuery: 'veil' },
    ] });
    const brands = results[0] as any;
    expect(brands.facetHits).toHaveLength(1);
    expect(brands.facetHits[0]).toMatchObject({ value: 'Zorbex', highlighted: '<em>Zor</em>bex' });
    expect((results[1] as any).facetHits).toEqual([]); // the buyer may not see Veiligheid
    const client = searchClient('SHOPSEARCH', managerCreds.apiKey, { hosts: hosts().map((h) => ({ ...h, accept: 'readWrite' as const })) });
    const markets = await client.searchForFacetValues({ indexName: managerCreds.indexName, facetName: 'marketplaceName', searchForFacetValuesRequest: { facetQuery: 'veil' } });
    expect(markets.facetHits.map((h) => h.value)).toEqual(['Veiligheid']);
  });

  test('the helper reads a hierarchical facet refinement', async () => {
    const helper = algoliasearchHelper(lite(managerCreds.apiKey) as any, managerCreds.indexName, {
      hierarchicalFacets: [{ name: 'categories.nl', attributes: ['categories.nl.lvl0', 'categories.nl.lvl1', 'categories.nl.lvl2'], separator: ' > ' }],
      maxValuesPerFacet: 1000,
    });
    const [top, second, leaf] = penCategory.nl;
    helper.setQuery('zorbex').toggleFacetRefinement('categories.nl', `${top} > ${second}`);
    const results = await new Promise<any>((resolve, reject) => {
      helper.once('result', (event: any) => resolve(event.results));
      helper.once('error', (event: any) => reject(event.error));
      helper.search();
    });
    const tree = results.hierarchicalFacets[0];
    const topNode = tree.data.find((n: any) => n.name === top);
    expect(topNode).toMatchObject({ isRefined: true });
    const secondNode = topNode.data.find((n: any) => n.name === second);
    expect(secondNode).toMatchObject({ isRefined: true, path: `${top} > ${second}` });
    expect(secondNode.data.find((n: any) => n.name === leaf)).toMatchObject({ count: results.nbHits, path: `${top} > ${second} > ${leaf}` });
    expect(results.nbHits).toBeGreaterThan(0);
  });
});
