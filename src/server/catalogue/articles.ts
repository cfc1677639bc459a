import { sql, type Kysely } from 'kysely';
import { CONSTANTS, resourceByName } from '../../../model';
import { OFFER_FIELDS } from '../../shared/contracts/articles';
import { fromCents, mulDivHalfUp } from '../../shared/money';
import { checkReferences } from '../crud/references';
import type { Owner } from '../crud/scope';
import { validationError } from '../crud/validate';
import { jsonValue, toColumns, toRecord, UUID_RE } from '../db/records';
import { ApiError, type ErrorDetail } from '../errors';
import { loadArticles, supplierTerms } from '../ordering/articles';
import { lineMoney, supplierMoney } from '../ordering/totals';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Articles and their offers (issue 28). An article (`articles`) is the product; its offers are
 * supplier articles (`supplier_articles.article_id`) with the offer's own fields (OFFER_FIELDS). The
 * database copies the article's product data onto its offers (src/server/db/after/0007_articles.sql),
 * so the shop's reads (search, catalogue rules, basket, orders) keep reading one row per offer.
 * Whose articles: a platform admin's are the tenant's (customer_id null), a company's own are its own
 * (Owner, as the generic CRUD's). A supplier article number is unique per supplier among one owner's
 * offers (SupplierArticleAlreadyExists) on every path that writes one.
 */

const articleResource = resourceByName('articles');
const offerResource = resourceByName('supplier-articles');
/** The type of a company's own offers. */
export const OWN_TYPE = 'CustomerDefined';

type Values = Record<string, unknown>;
type Db = Kysely<DB>;

/** Rows of the owner: the platform's have no customer (`customer_id is null`), a company's are its own. */
const ownerIs = (owner: Owner) => [owner.customerId === null ? 'is' : '=', owner.customerId] as const;

/** The owner's article `id`, or ArticleNotFound (another owner's is not found either). */
export async function findArticle(db: Db, owner: Owner, id: unknown, opts: { forUpdate?: boolean } = {}): Promise<Values> {
  if (typeof id !== 'string' || !UUID_RE.test(id)) throw new ApiError('ArticleNotFound');
  let q = db.selectFrom('articles').selectAll().where('id', '=', id).where('tenantId', '=', owner.tenantId)
    .where('customerId', ...ownerIs(owner));
  if (opts.forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw new ApiError('ArticleNotFound');
  return toRecord(articleResource, row as Values);
}

/** The owner's offer `id` (row as stored), or SupplierArticleNotFound. */
export async function findOffer(db: Db, owner: Owner, id: unknown): Promise<Values> {
  if (typeof id !== 'string' || !UUID_RE.test(id)) throw new ApiError('SupplierArticleNotFound');
  const row = await db.selectFrom('supplierArticles').selectAll().where('id', '=', id).where('tenantId', '=', owner.tenantId)
    .where('customerId', ...ownerIs(owner)).executeTakeFirst();
  if (!row) throw new ApiError('SupplierArticleNotFound');
  return row as Values;
}

/** The owner as the articles' rows name it: a platform admin's rows have no customer. */
export const ownerOf = (tenantId: string, customerId: string | null): Owner =>
  ({ tenantId, customerId, side: customerId === null ? 'platform' : 'customer' });

const numberKey = (supplierId: string, number: string) => `${supplierId}\u0000${number.trim().toLowerCase()}`;

/**
 * Refuses supplier article numbers a supplier already has among the owner's offers, or that `offers`
 * names twice (offers keep their number when `id` is the offer itself). Serialised per owner with a
 * transaction-scoped advisory lock, so two requests creating one number at once cannot both pass.
 */
export async function assertNumbersFree(trx: Db, owner: Owner, offers: readonly { id?: string; supplierId: string; articleNumberSupplier: string; path: string }[]): Promise<void> {
  if (!offers.length) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`supplier-article-numbers:${owner.tenantId}:${owner.customerId ?? 'platform'}`}))`.execute(trx);
  const taken: ErrorDetail[] = [];
  const seen = new Set<string>();
  for (const o of offers) {
    const key = numberKey(o.supplierId, o.articleNumberSupplier);
    if (seen.has(key)) taken.push({ path: o.path, rule: 'SupplierArticleAlreadyExists' });
    seen.add(key);
  }
  const ids = offers.map((o) => o.id).filter((id): id is string => !!id);
  let q = trx.selectFrom('supplierArticles').select(['supplierId', 'articleNumberSupplier'])
    .where('tenantId', '=', owner.tenantId).where('customerId', ...ownerIs(owner))
    .where('supplierId', 'in', [...new Set(offers.map((o) => o.supplierId))])
    .where(sql<boolean>`lower(trim(article_number_supplier)) in (${sql.join([...new Set(offers.map((o) => o.articleNumberSupplier.trim().toLowerCase()))])})`);
  if (ids.length) q = q.where('id', 'not in', ids);
  const stored = new Set((await q.execute()).map((r) => numberKey(r.supplierId, r.articleNumberSupplier)));
  for (const o of offers) {
    if (stored.has(numberKey(o.supplierId, o.articleNumberSupplier)) && !taken.some((t) => t.path === o.path)) {
      taken.push({ path: o.path, rule: 'SupplierArticleAlreadyExists' });
    }
  }
  if (taken.length) throw new ApiError('SupplierArticleAlreadyExists', taken);
}

/** Reference details with the body's path in front (`offers.0.supplierId`). */
const under = (prefix: string, details: ErrorDetail[]) => details.map((d) => ({ ...d, path: `${prefix}${d.path}` }));

/** Inserts an article of the owner (values passed the article's create schema). */
export async function insertArticle(trx: Db, owner: Owner, input: object, path = ''): Promise<Values> {
  const values = input as Values;
  const refs = await checkReferences(trx, articleResource, owner, values);
  if (refs.length) throw validationError(under(path, refs));
  const row = await trx.insertInto('articles')
    .values({ ...toColumns(articleResource, values), tenantId: owner.tenantId, customerId: owner.customerId } as never)
    .returningAll().executeTakeFirstOrThrow();
  return toRecord(articleResource, row as Values);
}

/** Changes the owner's article (a patch of its fields); its offers take the new product data (0007_articles.sql). */
export async function updateArticle(trx: Db, owner: Owner, id: string, input: object, path = ''): Promise<Values> {
  const patch = input as Values;
  await findArticle(trx, owner, id, { forUpdate: true });
  const refs = await checkReferences(trx, articleResource, owner, patch);
  if (refs.length) throw validationError(under(path, refs));
  const { id: _id, ...fields } = patch;
  const row = await trx.updateTable('articles').set({ ...toColumns(articleResource, fields), updatedAt: sql`now()` } as never)
    .where('id', '=', id).where('tenantId', '=', owner.tenantId).returningAll().executeTakeFirstOrThrow();
  return toRecord(articleResource, row as Values);
}

/** Only the offer's own fields of `values` (the product data is its article's). */
export function offerValues(input: object): Values {
  const values = input as Values;
  return Object.fromEntries(OFFER_FIELDS.filter((k) => values[k] !== undefined).map((k) => [k, values[k]]));
}

/** Adds an offer of the owner to its article `articleId` (numbers checked by the caller). Answers its id. */
export async function insertOffer(trx: Db, owner: Owner, articleId: string, values: object, path = ''): Promise<string> {
  const own = offerValues(values);
  if (owner.customerId !== null) own.type = OWN_TYPE;
  const refs = await checkReferences(trx, offerResource, owner, own);
  if (refs.length) throw validationError(under(path, refs));
  // The product columns come from the article (the insert trigger copies them); title is required by the table.
  const row = await trx.insertInto('supplierArticles')
    .values({ ...toColumns(offerResource, own), title: sql`'{}'::jsonb`, articleId, tenantId: owner.tenantId, customerId: owner.customerId } as never)
    .returning('id').executeTakeFirstOrThrow();
  return row.id as string;
}

/** Changes an offer's own fields (and with `articleId` the article it offers). */
export async function updateOffer(trx: Db, owner: Owner, id: string, input: object, path = ''): Promise<void> {
  const values = input as Values;
  const own = offerValues(values);
  if (owner.customerId !== null) delete own.type;
  const refs = await checkReferences(trx, offerResource, owner, own);
  if (refs.length) throw validationError(under(path, refs));
  const articleId = typeof values.articleId === 'string' ? values.articleId : undefined;
  if (articleId) await findArticle(trx, owner, articleId);
  await trx.updateTable('supplierArticles')
    .set({ ...toColumns(offerResource, own), ...(articleId ? { articleId } : {}), updatedAt: sql`now()` } as never)
    .where('id', '=', id).where('tenantId', '=', owner.tenantId)
    .where('customerId', ...ownerIs(owner)).execute();
}

/** Price per single unit in cents, for ordering offers (price / priceQuantity). */
const unitCentsSql = sql<number>`(o.price / greatest(coalesce(o.price_quantity, 1), 1))`;

/**
 * The offers of the given articles of the owner, each with its supplier's name, cheapest per unit
 * first; `actingSupplierId` keeps one supplier's.
 */
export async function offersOf(db: Db, owner: Owner, articleIds: readonly string[], opts: { actingSupplierId?: string } = {}): Promise<Map<string, Values[]>> {
  const out = new Map<string, Values[]>(articleIds.map((id) => [id, []]));
  if (!articleIds.length) return out;
  let q = db.selectFrom('supplierArticles as o')
    .leftJoin('suppliers as s', (j) => j.onRef('s.id', '=', 'o.supplierId').onRef('s.tenantId', '=', 'o.tenantId'))
    .selectAll('o').select('s.name as supplierName')
    .where('o.tenantId', '=', owner.tenantId).where('o.articleId', 'in', [...articleIds])
    .where('o.customerId', ...ownerIs(owner));
  if (opts.actingSupplierId) q = q.where('o.supplierId', '=', opts.actingSupplierId);
  const rows = await q.orderBy(unitCentsSql).orderBy('o.id').execute();
  for (const row of rows) {
    out.get(row.articleId as string)?.push({ ...toRecord(offerResource, row as Values), supplierName: row.supplierName ?? null });
  }
  return out;
}

/** One offer with its supplier's name. */
export async function offerWithSupplier(db: Db, owner: Owner, id: string): Promise<Values> {
  const row = await findOffer(db, owner, id);
  const offers = await offersOf(db, owner, [row.articleId as string]);
  const found = offers.get(row.articleId as string)?.find((o) => o.id === id);
  if (!found) throw new ApiError('SupplierArticleNotFound');
  return found;
}

/** The owner's article with its offers (product management's detail). */
export async function articleWithOffers(db: Db, owner: Owner, id: string): Promise<Values> {
  const article = await findArticle(db, owner, id);
  return { ...article, offers: (await offersOf(db, owner, [id])).get(id) ?? [] };
}

/** Ids of the offers of some articles. */
export async function offerIdsOfArticles(db: Db, tenantId: string, articleIds: readonly string[]): Promise<string[]> {
  if (!articleIds.length) return [];
  const rows = await db.selectFrom('supplierArticles').select('id').where('tenantId', '=', tenantId).where('articleId', 'in', [...articleIds]).execute();
  return rows.map((r) => r.id as string);
}

/**
 * Each offer's price as a buyer pays it for `quantity` units (its minimum order quantity when not
 * given, and never below it): the basket's own money rules (ordering/totals.ts: price per price
 * quantity, VAT at the offer's rate, the supplier's shipping unless its free-shipping threshold is
 * reached, shipping VAT at the standard rate). Cheapest per unit with shipping first.
 */
export async function evaluatedPrices(db: Db, tenantId: string, offerIds: readonly string[], quantity: number | undefined) {
  const rows = await loadArticles(db, tenantId, offerIds);
  const offers = [...rows.values()];
  const terms = await supplierTerms(db, tenantId, offers);
  const priced = offers.map((o) => {
    const amount = Math.max(quantity ?? o.minOrderQuant, o.minOrderQuant);
    const line = lineMoney({ price: o.price, priceQuantity: o.priceQuantity, amount, tax: o.tax });
    const shipping = supplierMoney(terms.get(o.supplierId)!, line.excl).shippingCost;
    const shippingVat = mulDivHalfUp(shipping, BigInt(CONSTANTS.standardVat), 100n);
    const unitWithShipping = mulDivHalfUp(line.excl + shipping, 1n, BigInt(amount));
    return {
      sortKey: unitWithShipping,
      item: {
        supplierArticleId: o.id, articleId: o.articleId, supplierId: o.supplierId,
        supplierName: terms.get(o.supplierId)?.supplierName ?? null, articleNumberSupplier: o.articleNumberSupplier, quantity: amount,
        unitPriceExcl: fromCents(mulDivHalfUp(line.excl, 1n, BigInt(amount))),
        totalExcl: fromCents(line.excl), shippingCost: fromCents(shipping), totalIncl: fromCents(line.incl + shipping + shippingVat),
        unitCostWithShipping: fromCents(unitWithShipping),
        minOrderQuant: o.minOrderQuant, stock: o.stock, estimateDeliveryDays: o.estimateDeliveryDays ?? 1,
      },
    };
  });
  priced.sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : a.item.supplierArticleId.localeCompare(b.item.supplierArticleId)));
  return priced.map((p) => p.item);
}

/** The placeholders a supplier's product-URL template may use, and the offer value each stands for. */
export const URL_PLACEHOLDERS = {
  articleNumber: (o: Values) => o.articleNumberSupplier,
  ean: (o: Values) => o.ean,
  pnNumber: (o: Values) => o.pnNumber,
  supplierId: (o: Values) => o.supplierId,
} as const;

/**
 * The placeholders of a template ({name}); an unknown one is refused (UrlTemplatePlaceholderUnknown,
 * naming it), and so is a template that fills to no http(s) address.
 */
export function templatePlaceholders(template: string): string[] {
  const names = [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);
  const unknown = names.filter((n) => !(n in URL_PLACEHOLDERS));
  if (unknown.length) throw new ApiError('UrlTemplatePlaceholderUnknown', unknown.map((n) => ({ path: 'template', rule: 'UrlTemplatePlaceholderUnknown', message: `{${n}}` })));
  return [...new Set(names)];
}

/** The template filled with an offer's values (URL-encoded; a value it lacks is empty). */
export function fillTemplate(template: string, offer: Values): string {
  templatePlaceholders(template);
  return template.replace(/\{([^{}]*)\}/g, (_m, name: keyof typeof URL_PLACEHOLDERS) => {
    const v = URL_PLACEHOLDERS[name](offer);
    return v == null ? '' : encodeURIComponent(String(v));
  });
}

/** The attributes the owner's articles use (the platform's and, for a company, its own): one entry per key, by key. */
export async function usedAttributes(db: Db, owner: Owner, page: number, pageSize: number) {
  const own = owner.customerId === null ? sql`a.customer_id is null` : sql`(a.customer_id is null or a.customer_id = ${owner.customerId})`;
  const distinct = sql`select distinct on (attr->>'productAttributeId') attr->>'productAttributeId' as id, attr->'name' as name
    from articles a cross join lateral jsonb_array_elements(coalesce(a.attributes, '[]'::jsonb)) attr
    where a.tenant_id = ${owner.tenantId} and ${own} and attr->>'productAttributeId' is not null
    order by attr->>'productAttributeId', a.customer_id nulls first`;
  const [rows, count] = await Promise.all([
    sql<{ id: string; name: unknown }>`select * from (${distinct}) d order by d.id limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from (${distinct}) d`.execute(db),
  ]);
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return {
    items: rows.rows.map((r) => {
      const name = jsonValue<Record<string, unknown>>(r.name) ?? {};
      return { productAttributeId: r.id, name: { nl: text(name.nl), en: text(name.en), fr: text(name.fr) } };
    }),
    total: count.rows[0]?.n ?? 0, page, pageSize,
  };
}

