import { sql, type Kysely } from 'kysely';
import { resourceByName } from '../../../model';
import { articleContracts } from '../../shared/contracts/articles';
import {
  articleWithOffers, assertNumbersFree, findArticle, insertArticle, insertOffer, offerIdsOfArticles, ownerOf, updateArticle,
  updateOffer, usedAttributes,
} from '../catalogue/articles';
import { addArticleImage, removeDroppedImages } from '../catalogue/article-images';
import { requireChosenCustomer } from '../catalogue/caller';
import { afterArticlesChanged } from '../catalogue/changes';
import { CHEAPEST_OFFER, productManagementOrder, productManagementWhere } from '../catalogue/product-management';
import { toRecord } from '../db/records';
import { ApiError } from '../errors';
import { requestLanguage } from '../i18n';
import type { BlobStore } from '../storage/blob-store';
import { implement, type ActionHandler } from './define';
import type { DB } from '../../../generated/db/database.gen';

type Contracts = typeof articleContracts;
type Handler<K extends keyof Contracts> = ActionHandler<Contracts[K]>;
type Values = Record<string, unknown>;
const articleResource = resourceByName('articles');

/** POST /admin/articles/create {dto}: a platform article (its offers come with /admin/supplier-articles/create). */
const adminCreate: Handler<'adminCreate'> = async ({ db, request, body: { dto } }) => {
  const owner = ownerOf(request.tenant.id, null);
  const article = await db.transaction().execute((trx) => insertArticle(trx, owner, dto, 'dto.'));
  return { result: article as never };
};

/** POST /admin/articles/update {dto}: its offers take the new product data; the search index follows. */
const adminUpdate: Handler<'adminUpdate'> = async ({ db, request, body: { dto } }) => {
  const owner = ownerOf(request.tenant.id, null);
  const { before, article } = await db.transaction().execute(async (trx) => ({
    before: await findArticle(trx, owner, dto.id, { forUpdate: true }),
    article: await updateArticle(trx, owner, dto.id, dto, 'dto.'),
  }));
  await afterArticlesChanged(db, owner.tenantId, await offerIdsOfArticles(db, owner.tenantId, [dto.id]), request.log);
  await removeDroppedImages(db, request.server.blobs, owner.tenantId, [before], [article], request.log);
  return { result: article as never };
};

/** GET /product-management: the acting company's own articles with their cheapest offer (flows §3 filters). */
const productManagementList: Handler<'productManagementList'> = async ({ db, request, query: q }) => {
  const owner = ownerOf(request.tenant.id, requireChosenCustomer(request));
  const condition = productManagementWhere(owner, q);
  const [rows, count] = await Promise.all([
    sql<Values>`select ar.*, o.supplier_id as offer_supplier_id, o.article_number_supplier as offer_number, o.price as offer_price,
        o.stock as offer_stock, s.name as supplier_name,
        (select count(*)::int from supplier_articles c where c.tenant_id = ar.tenant_id and c.article_id = ar.id) as offer_count
      from articles ar ${CHEAPEST_OFFER}
      left join suppliers s on s.id = o.supplier_id and s.tenant_id = ar.tenant_id
      where ${condition}
      order by ${productManagementOrder(q.sort, requestLanguage(request))}
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from articles ar where ${condition}`.execute(db),
  ]);
  const items = rows.rows.map((raw) => {
    const row = camelRow(raw);
    const a = toRecord(articleResource, row) as Values;
    return {
      id: a.id as string, customerId: (a.customerId as string | null) ?? null, title: a.title as never, brand: (a.brand as string) ?? null,
      ean: (a.ean as string) ?? null, image: (a.image as string) ?? firstImage(a.images), available: a.available !== false,
      family: (a.family as string) ?? null, marketplaceId: (a.marketplaceId as string) ?? null, categoryId: (a.categoryId as string) ?? null,
      offerCount: Number(row.offerCount ?? 0), supplierId: (row.offerSupplierId as string) ?? null, supplierName: (row.supplierName as string) ?? null,
      articleNumberSupplier: (row.offerNumber as string) ?? null, price: row.offerPrice == null ? null : Number(row.offerPrice).toFixed(2),
      stock: row.offerStock == null ? null : Number(row.offerStock), updatedAt: a.updatedAt as string,
    };
  });
  return { items, total: count.rows[0]?.n ?? 0, page: q.page, pageSize: q.pageSize };
};

const firstImage = (images: unknown) => (Array.isArray(images) && typeof images[0] === 'string' ? images[0] : null);
/** snake_case keys of a raw SQL row as the model's camelCase names. */
const camelRow = (row: Values): Values => Object.fromEntries(Object.entries(row).map(([k, v]) => [k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), v]));

/** POST /product-management: an own article with its offers, in one transaction. */
const productManagementCreate: Handler<'productManagementCreate'> = async ({ db, request, body }) => {
  const owner = ownerOf(request.tenant.id, requireChosenCustomer(request));
  const { offers, ...fields } = body;
  const { id, offerIds } = await db.transaction().execute(async (trx) => {
    await assertNumbersFree(trx, owner, offers.map((o, i) => ({ supplierId: o.supplierId, articleNumberSupplier: o.articleNumberSupplier, path: `offers.${i}.articleNumberSupplier` })));
    const article = await insertArticle(trx, owner, fields);
    const ids: string[] = [];
    for (const [i, o] of offers.entries()) ids.push(await insertOffer(trx, owner, article.id as string, o, `offers.${i}.`));
    return { id: article.id as string, offerIds: ids };
  });
  await afterArticlesChanged(db, owner.tenantId, offerIds, request.log);
  return await articleWithOffers(db, owner, id) as never;
};

/** GET /product-management/{id}. */
const productManagementGet: Handler<'productManagementGet'> = async ({ db, request, params }) => {
  const owner = ownerOf(request.tenant.id, requireChosenCustomer(request));
  return await articleWithOffers(db, owner, params.id) as never;
};

/** PUT and PATCH /product-management/{id}: the article's fields (all of them for PUT) and the offers sent. */
async function changeArticle(db: Kysely<DB>, store: BlobStore, tenantId: string, customerId: string, id: string, body: Values, replace: boolean, log: Parameters<typeof afterArticlesChanged>[3]) {
  const owner = ownerOf(tenantId, customerId);
  const { offers = [], ...fields } = body as Values & { offers?: Values[] };
  const { before, after } = await db.transaction().execute(async (trx) => {
    const before = await findArticle(trx, owner, id, { forUpdate: true });
    const stored = new Map((await trx.selectFrom('supplierArticles').select(['id', 'supplierId', 'articleNumberSupplier'])
      .where('tenantId', '=', tenantId).where('customerId', '=', customerId).where('articleId', '=', id).execute()).map((r) => [r.id as string, r]));
    const numbers = offers.map((o, i) => {
      const before = typeof o.id === 'string' ? stored.get(o.id) : undefined;
      if (typeof o.id === 'string' && !before) throw new ApiError('SupplierArticleNotFound', [{ path: `offers.${i}.id`, rule: 'SupplierArticleNotFound' }]);
      return {
        id: before?.id as string | undefined, path: `offers.${i}.articleNumberSupplier`,
        supplierId: (o.supplierId ?? before?.supplierId) as string, articleNumberSupplier: (o.articleNumberSupplier ?? before?.articleNumberSupplier) as string,
      };
    });
    await assertNumbersFree(trx, owner, numbers);
    // PUT replaces the article: a field it leaves out is cleared (null), as a form saving every field would.
    const patch = replace ? { ...Object.fromEntries(Object.keys(articleResource.fields).map((k) => [k, null])), ...fields } : fields;
    if (replace) for (const [k, f] of Object.entries(articleResource.fields)) if (patch[k] === null && f.default !== undefined) patch[k] = f.default;
    const after = await updateArticle(trx, owner, id, patch);
    for (const [i, o] of offers.entries()) {
      if (typeof o.id === 'string') await updateOffer(trx, owner, o.id, o, `offers.${i}.`);
      else await insertOffer(trx, owner, id, o, `offers.${i}.`);
    }
    return { before, after };
  });
  await afterArticlesChanged(db, tenantId, await offerIdsOfArticles(db, tenantId, [id]), log);
  await removeDroppedImages(db, store, tenantId, [before], [after], log);
  return articleWithOffers(db, owner, id);
}

const productManagementReplace: Handler<'productManagementReplace'> = async ({ db, request, params, body }) =>
  await changeArticle(db, request.server.blobs, request.tenant.id, requireChosenCustomer(request), params.id, body as unknown as Values, true, request.log) as never;

const productManagementPatch: Handler<'productManagementPatch'> = async ({ db, request, params, body }) =>
  await changeArticle(db, request.server.blobs, request.tenant.id, requireChosenCustomer(request), params.id, body as unknown as Values, false, request.log) as never;

/** POST /product-management/{id}/images (multipart `file`): an image after the own article's others (catalogue/article-images.ts). */
const productManagementAddImage: Handler<'productManagementAddImage'> = async ({ db, request, params }) => {
  const owner = ownerOf(request.tenant.id, requireChosenCustomer(request));
  await addArticleImage(db, request, owner, async (q) => (await findArticle(q, owner, params.id)).id as string);
  return await articleWithOffers(db, owner, params.id) as never;
};

/** GET /product-attributes: the attribute keys the caller's articles use, with their names. */
const productAttributes: Handler<'productAttributes'> = async ({ db, request, query: q }) => {
  const owner = ownerOf(request.tenant.id, request.auth?.customerId ?? null);
  return usedAttributes(db, owner, q.page, q.pageSize);
};

export const articleActions = implement(articleContracts, {
  adminCreate, adminUpdate, productManagementList, productManagementCreate, productManagementGet,
  productManagementReplace, productManagementPatch, productManagementAddImage, productAttributes,
});
