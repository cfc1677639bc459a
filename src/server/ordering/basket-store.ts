import { sql, type Kysely } from 'kysely';
import type { Acting } from './acting';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The stored basket of one (tenant, customer, user): a transporters row whose `lines` are
 * {supplierArticleId, amount, giftCard} and whose `shippingDetails` are the chosen delivery data.
 * Reading never creates a row; the first save does.
 */

export interface GiftCard {
  recipientName: string;
  recipientEmail: string;
  message?: string | null;
  value: string;
}

export interface StoredLine {
  supplierArticleId: string;
  amount: number;
  giftCard: GiftCard | null;
}

export interface ShippingDetails {
  addressId: string | null;
  oneTimeAddress: Record<string, unknown> | null;
  departmentId: string | null;
  projectId: string | null;
  about: string | null;
  remark: string | null;
  /** yyyy-MM-dd: when the company would like the goods. */
  requestedDeliveryDate: string | null;
  loyaltyPoints: number;
}

export interface StoredBasket {
  id: string | null;
  lines: StoredLine[];
  shippingDetails: ShippingDetails;
}

export const NO_SHIPPING_DETAILS: ShippingDetails = Object.freeze({
  addressId: null, oneTimeAddress: null, departmentId: null, projectId: null, about: null, remark: null, requestedDeliveryDate: null, loyaltyPoints: 0,
});

const parsed = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

function linesOf(v: unknown): StoredLine[] {
  const list = parsed(v);
  if (!Array.isArray(list)) return [];
  return list.filter((l) => l && typeof l.supplierArticleId === 'string').map((l) => ({
    supplierArticleId: l.supplierArticleId, amount: Number(l.amount), giftCard: l.giftCard ?? null,
  }));
}

function detailsOf(v: unknown): ShippingDetails {
  const d = parsed(v) as Partial<ShippingDetails> | null;
  return { ...NO_SHIPPING_DETAILS, ...(d ?? {}), loyaltyPoints: Number(d?.loyaltyPoints ?? 0) || 0 };
}

const mine = (db: Kysely<DB>, acting: Acting) => db.selectFrom('transporters').selectAll()
  .where('tenantId', '=', acting.tenantId).where('customerId', '=', acting.customerId).where('userId', '=', acting.userId)
  .orderBy('createdAt').orderBy('id');

/** The user's basket, or an empty one (not stored) when they have none yet. */
export async function loadBasket(db: Kysely<DB>, acting: Acting, opts: { forUpdate?: boolean } = {}): Promise<StoredBasket> {
  let q = mine(db, acting);
  if (opts.forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) return { id: null, lines: [], shippingDetails: { ...NO_SHIPPING_DETAILS } };
  return { id: String(row.id), lines: linesOf(row.lines), shippingDetails: detailsOf(row.shippingDetails) };
}

/**
 * One basket per user and customer without a unique index: a transaction-scoped advisory lock on
 * the (tenant, customer, user) key serialises the first saves, so two at once cannot make two rows.
 */
export async function lockBasketKey(db: Kysely<DB>, acting: Acting): Promise<void> {
  const key = `transporter:${acting.tenantId}:${acting.customerId}:${acting.userId}`;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(db);
}

/** Replaces the user's basket (inside the caller's transaction, after lockBasketKey). */
export async function saveBasket(db: Kysely<DB>, acting: Acting, lines: StoredLine[], shippingDetails: ShippingDetails): Promise<void> {
  const existing = await mine(db, acting).executeTakeFirst();
  const values = { lines: JSON.stringify(lines), shippingDetails: JSON.stringify(shippingDetails), updatedAt: sql<Date>`now()` };
  if (existing) {
    await db.updateTable('transporters').set(values).where('id', '=', existing.id).execute();
  } else {
    await db.insertInto('transporters').values({ ...values, tenantId: acting.tenantId, customerId: acting.customerId, userId: acting.userId }).execute();
  }
}
