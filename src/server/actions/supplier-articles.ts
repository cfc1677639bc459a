import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { CONSTANTS, resourceByName } from '../../../model';
import { supplierArticleContracts } from '../../shared/contracts/supplier-articles';
import {
  articleSearchCondition, prefixPattern, toArticleDtos, visibleArticleDtos, visibleArticles,
} from '../catalogue/article-dto';
import { callerVisibility, requireChosenCustomer } from '../catalogue/caller';
import { addArticleImage } from '../catalogue/article-images';
import { afterArticlesChanged } from '../catalogue/changes';
import {
  OWN_TYPE, assertNumbersFree, evaluatedPrices, fillTemplate, findArticle, findOffer, insertOffer, offerIdsOfArticles, offersOf, offerWithSupplier,
  ownerOf, templatePlaceholders, updateOffer,
} from '../catalogue/articles';
import { enqueue } from '../jobs/enqueue';
import { withDescendants } from '../catalogue/visibility';
import { fromLanguageLists, OWN_ARTICLE_READ_KEYS } from '../catalogue/own-article-input';
import { insertColumns, toColumns, toRecord, UUID_RE } from '../db/records';
import { unknownKeys } from '../crud/validate';
import { checkReferences } from '../crud/references';
import type { Owner } from '../crud/scope';
import { issuesToDetails, parseOrThrow, refuseUnknown, validationError } from '../crud/validate';
import { ApiError, type ErrorDetail } from '../errors';
import { schemas } from '../crud/service';
import { implement, type ActionHandler } from './define';
import type { DB } from '../../../generated/db/database.gen';
import { safeString } from '../../shared/safe-text';

const resource = resourceByName('supplier-articles');
type Contracts = typeof supplierArticleContracts;
type Handler<K extends keyof Contracts> = ActionHandler<Contracts[K]>;

/** POST /supplier-articles/query: visible articles by search, supplier, category (with descendants) and marketplace. */
const query: Handler<'query'> = async ({ db, request, body: { query: q } }) => {
  const v = await callerVisibility(db, request, q.customerId);
  let base = visibleArticles(db, v);
  if (q.search) base = base.where(articleSearchCondition(q.search));
  if (q.supplierId) base = base.where('a.supplierId', '=', q.supplierId);
  if (q.marketplaceId) base = base.where('a.marketplaceId', '=', q.marketplaceId);
  if (q.categoryId) {
    const ids = await withDescendants(db, v.tenantId, [q.categoryId]);
    base = ids.length ? base.where('a.categoryId', 'in', ids) : base.where(sql<boolean>`false`);
  }
  const [{ total }, rows] = await Promise.all([
    base.clearSelect().select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    base.orderBy(sql`lower(a.article_number_supplier)`).orderBy('a.id').offset(q.skip).limit(q.take).execute(),
  ]);
  return { result: { items: await toArticleDtos(db, v.tenantId, rows), total: Number(total), skip: q.skip, take: q.take } };
};

/**
 * POST /v2/supplier-articles/query-recent: the articles on the acting customer's most recent
 * order lines, newest order first, each once, only those still visible; rejected orders do not count.
 */
const queryRecent: Handler<'queryRecent'> = async ({ db, request, body: { query: q } }) => {
  const v = await callerVisibility(db, request, q.customerId);
  if (!v.customerId) return { items: [] };
  const recent = db.selectFrom('orderLines as l').innerJoin('orders as o', 'o.id', 'l.orderId')
    .select('l.supplierArticleId')
    .select(sql`max(coalesce(o.order_date, o.created_at))`.as('lastOrdered'))
    .where('o.tenantId', '=', v.tenantId).where('o.customerId', '=', v.customerId).where('o.status', '!=', 'rejected')
    .where('l.tenantId', '=', v.tenantId).where('l.supplierArticleId', 'is not', null)
    .groupBy('l.supplierArticleId');
  const rows = await visibleArticles(db, v).innerJoin(recent.as('r'), 'r.supplierArticleId', 'a.id')
    .orderBy('r.lastOrdered', 'desc').orderBy('a.id').offset(q.skip).limit(q.take).execute();
  return { items: await toArticleDtos(db, v.tenantId, rows) };
};

/** GET /v2/supplier-articles/query-top: the acting customer's most ordered visible articles (by amount; rejected orders do not count). */
const queryTop: Handler<'queryTop'> = async ({ db, request, query: q }) => {
  const v = await callerVisibility(db, request);
  if (!v.customerId) return { items: [] };
  const top = db.selectFrom('orderLines as l').innerJoin('orders as o', 'o.id', 'l.orderId')
    .select('l.supplierArticleId').select(sql<number>`sum(l.amount)::int`.as('ordered'))
    .where('o.tenantId', '=', v.tenantId).where('o.customerId', '=', v.customerId).where('o.status', '!=', 'rejected')
    .where('l.tenantId', '=', v.tenantId).where('l.supplierArticleId', 'is not', null)
    .groupBy('l.supplierArticleId');
  let rows = visibleArticles(db, v).innerJoin(top.as('t'), 't.supplierArticleId', 'a.id');
  if (q.actingSupplierId) rows = rows.where('a.supplierId', '=', q.actingSupplierId);
  const found = await rows.orderBy('t.ordered', 'desc').orderBy('a.id').offset(q.skip).limit(q.take).execute();
  return { items: await toArticleDtos(db, v.tenantId, found) };
};

/** POST /supplier-articles/for-banner {query:{offerId}}: the visible articles of one banner. */
const forBanner: Handler<'forBanner'> = async ({ db, request, body: { query: q } }) => {
  const v = await callerVisibility(db, request, q.customerId);
  const rows = await visibleArticles(db, v).where('a.offerId', '=', q.offerId)
    .orderBy(sql`lower(a.article_number_supplier)`).orderBy('a.id').limit(CONSTANTS.maxPageSize).execute();
  return { result: await toArticleDtos(db, v.tenantId, rows) };
};

/** POST /supplier-articles/query-promoted: promoted visible articles (skip 0, take 20) with their total. */
const queryPromoted: Handler<'queryPromoted'> = async ({ db, request, body: { query: q } }) => {
  const v = await callerVisibility(db, request, q.customerId);
  const base = visibleArticles(db, v).where('a.promoted', '=', true);
  const [{ total }, rows] = await Promise.all([
    base.clearSelect().select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    base.orderBy(sql`lower(a.article_number_supplier)`).orderBy('a.id').offset(q.skip).limit(q.take).execute(),
  ]);
  return { result: { items: await toArticleDtos(db, v.tenantId, rows), total: Number(total) } };
};

/**
 * POST /supplier-articles/id {query:{id, customerId}}: one visible article. An article the
 * catalogue rules exclude answers exactly like one that does not exist.
 */
const byId: Handler<'byId'> = async ({ db, request, body: { query: q } }) => {
  const v = await callerVisibility(db, request, q.customerId);
  const [dto] = typeof q.id === 'string' ? await visibleArticleDtos(db, v, [q.id]) : [];
  if (!dto) throw new ApiError('SupplierArticleNotFound');
  return { result: dto };
};

/**
 * POST /supplier-articles/offers {query:{id, customerId, quantity}}: the visible offers of the article
 * the offer `id` offers, each priced as the basket would (catalogue/articles.ts evaluatedPrices),
 * cheapest per unit with shipping first.
 */
const offers: Handler<'offers'> = async ({ db, request, body: { query: q } }) => {
  const v = await callerVisibility(db, request, q.customerId);
  const [named] = typeof q.id === 'string' ? await visibleArticleDtos(db, v, [q.id]) : [];
  if (!named) throw new ApiError('SupplierArticleNotFound');
  const rows = await visibleArticles(db, v).where('a.articleId', '=', sql<string>`(select article_id from supplier_articles where id = ${named.id})`).execute();
  const dtos = new Map((await toArticleDtos(db, v.tenantId, rows)).map((d) => [d.id, d]));
  const prices = await evaluatedPrices(db, v.tenantId, [...dtos.keys()], q.quantity);
  return { result: prices.map((price) => ({ article: dtos.get(price.supplierArticleId)!, price })) };
};

/** The ids of `?ids=a,b` or `?ids=a&ids=b` (malformed ones ignored). */
function idsParam(raw: string | string[] | undefined): string[] {
  const values = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return values.flatMap((s) => s.split(','))
    .map((s) => s.trim()).filter((s) => UUID_RE.test(s)).slice(0, 1000);
}

/** GET /supplier-articles?customerId&ids=…: the visible ones of these articles, in the order asked. */
const byIds: Handler<'byIds'> = async ({ db, request, query }) => {
  const v = await callerVisibility(db, request);
  return { result: await visibleArticleDtos(db, v, idsParam(query.ids)) };
};

/**
 * GET /v2/supplier-articles/query?articleNumber&supplierId&orderId: visible articles whose number
 * is or starts with articleNumber (an exact match sorts first by itself: it is a prefix of the others),
 * of a supplier, or on an order's lines.
 */
const queryV2: Handler<'queryV2'> = async ({ db, request, query: q }) => {
  const v = await callerVisibility(db, request);
  let base = visibleArticles(db, v);
  if (q.supplierId) base = base.where('a.supplierId', '=', q.supplierId);
  if (q.articleNumber) base = base.where(sql<boolean>`a.article_number_supplier ilike ${prefixPattern(q.articleNumber)}`);
  if (q.orderId) {
    const order = v.customerId && await db.selectFrom('orders').select('id')
      .where('id', '=', q.orderId).where('tenantId', '=', v.tenantId).where('customerId', '=', v.customerId).executeTakeFirst();
    if (!order) throw new ApiError('OrderNotFound');
    base = base.where('a.id', 'in', db.selectFrom('orderLines').select('supplierArticleId')
      .where('orderId', '=', q.orderId).where('tenantId', '=', v.tenantId).where('supplierArticleId', 'is not', null));
  }
  // An order's articles all come back unless a page is asked for; a number or supplier gives a page of 20.
  const limit = q.take || (q.orderId ? CONSTANTS.maxPageSize : CONSTANTS.adminPageSize);
  const rows = await base.orderBy(sql`lower(a.article_number_supplier)`).orderBy('a.id').offset(q.skip).limit(limit).execute();
  return { items: await toArticleDtos(db, v.tenantId, rows) };
};

// ---- own articles (flows §3 Supplier article) ----


/** The key an own article is known by: its supplier and its number (case-insensitive). */
const keyOf = (supplierId: string, number: string) => `${supplierId}\u0000${number.trim().toLowerCase()}`;

/** The customer's own articles with these keys: key → id. */
async function ownArticleIds(db: Kysely<DB>, tenantId: string, customerId: string, keys: { supplierId: string; articleNumberSupplier: string }[]) {
  const out = new Map<string, string>();
  if (!keys.length) return out;
  const rows = await db.selectFrom('supplierArticles').select(['id', 'supplierId', 'articleNumberSupplier'])
    .where('tenantId', '=', tenantId).where('customerId', '=', customerId)
    .where('supplierId', 'in', [...new Set(keys.map((k) => k.supplierId))])
    .where(sql<boolean>`lower(trim(article_number_supplier)) in (${sql.join([...new Set(keys.map((k) => k.articleNumberSupplier.trim().toLowerCase()))])})`)
    .orderBy('createdAt').orderBy('id').execute();
  for (const r of rows) {
    const k = keyOf(r.supplierId, r.articleNumberSupplier);
    if (!out.has(k)) out.set(k, r.id);
  }
  return out;
}

/**
 * Serialises writers of one customer's own articles (two requests creating the same number at
 * once would both see it missing). A transaction-scoped advisory lock: released at commit.
 */
async function lockOwnArticles(db: Kysely<DB>, tenantId: string, customerId: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`own-articles:${tenantId}:${customerId}`}))`.execute(db);
}

/** The owner of own articles: the chosen customer, on the customer side (references: own or platform rows). */
function ownOwner(tenantId: string, customerId: string): Owner {
  return { tenantId, customerId, side: 'customer' };
}

/** POST /supplier-articles/createOwn {dto}: a new CustomerDefined article of the acting customer. */
const createOwn: Handler<'createOwn'> = async ({ db, request, body }) => {
  const customerId = requireChosenCustomer(request);
  const tenantId = request.tenant.id;
  // The spec's description lists become the model's translated fields before the fields are checked.
  const { dto, details } = fromLanguageLists(body.dto, 'dto');
  if (details.length) throw validationError(details);
  refuseUnknown(unknownKeys(resource.fields, dto, '', OWN_ARTICLE_READ_KEYS), 'dto');
  const values = parseOrThrow(schemas(resource).create, dto, 'dto') as Record<string, unknown>;
  values.type = OWN_TYPE;
  const owner = ownOwner(tenantId, customerId);
  const id = await db.transaction().execute(async (trx) => {
    const refs = await checkReferences(trx, resource, owner, values);
    if (refs.length) throw validationError(refs.map((d) => ({ ...d, path: `dto.${d.path}` })));
    await lockOwnArticles(trx, tenantId, customerId);
    const key = { supplierId: values.supplierId as string, articleNumberSupplier: values.articleNumberSupplier as string };
    if ((await ownArticleIds(trx, tenantId, customerId, [key])).size) {
      throw new ApiError('SupplierArticleAlreadyExists', [{ path: 'dto.articleNumberSupplier', rule: 'SupplierArticleAlreadyExists' }]);
    }
    const row = await trx.insertInto('supplierArticles').values({ ...insertColumns('supplierArticles', resource, values), tenantId, customerId })
      .returning('id').executeTakeFirstOrThrow();
    return row.id as string;
  });
  await afterArticlesChanged(db, tenantId, [id], request.log);
  return { result: id };
};

const keySchema = z.object({ supplierId: z.uuid(), articleNumberSupplier: safeString(undefined, false).trim().min(1).max(100) });

/**
 * POST /supplier-articles/createOrUpdateOwn {dtos}: creates the acting customer's own articles or
 * updates those it already has with the same supplier and number. Every dto is checked before
 * anything is written; one bad dto refuses the whole call (details name it: dtos.3.price).
 */
const createOrUpdateOwn: Handler<'createOrUpdateOwn'> = async ({ db, request, body: { dtos } }) => {
  const customerId = requireChosenCustomer(request);
  const tenantId = request.tenant.id;
  const owner = ownOwner(tenantId, customerId);

  const ids = await db.transaction().execute(async (trx) => {
    await lockOwnArticles(trx, tenantId, customerId);
    const details: ErrorDetail[] = [];
    const keys = dtos.map((dto, i) => {
      if (!dto || typeof dto !== 'object' || Array.isArray(dto)) { details.push({ path: `dtos.${i}`, rule: 'invalid' }); return null; }
      const parsed = keySchema.safeParse(dto);
      if (!parsed.success) { details.push(...issuesToDetails(parsed.error.issues, `dtos.${i}`)); return null; }
      return parsed.data;
    });
    const existing = await ownArticleIds(trx, tenantId, customerId, keys.filter((k) => k !== null));
    // A key seen earlier in the same call is an update of the article that dto creates.
    const seen = new Set<string>();
    const plans: { key: string; values: Record<string, unknown>; update: boolean }[] = [];
    for (const [i, dto] of dtos.entries()) {
      const k = keys[i];
      const key = k ? keyOf(k.supplierId, k.articleNumberSupplier) : '';
      const update = !!k && (existing.has(key) || seen.has(key));
      if (k) seen.add(key);
      if (!dto || typeof dto !== 'object' || Array.isArray(dto)) continue;
      const lists = fromLanguageLists(dto as Record<string, unknown>, `dtos.${i}`);
      const unknown = unknownKeys(resource.fields, lists.dto, `dtos.${i}.`, OWN_ARTICLE_READ_KEYS).map((path) => ({ path, rule: 'unknownField' }));
      if (lists.details.length || unknown.length) { details.push(...lists.details, ...unknown); continue; }
      const { id: _id, customerId: _c, ...fields } = lists.dto;
      const parsed = (update ? schemas(resource).update : schemas(resource).create).safeParse(fields);
      if (!parsed.success) {
        details.push(...issuesToDetails(parsed.error.issues, `dtos.${i}`).filter((d) => !details.some((x) => x.path === d.path)));
        continue;
      }
      const values = { ...(parsed.data as Record<string, unknown>), type: OWN_TYPE };
      const refs = await checkReferences(trx, resource, owner, values);
      details.push(...refs.map((d) => ({ ...d, path: `dtos.${i}.${d.path}` })));
      plans.push({ key, values, update });
    }
    if (details.length) throw validationError(details);

    const out: string[] = [];
    const created = new Map<string, string>();
    for (const plan of plans) {
      const targetId = existing.get(plan.key) ?? created.get(plan.key);
      if (targetId) {
        await trx.updateTable('supplierArticles').set({ ...toColumns(resource, plan.values), updatedAt: sql`now()` })
          .where('id', '=', targetId).where('tenantId', '=', tenantId).where('customerId', '=', customerId).execute();
        out.push(targetId);
      } else {
        const row = await trx.insertInto('supplierArticles').values({ ...insertColumns('supplierArticles', resource, plan.values), tenantId, customerId })
          .returning('id').executeTakeFirstOrThrow();
        created.set(plan.key, row.id as string);
        out.push(row.id as string);
      }
    }
    return out;
  });
  await afterArticlesChanged(db, tenantId, [...new Set(ids)], request.log);
  return { result: ids };
};

/** POST /admin/sandbox/runImportStaplesCatalog {}: queues the sample Staples catalogue's import for the tenant (src/server/catalogue/staples-import.ts). */
const sandboxImportStaples: Handler<'sandboxImportStaples'> = async ({ db, request }) => {
  const tenantId = request.tenant.id;
  const jobId = await db.transaction().execute((trx) => enqueue(trx, 'catalogue.importStaples', { tenantId }));
  request.log.info({ jobId }, 'Staples catalogue import queued');
  return { result: { taskName: 'catalogue.importStaples', jobId } };
};

const platform = (request: { tenant: { id: string } }) => ownerOf(request.tenant.id, null);

/** POST /admin/supplier-articles/create {dto}: a new offer of a platform article. */
const adminCreate: Handler<'adminCreate'> = async ({ db, request, body: { dto } }) => {
  const owner = platform(request);
  const id = await db.transaction().execute(async (trx) => {
    await findArticle(trx, owner, dto.articleId);
    await assertNumbersFree(trx, owner, [{ supplierId: dto.supplierId, articleNumberSupplier: dto.articleNumberSupplier, path: 'dto.articleNumberSupplier' }]);
    return insertOffer(trx, owner, dto.articleId, dto, 'dto.');
  });
  await afterArticlesChanged(db, owner.tenantId, [id], request.log);
  return { result: await offerWithSupplier(db, owner, id) as never };
};

/** POST /admin/supplier-articles/update {dto}: a platform offer's own fields (articleId moves it). */
const adminUpdate: Handler<'adminUpdate'> = async ({ db, request, body: { dto } }) => {
  const owner = platform(request);
  await db.transaction().execute(async (trx) => {
    const before = await findOffer(trx, owner, dto.id);
    await assertNumbersFree(trx, owner, [{
      id: dto.id, path: 'dto.articleNumberSupplier',
      supplierId: (dto.supplierId ?? before.supplierId) as string, articleNumberSupplier: (dto.articleNumberSupplier ?? before.articleNumberSupplier) as string,
    }]);
    await updateOffer(trx, owner, dto.id, dto, 'dto.');
  });
  await afterArticlesChanged(db, owner.tenantId, [dto.id], request.log);
  return { result: await offerWithSupplier(db, owner, dto.id) as never };
};

/** GET /admin/supplier-articles/per-article/{articleId}: the offers of one platform article, cheapest first. */
const perArticle: Handler<'perArticle'> = async ({ db, request, params, query: q }) => {
  const owner = platform(request);
  await findArticle(db, owner, params.articleId);
  return { result: ((await offersOf(db, owner, [params.articleId], { actingSupplierId: q.actingSupplierId })).get(params.articleId) ?? []) as never };
};

/** POST /admin/supplier-articles/queryEvaluatedPrices {query}: the offers' prices as a buyer pays them. */
const queryEvaluatedPrices: Handler<'queryEvaluatedPrices'> = async ({ db, request, body: { query: q } }) => {
  const tenantId = request.tenant.id;
  let ids = q.ids ?? [];
  if (q.articleId) ids = [...ids, ...await offerIdsOfArticles(db, tenantId, [q.articleId])];
  let rows = db.selectFrom('supplierArticles').select('id').where('tenantId', '=', tenantId).where('customerId', 'is', null);
  if (q.actingSupplierId) rows = rows.where('supplierId', '=', q.actingSupplierId);
  const platformIds = ids.length ? (await rows.where('id', 'in', ids).execute()).map((r) => r.id as string) : [];
  const items = await evaluatedPrices(db, tenantId, platformIds, q.quantity);
  return { result: { items, total: items.length } };
};

/** POST /admin/supplier-articles/{id}/upload (multipart `file`): an image after the offer's article's others (catalogue/article-images.ts). */
const upload: Handler<'upload'> = async ({ db, request, params }) => {
  const owner = platform(request);
  await addArticleImage(db, request, owner, async (q) => (await findOffer(q, owner, params.id)).articleId as string);
  return { result: await offerWithSupplier(db, owner, params.id) as never };
};

/** POST /admin/supplier-articles/eval-url-template {template, supplierArticleId?}. */
const evalUrlTemplate: Handler<'evalUrlTemplate'> = async ({ db, request, body }) => {
  const placeholders = templatePlaceholders(body.template);
  if (!body.supplierArticleId) return { result: { url: null, placeholders } };
  const offer = await findOffer(db, platform(request), body.supplierArticleId);
  return { result: { url: fillTemplate(body.template, toRecord(resource, offer)), placeholders } };
};

/** POST /admin/supplier-articles/set-as-modified {id}: written to the search index again, now. */
const setAsModified: Handler<'setAsModified'> = async ({ db, request, body }) => {
  const owner = platform(request);
  await findOffer(db, owner, body.id);
  await db.updateTable('supplierArticles').set({ updatedAt: sql`now()` }).where('id', '=', body.id).where('tenantId', '=', owner.tenantId).execute();
  await afterArticlesChanged(db, owner.tenantId, [body.id], request.log);
  return { result: true as const };
};

export const supplierArticleActions = implement(supplierArticleContracts, {
  query, queryRecent, queryTop, forBanner, queryPromoted, byId, offers, byIds, createOwn, createOrUpdateOwn, queryV2, sandboxImportStaples,
  adminCreate, adminUpdate, perArticle, upload, queryEvaluatedPrices, evalUrlTemplate, setAsModified,
});
