import { sql } from 'kysely';
import type { Owner } from '../crud/scope';
import { containsPattern, prefixPattern } from './article-dto';

/**
 * Which of a company's own articles the product management list shows, and in what order (flows §3
 * product-management filters): GET /product-management (src/server/actions/articles.ts) and its
 * export, GET /product-management/export.xlsx (product-export.ts), read the same filters the same way.
 * The SQL names the article `ar` and its cheapest offer `o` (CHEAPEST_OFFER).
 */

/** The list's filters as its contract validates them (src/shared/contracts/articles.ts). */
export interface ProductManagementFilters {
  name?: string | undefined;
  articleNumberSupplier?: string | undefined;
  supplierId?: string | undefined;
  marketplaceId?: string | undefined;
  family?: string | undefined;
  unavailable: 'include' | 'exclude' | 'only';
  sort: string;
}

/** The article's cheapest offer per unit, as `o` (its supplier, number, price, stock, unit price). */
export const CHEAPEST_OFFER = sql`left join lateral (
    select x.id, x.supplier_id, x.article_number_supplier, x.price, x.stock, x.price / greatest(coalesce(x.price_quantity, 1), 1) as unit
    from supplier_articles x where x.tenant_id = ar.tenant_id and x.article_id = ar.id
    order by x.price / greatest(coalesce(x.price_quantity, 1), 1), x.id limit 1) o on true`;

/** The owner's articles `ar` the filters keep. */
export function productManagementWhere(owner: Owner, q: ProductManagementFilters) {
  const where = [sql`ar.tenant_id = ${owner.tenantId}`, sql`ar.customer_id = ${owner.customerId}`];
  if (q.name) {
    const p = containsPattern(q.name);
    where.push(sql`(ar.title->>'nl' ilike ${p} or ar.title->>'en' ilike ${p} or ar.title->>'fr' ilike ${p} or ar.brand ilike ${p} or ar.ean ilike ${p})`);
  }
  const offerWhere = [sql`x.tenant_id = ar.tenant_id`, sql`x.article_id = ar.id`, ...offerFilters(q, 'x')];
  if (q.articleNumberSupplier || q.supplierId) where.push(sql`exists (select 1 from supplier_articles x where ${sql.join(offerWhere, sql` and `)})`);
  if (q.marketplaceId) where.push(sql`ar.marketplace_id = ${q.marketplaceId}`);
  if (q.family) where.push(sql`lower(ar.family) = lower(${q.family})`);
  if (q.unavailable === 'exclude') where.push(sql`ar.available is not false`);
  if (q.unavailable === 'only') where.push(sql`ar.available is false`);
  return sql.join(where, sql` and `);
}

/** The filters on an article's offers (supplier, number), on the offer named `alias` (a constant of the caller's SQL). */
export function offerFilters(q: Pick<ProductManagementFilters, 'articleNumberSupplier' | 'supplierId'>, alias: string) {
  const out = [];
  if (q.articleNumberSupplier) out.push(sql`${sql.raw(alias)}.article_number_supplier ilike ${prefixPattern(q.articleNumberSupplier)}`);
  if (q.supplierId) out.push(sql`${sql.raw(alias)}.supplier_id = ${q.supplierId}`);
  return out;
}

/** The list's sorts as SQL (the cheapest offer's number and price, the title in the caller's language). */
export function productManagementOrder(sort: string, language: string) {
  const desc = sort.startsWith('-');
  const key = desc ? sort.slice(1) : sort;
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const lang = ['nl', 'en', 'fr'].includes(language) ? language : 'nl';
  switch (key) {
    case 'title': return sql`lower(coalesce(nullif(ar.title->>${lang}, ''), ar.title->>'nl', ar.title->>'en', ar.title->>'fr')) ${dir} nulls last, ar.id`;
    case 'articleNumberSupplier': return sql`lower(o.article_number_supplier) ${dir} nulls last, ar.id`;
    case 'price': return sql`o.unit ${dir} nulls last, ar.id`;
    default: return sql`ar.created_at ${dir}, ar.id`;
  }
}
