/**
 * Articles and their offers (issue 28): the article holds the product data, a supplier article is one
 * supplier's offer of it; the database copies the product data onto the offers
 * (src/server/db/after/0007_articles.sql); the admin's and a company's calls
 * (src/shared/contracts/articles.ts, src/server/actions/articles.ts).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

type Body = Record<string, any>;
let t: TestApp;
let tenantId: string;
let customerId: string;
let otherCustomerId: string;
let suppliers: { id: string; name: string }[];
let ownSupplierId: string;

beforeAll(async () => {
  t = await startTestApp();
  [customerId, otherCustomerId] = await t.customerIds();
  tenantId = (await t.db.selectFrom('customers').select('tenantId').where('id', '=', customerId).executeTakeFirstOrThrow()).tenantId;
  suppliers = await t.db.selectFrom('suppliers').select(['id', 'name']).where('tenantId', '=', tenantId).where('customerId', 'is', null)
    .orderBy('name').execute() as { id: string; name: string }[];
  // A supplier the company may use for its own articles: its own, else a platform one.
  const own = await t.db.selectFrom('suppliers').select('id').where('tenantId', '=', tenantId).where('customerId', '=', customerId).executeTakeFirst();
  ownSupplierId = (own?.id ?? suppliers[0]!.id) as string;
});
afterAll(async () => { await t?.close(); });

const admin = () => ({ as: 'admin@demo.test' });
const manager = (customer = customerId) => ({ as: 'manager@demo.test', customerId: customer });
const title = (nl: string) => ({ nl, en: `${nl} (en)`, fr: `${nl} (fr)` });

async function adminArticle(name: string): Promise<Body> {
  return ok(await t.call('POST', '/api/admin/articles/create', { ...admin(), body: { dto: { title: title(name), brand: 'Atlas', ean: '5412345678900' } } })).result;
}
async function adminOffer(articleId: string, supplierId: string, number: string, price: string, extra: Body = {}) {
  return t.call('POST', '/api/admin/supplier-articles/create', { ...admin(), body: { dto: { articleId, supplierId, articleNumberSupplier: number, price, ...extra } } });
}

describe('the migration and the database keep every offer on an article', () => {
  test('every supplier article of the demo data has an article with its product data', async () => {
    const orphans = await t.db.selectFrom('supplierArticles').select(sql<number>`count(*)::int`.as('n')).where('articleId', 'is', null).executeTakeFirstOrThrow();
    expect(orphans.n).toBe(0);
    const differs = await sql<{ n: number }>`select count(*)::int as n from supplier_articles o join articles a on a.id = o.article_id
      where o.title is distinct from a.title or o.brand is distinct from a.brand or o.available is distinct from a.available or o.category_id is distinct from a.category_id`.execute(t.db);
    expect(differs.rows[0]!.n).toBe(0);
  });

  test('an offer inserted without an article gets one of its own; product data written on an offer is written on its article and its other offers', async () => {
    const offer = await t.db.insertInto('supplierArticles').values({
      tenantId, supplierId: suppliers[0]!.id, articleNumberSupplier: 'TRIG-1', price: '3.00', title: JSON.stringify(title('Trigger')), brand: 'Zeta',
    } as never).returning(['id', 'articleId']).executeTakeFirstOrThrow();
    expect(offer.articleId).toBeTruthy();
    const article = await t.db.selectFrom('articles').selectAll().where('id', '=', offer.articleId).executeTakeFirstOrThrow();
    expect([article.brand, (article.title as Body).nl ?? JSON.parse(article.title as string).nl]).toEqual(['Zeta', 'Trigger']);

    const sibling = ok(await adminOffer(offer.articleId as string, suppliers[1]!.id, 'TRIG-2', '2.50')).result;
    expect(sibling.brand).toBe('Zeta');
    await t.db.updateTable('supplierArticles').set({ brand: 'Omega' }).where('id', '=', offer.id).execute();
    const rows = await t.db.selectFrom('supplierArticles').select(['id', 'brand']).where('articleId', '=', offer.articleId).execute();
    expect(rows.map((r) => r.brand)).toEqual(['Omega', 'Omega']);
  });
});

describe('admin: articles and supplier articles (core §7)', () => {
  test('an article with two offers: per-article and evaluated prices cheapest first; a title change reaches every offer', async () => {
    const article = await adminArticle('Ordner A4 rug 80 mm');
    expect(ok(await t.call('GET', `/api/admin/articles/${article.id}`, admin())).result.title.nl).toBe('Ordner A4 rug 80 mm');
    const dear = ok(await adminOffer(article.id, suppliers[0]!.id, 'ORD-80', '4.00')).result;
    const cheap = ok(await adminOffer(article.id, suppliers[1]!.id, 'ORD-80-B', '3.50')).result;
    expect([dear.supplierName, dear.articleId, dear.title.nl]).toEqual([suppliers[0]!.name, article.id, 'Ordner A4 rug 80 mm']);

    const offers = ok(await t.call('GET', `/api/admin/supplier-articles/per-article/${article.id}`, admin())).result as Body[];
    expect(offers.map((o) => o.id)).toEqual([cheap.id, dear.id]);
    const one = ok(await t.call('GET', `/api/admin/supplier-articles/per-article/${article.id}?actingSupplierId=${suppliers[0]!.id}`, admin())).result as Body[];
    expect(one.map((o) => o.id)).toEqual([dear.id]);

    const priced = ok(await t.call('POST', '/api/admin/supplier-articles/queryEvaluatedPrices', { ...admin(), body: { query: { articleId: article.id, quantity: 10 } } })).result;
    expect(priced.total).toBe(2);
    for (const p of priced.items as Body[]) {
      expect(Number(p.totalExcl)).toBeCloseTo(Number(p.unitPriceExcl) * 10, 2);
      expect(Number(p.unitCostWithShipping)).toBeCloseTo((Number(p.totalExcl) + Number(p.shippingCost)) / 10, 2);
    }
    const units = (priced.items as Body[]).map((p) => Number(p.unitCostWithShipping));
    expect([...units].sort((a, b) => a - b)).toEqual(units);

    ok(await t.call('POST', '/api/admin/articles/update', { ...admin(), body: { dto: { id: article.id, title: title('Ordner A4 rug 75 mm') } } }));
    const after = ok(await t.call('GET', `/api/admin/supplier-articles/per-article/${article.id}`, admin())).result as Body[];
    expect(after.map((o) => o.title.nl)).toEqual(['Ordner A4 rug 75 mm', 'Ordner A4 rug 75 mm']);
    // The shop reads the offers with the new title (the copy on the offer).
    const shop = ok(await t.call('POST', '/api/supplier-articles/query', { as: 'superadmin@demo.test', customerId, body: { query: { search: 'rug 75 mm' } } })).result;
    expect((shop.items as Body[]).map((i) => i.id).sort()).toEqual([cheap.id, dear.id].sort());
  });

  test('actingSupplierId narrows the admin lists to one supplier\'s records (core §3, §6)', async () => {
    const article = await adminArticle('Plakbriefjes 76x76');
    const offer = ok(await adminOffer(article.id, suppliers[1]!.id, 'PB-7676', '2.10')).result;
    const articlesOf = async (supplierId: string) => (ok(await t.call('POST', '/api/admin/articles/query', { ...admin(), body: { query: { actingSupplierId: supplierId, take: 1000, search: '5412345678900' } } })).result.items as Body[]).map((a) => a.id);
    expect(await articlesOf(suppliers[1]!.id)).toContain(article.id);
    expect(await articlesOf(suppliers[0]!.id)).not.toContain(article.id);
    const offersOf = ok(await t.call('POST', '/api/admin/supplier-articles/query', { ...admin(), body: { query: { actingSupplierId: suppliers[1]!.id, take: 1000 } } })).result.items as Body[];
    expect(offersOf.map((o) => o.id)).toContain(offer.id);
    expect(new Set(offersOf.map((o) => o.supplierId))).toEqual(new Set([suppliers[1]!.id]));
  });

  test('a supplier article number is unique per supplier: create and update refuse a taken one and write nothing', async () => {
    const article = await adminArticle('Nietjes 24/6');
    const first = ok(await adminOffer(article.id, suppliers[0]!.id, 'NIET-246', '1.20')).result;
    const dup = fails(await adminOffer(article.id, suppliers[0]!.id, ' niet-246 ', '1.10'), 409, 'SupplierArticleAlreadyExists');
    expect(dup.details?.[0]?.path).toBe('dto.articleNumberSupplier');
    // Another supplier may use the number.
    const other = ok(await adminOffer(article.id, suppliers[1]!.id, 'NIET-246', '1.10')).result;
    fails(await t.call('POST', '/api/admin/supplier-articles/update', { ...admin(), body: { dto: { id: other.id, supplierId: suppliers[0]!.id } } }), 409, 'SupplierArticleAlreadyExists');
    const stored = await t.db.selectFrom('supplierArticles').select(['id', 'supplierId']).where('articleId', '=', article.id).orderBy('price').execute();
    expect(stored.map((r) => r.supplierId)).toEqual([suppliers[1]!.id, suppliers[0]!.id]);
    expect(ok(await t.call('POST', '/api/admin/supplier-articles/update', { ...admin(), body: { dto: { id: first.id, price: '1.00' } } })).result.price).toBe('1.00');
  });

  test('an offer of an unknown article, or of a company\'s own article, is ArticleNotFound', async () => {
    fails(await adminOffer('00000000-0000-4000-8000-0000000000aa', suppliers[0]!.id, 'X-1', '1.00'), 404, 'ArticleNotFound');
    const own = ok(await t.call('POST', '/api/product-management', { ...manager(), body: { title: title('Eigen map'), offers: [{ supplierId: ownSupplierId, articleNumberSupplier: 'EIG-MAP', price: '2.00' }] } }));
    fails(await adminOffer(own.id, suppliers[0]!.id, 'X-2', '1.00'), 404, 'ArticleNotFound');
    fails(await t.call('GET', `/api/admin/articles/${own.id}`, admin()), 404, 'ArticleNotFound');
  });

  test('eval-url-template fills the offer\'s values (encoded) and refuses an unknown placeholder', async () => {
    const article = await adminArticle('Pen blauw');
    const offer = ok(await adminOffer(article.id, suppliers[0]!.id, 'PEN/B 1', '0.80')).result;
    const filled = ok(await t.call('POST', '/api/admin/supplier-articles/eval-url-template', { ...admin(), body: { template: 'https://shop.example/p/{articleNumber}?ean={ean}', supplierArticleId: offer.id } })).result;
    expect(filled).toEqual({ url: 'https://shop.example/p/PEN%2FB%201?ean=5412345678900', placeholders: ['articleNumber', 'ean'] });
    const bad = fails(await t.call('POST', '/api/admin/supplier-articles/eval-url-template', { ...admin(), body: { template: 'https://shop.example/{sku}' } }), 400, 'UrlTemplatePlaceholderUnknown');
    expect(bad.details?.[0]).toMatchObject({ path: 'template', rule: 'UrlTemplatePlaceholderUnknown' });
  });

  test('the demo has suppliers with a product-URL template, and their offers fill it', async () => {
    const withTemplate = await t.db.selectFrom('suppliers').select(['id', 'productUrlTemplate']).where('tenantId', '=', await t.tenantId())
      .where('productUrlTemplate', 'is not', null).orderBy('name').execute();
    expect(withTemplate.length).toBeGreaterThanOrEqual(2);
    const offer = await t.db.selectFrom('supplierArticles').select(['id', 'articleNumberSupplier']).where('supplierId', '=', withTemplate[0]!.id)
      .orderBy('id').executeTakeFirstOrThrow();
    const filled = ok(await t.call('POST', '/api/admin/supplier-articles/eval-url-template', { ...admin(), body: { template: withTemplate[0]!.productUrlTemplate, supplierArticleId: offer.id } })).result;
    expect(filled.url).toContain(encodeURIComponent(offer.articleNumberSupplier as string));
  });

  test('set-as-modified touches the offer; a customer user may not call the admin calls', async () => {
    const article = await adminArticle('Plakband');
    const offer = ok(await adminOffer(article.id, suppliers[0]!.id, 'TAPE-19', '0.95')).result;
    const before = (await t.db.selectFrom('supplierArticles').select('updatedAt').where('id', '=', offer.id).executeTakeFirstOrThrow()).updatedAt;
    expect(ok(await t.call('POST', '/api/admin/supplier-articles/set-as-modified', { ...admin(), body: { id: offer.id } })).result).toBe(true);
    const after = (await t.db.selectFrom('supplierArticles').select('updatedAt').where('id', '=', offer.id).executeTakeFirstOrThrow()).updatedAt;
    expect(new Date(after as never).getTime()).toBeGreaterThan(new Date(before as never).getTime());
    fails(await t.call('POST', '/api/admin/articles/create', { ...manager(), body: { dto: { title: title('Nee') } } }), 403, 'forbiddenAccess');
  });
});

describe('the shop: every offer of an article on its product page', () => {
  test('POST /supplier-articles/offers answers the visible offers, cheapest per unit with shipping first; an unknown offer is not found', async () => {
    const article = await adminArticle('Kopieerpapier A4 80 g');
    const a = ok(await adminOffer(article.id, suppliers[0]!.id, 'KOP-A4-A', '4.10')).result;
    const b = ok(await adminOffer(article.id, suppliers[1]!.id, 'KOP-A4-B', '3.90')).result;
    const answer = ok(await t.call('POST', '/api/supplier-articles/offers', { ...manager(), body: { query: { id: a.id, quantity: 5 } } })).result as Body[];
    expect(answer.map((o) => o.article.id).sort()).toEqual([a.id, b.id].sort());
    const units = answer.map((o) => Number(o.price.unitCostWithShipping));
    expect([...units].sort((x, y) => x - y)).toEqual(units);
    expect(answer.every((o) => o.price.quantity === 5 && o.article.title.nl === 'Kopieerpapier A4 80 g')).toBe(true);
    // A buyer whose catalogue rules exclude one supplier is offered the other only.
    const buyer = await t.userId('buyer@demo.test');
    const rule = await t.db.selectFrom('catalogRules').select(['id', 'excludeSuppliers']).where('userId', '=', buyer).executeTakeFirstOrThrow();
    await t.db.updateTable('catalogRules').set({ excludeSuppliers: JSON.stringify([suppliers[0]!.id]) } as never).where('id', '=', rule.id).execute();
    try {
      const seen = ok(await t.call('POST', '/api/supplier-articles/offers', { as: 'buyer@demo.test', customerId, body: { query: { id: b.id } } })).result as Body[];
      expect(seen.map((o) => o.article.id)).toEqual([b.id]);
      fails(await t.call('POST', '/api/supplier-articles/offers', { as: 'buyer@demo.test', customerId, body: { query: { id: a.id } } }), 404, 'SupplierArticleNotFound');
    } finally {
      await t.db.updateTable('catalogRules').set({ excludeSuppliers: typeof rule.excludeSuppliers === 'string' ? rule.excludeSuppliers : JSON.stringify(rule.excludeSuppliers ?? []) } as never).where('id', '=', rule.id).execute();
    }
    fails(await t.call('POST', '/api/supplier-articles/offers', { ...manager(), body: { query: { id: '00000000-0000-4000-8000-0000000000aa' } } }), 404, 'SupplierArticleNotFound');
  });
});

describe('a company\'s product management (flows §3, §7)', () => {
  const create = (body: Body, customer = customerId) => t.call('POST', '/api/product-management', { ...manager(customer), body });

  test('create, list with the spec\'s filters, read, change and take out of the shop', async () => {
    const made = ok(await create({
      title: title('Visitekaartjes mat'), brand: 'De Bie', family: 'visitekaartjes', attributes: [{ productAttributeId: 'finish', name: title('Afwerking'), description: title('mat') }],
      offers: [{ supplierId: ownSupplierId, articleNumberSupplier: 'VK-MAT', price: '25.00', priceQuantity: 100 }],
    }));
    expect([made.customerId, made.offers.length, made.offers[0].type, made.offers[0].title.nl]).toEqual([customerId, 1, 'CustomerDefined', 'Visitekaartjes mat']);
    const variant = ok(await create({ title: title('Visitekaartjes glanzend'), family: 'visitekaartjes', offers: [{ supplierId: ownSupplierId, articleNumberSupplier: 'VK-GLANS', price: '27.00', priceQuantity: 100 }] }));

    const list = async (query: string) => (ok(await t.call('GET', `/api/product-management?${query}`, manager())).items as Body[]).map((i) => i.id);
    expect(await list('name=visitekaartjes&sort=title')).toEqual([variant.id, made.id]);
    expect(await list('articleNumberSupplier=vk-m')).toEqual([made.id]);
    expect(await list(`family=visitekaartjes&supplierId=${ownSupplierId}&sort=-price`)).toEqual([variant.id, made.id]);
    const row = (ok(await t.call('GET', '/api/product-management?articleNumberSupplier=VK-MAT', manager())).items as Body[])[0]!;
    expect([row.articleNumberSupplier, row.price, row.offerCount]).toEqual(['VK-MAT', '25.00', 1]);

    const changed = ok(await t.call('PATCH', `/api/product-management/${made.id}`, { ...manager(), body: {
      title: title('Visitekaartjes mat 350 g'),
      offers: [{ id: made.offers[0].id, price: '24.00' }, { supplierId: suppliers[0]!.id, articleNumberSupplier: 'VK-MAT-2', price: '26.00', priceQuantity: 100 }],
    } }));
    expect(changed.offers.map((o: Body) => [o.price, o.title.nl])).toEqual([['24.00', 'Visitekaartjes mat 350 g'], ['26.00', 'Visitekaartjes mat 350 g']]);

    ok(await t.call('PATCH', `/api/product-management/${made.id}`, { ...manager(), body: { available: false } }));
    expect(await list('name=visitekaartjes')).toEqual([variant.id]);
    expect(await list('name=visitekaartjes&unavailable=only')).toEqual([made.id]);
    expect((await list('name=visitekaartjes&unavailable=include')).sort()).toEqual([made.id, variant.id].sort());
    // Out of the shop: the shop's article read no longer finds its offers.
    fails(await t.call('POST', '/api/supplier-articles/id', { ...manager(), body: { query: { id: made.offers[0].id } } }), 404, 'SupplierArticleNotFound');

    // PUT replaces: what it leaves out is cleared.
    const replaced = ok(await t.call('PUT', `/api/product-management/${variant.id}`, { ...manager(), body: { title: title('Visitekaartjes glanzend') } }));
    expect([replaced.brand, replaced.family, replaced.available]).toEqual([null, null, true]);
  });

  test('numbers are unique per supplier among the company\'s offers; another company neither sees nor changes the article', async () => {
    const made = ok(await create({ title: title('Briefpapier'), offers: [{ supplierId: ownSupplierId, articleNumberSupplier: 'BP-1', price: '40.00' }] }));
    const dup = fails(await create({ title: title('Briefpapier 2'), offers: [{ supplierId: ownSupplierId, articleNumberSupplier: 'bp-1', price: '41.00' }] }), 409, 'SupplierArticleAlreadyExists');
    expect(dup.details?.[0]?.path).toBe('offers.0.articleNumberSupplier');
    fails(await create({ title: title('Briefpapier 3'), offers: [
      { supplierId: ownSupplierId, articleNumberSupplier: 'BP-3', price: '1.00' }, { supplierId: ownSupplierId, articleNumberSupplier: 'BP-3', price: '1.00' },
    ] }), 409, 'SupplierArticleAlreadyExists');
    expect(await t.db.selectFrom('articles').select('id').where('tenantId', '=', tenantId).where(sql<boolean>`title->>'nl' like 'Briefpapier %'`).execute()).toEqual([]);
    // createOwn, the shop's older path, refuses it too.
    fails(await t.call('POST', '/api/supplier-articles/createOwn', { ...manager(), body: { dto: { supplierId: ownSupplierId, articleNumberSupplier: 'BP-1', price: '1.00', title: title('x') } } }), 409, 'SupplierArticleAlreadyExists');

    fails(await t.call('GET', `/api/product-management/${made.id}`, manager(otherCustomerId)), 404, 'ArticleNotFound');
    fails(await t.call('PATCH', `/api/product-management/${made.id}`, { ...manager(otherCustomerId), body: { brand: 'X' } }), 404, 'ArticleNotFound');
    expect(ok(await t.call('GET', '/api/product-management?name=Briefpapier', manager(otherCustomerId))).total).toBe(0);
    // A buyer reads the company's product management (role user: R) but does not change it.
    expect(ok(await t.call('GET', '/api/product-management?name=Briefpapier', { as: 'buyer@demo.test', customerId })).total).toBe(1);
    fails(await t.call('POST', '/api/product-management', { as: 'buyer@demo.test', customerId, body: { title: title('Koper'), offers: [{ supplierId: ownSupplierId, articleNumberSupplier: 'KOP-1', price: '1.00' }] } }), 403, 'forbiddenAccess');
    fails(await t.call('PATCH', `/api/product-management/${made.id}`, { as: 'buyer@demo.test', customerId, body: { brand: 'X' } }), 403, 'forbiddenAccess');
  });

  test('createOrUpdateOwn writing an own offer\'s title changes its article', async () => {
    const made = ok(await create({ title: title('Enveloppen C5'), offers: [{ supplierId: ownSupplierId, articleNumberSupplier: 'ENV-C5', price: '9.00' }] }));
    ok(await t.call('POST', '/api/supplier-articles/createOrUpdateOwn', { ...manager(), body: { dtos: [{ supplierId: ownSupplierId, articleNumberSupplier: 'ENV-C5', title: title('Enveloppen C5 venster') }] } }));
    expect(ok(await t.call('GET', `/api/product-management/${made.id}`, manager())).title.nl).toBe('Enveloppen C5 venster');
  });

  test('GET /product-attributes lists the attributes the articles use, once each, paged by 30', async () => {
    ok(await create({ title: title('Stempel'), attributes: [{ productAttributeId: 'ink-colour', name: title('Inktkleur'), description: title('rood') }], offers: [{ supplierId: ownSupplierId, articleNumberSupplier: 'ST-1', price: '12.00' }] }));
    const page = ok(await t.call('GET', '/api/product-attributes', manager()));
    expect(page.pageSize).toBe(30);
    const ids = (page.items as Body[]).map((i) => i.productAttributeId);
    expect(new Set(ids).size).toBe(ids.length);
    const all: Body[] = [];
    for (let p = 1; p <= Math.ceil(page.total / 30); p++) all.push(...ok(await t.call('GET', `/api/product-attributes?page=${p}`, manager())).items);
    expect(all.find((i) => i.productAttributeId === 'ink-colour')?.name).toEqual(title('Inktkleur'));
  });
});
