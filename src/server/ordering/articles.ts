import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { transporterArticleSchema } from '../../shared/contracts/shapes';
import { resourceByName } from '../../../model';
import { languageTexts } from '../catalogue/article-dto';
import { toRecord, UUID_RE } from '../db/records';
import type { SupplierTerms } from './totals';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The article and supplier rows the basket works with. The basket reads articles itself (rather
 * than through the catalogue's DTO mapper) because it needs the raw columns for the money and
 * stock rules and only the small `transporterArticle` shape of the contract in its answer.
 */

import { CURRENCIES } from '../../../model/resources/catalogue';
const supplierArticles = resourceByName('supplier-articles');
const suppliers = resourceByName('suppliers');

export interface ArticleRow {
  id: string;
  tenantId: string;
  customerId: string | null;
  articleNumberSupplier: string;
  supplierId: string;
  /** The article this row offers (articles, issue 28). */
  articleId: string;
  title: Record<string, string | null> | null;
  shortDescription: Record<string, string | null> | null;
  price: string;
  priceQuantity: number;
  minOrderQuant: number;
  currency: keyof typeof CURRENCIES;
  tax: number;
  supplierShippingCost: string | null;
  minimumOrderPrice: string | null;
  stock: number | null;
  estimateDeliveryDays: number | null;
  type: string;
  image: string | null;
  marketplaceId: string | null;
  categoryId: string | null;
  family: string | null;
  available: boolean;
}

/** A stored row through the model's own conversion (money as strings, integers, JSON fields), defaults filled. */
function articleOf(row: Record<string, unknown>): ArticleRow {
  const r = toRecord(supplierArticles, row) as Record<string, any>;
  return {
    ...r, tenantId: row.tenantId, price: r.price ?? '0.00', priceQuantity: r.priceQuantity || 1, minOrderQuant: r.minOrderQuant || 1,
    currency: r.currency ?? 'EUR', tax: r.tax ?? 21, type: r.type ?? 'Regular', available: r.available !== false,
  } as ArticleRow;
}

/**
 * The tenant's articles with these ids (unknown or malformed ids are simply absent). With
 * `forUpdate` the rows are locked, in id order so two orders locking the same articles cannot deadlock.
 */
export async function loadArticles(db: Kysely<DB>, tenantId: string, ids: readonly string[], opts: { forUpdate?: boolean } = {}): Promise<Map<string, ArticleRow>> {
  const wanted = [...new Set(ids.filter((id) => UUID_RE.test(id)).map((id) => id.toLowerCase()))];
  if (!wanted.length) return new Map();
  let q = db.selectFrom('supplierArticles').selectAll().where('tenantId', '=', tenantId).where('id', 'in', wanted).orderBy('id');
  if (opts.forUpdate) q = q.forUpdate();
  const rows = await q.execute();
  return new Map(rows.map((r) => [String(r.id), articleOf(r)]));
}

/**
 * The terms of each supplier: its own shipping cost, free-shipping threshold and minimum order
 * price; where the supplier has none, the article's copy of the supplier's cost and minimum.
 */
export async function supplierTerms(db: Kysely<DB>, tenantId: string, articles: readonly ArticleRow[]): Promise<Map<string, SupplierTerms>> {
  const ids = [...new Set(articles.map((a) => a.supplierId).filter((id) => UUID_RE.test(id)))];
  const rows = ids.length
    ? await db.selectFrom('suppliers').select(['id', 'name', 'shippingCost', 'freeShippingFrom', 'minimumOrderPrice'])
      .where('tenantId', '=', tenantId).where('id', 'in', ids).execute()
    : [];
  const byId = new Map(rows.map((r) => [String(r.id), toRecord(suppliers, r) as Record<string, any>]));
  const out = new Map<string, SupplierTerms>();
  for (const a of articles) {
    if (out.has(a.supplierId)) continue;
    const s = byId.get(a.supplierId);
    out.set(a.supplierId, {
      supplierId: a.supplierId,
      supplierName: s?.name ?? null,
      shippingCost: s?.shippingCost ?? a.supplierShippingCost,
      freeShippingFrom: s?.freeShippingFrom ?? null,
      minimumOrderPrice: s?.minimumOrderPrice ?? a.minimumOrderPrice,
    });
  }
  return out;
}

/** The article as a basket line shows it (contract "Basket": transporterArticle). */
export function transporterArticle(a: ArticleRow, supplierName: string | null, visible: boolean): z.input<typeof transporterArticleSchema> {
  return {
    id: a.id, articleNumberSupplier: a.articleNumberSupplier,
    title: { nl: a.title?.nl ?? null, en: a.title?.en ?? null, fr: a.title?.fr ?? null },
    price: a.price, priceQuantity: a.priceQuantity, minOrderQuant: a.minOrderQuant, type: a.type, image: a.image,
    shortDescriptions: languageTexts(a.shortDescription, true),
    stock: a.stock, supplierId: a.supplierId, supplierName, tax: a.tax, currency: a.currency, available: visible,
  };
}
