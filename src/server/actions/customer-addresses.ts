import { sql, type Kysely } from 'kysely';
import { customerAddressContracts } from '../../shared/contracts/customer-addresses';
import { ApiError } from '../errors';
import { actingOf, assertSelf, hasFeature, type Acting } from '../ordering/acting';
import { addressResource, duplicateKey, findAddress, findDuplicate, insertAddress, listAddresses, type AddressRecord } from '../ordering/address-book';
import { toColumns } from '../db/records';
import { implement, type ActionHandler } from './define';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The address book calls (core §7 Address book, flows §5): an address used by an order cannot be
 * updated, the primary address cannot be deleted, duplicate addresses are rejected. Countries are
 * the model's enum (BE, NL, DE, FR, EN). One customer's book changes one request at a time
 * (a transaction-scoped lock), so "the first address becomes primary" and the duplicate check hold
 * under concurrent requests.
 */

type Contracts = typeof customerAddressContracts;

async function lockBook(db: Kysely<DB>, acting: Acting) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`addresses:${acting.tenantId}:${acting.customerId}`}, 0))`.execute(db);
}

/** A live entry the caller may see (one-time entries only with the feature), else 404. */
async function visibleAddress(db: Kysely<DB>, acting: Acting, id: string): Promise<AddressRecord> {
  const found = await findAddress(db, acting, id);
  if (!found || (found.oneTime && !hasFeature(acting, 'oneTimeAddresses'))) throw new ApiError('AddressNotFound', [{ path: 'dto.id', rule: 'AddressNotFound' }]);
  return found;
}

/** Makes `id` the only primary entry of the book. */
async function movePrimary(db: Kysely<DB>, acting: Acting, id: string) {
  await db.updateTable('customerAddresses').set({ isPrimary: false, updatedAt: sql`now()` })
    .where('tenantId', '=', acting.tenantId).where('customerId', '=', acting.customerId).where('id', '!=', id).where('isPrimary', '=', true).execute();
}

const refuseDuplicate = async (db: Kysely<DB>, acting: Acting, address: AddressRecord['address'], exceptId?: string) => {
  if (await findDuplicate(db, acting, address, exceptId)) throw new ApiError('DuplicateAddress', [{ path: 'dto.address', rule: 'DuplicateAddress' }]);
};

/** POST /customeraddressbook/bycustomerid {query:{customerId}}: primary first, then by name. */
const byCustomerId: ActionHandler<Contracts['byCustomerId']> = async ({ db, request, owner, body: { query } }) => {
  const acting = await actingOf(db, request, owner);
  assertSelf(acting, { customerId: query.customerId });
  return { result: await listAddresses(db, acting, { includeOneTime: hasFeature(acting, 'oneTimeAddresses') }) };
};

/** POST /customeraddressbook/addNew {dto}: the customer's first (regular) address becomes primary. */
const addNew: ActionHandler<Contracts['addNew']> = async ({ db, request, owner, body }) => {
  const acting = await actingOf(db, request, owner);
  const { dto } = body;
  if (dto.oneTime && !hasFeature(acting, 'oneTimeAddresses')) throw new ApiError('OneTimeAddressesDisabled', [{ path: 'dto.oneTime', rule: 'OneTimeAddressesDisabled' }]);
  const result = await db.transaction().execute(async (trx) => {
    await lockBook(trx, acting);
    if (dto.oneTime) return insertAddress(trx, acting, { ...dto, isPrimary: false });
    await refuseDuplicate(trx, acting, dto.address || null);
    const first = (await listAddresses(trx, acting, { includeOneTime: false })).length === 0;
    const created = await insertAddress(trx, acting, { ...dto, isPrimary: first || dto.isPrimary === true });
    if (created.isPrimary) await movePrimary(trx, acting, created.id);
    return created;
  });
  return { result };
};

const CONTENT = ['name', 'contactName', 'phone', 'address'] as const;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * POST /customeraddressbook/update {dto:{id,…}}. Decision: once an order uses the address its
 * name, contact, phone and postal address are frozen (AddressUsedByOrder); making it the primary
 * address is still allowed. The primary flag moves by setting it on another address; clearing it
 * on the primary address is ignored, so the book never loses its primary address.
 */
const update: ActionHandler<Contracts['update']> = async ({ db, request, owner, body }) => {
  const acting = await actingOf(db, request, owner);
  const { dto } = body;
  const { id } = dto;
  const result = await db.transaction().execute(async (trx) => {
    await lockBook(trx, acting);
    const current = await visibleAddress(trx, acting, id);
    const next: Record<string, any> = { ...current };
    for (const k of CONTENT) if (dto[k] !== undefined) next[k] = dto[k];
    if (dto.address !== undefined) next.address = { ...(current.address ?? {}), ...(dto.address ?? {}) };
    const changesContent = CONTENT.some((k) => !same(next[k], current[k]));
    if (changesContent) {
      const used = await trx.selectFrom('orders').select('id').where('tenantId', '=', acting.tenantId).where('addressId', '=', id).executeTakeFirst();
      if (used) throw new ApiError('AddressUsedByOrder', [{ path: 'dto.id', rule: 'AddressUsedByOrder' }]);
      if (!current.oneTime && duplicateKey(next.address) !== duplicateKey(current.address)) await refuseDuplicate(trx, acting, next.address, id);
    }
    const isPrimary = !current.oneTime && (current.isPrimary || dto.isPrimary === true);
    const row = await trx.updateTable('customerAddresses')
      .set({ ...toColumns(addressResource, { name: next.name, contactName: next.contactName, phone: next.phone, address: next.address, isPrimary }), updatedAt: sql`now()` })
      .where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    if (isPrimary) await movePrimary(trx, acting, id);
    return (await findAddress(trx, acting, row.id)) as AddressRecord;
  });
  return { result };
};

/** POST /customeraddressbook/delete {dto:{id}}: soft delete; the primary address stays. */
const remove: ActionHandler<Contracts['remove']> = async ({ db, request, owner, body: { dto: { id } } }) => {
  const acting = await actingOf(db, request, owner);
  await db.transaction().execute(async (trx) => {
    await lockBook(trx, acting);
    const current = await visibleAddress(trx, acting, id);
    if (current.isPrimary) throw new ApiError('DeletePrimaryCustomerAddress', [{ path: 'dto.id', rule: 'DeletePrimaryCustomerAddress' }]);
    await trx.updateTable('customerAddresses').set({ deleted: true, updatedAt: sql`now()` }).where('id', '=', id).execute();
  });
  return { result: true as const };
};

export const customerAddressActions = implement(customerAddressContracts, { byCustomerId, addNew, update, remove });
