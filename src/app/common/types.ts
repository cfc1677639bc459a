/**
 * The shapes of the shop calls as the contract (.scratch/shop-contract.md, issue 4) defines them.
 * Money travels as decimal strings ('4.95'); amounts and stock as integers; stock null = not tracked.
 */
import type { OrderRecord } from '../../../generated/types/orders.gen';
import type { Language } from '../i18n/language';

export type Currency = 'EUR' | 'POINTS';
export type Translated = Partial<Record<Language, string | null>>;
import type { ResultOf } from '../../shared/contracts/define';
import type { Contracts } from '../../shared/contracts';

// The article and category shapes are the server's, written once in src/shared.
export type { LanguageText } from '../../shared/catalogue-dto';
/** An article as the shop's article calls answer it (src/shared/contracts/supplier-articles.ts). */
export type SupplierArticleDto = ResultOf<Contracts['supplier-articles']['byId']>['result'];
/** A category as the category calls answer it. */
export type Category = ResultOf<Contracts['product-categories']['popular']>['items'][number];

/** The basket (the server's Transporter) as its calls answer it (src/shared/contracts/transporters.ts). */
export type Transporter = ResultOf<Contracts['transporters']['load']>['result'];
export type GiftCard = NonNullable<Transporter['transporterLines'][number]['giftCard']>;
export type ShippingDetails = NonNullable<Transporter['transporterShippingDetails']>;
export type SupplierSummary = Transporter['suppliers'][number];

/**
 * What the basket needs to know of an article, wherever the page has it from: a basket answer's
 * article (every field), or a search hit or product page (what they carry) before the server answers.
 */
export interface TransporterArticle {
  id: string;
  articleNumberSupplier?: string | null;
  title?: Translated;
  price?: string | null;
  priceQuantity?: number;
  minOrderQuant?: number | null;
  type?: string | null;
  image?: string | null;
  shortDescriptions?: readonly { languageCode: string; description: string }[];
  stock: number | null;
  supplierId?: string | null;
  supplierName?: string | null;
  tax?: number;
  currency?: Currency;
  available?: boolean;
}

/** A basket line the page works on: an answer's line, or a new one whose totals the server has not computed yet. */
export interface TransporterLine {
  amount: number;
  giftCard: GiftCard | null;
  transporterArticle: TransporterArticle;
  totalLineCostExcl?: string;
  totalLineCostIncl?: string;
}

/** An address of the company's address book (POST /customeraddressbook/bycustomerid). */
export type Address = ResultOf<Contracts['customer-addresses']['byCustomerId']>['result'][number];

/** The model's order states (generated from model/). */
export type OrderStatus = NonNullable<OrderRecord['status']>;

/** An order with its lines, its lines' budgets and what the user may do on it now (GET /v2/orders/{id}). */
export type OrderDetail = ResultOf<Contracts['orders']['get']>['result'];
export type OrderLine = OrderDetail['orderLines'][number];
/** A budget with the period the call speaks of (GET /v2/budgets, an order's budgets): decimal strings. */
export type Budget = ResultOf<Contracts['budgets']['list']>['items'][number];

/** One record of the search index (a hit). */
export interface SearchHit {
  objectID: string;
  articleNumberSupplier: string;
  title: Translated;
  shortDescription?: Translated;
  brand?: string | null;
  supplierId?: string;
  supplierName?: string | null;
  price?: number;
  priceText: string;
  priceQuantity?: number;
  minOrderQuant?: number | null;
  currency?: Currency;
  tax?: number;
  stock: number | null;
  estimateDeliveryDays?: number | null;
  type?: string | null;
  image?: string | null;
  available?: boolean;
}

/** The search client's credentials (GET /search/credentials). */
export type SearchCredentials = ResultOf<Contracts['search']['credentials']>['result'];
