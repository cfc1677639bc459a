import { sql } from 'kysely';
import type { SupplierArticleRecord } from '../../generated/types/index.gen';
import type { TestApp } from './helpers/test-app';

/** Fixtures of the basket, order, address-book and loyalty tests: own suppliers and articles per test. */

export interface SupplierTermsInput { shippingCost?: string | null; freeShippingFrom?: string | null; minimumOrderPrice?: string | null; name?: string }

let counter = 0;

export async function makeSupplier(t: TestApp, terms: SupplierTermsInput = {}, host = 'localhost'): Promise<string> {
  const row = await t.db.insertInto('suppliers').values({
    tenantId: await t.tenantId(host), customerId: null, name: terms.name ?? `Leverancier ${++counter}`, active: true,
    shippingCost: terms.shippingCost ?? null, freeShippingFrom: terms.freeShippingFrom ?? null, minimumOrderPrice: terms.minimumOrderPrice ?? null,
    budgetSpent: '0.00',
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export interface ArticleInput {
  supplierId: string;
  price?: string;
  priceQuantity?: number;
  minOrderQuant?: number;
  tax?: number;
  stock?: number | null;
  type?: SupplierArticleRecord['type'];
  available?: boolean;
  customerId?: string | null;
  currency?: SupplierArticleRecord['currency'];
  title?: string;
}

export async function makeArticle(t: TestApp, a: ArticleInput, host = 'localhost'): Promise<string> {
  const n = ++counter;
  const row = await t.db.insertInto('supplierArticles').values({
    tenantId: await t.tenantId(host), customerId: a.customerId ?? null, supplierId: a.supplierId, articleNumberSupplier: `ART-${n}`,
    title: JSON.stringify({ nl: a.title ?? `Artikel ${n}`, en: `Article ${n}`, fr: `Article ${n}` }),
    shortDescription: JSON.stringify({ nl: 'Regel een\\nRegel twee', en: 'Line one', fr: null }),
    price: a.price ?? '10.00', priceQuantity: a.priceQuantity ?? 1, minOrderQuant: a.minOrderQuant ?? 1, tax: a.tax ?? 21,
    stock: a.stock === undefined ? null : a.stock, type: a.type ?? 'Regular', available: a.available ?? true, currency: a.currency ?? 'EUR',
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export const line = (id: string, amount: unknown, giftCard?: unknown) => ({ amount, transporterArticle: { id }, ...(giftCard !== undefined ? { giftCard } : {}) });

export async function stockOf(t: TestApp, id: string): Promise<number | null> {
  const row = await t.db.selectFrom('supplierArticles').select('stock').where('id', '=', id).executeTakeFirstOrThrow();
  return row.stock == null ? null : Number(row.stock);
}

export async function setFeatures(t: TestApp, customerId: string, features: string[]): Promise<void> {
  await t.db.updateTable('customers').set({ features: JSON.stringify(features) }).where('id', '=', customerId).execute();
}

export async function featuresOf(t: TestApp, customerId: string): Promise<string[]> {
  const row = await t.db.selectFrom('customers').select('features').where('id', '=', customerId).executeTakeFirstOrThrow();
  const v = typeof row.features === 'string' ? JSON.parse(row.features) : row.features;
  return v ?? [];
}

export async function count(t: TestApp, table: string): Promise<number> {
  const row = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.db);
  return Number(row.rows[0].n);
}

export async function storedBasket(t: TestApp, userId: string, customerId: string) {
  return t.db.selectFrom('transporters').selectAll().where('userId', '=', userId).where('customerId', '=', customerId).execute();
}
