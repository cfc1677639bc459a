import { sql, type Kysely } from 'kysely';
import { resourceByName } from '../../../model';
import { customerContracts } from '../../shared/contracts/customers';
import { uuidText } from '../../shared/contracts/shapes';
import { toColumns, toRecord } from '../db/records';
import { requireCustomer, type Owner } from '../crud/scope';
import { platformKnowledge } from '../customers/registration';
import { ApiError } from '../errors';
import { isPlatformUser, stringList, supplierIdsOf } from '../fulfilment/parties';
import { authOf } from '../request-context';
import type { AuthContext } from '../types';
import { implement } from './define';
import type { DB } from '../../../generated/db/database.gen';

/**
 * flows §7 Customers and registration (src/shared/contracts/customers.ts). Platform users see every
 * customer of the tenant; a customer user those of their active accesses; a supplier's user the
 * customers their supplier has supplier orders of.
 */

const customers = resourceByName('customers');
/** A customers row as the record the calls answer (their schema: the model's record). */
const asRecord = (row: object) => toRecord(customers, row as Record<string, unknown>);

/** The customers a customer user has an active access to. */
const accessibleIds = (who: AuthContext) => who.accesses.filter((a) => a.active).map((a) => String(a.customerId));

/** The tenant's customer of that id; a text that is no id is as unknown as a missing row. */
async function customerRow(db: Kysely<DB>, owner: Owner, id: string) {
  if (!uuidText.safeParse(id).success) throw new ApiError('CustomerNotFound');
  const row = await db.selectFrom('customers').selectAll().where('tenantId', '=', owner.tenantId).where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError('CustomerNotFound');
  return row;
}

export const customerActions = implement(customerContracts, {
  all: async ({ db, owner, request }) => {
    const who = authOf(request);
    let q = db.selectFrom('customers').select(['id', 'name', 'vatNumber', 'blocked']).where('tenantId', '=', owner.tenantId);
    if (!isPlatformUser(who)) {
      const ids = accessibleIds(who);
      if (!ids.length) return { result: [] };
      q = q.where('id', 'in', ids);
    }
    const rows = await q.orderBy(sql`lower(name)`).orderBy('id').execute();
    return { result: rows.map((r) => ({ id: String(r.id), name: String(r.name), vatNumber: (r.vatNumber as string | null) ?? null, blocked: r.blocked === true })) };
  },

  byId: async ({ db, owner, request, params }) => {
    const who = authOf(request);
    const row = await customerRow(db, owner, params.id);
    if (!isPlatformUser(who) && !accessibleIds(who).includes(String(row.id))) throw new ApiError('NoAccessToCustomer');
    return { result: asRecord(row) };
  },

  /** PUT /customers/update: the acting customer's own details (its admins); VAT number, features and blocking are the platform's. */
  update: async ({ db, owner, body }) => {
    const customerId = requireCustomer(owner);
    const changes = toColumns(customers, body.dto);
    const row = await db.updateTable('customers').set({ ...changes, updatedAt: new Date() } as never)
      .where('tenantId', '=', owner.tenantId).where('id', '=', customerId).returningAll().executeTakeFirst();
    if (!row) throw new ApiError('CustomerNotFound');
    return { result: asRecord(row) };
  },

  /** How many users have an active access to the customer: platform users, or that customer's admins. */
  getCustomerAccessCount: async ({ db, owner, request, body: { customerId } }) => {
    const who = authOf(request);
    await customerRow(db, owner, customerId);
    const admin = who.accesses.some((a) => a.active && String(a.customerId) === customerId && stringList(a.roles).includes('admin'));
    if (!isPlatformUser(who) && !admin) throw new ApiError('NoAccessToCustomer');
    const row = await db.selectFrom('customerAccesses').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenantId', '=', owner.tenantId).where('customerId', '=', customerId).where('active', '=', true).executeTakeFirstOrThrow();
    return { result: Number(row.n) };
  },

  /** A customer as a supplier's user sees it: one their supplier has a supplier order of (platform users: any). */
  getCustomerForActingSupplier: async ({ db, owner, request, body: { customerId } }) => {
    const who = authOf(request);
    const row = await customerRow(db, owner, customerId);
    if (!isPlatformUser(who)) {
      const suppliers = supplierIdsOf(who);
      const served = suppliers.length ? await db.selectFrom('supplierOrders').select('id').where('tenantId', '=', owner.tenantId)
        .where('customerId', '=', customerId).where('supplierId', 'in', suppliers).limit(1).executeTakeFirst() : undefined;
      if (!served) throw new ApiError('NoAccessToCustomer');
    }
    const r = asRecord(row);
    return { result: { id: String(r.id), name: String(r.name), vatNumber: (r.vatNumber as string | null) ?? null, generalEmail: (r.generalEmail as string | null) ?? null, address: r.address ?? null } };
  },

  checkVatKnown: async ({ db, owner, body }) => ({ result: await platformKnowledge(db, owner.tenantId, body.vatNumber, body.email ?? null) }),
});
