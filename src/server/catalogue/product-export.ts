import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { resourceByName } from '../../../model';
import type { Language } from '../../../model/dsl/i18n';
import { PRODUCT_SHEET_COLUMNS, type ProductSheetColumn } from '../../shared/product-sheet';
import { toRecord } from '../db/records';
import { sendWorkbook, type CellFormat } from '../reporting/workbook';
import { todayInShopZone } from '../../shared/shop-clock';
import { ownerOf } from './articles';
import { requireChosenCustomer } from './caller';
import { LANGUAGES } from './categories';
import { categoryLabel, loadLookups, marketplaceLabel, supplierLabel, type ImportLookups } from './product-import-lines';
import { CHEAPEST_OFFER, offerFilters, productManagementOrder, productManagementWhere, type ProductManagementFilters } from './product-management';
import type { DB } from '../../../generated/db/database.gen';

/**
 * GET /product-management/export.xlsx (issue 28): the company's own articles as its product
 * management list filters and sorts them (product-management.ts), one line per offer (the offers of
 * the supplier and number filtered, when the list filters on them; cheapest first), in the import's
 * format (src/shared/product-sheet.ts), so that the file can be edited and imported back. Streamed:
 * exceljs's streaming writer writes each page of PAGE_LINES lines as it is read, so a large list is
 * never held whole (reporting/workbook.ts). Suppliers, categories and marketplaces are written as the import reads them
 * back (a name, a path in the caller's language), or by id where a name would name two.
 */

const PAGE_LINES = 500;
const articleResource = resourceByName('articles');
const offerResource = resourceByName('supplier-articles');
type Values = Record<string, unknown>;

const YES_NO: Record<Language, [string, string]> = { nl: ['ja', 'nee'], en: ['yes', 'no'], fr: ['oui', 'non'] };
const WIDTHS: Partial<Record<ProductSheetColumn, number>> = { articleNumberSupplier: 20, supplier: 24, title_nl: 36, title_en: 36, title_fr: 36, category: 30, ean: 16 };
const FORMATS: Partial<Record<ProductSheetColumn, CellFormat>> = {
  price: 'money', priceQuantity: 'integer', minOrderQuant: 'integer', tax: 'integer', stock: 'integer', estimateDeliveryDays: 'integer',
};

/** One offer and its article as a line of the file. */
function lineOf(article: Values, offer: Values, l: ImportLookups, language: Language): Record<ProductSheetColumn, string | number | null> {
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  const translated = (field: string, lang: string) => text((article[field] as Record<string, unknown> | null)?.[lang]);
  const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
  const line = {
    articleNumberSupplier: text(offer.articleNumberSupplier), supplier: supplierLabel(l, offer.supplierId as string),
    brand: text(article.brand), manufacturer: text(article.manufacturer), ean: text(article.ean), pnNumber: text(article.pnNumber),
    family: text(article.family), image: text(article.image),
    category: article.categoryId ? categoryLabel(l, article.categoryId as string, language) : null,
    marketplace: article.marketplaceId ? marketplaceLabel(l, article.marketplaceId as string) : null,
    price: num(offer.price), priceQuantity: num(offer.priceQuantity), minOrderQuant: num(offer.minOrderQuant), tax: num(offer.tax),
    stock: num(offer.stock), estimateDeliveryDays: num(offer.estimateDeliveryDays),
    available: YES_NO[language][article.available === false ? 1 : 0],
  } as Record<ProductSheetColumn, string | number | null>;
  for (const lang of LANGUAGES) {
    line[`title_${lang}`] = translated('title', lang);
    line[`description_${lang}`] = translated('shortDescription', lang);
    line[`longDescription_${lang}`] = translated('longDescription', lang);
  }
  return line;
}

/** Streams the export as the answer; the filters are the list's (its contract's query). */
export async function sendProductExport(db: Kysely<DB>, request: FastifyRequest, reply: FastifyReply, filters: ProductManagementFilters, language: Language) {
  const owner = ownerOf(request.tenant.id, requireChosenCustomer(request));
  const lookups = await loadLookups(db, owner);
  const condition = productManagementWhere(owner, filters);
  const offersKept = offerFilters(filters, 'x');
  const order = productManagementOrder(filters.sort, language);

  const columns = PRODUCT_SHEET_COLUMNS.map((c) => ({ header: c, key: c, width: WIDTHS[c] ?? 14, format: FORMATS[c] }));
  return sendWorkbook(request, reply, `articles-${todayInShopZone()}.xlsx`, async (book) => {
    const sheet = book.sheet('articles', columns);
    for (let offset = 0; ; offset += PAGE_LINES) {
      const page = await sql<{ articleId: string; offerId: string }>`select ar.id as article_id, x.id as offer_id
        from articles ar ${CHEAPEST_OFFER}
        join supplier_articles x on x.tenant_id = ar.tenant_id and x.article_id = ar.id and x.customer_id = ar.customer_id
          ${offersKept.length ? sql`and ${sql.join(offersKept, sql` and `)}` : sql``}
        where ${condition}
        order by ${order}, x.price / greatest(coalesce(x.price_quantity, 1), 1), x.id
        limit ${PAGE_LINES} offset ${offset}`.execute(db);
      if (!page.rows.length) break;
      const [articles, offers] = await Promise.all([
        db.selectFrom('articles').selectAll().where('tenantId', '=', owner.tenantId).where('id', 'in', [...new Set(page.rows.map((r) => r.articleId))]).execute(),
        db.selectFrom('supplierArticles').selectAll().where('tenantId', '=', owner.tenantId).where('id', 'in', page.rows.map((r) => r.offerId)).execute(),
      ]);
      const articleById = new Map(articles.map((a) => [a.id as string, toRecord(articleResource, a as Values)]));
      const offerById = new Map(offers.map((o) => [o.id as string, toRecord(offerResource, o as Values)]));
      for (const { articleId, offerId } of page.rows) {
        const article = articleById.get(articleId);
        const offer = offerById.get(offerId);
        if (article && offer) sheet.add(lineOf(article, offer, lookups, language));
      }
      if (page.rows.length < PAGE_LINES) break;
    }
  });
}
