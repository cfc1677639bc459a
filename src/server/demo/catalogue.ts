/**
 * The demo catalogue (issue 4): marketplaces, a three-level category tree, extra suppliers and
 * tens of thousands of articles with nl/en/fr texts, generated from a seeded PRNG so every start
 * (and every benchmark) gets the same catalogue. Article i only depends on (tenant seed, i), so a
 * catalogue can be generated in chunks (scripts/generate-catalogue.ts).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Kysely } from 'kysely';
import { fromCents, toCents } from '../../shared/money';
import { rebuildTenantIndex } from '../search/index-sync';
import { demoImagePath } from '../catalogue/demo-images';
import {
  EXTRA_SUPPLIERS, LINES, LONG_TEMPLATES, MARKETPLACES, SHORT_TEMPLATES, TOPS, TRAIT_NAMES, TRAITS, trio,
  type Leaf, type Second, type Top, type Trio,
} from './catalogue-data';
import type { DB } from '../../../generated/db/database.gen';

/** mulberry32: a small, fast, seedable PRNG (uniform in [0, 1)). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a string: the seed of a tenant's catalogue. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

export interface CatalogueCategory { id: string; parentId: string | null; level: number; name: Trio; sequenceNumber: number }
export interface LeafRef { id: string; leaf: Leaf; second: Second; top: Top }

/** The category rows of a tenant (ids fresh) and the leaves articles are drawn from. */
export function buildCategoryTree(): { categories: CatalogueCategory[]; leaves: LeafRef[] } {
  const categories: CatalogueCategory[] = [];
  const leaves: LeafRef[] = [];
  TOPS.forEach((top, ti) => {
    const topId = randomUUID();
    categories.push({ id: topId, parentId: null, level: 0, name: top.name, sequenceNumber: (TOPS.length - ti) * 10 });
    top.seconds.forEach((second, si) => {
      const secondId = randomUUID();
      categories.push({ id: secondId, parentId: topId, level: 1, name: second.name, sequenceNumber: (top.seconds.length - si) * 10 });
      second.leaves.forEach((leaf, li) => {
        const id = randomUUID();
        categories.push({ id, parentId: secondId, level: 2, name: leaf.name, sequenceNumber: (second.leaves.length - li) * 10 });
        leaves.push({ id, leaf, second, top });
      });
    });
  });
  return { categories, leaves };
}

export interface CatalogueContext {
  tenantId: string;
  /** Seed of the tenant's PRNG (seedOf(hostname)). */
  seed: number;
  leaves: LeafRef[];
  marketplaceIds: string[];
  /** Platform suppliers articles are spread over, with an article-number prefix. */
  suppliers: { id: string; prefix: string }[];
  /** A customer's own supplier: about 1 % of the articles are that customer's own ones. */
  own?: { customerId: string; supplierId: string; prefix: string };
}

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
const between = (rnd: () => number, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/** EAN-13 with a valid check digit, Belgian prefix. */
function ean13(rnd: () => number): string {
  let digits = '54';
  for (let i = 0; i < 10; i++) digits += Math.floor(rnd() * 10);
  const sum = [...digits].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return digits + ((10 - (sum % 10)) % 10);
}

/** Article `index` of a tenant's catalogue as a supplier_articles row (camelCase, JSON fields as text). */
export function generateArticle(ctx: CatalogueContext, index: number): Record<string, unknown> {
  const rnd = prng((ctx.seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
  const ref = pick(rnd, ctx.leaves);
  const { leaf, second, top } = ref;
  const giftCard = leaf.name.en === 'Gift card';
  const brand = pick(rnd, top.brands);
  const line = !giftCard && rnd() < 0.55 ? pick(rnd, LINES) : '';
  const kinds = giftCard ? [] : leaf.traits.filter(() => rnd() < 0.8).slice(0, 2);
  const traits = kinds.map((kind) => trio(pick(rnd, TRAITS[kind])));
  const amount = giftCard ? pick(rnd, [10, 25, 50, 100]) * 100 : 0;
  const langs = ['nl', 'en', 'fr'] as const;
  const title = Object.fromEntries(langs.map((l) => [l, giftCard
    ? `${brand} ${leaf.name[l]} ${amount / 100} EUR`
    : [`${brand} ${leaf.name[l]}${line ? ` ${line}` : ''}`, ...traits.map((t) => t[l])].join(', ')])) as Trio;
  const short = pick(rnd, SHORT_TEMPLATES);
  const long = pick(rnd, LONG_TEMPLATES);
  const days = between(rnd, 1, 5);
  const text = (template: Trio, l: (typeof langs)[number]) =>
    fill(template[l], { title: title[l], trait: traits[0]?.[l] ?? top.name[l].toLowerCase(), brand, days: String(days) });
  const own = ctx.own && rnd() < 0.01 ? ctx.own : null;
  const supplier = own ? { id: own.supplierId, prefix: own.prefix } : pick(rnd, ctx.suppliers);
  const stockRoll = rnd();
  const priceCents = giftCard ? amount : Math.max(5, Math.round(between(rnd, leaf.price[0], leaf.price[1]) / 5) * 5 - (rnd() < 0.5 ? 1 : 0));
  // Sold per 10 or 100 (priceQuantity): only what comes in packs (pens, pockets, cups), not desks.
  const packed = !giftCard && rnd() < 0.08 && leaf.traits.includes('pack');
  return {
    tenantId: ctx.tenantId,
    customerId: own ? own.customerId : null,
    articleNumberSupplier: `${supplier.prefix}-${String(index + 1).padStart(6, '0')}`,
    supplierId: supplier.id,
    title: JSON.stringify(title),
    shortDescription: JSON.stringify(Object.fromEntries(langs.map((l) => [l, text(short, l)]))),
    longDescription: JSON.stringify(Object.fromEntries(langs.map((l) => [l, text(long, l)]))),
    price: fromCents(BigInt(packed ? priceCents * 10 : priceCents)),
    priceQuantity: packed ? pick(rnd, [10, 100]) : 1,
    minOrderQuant: !giftCard && rnd() < 0.1 ? pick(rnd, [2, 5, 10, 12]) : 1,
    currency: 'EUR',
    tax: giftCard ? 0 : top.tax,
    manufacturer: rnd() < 0.8 ? brand : `${brand} Group`,
    brand,
    stock: giftCard || stockRoll < 0.25 ? null : stockRoll < 0.32 ? 0 : between(rnd, 1, 999),
    estimateDeliveryDays: days,
    type: giftCard ? 'GiftCard' : 'Regular',
    image: demoImagePath(second.family, kinds.includes('colour') ? traits[kinds.indexOf('colour')].en : null),
    images: '[]',
    categoryId: ref.id,
    marketplaceId: ctx.marketplaceIds[top.marketplace % ctx.marketplaceIds.length] ?? null,
    family: second.family,
    available: rnd() >= 0.03,
    promoted: rnd() < 0.02,
    keywords: JSON.stringify([second.name.en.toLowerCase(), leaf.name.en.toLowerCase()]),
    ean: ean13(rnd),
    pnNumber: `${brand.replace(/[^A-Za-z]/g, '').slice(0, 3).toUpperCase()}${between(rnd, 10000, 99999)}`,
    // The describing words in the title are the article's attributes too: the marketplace's features.
    attributes: JSON.stringify(kinds.map((kind, k) => ({ productAttributeId: kind, name: trio(TRAIT_NAMES[kind]), description: traits[k] }))),
  };
}

/**
 * Other suppliers' offers of article `index` (about one platform article in twelve gets one or two):
 * the same product at another price (10 % cheaper to 15 % dearer), stock and delivery time, so the
 * product page has a real choice. The rows name the article (`articleId`): the database gives them its
 * product data (src/server/db/after/0007_articles.sql).
 */
export function generateExtraOffers(ctx: CatalogueContext, index: number, base: Record<string, unknown>, articleId: string): Record<string, unknown>[] {
  if (base.customerId !== null || base.type !== 'Regular') return [];
  const rnd = prng((ctx.seed ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0);
  if (rnd() >= 1 / 12) return [];
  const others = ctx.suppliers.filter((s) => s.id !== base.supplierId);
  const count = Math.min(others.length, rnd() < 0.3 ? 2 : 1);
  for (let k = others.length - 1; k > 0; k--) {
    const j = Math.floor(rnd() * (k + 1));
    [others[k], others[j]] = [others[j]!, others[k]!];
  }
  const cents = Number(toCents(base.price as string));
  return others.slice(0, count).map((supplier) => {
    const price = Math.max(5, Math.round((cents * (0.9 + rnd() * 0.25)) / 5) * 5);
    const stockRoll = rnd();
    return {
      tenantId: ctx.tenantId, customerId: null, articleId, supplierId: supplier.id,
      articleNumberSupplier: `${supplier.prefix}-${String(index + 1).padStart(6, '0')}`,
      price: fromCents(BigInt(price)), priceQuantity: base.priceQuantity, minOrderQuant: base.minOrderQuant, currency: 'EUR', tax: base.tax,
      stock: stockRoll < 0.25 ? null : stockRoll < 0.3 ? 0 : between(rnd, 1, 999), estimateDeliveryDays: between(rnd, 1, 5), type: 'Regular',
      promoted: false,
    };
  });
}

/** Inserts rows 1000 at a time (multi-row inserts; PostgreSQL allows 65535 parameters per statement). */
export async function insertBatches<T extends keyof DB>(db: Kysely<DB>, table: T, rows: Insertable<DB[T]>[], batch = 1000): Promise<void> {
  for (let i = 0; i < rows.length; i += batch) await db.insertInto(table).values(rows.slice(i, i + batch)).execute();
}

const JSON_COLUMNS = new Set(['title', 'shortDescription', 'longDescription', 'images', 'keywords', 'attributes']);
const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Inserts generated articles as one JSON parameter expanded by jsonb_populate_recordset (far faster
 * than thousands of bind parameters, on PGlite above all); columns not generated keep their defaults.
 */
export async function insertArticles(db: Kysely<DB>, rows: Record<string, unknown>[]): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]);
  const json = JSON.stringify(rows.map((r) => Object.fromEntries(columns.map((c) => [snake(c), JSON_COLUMNS.has(c) ? JSON.parse(r[c] as string) : r[c]]))));
  const list = sql.raw(columns.map(snake).join(', '));
  await sql`insert into supplier_articles (${list}) select ${list} from jsonb_populate_recordset(null::supplier_articles, ${json}::jsonb)`.execute(db);
}

export interface SeededCatalogue {
  marketplaceIds: string[];
  categories: CatalogueCategory[];
  supplierIds: string[];
  articles: number;
}

/**
 * Creates a tenant's catalogue: its marketplaces, category tree and extra suppliers (with their
 * delivery terms), then `count` generated articles over those and the tenant's own platform
 * suppliers (and, for `ownCustomerId`, a few of that customer's own articles from its own supplier).
 */
export async function seedDemoCatalogue(db: Kysely<DB>, tenant: { id: string; hostname: string }, count: number, ownCustomerId?: string): Promise<SeededCatalogue> {
  const tenantId = tenant.id;
  const marketplaceIds: string[] = [];
  for (const [i, m] of MARKETPLACES.entries()) {
    const row = await db.insertInto('marketplaces').values({
      tenantId, name: m.name, description: JSON.stringify(m.description), sequenceNumber: (MARKETPLACES.length - i) * 10, active: true,
    }).returning('id').executeTakeFirstOrThrow();
    marketplaceIds.push(row.id);
  }
  const { categories, leaves } = buildCategoryTree();
  await insertBatches(db, 'productCategories', categories.map((c, i) => ({
    id: c.id, tenantId, parentId: c.parentId, name: JSON.stringify(c.name), sequenceNumber: c.sequenceNumber, popular: c.level === 1 && i % 3 === 0,
  })));

  // A tenant whose seed already has a supplier of that name keeps that one (names are unique per tenant).
  const taken = new Set((await db.selectFrom('suppliers').select('name').where('tenantId', '=', tenantId).execute()).map((s) => String(s.name).toLowerCase()));
  for (const s of EXTRA_SUPPLIERS.filter((x) => !taken.has(x.name.toLowerCase()))) {
    await db.insertInto('suppliers').values({
      tenantId, customerId: null, name: s.name, vatNumber: s.vatNumber, email: s.email, active: true, budgetSpent: '0.00',
      shippingCost: s.shippingCost ?? null, freeShippingFrom: s.freeShippingFrom ?? null, minimumOrderPrice: s.minimumOrderPrice ?? null,
      productUrlTemplate: s.productUrlTemplate ?? null,
    }).execute();
  }
  const platform = await db.selectFrom('suppliers').select(['id', 'name']).where('tenantId', '=', tenantId).where('customerId', 'is', null).orderBy('createdAt').orderBy('id').execute();
  const prefixOf = (name: string) => EXTRA_SUPPLIERS.find((s) => s.name === name)?.prefix ?? name.replace(/[^A-Za-z]/g, '').slice(0, 3).toUpperCase();
  const suppliers = platform.map((s) => ({ id: s.id, prefix: prefixOf(s.name) }));
  let own: CatalogueContext['own'];
  if (ownCustomerId) {
    const ownSupplier = await db.selectFrom('suppliers').select(['id', 'name']).where('tenantId', '=', tenantId).where('customerId', '=', ownCustomerId).orderBy('createdAt').executeTakeFirst();
    if (ownSupplier) own = { customerId: ownCustomerId, supplierId: ownSupplier.id, prefix: `${prefixOf(ownSupplier.name)}X` };
  }
  const ctx: CatalogueContext = { tenantId, seed: seedOf(tenant.hostname), leaves, marketplaceIds, suppliers, own };
  for (let start = 0; start < count; start += 1000) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + 1000); i++) rows.push(generateArticle(ctx, i));
    await insertArticles(db, rows);
    // The articles the database made for this batch, by the offers' numbers: some get other suppliers' offers.
    const made = new Map((await db.selectFrom('supplierArticles').select(['articleNumberSupplier', 'articleId'])
      .where('tenantId', '=', tenantId).where('articleNumberSupplier', 'in', rows.map((r) => r.articleNumberSupplier as string)).execute())
      .map((r) => [r.articleNumberSupplier, r.articleId as string]));
    const extras = rows.flatMap((r, k) => generateExtraOffers(ctx, start + k, r, made.get(r.articleNumberSupplier as string)!));
    await insertArticles(db, extras);
  }
  return { marketplaceIds, categories, supplierIds: suppliers.map((s) => s.id), articles: count };
}

/**
 * Articles per tenant: DEMO_CATALOGUE_SIZE when set (globex gets a quarter), else 20 000 for the
 * development and acme tenants and 5 000 for globex. Under vitest the default is 300 (globex 100)
 * so every test file's seed stays quick; tests that need more generate them themselves.
 */
export function catalogueSize(hostname: string, env: Record<string, string | undefined> = process.env): number {
  const configured = env.DEMO_CATALOGUE_SIZE ? Number(env.DEMO_CATALOGUE_SIZE) : NaN;
  const base = Number.isInteger(configured) && configured >= 0 ? configured : env.VITEST ? 300 : 20_000;
  return hostname.startsWith('globex') ? Math.floor(base / 4) : base;
}

/** The marketplace the demo buyer of the development tenant may not see (docs/demo-data.md). */
export const BUYER_EXCLUDED_MARKETPLACE = 'Veiligheid';

/**
 * Seeds every tenant's demo catalogue, gives buyer@demo.test of the development tenant a catalogue
 * rule excluding the 'Veiligheid' marketplace, and builds the search indexes.
 */
export async function seedDemoCatalogues(db: Kysely<DB>, env: Record<string, string | undefined> = process.env): Promise<void> {
  const tenants = await db.selectFrom('tenants').select(['id', 'hostname']).orderBy('createdAt').execute();
  for (const tenant of tenants) {
    const first = await db.selectFrom('customers').select('id').where('tenantId', '=', tenant.id).orderBy('createdAt').orderBy('id').executeTakeFirst();
    const seeded = await seedDemoCatalogue(db, tenant as { id: string; hostname: string }, catalogueSize(tenant.hostname, env), first?.id);
    if (tenant.hostname === 'localhost') {
      const buyer = await db.selectFrom('users').select('id').where('tenantId', '=', tenant.id).where('email', '=', 'buyer@demo.test').executeTakeFirst();
      const excluded = seeded.marketplaceIds[MARKETPLACES.findIndex((m) => m.name === BUYER_EXCLUDED_MARKETPLACE)];
      if (buyer) await db.insertInto('catalogRules').values({ tenantId: tenant.id, userId: buyer.id, excludeMarketPlaces: JSON.stringify([excluded]) }).execute();
    }
    await rebuildTenantIndex(db, tenant.id);
  }
}
