/**
 * What the company's product management pages read and send (flows §2 /product-management, §3
 * product data and product-management filters, §7 Product management; the calls are
 * src/shared/contracts/articles.ts): the list's rows, an article with its offers, the choices the
 * forms offer (suppliers, marketplaces, categories), and the article and offer forms' drafts turned
 * into the calls' bodies. A refusal's details ({path, rule}) become texts under the fields.
 */
import { HttpError, useGetList, useTranslate, type I18nProvider } from 'ra-core';
import { useArticlesProductManagementPatch, useMarketplacesCustomerList, useProductCategoriesProductManagementCategories } from '../../../../generated/app/calls.gen';
import type { SupplierRecord } from '../../../../generated/types/suppliers.gen';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import type { Contracts } from '../../../shared/contracts';
import type { BodyIn, QueryIn, ResultOf } from '../../../shared/contracts/define';
import type { HttpErrorBody } from '../../data/http';
import { inLanguage } from '../../common/text';
import { hasMessage } from '../../i18n/has-message';
import { useAppNotify } from '../../notify/useAppNotify';

type PM = Contracts['articles'];
/** One row of GET /product-management: an article with its cheapest offer. */
export type ProductRow = ResultOf<PM['productManagementList']>['items'][number];
/** GET /product-management/{id}: the article with its offers, cheapest first. */
export type ArticleWithOffers = ResultOf<PM['productManagementGet']>;
export type Offer = ArticleWithOffers['offers'][number];
export type ProductListQuery = QueryIn<PM['productManagementList']>;
export type CreateBody = BodyIn<PM['productManagementCreate']>;
export type PatchBody = BodyIn<PM['productManagementPatch']>;
export type Attribute = NonNullable<ArticleWithOffers['attributes']>[number];
export type ProductSort = NonNullable<ProductListQuery['sort']>;

export const LANGUAGES = ['nl', 'en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Langs = Record<Language, string>;
export const NO_LANGS: Langs = { nl: '', en: '', fr: '' };

/** The name of the list's saved default filters in the user's settings (listFilters): flows §2's "user product management". */
export const PRODUCT_LIST = 'product-management';
/** The variants' list (flows §2 "product management variants"): remembered by the paged list under this name. */
export const VARIANTS_LIST = 'product-management-variants';
export const UNAVAILABLE = ['exclude', 'include', 'only'] as const;
export type Unavailable = (typeof UNAVAILABLE)[number];

/**
 * The list call's sorts (the contract's PRODUCT_MANAGEMENT_SORTS, read from its type: the app takes
 * only the contracts' types) with the key of each one's text: a sort the call gains or loses is a
 * compile error here.
 */
const SORT_TEXTS: Record<ProductSort, string> = {
  title: 'titleAsc', '-title': 'titleDesc', createdAt: 'createdAtAsc', '-createdAt': 'createdAtDesc',
  articleNumberSupplier: 'articleNumberSupplierAsc', '-articleNumberSupplier': 'articleNumberSupplierDesc', price: 'priceAsc', '-price': 'priceDesc',
};
export const PRODUCT_SORTS = Object.keys(SORT_TEXTS) as ProductSort[];
export const isProductSort = (sort: unknown): sort is ProductSort => typeof sort === 'string' && Object.hasOwn(SORT_TEXTS, sort);

/** The list's sort as the paged list holds it ({field, order}) → the call's sort ('-price'); an unknown one is the server's default. */
export function sortParam(field: string, order: 'ASC' | 'DESC'): ProductSort {
  const wanted = `${order === 'DESC' ? '-' : ''}${field}`;
  return isProductSort(wanted) ? wanted : '-createdAt';
}

/** The text key of a sort choice ('-price' → priceDesc). */
export const sortKey = (sort: ProductSort) => SORT_TEXTS[sort];

/** The list's request for a page: the filters the URL holds, the spec's names; unavailable articles left out unless asked. */
export function listQuery(page: number, pageSize: number, sort: ProductSort, text: (name: string) => string | undefined, family?: string): ProductListQuery {
  const unavailable = text('unavailable');
  return {
    page, pageSize, sort,
    name: text('name'), articleNumberSupplier: text('articleNumberSupplier'), supplierId: text('supplierId'), marketplaceId: text('marketplaceId'),
    unavailable: (UNAVAILABLE as readonly string[]).includes(unavailable ?? '') ? unavailable as Unavailable : 'exclude',
    ...(family ? { family } : {}),
  };
}

/** An article's title in the interface language, else Dutch, English or French. */
export const titleOf = (title: ArticleWithOffers['title'] | ProductRow['title'], language: string) => inLanguage(title ?? null, language);

/** The suppliers the company orders from, its own ones included (GET /v2/suppliers, as the invoices' picker reads them), by name. */
export function useSupplierChoices() {
  const suppliers = useGetList<SupplierRecord>('suppliers', { pagination: { page: 1, perPage: CONSTANTS.loadAllSuppliersPageSize }, sort: { field: 'name', order: 'ASC' } }, { retry: false });
  return (suppliers.data ?? []).map((s) => ({ id: s.id, name: s.name ?? '' }));
}

/** The shop's marketplaces (GET /marketplaces). */
export function useMarketplaceChoices() {
  const marketplaces = useMarketplacesCustomerList({});
  return (marketplaces.data ?? []).map((m) => ({ id: m.id, name: m.name ?? '' }));
}

/** The categories to file an article under (GET /product-management/categories), each by its path in the interface language. */
export function useCategoryChoices(language: string) {
  const categories = useProductCategoriesProductManagementCategories({ query: { page: 1, pageSize: CONSTANTS.categoriesPageSize } });
  return (categories.data?.items ?? []).map((c) => ({ id: c.id, name: inLanguage(c.hierarchy, language) }));
}

/** The article's fields as its form holds them. */
export interface ArticleDraft {
  title: Langs;
  shortDescription: Langs;
  longDescription: Langs;
  brand: string;
  manufacturer: string;
  ean: string;
  pnNumber: string;
  categoryId: string;
  marketplaceId: string;
  family: string;
  available: boolean;
  keywords: string[];
}

export const EMPTY_ARTICLE: ArticleDraft = {
  title: NO_LANGS, shortDescription: NO_LANGS, longDescription: NO_LANGS, brand: '', manufacturer: '', ean: '', pnNumber: '',
  categoryId: '', marketplaceId: '', family: '', available: true, keywords: [],
};

type Translated = { nl?: string | null; en?: string | null; fr?: string | null } | null | undefined;
const langsOf = (t: Translated): Langs => ({ nl: t?.nl ?? '', en: t?.en ?? '', fr: t?.fr ?? '' });

export function articleDraftOf(a: ArticleWithOffers): ArticleDraft {
  return {
    title: langsOf(a.title), shortDescription: langsOf(a.shortDescription), longDescription: langsOf(a.longDescription),
    brand: a.brand ?? '', manufacturer: a.manufacturer ?? '', ean: a.ean ?? '', pnNumber: a.pnNumber ?? '', categoryId: a.categoryId ?? '',
    marketplaceId: a.marketplaceId ?? '', family: a.family ?? '', available: a.available !== false, keywords: [...(a.keywords ?? [])],
  };
}

/** The languages filled in, trimmed ({nl: 'x'}); undefined when none is. */
export function filled(langs: Langs): Partial<Langs> | undefined {
  const entries = LANGUAGES.map((l) => [l, langs[l].trim()] as const).filter(([, v]) => v);
  return entries.length ? Object.fromEntries(entries) : undefined;
}

const blank = (s: string) => s.trim() || undefined;

/** A new article's fields: only what was filled in (undefined is left out of the body: the server's defaults). */
export function articleCreateFields(d: ArticleDraft) {
  return {
    title: { nl: d.title.nl.trim(), ...filled({ ...d.title, nl: '' }) },
    shortDescription: filled(d.shortDescription),
    longDescription: filled(d.longDescription),
    brand: blank(d.brand), manufacturer: blank(d.manufacturer), ean: blank(d.ean), pnNumber: blank(d.pnNumber),
    categoryId: blank(d.categoryId), marketplaceId: blank(d.marketplaceId), family: blank(d.family),
    available: d.available,
    keywords: d.keywords.length ? d.keywords : undefined,
  };
}

/** A change of every article field but its availability (taken out of the shop on its own, with a confirmation): what was emptied is cleared (null). */
export function articlePatchFields(d: ArticleDraft) {
  return {
    title: { nl: d.title.nl.trim(), ...filled({ ...d.title, nl: '' }) },
    shortDescription: filled(d.shortDescription) ?? null,
    longDescription: filled(d.longDescription) ?? null,
    brand: blank(d.brand) ?? null, manufacturer: blank(d.manufacturer) ?? null, ean: blank(d.ean) ?? null, pnNumber: blank(d.pnNumber) ?? null,
    categoryId: blank(d.categoryId) ?? null, marketplaceId: blank(d.marketplaceId) ?? null, family: blank(d.family) ?? null,
    keywords: d.keywords,
  };
}

/** An offer's own fields as its form holds them (texts, as typed). */
export interface OfferDraft {
  supplierId: string;
  articleNumberSupplier: string;
  price: string;
  priceQuantity: string;
  minOrderQuant: string;
  tax: string;
  stock: string;
  estimateDeliveryDays: string;
}

/** A first offer: flows §9's defaults (price per 1, minimum 1, VAT 21 %, delivered in a day); stock not reported. */
export const NEW_OFFER: OfferDraft = { supplierId: '', articleNumberSupplier: '', price: '', priceQuantity: '1', minOrderQuant: '1', tax: '21', stock: '', estimateDeliveryDays: '1' };

export function offerDraftOf(o: Offer): OfferDraft {
  const text = (v: number | string | null | undefined) => (v == null ? '' : String(v));
  return {
    supplierId: o.supplierId ?? '', articleNumberSupplier: o.articleNumberSupplier ?? '', price: text(o.price), priceQuantity: text(o.priceQuantity),
    minOrderQuant: text(o.minOrderQuant), tax: text(o.tax), stock: text(o.stock), estimateDeliveryDays: text(o.estimateDeliveryDays),
  };
}

const WHOLE = ['priceQuantity', 'minOrderQuant', 'tax', 'stock', 'estimateDeliveryDays'] as const;
const whole = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : Number.NaN);

/** What the offer form refuses before sending (field → rule): the required fields and whole numbers. */
export function offerProblems(d: OfferDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const k of ['supplierId', 'articleNumberSupplier', 'price'] as const) if (!d[k].trim()) problems[k] = 'required';
  if (d.price.trim() && !/^\d+([.,]\d{1,2})?$/.test(d.price.trim())) problems.price = 'numerical';
  for (const k of WHOLE) if (d[k].trim() && Number.isNaN(whole(d[k]))) problems[k] = 'numerical';
  return problems;
}

/** An offer's fields as the calls take them: the price as typed (a decimal), the rest whole numbers (empty: the server's default); an empty stock is "not reported" (null). */
export function offerFields(d: OfferDraft) {
  const number = (s: string) => (s.trim() ? whole(s) : undefined);
  return {
    supplierId: d.supplierId, articleNumberSupplier: d.articleNumberSupplier.trim(), price: d.price.trim(),
    priceQuantity: number(d.priceQuantity), minOrderQuant: number(d.minOrderQuant), tax: number(d.tax),
    stock: number(d.stock) ?? null, estimateDeliveryDays: number(d.estimateDeliveryDays),
  };
}

/** The details of a refusal: path → rule (e.g. 'offers.0.articleNumberSupplier' → 'SupplierArticleAlreadyExists'). */
export function problemsOf(error: unknown): Record<string, string> {
  const body = (error instanceof HttpError ? error.body : undefined) as HttpErrorBody | undefined;
  return Object.fromEntries((body?.details ?? []).filter((d) => d.path).map((d) => [d.path, d.rule]));
}

/** The error code of a refusal, if any. */
export const errorCodeOf = (error: unknown) => ((error instanceof HttpError ? error.body : undefined) as HttpErrorBody | undefined)?.errorCode;

/** A problem's text in the interface language: the error catalogue's for a code, the validation messages' for a rule. */
export function problemText(rule: string | undefined, i18n: I18nProvider): string | undefined {
  if (!rule) return undefined;
  for (const key of [`ErrorMessage.${rule}`, `validation.messages.${rule}`]) if (hasMessage(i18n, key)) return i18n.translate(key);
  return i18n.translate('validation.messages.invalid');
}

/** The problems under one prefix ('offers.0.') without it. */
export function under(problems: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(Object.entries(problems).filter(([k]) => k.startsWith(prefix)).map(([k, v]) => [k.slice(prefix.length), v]));
}

/** The article's change (PATCH /product-management/{id}) with a toast `done` when it is done; its failure is the form's to show. */
export function useArticlePatch(done = 'productManagement.detail.saved') {
  const translate = useTranslate();
  const { toast } = useAppNotify();
  return useArticlesProductManagementPatch({ onSuccess: () => toast(translate(done), { variation: 'success' }) });
}
