import type { Kysely } from 'kysely';
import { resourceByName } from '../../../model';
import { insertColumns, toRecord, UUID_RE } from '../db/records';
import type { Acting } from './acting';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The customer's address book (core §7 Address book, flows §5). Rows are soft-deleted, so an
 * order's address id keeps pointing at a row; an order also keeps its own copy of the address.
 */

export const addressResource = resourceByName('customer-addresses');

export interface PostalAddress {
  street?: string | null;
  houseNumber?: string | null;
  bus?: string | null;
  zipCode?: string | null;
  city?: string | null;
  countryCode?: string | null;
}

export type AddressRecord = Record<string, unknown> & { id: string; name: string; isPrimary: boolean; oneTime: boolean; address: PostalAddress | null };

const norm = (v: unknown) => String(v ?? '').toLowerCase().replace(/\s+/g, '');

/** flows §5 duplicate addresses: the postal fields compared case- and space-insensitively. */
export function duplicateKey(a: PostalAddress | null | undefined): string {
  const x = a ?? {};
  return [x.street, x.houseNumber, x.bus, x.zipCode, x.city, x.countryCode].map(norm).join('|');
}

const base = (db: Kysely<DB>, acting: Acting) =>
  db.selectFrom('customerAddresses').selectAll().where('tenantId', '=', acting.tenantId).where('customerId', '=', acting.customerId).where('deleted', '=', false);

/** The book as listed: primary first, then by name (case-insensitive), one-time rows only on request. */
export async function listAddresses(db: Kysely<DB>, acting: Acting, opts: { includeOneTime: boolean }): Promise<AddressRecord[]> {
  let q = base(db, acting);
  if (!opts.includeOneTime) q = q.where('oneTime', '=', false);
  const rows = await q.execute();
  return rows.map((r) => toRecord(addressResource, r) as AddressRecord)
    .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id.localeCompare(b.id));
}

/** One live address of the acting customer, or null. */
export async function findAddress(db: Kysely<DB>, acting: Acting, id: unknown): Promise<AddressRecord | null> {
  if (typeof id !== 'string' || !UUID_RE.test(id)) return null;
  const row = await base(db, acting).where('id', '=', id).executeTakeFirst();
  return row ? (toRecord(addressResource, row) as AddressRecord) : null;
}

/** The customer's primary address, if it has one. */
export async function primaryAddress(db: Kysely<DB>, acting: Acting): Promise<AddressRecord | null> {
  const row = await base(db, acting).where('isPrimary', '=', true).where('oneTime', '=', false).orderBy('createdAt').executeTakeFirst();
  return row ? (toRecord(addressResource, row) as AddressRecord) : null;
}

/** Another live book entry (not one-time) with the same postal address, if any. */
export async function findDuplicate(db: Kysely<DB>, acting: Acting, address: PostalAddress | null | undefined, exceptId?: string): Promise<AddressRecord | null> {
  const key = duplicateKey(address);
  const all = await listAddresses(db, acting, { includeOneTime: false });
  return all.find((a) => a.id !== exceptId && duplicateKey(a.address) === key) ?? null;
}

/** Inserts a book entry (the caller checked it) and returns it. */
export async function insertAddress(db: Kysely<DB>, acting: Acting, values: Record<string, unknown>): Promise<AddressRecord> {
  const row = await db.insertInto('customerAddresses')
    .values({ ...insertColumns('customerAddresses', addressResource, values), tenantId: acting.tenantId, customerId: acting.customerId })
    .returningAll().executeTakeFirstOrThrow();
  return toRecord(addressResource, row) as AddressRecord;
}
