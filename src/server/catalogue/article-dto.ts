import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { resourceByName } from '../../../model';
import { toRecord, UUID_RE } from '../db/records';
import type { LanguageText, PerLanguage, SupplierArticleDto } from '../../shared/catalogue-dto';
import { categoryHierarchies, LANGUAGES, type Lang } from './categories';
import { visibleCondition, type Visibility } from './visibility';
import type { DB } from '../../../generated/db/database.gen';

export type { LanguageText, SupplierArticleDto };

const supplierArticles = resourceByName('supplier-articles');

/**
 * Supplier articles (alias `a`) with their supplier's name (alias `s`, same tenant). Callers add
 * their own conditions; `visibleArticles` adds the caller's visibility.
 */
export function articleSelect(db: Kysely<DB>) {
  return db.selectFrom('supplierArticles as a')
    .leftJoin('suppliers as s', (join) => join.onRef('s.id', '=', 'a.supplierId').onRef('s.tenantId', '=', 'a.tenantId'))
    .selectAll('a').select('s.name as supplierName');
}

/** The articles the caller may see (tenant, own or platform, available, catalogue rules). */
export function visibleArticles(db: Kysely<DB>, v: Visibility, opts: { includeUnavailable?: boolean } = {}) {
  return articleSelect(db).where(visibleCondition(v, { alias: 'a', includeUnavailable: opts.includeUnavailable }) as Expression<SqlBool>);
}

/**
 * Stored long descriptions carry the two characters backslash + n where a line ends (DESIGN §6);
 * the shop shows real line breaks.
 */
export function withLineBreaks(text: string): string {
  return text.replace(/\\r\\n|\\n/g, '\n');
}

type Texts = Partial<Record<Lang, string | null>> | null;

/** The translations that are filled in, as the contract's [{languageCode, description}] list. */
export function languageTexts(texts: Texts, lineBreaks = false): LanguageText[] {
  if (!texts) return [];
  return LANGUAGES.filter((l) => typeof texts[l] === 'string' && texts[l] !== '')
    .map((languageCode) => ({ languageCode, description: lineBreaks ? withLineBreaks(texts[languageCode]!) : texts[languageCode]! }));
}

/** A title in every language: a missing translation shows the first one there is (nl, en, fr). */
function perLanguage(texts: Texts): PerLanguage {
  const first = LANGUAGES.map((l) => texts?.[l]).find((x) => typeof x === 'string' && x !== '') ?? '';
  return Object.fromEntries(LANGUAGES.map((l) => [l, texts?.[l] || first])) as PerLanguage;
}

/** One row of `articleSelect` as the contract's DTO, given the hierarchy of its category. */
export function toArticleDto(row: Record<string, unknown>, hierarchy: PerLanguage | null): SupplierArticleDto {
  const r = toRecord(supplierArticles, row) as Record<string, any>;
  return {
    id: r.id,
    customerId: r.customerId ?? null,
    articleNumberSupplier: r.articleNumberSupplier,
    title: perLanguage(r.title),
    price: r.price,
    priceQuantity: r.priceQuantity ?? 1,
    minOrderQuant: r.minOrderQuant ?? 1,
    currency: r.currency ?? 'EUR',
    tax: r.tax ?? 21,
    manufacturer: r.manufacturer,
    brand: r.brand,
    supplierId: r.supplierId,
    supplierName: (row.supplierName as string | null | undefined) ?? null,
    supplierShippingCost: r.supplierShippingCost,
    minimumOrderPrice: r.minimumOrderPrice,
    stock: r.stock,
    estimateDeliveryDays: r.estimateDeliveryDays ?? 1,
    type: r.type ?? 'Regular',
    image: r.image,
    images: r.images ?? [],
    shortDescriptions: languageTexts(r.shortDescription),
    longDescriptions: languageTexts(r.longDescription, true),
    categoryId: r.categoryId,
    categoryHierarchy: hierarchy,
    marketplaceId: r.marketplaceId,
    family: r.family,
    available: r.available !== false,
    promoted: r.promoted === true,
    offerId: r.offerId,
    keywords: r.keywords ?? [],
    ean: r.ean,
    pnNumber: r.pnNumber,
    attributes: r.attributes ?? [],
  };
}

/** Rows of `articleSelect` as DTOs, with their category hierarchies in one query. */
export async function toArticleDtos(db: Kysely<DB>, tenantId: string, rows: readonly Record<string, unknown>[]): Promise<SupplierArticleDto[]> {
  const hierarchies = await categoryHierarchies(db, tenantId, rows.map((r) => r.categoryId as string | null));
  return rows.map((row) => toArticleDto(row, hierarchies.get(row.categoryId as string) ?? null));
}

/**
 * The visible articles among `ids`, as DTOs in the order asked (malformed and invisible ids are
 * left out). The basket and the order calls use this to read articles for a customer.
 */
export async function visibleArticleDtos(db: Kysely<DB>, v: Visibility, ids: readonly string[], opts: { includeUnavailable?: boolean } = {}): Promise<SupplierArticleDto[]> {
  const wanted = [...new Set(ids.filter((id) => UUID_RE.test(id)))];
  if (!wanted.length) return [];
  const rows = await visibleArticles(db, v, opts).where('a.id', 'in', wanted).execute();
  const dtos = new Map((await toArticleDtos(db, v.tenantId, rows)).map((d) => [d.id, d]));
  return wanted.map((id) => dtos.get(id)).filter((d): d is SupplierArticleDto => !!d);
}

/** `ilike` pattern for "contains" (the user's % and _ are literal). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** `ilike` pattern for "starts with". */
export const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Case-insensitive search over the article number, the title in every language and the brand. */
export function articleSearchCondition(search: string): Expression<SqlBool> {
  const p = containsPattern(search);
  return sql<SqlBool>`(a.article_number_supplier ilike ${p} or a.title->>'nl' ilike ${p} or a.title->>'en' ilike ${p} or a.title->>'fr' ilike ${p} or a.brand ilike ${p})`;
}
