import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { schemasFor } from '../../shared/schema-builder';
import { ApiError } from '../errors';
import { actingOf, assertSelf, hasFeature, type Acting } from '../ordering/acting';
import { addressResource, duplicateKey, findAddress, findDuplicate, insertAddress, listAddresses, type AddressRecord } from '../ordering/address-book';
import { toColumns } from '../db/records';
import { actionsOf, type ActionContext, type ActionSchemas } from './index';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The address book calls (core §7 Address book, flows §5): an address used by an order cannot be
 * updated, the primary address cannot be deleted, duplicate addresses are rejected. Countries are
 * the model's enum (BE, NL, DE, FR, EN). One customer's book changes one request at a time
 * (a transaction-scoped lock), so "the first address becomes primary" and the duplicate check hold
 * under concurrent requests.
 */

const schemas = schemasFor(addressResource);
const idSchema = z.object({ id: z.uuid('AddressNotFound') });
const byCustomerIdBody = z.object({ query: z.object({ customerId: z.string().nullable().optional() }).prefault({}) }).prefault({});

/** Answers: the book's records as the model declares them (one-time entries included), or true for a removal. */
const oneAnswer = z.object({ result: schemas.record });
const listAnswer = z.object({ result: z.array(schemas.record) });
const removedAnswer = z.object({ result: z.literal(true) });
type Answer<S extends z.ZodType> = Promise<z.input<S>>;

export const customerAddressSchemas: Record<string, ActionSchemas> = {
  byCustomerId: { body: byCustomerIdBody, response: listAnswer },
  addNew: { body: z.object({ dto: schemas.create }), response: oneAnswer },
  update: { body: z.object({ dto: z.intersection(idSchema, schemas.update) }), response: oneAnswer },
  remove: { body: z.object({ dto: idSchema }), response: removedAnswer },
};

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
const byCustomerId = async ({ db, request, owner, body: { query } }: ActionContext<z.output<typeof byCustomerIdBody>>): Answer<typeof listAnswer> => {
  const acting = await actingOf(db, request, owner);
  assertSelf(acting, { customerId: query.customerId });
  return { result: await listAddresses(db, acting, { includeOneTime: hasFeature(acting, 'oneTimeAddresses') }) };
};

/** POST /customeraddressbook/addNew {dto}: the customer's first (regular) address becomes primary. */
const addNew = async ({ db, request, owner, body }: ActionContext<{ dto: Record<string, any> }>): Answer<typeof oneAnswer> => {
  const acting = await actingOf(db, request, owner);
  const { dto } = body;
  if (dto.oneTime && !hasFeature(acting, 'oneTimeAddresses')) throw new ApiError('OneTimeAddressesDisabled', [{ path: 'dto.oneTime', rule: 'OneTimeAddressesDisabled' }]);
  const result = await db.transaction().execute(async (trx) => {
    await lockBook(trx, acting);
    if (dto.oneTime) return insertAddress(trx, acting, { ...dto, isPrimary: false });
    await refuseDuplicate(trx, acting, dto.address);
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
const update = async ({ db, request, owner, body }: ActionContext<{ dto: Record<string, any> & { id: string } }>): Answer<typeof oneAnswer> => {
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
const remove = async ({ db, request, owner, body: { dto: { id } } }: ActionContext<{ dto: { id: string } }>): Answer<typeof removedAnswer> => {
  const acting = await actingOf(db, request, owner);
  await db.transaction().execute(async (trx) => {
    await lockBook(trx, acting);
    const current = await visibleAddress(trx, acting, id);
    if (current.isPrimary) throw new ApiError('DeletePrimaryCustomerAddress', [{ path: 'dto.id', rule: 'DeletePrimaryCustomerAddress' }]);
    await trx.updateTable('customerAddresses').set({ deleted: true, updatedAt: sql`now()` }).where('id', '=', id).execute();
  });
  return { result: true as const };
};

export const customerAddressActions = actionsOf({ byCustomerId, addNew, update, remove });
