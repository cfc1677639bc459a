/**
 * The shop's catalogue shapes on the wire (core §3 Supplier article and Category, §7 calls), written
 * once: the server builds them (src/server/catalogue) and the app reads them (src/app/shop). They
 * are not a resource's record (an article answers with its supplier's name, its category path and
 * its texts as lists), so they live here; their fields take their types from the generated record.
 */
import type { Language } from '../../model/dsl/i18n';
import type { SupplierArticleRecord } from '../../generated/types/supplier-articles.gen';

/** One text per language, as the shop shows it (shortDescriptions, longDescriptions, descriptions). */
export interface LanguageText { languageCode: Language; description: string }

/** A text in every language: the server fills a missing translation with one that exists. */
export type PerLanguage = Record<Language, string>;

type Article = SupplierArticleRecord;

/** The SupplierArticleDto of the shop contract: what every customer-facing article call answers. */
export interface SupplierArticleDto {
  id: string;
  customerId: string | null;
  articleNumberSupplier: string;
  title: PerLanguage;
  /** Decimal string, e.g. '4.95'. */
  price: string;
  priceQuantity: number;
  /** The spec's default 1 when the article has none. */
  minOrderQuant: number;
  currency: NonNullable<Article['currency']>;
  tax: number;
  manufacturer: string | null;
  brand: string | null;
  supplierId: string;
  supplierName: string | null;
  supplierShippingCost: string | null;
  minimumOrderPrice: string | null;
  /** null: the supplier does not report stock (no limit). */
  stock: number | null;
  estimateDeliveryDays: number;
  type: NonNullable<Article['type']>;
  image: string | null;
  images: string[];
  shortDescriptions: LanguageText[];
  longDescriptions: LanguageText[];
  categoryId: string | null;
  categoryHierarchy: PerLanguage | null;
  marketplaceId: string | null;
  family: string | null;
  available: boolean;
  promoted: boolean;
  offerId: string | null;
  keywords: string[];
  ean: string | null;
  pnNumber: string | null;
  /** The article's features: a name and a value per language (the marketplace's features facet). */
  attributes: NonNullable<Article['attributes']>;
}

/** The Category of the shop contract (core §3 Category). */
export interface CategoryDto {
  id: string;
  parentId: string | null;
  /** 0 for the top level. */
  level: number;
  descriptions: LanguageText[];
  /** The names from the top down, joined by ' > ', per language. */
  hierarchy: PerLanguage;
  subCategories: CategoryDto[];
  /** Visible available articles of the caller in this category and all its descendants. */
  amountOfArticles: number;
  imageUrl: string | null;
  sequenceNumber: number;
  popular: boolean;
}
