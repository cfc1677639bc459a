/**
 * The demo catalogue (issue 4): a deterministic generator of varied nl/en/fr articles, a three-level
 * category tree, marketplaces and the demo buyer's catalogue rule, indexed for search by the seed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  BUYER_EXCLUDED_MARKETPLACE, buildCategoryTree, catalogueSize, generateArticle, seedOf, type CatalogueContext,
} from '../../src/server/demo/catalogue';
import { rulesOfUser } from '../../src/server/catalogue/visibility';
import { ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

const tree = buildCategoryTree();
const ctx = (hostname: string): CatalogueContext => ({
  tenantId: 't', seed: seedOf(hostname), leaves: tree.leaves, marketplaceIds: ['m0', 'm1', 'm2', 'm3'],
  suppliers: [{ id: 's1', prefix: 'AAA' }, { id: 's2', prefix: 'BBB' }], own: { customerId: 'c1', supplierId: 's3', prefix: 'OWN' },
});
const sample = Array.from({ length: 4000 }, (_, i) => generateArticle(ctx('localhost'), i));
const title = (a: Record<string, unknown>) => JSON.parse(a.title as string) as { nl: string; en: string; fr: string };

describe('generator', () => {
  test('is deterministic per tenant and article number, and differs between tenants', () => {
    expect(generateArticle(ctx('localhost'), 1234)).toEqual(sample[1234]);
    expect(generateArticle(ctx('acme.localhost'), 1234).title).not.toEqual(sample[1234].title);
  });

  test('a three-level tree: 8 top categories, 40 below them, about 150 leaves', () => {
    const byLevel = [0, 1, 2].map((l) => tree.categories.filter((c) => c.level === l).length);
    expect(byLevel[0]).toBe(8);
    expect(byLevel[1]).toBe(40);
    expect(byLevel[2]).toBeGreaterThanOrEqual(140);
    expect(byLevel[2]).toBeLessThanOrEqual(160);
    for (const c of tree.categories) expect(c.name.nl && c.name.en && c.name.fr).toBeTruthy();
  });

  test('titles are varied, in three languages, with accents', () => {
    expect(new Set(sample.map((a) => title(a).nl)).size).toBeGreaterThan(3000);
    expect(sample.every((a) => { const t = title(a); return t.nl && t.en && t.fr; })).toBe(true);
    expect(sample.filter((a) => title(a).nl !== title(a).fr).length).toBeGreaterThan(sample.length * 0.9);
    const all = sample.map((a) => Object.values(title(a)).join(' ')).join(' ');
    for (const accented of ['Café', 'Crème', 'Privé', 'é']) expect(all).toContain(accented);
  });

  test('covers the cases the shop must handle', () => {
    const count = (f: (a: Record<string, any>) => boolean) => sample.filter(f).length;
    expect(count((a) => a.stock === null)).toBeGreaterThan(0);
    expect(count((a) => a.stock === 0)).toBeGreaterThan(0);
    expect(count((a) => typeof a.stock === 'number' && a.stock > 0)).toBeGreaterThan(0);
    expect(count((a) => a.available === false)).toBeGreaterThan(0);
    expect(count((a) => a.promoted === true)).toBeGreaterThan(0);
    expect(count((a) => a.type === 'GiftCard')).toBeGreaterThan(0);
    expect(count((a) => a.minOrderQuant > 1)).toBeGreaterThan(0);
    expect(count((a) => a.priceQuantity > 1)).toBeGreaterThan(0);
    expect(count((a) => a.customerId === 'c1' && a.supplierId === 's3')).toBeGreaterThan(0);
    expect(new Set(sample.map((a) => a.marketplaceId)).size).toBe(4);
    expect(new Set(sample.map((a) => a.brand)).size).toBeGreaterThan(50);
    expect(new Set(sample.map((a) => a.family)).size).toBe(40);
    expect(sample.every((a) => /^\d+\.\d{2}$/.test(a.price as string) && Number(a.price) > 0)).toBe(true);
    expect(new Set(sample.map((a) => a.articleNumberSupplier)).size).toBe(sample.length);
  });

  test('every article has a picture of its kind, in its colour when it has one, and its describing words as attributes', () => {
    expect(sample.every((a) => /^\/api\/demo-images\/[a-z0-9-]+(--[a-z]+)?\.svg$/.test(a.image as string))).toBe(true);
    expect(new Set(sample.map((a) => (a.image as string).replace(/(--[a-z]+)?\.svg$/, ''))).size).toBe(40);
    for (const a of sample.slice(0, 500)) {
      const attributes = JSON.parse(a.attributes as string) as { productAttributeId: string; name: { en: string }; description: { en: string } }[];
      const colour = attributes.find((x) => x.productAttributeId === 'colour');
      expect(a.image).toBe(`/api/demo-images/${a.family}${colour ? `--${colour.description.en}` : ''}.svg`);
      // The attributes are the describing words of the title.
      for (const x of attributes) expect(title(a).en).toContain(x.description.en);
    }
    expect(sample.filter((a) => a.attributes !== '[]').length).toBeGreaterThan(sample.length / 2);
  });

  test('EANs carry a valid check digit', () => {
    for (const a of sample.slice(0, 200)) {
      const digits = [...(a.ean as string)].map(Number);
      const sum = digits.slice(0, 12).reduce((s, d, i) => s + d * (i % 2 ? 3 : 1), 0);
      expect(digits[12]).toBe((10 - (sum % 10)) % 10);
    }
  });

  test('sizes: 20 000 for the development and acme tenants, 5 000 for globex; configurable', () => {
    expect(catalogueSize('localhost', {})).toBe(20_000);
    expect(catalogueSize('acme.localhost', {})).toBe(20_000);
    expect(catalogueSize('globex.localhost', {})).toBe(5_000);
    expect(catalogueSize('localhost', { DEMO_CATALOGUE_SIZE: '1000' })).toBe(1000);
    expect(catalogueSize('localhost', { VITEST: 'true' })).toBe(300);
  });
});

describe('seeded catalogue', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(); });
  afterAll(async () => { await t?.close(); });

  test('every tenant has its marketplaces, category tree and articles, indexed for search', async () => {
    for (const host of ['localhost', 'acme.localhost', 'globex.localhost']) {
      const tenantId = await t.tenantId(host);
      const markets = await t.db.selectFrom('marketplaces').select('name').where('tenantId', '=', tenantId).execute();
      expect(markets.length).toBe(4);
      const cats = await t.db.selectFrom('productCategories').select(['id', 'parentId']).where('tenantId', '=', tenantId).execute();
      expect(cats.filter((c) => c.parentId === null)).toHaveLength(8);
      const parents = new Set(cats.map((c) => c.parentId));
      const articles = await t.db.selectFrom('supplierArticles').select(['categoryId', 'available', 'articleId', 'supplierId']).where('tenantId', '=', tenantId).execute();
      // catalogueSize articles; some offered by one or two more suppliers (generateExtraOffers), each supplier once.
      expect(new Set(articles.map((a) => a.articleId)).size).toBe(catalogueSize(host));
      expect(articles.length).toBeGreaterThan(catalogueSize(host));
      expect(new Set(articles.map((a) => `${a.articleId} ${a.supplierId}`)).size).toBe(articles.length);
      expect(articles.every((a) => !parents.has(a.categoryId))).toBe(true); // always a leaf
      // One supplier per name: the demo's extra suppliers do not repeat the tenant's own.
      const suppliers = await t.db.selectFrom('suppliers').select('name').where('tenantId', '=', tenantId).where('customerId', 'is', null).execute();
      expect(new Set(suppliers.map((x) => String(x.name).toLowerCase())).size, host).toBe(suppliers.length);
      const indexed = await t.db.selectFrom('searchDocuments').select((eb) => eb.fn.countAll<number>().as('n')).where('tenantId', '=', tenantId).executeTakeFirstOrThrow();
      expect(Number(indexed.n)).toBe(articles.filter((a) => a.available).length);
    }
  });

  test('the pictures are served as SVG without a token, in the article\'s colour; unknown ones are 404', async () => {
    const blue = await t.call('GET', '/api/demo-images/writing--blue.svg');
    expect(blue.statusCode).toBe(200);
    expect(blue.headers['content-type']).toContain('image/svg+xml');
    expect(blue.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(blue.body).toContain('fill="#1e63c4"');
    expect(blue.body).toMatch(/<path d="M3 17.25V21h3.75L17.81/); // the pen of the writing instruments
    const plain = await t.call('GET', '/api/demo-images/coffee.svg');
    expect(plain.statusCode).toBe(200);
    expect(plain.body).not.toContain('#1e63c4');
    for (const wrong of ['/api/demo-images/rockets.svg', '/api/demo-images/writing--plaid.svg', '/api/demo-images/writing.png']) {
      const r = await t.call('GET', wrong);
      expect(r.statusCode, wrong).toBe(404);
      expect(r.json().errorCode).toBe('notFound');
    }
    // The seeded articles point at them, and the article calls hand the path on.
    const tenantId = await t.tenantId();
    const a = await t.db.selectFrom('supplierArticles').select(['id', 'image']).where('tenantId', '=', tenantId).where('available', '=', true)
      .where('customerId', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    expect((await t.call('GET', a.image as string)).statusCode).toBe(200);
  });

  test(`buyer@demo.test of the development tenant may not see the ${BUYER_EXCLUDED_MARKETPLACE} marketplace`, async () => {
    const tenantId = await t.tenantId();
    const rules = await rulesOfUser(t.db, tenantId, await t.userId('buyer@demo.test'));
    const excluded = await t.db.selectFrom('marketplaces').select('id').where('tenantId', '=', tenantId).where('name', '=', BUYER_EXCLUDED_MARKETPLACE).executeTakeFirstOrThrow();
    expect(rules.excludeMarketPlaces).toEqual([excluded.id]);
    const acmeRules = await rulesOfUser(t.db, await t.tenantId('acme.localhost'), await t.userId('buyer@demo.test', 'acme.localhost'));
    expect(acmeRules.excludeMarketPlaces).toEqual([]);
  });

  test('the demo buyer\'s category tabs leave out what their rule empties: no Veiligheid & werkkleding', async () => {
    const tabs = async (as: string) => (ok(await t.call('POST', '/api/articleCategories/category-groups', { as, body: { query: {} } })).result as any[])
      .map((c) => c.descriptions.find((d: any) => d.languageCode === 'nl').description);
    const managers = await tabs('manager@demo.test');
    expect(managers).toContain('Veiligheid & werkkleding');
    expect(await tabs('buyer@demo.test')).toEqual(managers.filter((name) => name !== 'Veiligheid & werkkleding'));
  });

  describe('delivery terms of the suppliers the demo buyer orders from (issue 12 §5)', () => {
    interface Terms { id: string; name: string; shippingCost: string | null; freeShippingFrom: string | null; minimumOrderPrice: string | null }
    interface Article { id: string; price: string; priceQuantity: number; minOrderQuant: number; stock: number | null; type: string; available: boolean }
    const buyer = { as: 'buyer@demo.test' };
    /** The platform suppliers of which the demo buyer sees articles, with their terms. */
    const buyersSuppliers = async (): Promise<Terms[]> => {
      const rows = await t.db.selectFrom('suppliers').select(['id', 'name', 'shippingCost', 'freeShippingFrom', 'minimumOrderPrice'])
        .where('tenantId', '=', await t.tenantId()).where('customerId', 'is', null).orderBy('name').execute();
      const seen: Terms[] = [];
      for (const r of rows) {
        const found = ok(await t.call('POST', '/api/supplier-articles/query', { ...buyer, body: { query: { supplierId: r.id, take: 1 } } })).result;
        if (found.total > 0) seen.push(r as Terms);
      }
      return seen;
    };
    /** An article of the supplier the buyer can put in the basket one by one, without a stock limit, priced below `below`. */
    const orderable = async (supplierId: string, below: number): Promise<Article> => {
      const items = ok(await t.call('POST', '/api/supplier-articles/query', { ...buyer, body: { query: { supplierId, take: 200 } } })).result.items as Article[];
      const article = items.find((a) => a.available && a.type === 'Regular' && a.minOrderQuant === 1 && a.priceQuantity === 1 && a.stock === null && Number(a.price) < below);
      expect(article, `an orderable article of ${supplierId} below ${below}`).toBeTruthy();
      return article!;
    };

    test('at least three charge shipping with different free-shipping amounts, and one has a minimum order price', async () => {
      const suppliers = await buyersSuppliers();
      const thresholds = suppliers.filter((s) => s.shippingCost != null && Number(s.shippingCost) > 0 && s.freeShippingFrom != null);
      expect(new Set(thresholds.map((s) => s.freeShippingFrom)).size).toBeGreaterThanOrEqual(3);
      expect(suppliers.filter((s) => s.minimumOrderPrice != null && Number(s.minimumOrderPrice) > 0).length).toBeGreaterThanOrEqual(1);
    });

    test('a mixed basket shows every rule: shipping charged, free from an amount reached, below a minimum', async () => {
      const suppliers = await buyersSuppliers();
      const [free, charged] = suppliers.filter((s) => Number(s.shippingCost ?? 0) > 0 && s.freeShippingFrom != null);
      const minimum = suppliers.find((s) => s.minimumOrderPrice != null)!;
      const big = await orderable(free.id, Number(free.freeShippingFrom));
      const small = await orderable(charged.id, Number(charged.freeShippingFrom));
      const little = await orderable(minimum.id, Number(minimum.minimumOrderPrice));
      const enough = Math.ceil(Number(free.freeShippingFrom) / Number(big.price));
      const lines = [[big.id, enough], [small.id, 1], [little.id, 1]].map(([id, amount]) => ({ amount, transporterArticle: { id } }));
      try {
        const basket = ok(await t.call('PUT', '/api/v2/transporters/update', { ...buyer, body: { transporter: { transporterLines: lines } } })).result;
        const of = (id: string) => basket.suppliers.find((s: any) => s.supplierId === id);
        expect(of(free.id)).toMatchObject({ shippingCost: '0.00', freeShippingFrom: free.freeShippingFrom, belowMinimum: false });
        expect(of(charged.id)).toMatchObject({ shippingCost: charged.shippingCost, freeShippingFrom: charged.freeShippingFrom, belowMinimum: false });
        expect(of(minimum.id)).toMatchObject({ minimumOrderPrice: minimum.minimumOrderPrice, belowMinimum: true });
        expect(Number(basket.totalShippingCost)).toBeGreaterThanOrEqual(Number(charged.shippingCost));
        // Placing it is refused until the minimum is reached.
        const checked = ok(await t.call('POST', '/api/v2/transporters/validate', { ...buyer, body: {} })).result;
        expect(checked.valid).toBe(false);
        expect(checked.problems).toEqual(expect.arrayContaining([expect.objectContaining({ errorCode: 'BelowMinimumOrderPrice', supplierId: minimum.id })]));
      } finally {
        ok(await t.call('PUT', '/api/v2/transporters/update', { ...buyer, body: { transporter: { transporterLines: [] } } }));
      }
    });
  });
});
