import { sql } from 'kysely';
import { z } from 'zod';
import { resourceByName } from '../../../model';
import { fieldSchema } from '../../shared/field-schemas';
import { schemasFor } from '../../shared/schema-builder';
import { safeString } from '../../shared/safe-text';
import { toColumns, toRecord } from '../db/records';
import { requireCustomer } from '../crud/scope';
import { platformKnowledge } from '../customers/registration';
import { ApiError } from '../errors';
import { isPlatformUser, stringList, supplierIdsOf } from '../fulfilment/parties';
import { authOf } from '../request-context';
import { resultOf } from '../../shared/contracts/shapes';
import type { AuthContext } from '../types';
import { actionsOf, type ActionContext, type ActionSchemas } from './index';

/**
 * flows §7 Customers and registration: the customer calls beside the admin query, id and update (the
 * model's generic routes). Platform users see every customer of the tenant; a customer user those of
 * their active accesses; a supplier's user the customers their supplier has supplier orders of.
 */

const customers = resourceByName('customers');
const record = schemasFor(customers).record;
const f = customers.fields;
const uuid = z.string().regex(/^[0-9a-fA-F-]{36}$/, 'invalid');

const summary = z.object({ id: z.string(), name: z.string(), vatNumber: z.string().nullable(), blocked: z.boolean() });
const forSupplier = z.object({
  id: z.string(), name: z.string(), vatNumber: z.string().nullable(), generalEmail: z.string().nullable(),
  address: record.shape.address,
});
const bodies = {
  update: z.object({
    dto: z.object({
      name: fieldSchema(f.name!, 'update'), generalEmail: fieldSchema(f.generalEmail!, 'update'),
      address: fieldSchema(f.address!, 'update'), juridicalFrom: fieldSchema(f.juridicalFrom!, 'update'),
    }).strict(),
  }),
  customerId: z.object({ customerId: uuid }),
  checkVatKnown: z.object({ vatNumber: safeString(undefined, false).trim().min(1, { error: 'required' }).max(40), email: fieldSchema(f.generalEmail!, 'update') }),
};
const answers = {
  all: resultOf(z.array(summary)),
  record: resultOf(record),
  count: resultOf(z.number().int()),
  forSupplier: resultOf(forSupplier),
  known: resultOf(z.object({
    vatKnown: z.boolean(), customerId: z.string().nullable(), customerName: z.string().nullable(),
    emailDomainKnown: z.boolean(), emailDomainCustomerName: z.string().nullable(),
  })),
};
type Answer<S extends z.ZodType> = Promise<z.input<S>>;
type Rec = z.input<typeof record>;

export const customerSchemas: Record<string, ActionSchemas> = {
  all: { response: answers.all },
  byId: { params: z.object({ id: z.string().max(100) }), response: answers.record },
  update: { body: bodies.update, response: answers.record },
  getCustomerAccessCount: { body: bodies.customerId, response: answers.count },
  getCustomerForActingSupplier: { body: bodies.customerId, response: answers.forSupplier },
  checkVatKnown: { body: bodies.checkVatKnown, response: answers.known },
};

const tenantOf = (ctx: ActionContext) => ctx.owner.tenantId;
const asRecord = (row: unknown) => toRecord(customers, row as Record<string, unknown>) as Rec;

/** The customers a customer user has an active access to. */
const accessibleIds = (who: AuthContext) => who.accesses.filter((a) => a.active).map((a) => String(a.customerId));

async function customerRow(ctx: ActionContext, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new ApiError('CustomerNotFound');
  const row = await ctx.db.selectFrom('customers').selectAll().where('tenantId', '=', tenantOf(ctx)).where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError('CustomerNotFound');
  return row;
}

const all = async (ctx: ActionContext): Answer<typeof answers.all> => {
  const who = authOf(ctx.request);
  let q = ctx.db.selectFrom('customers').select(['id', 'name', 'vatNumber', 'blocked']).where('tenantId', '=', tenantOf(ctx));
  if (!isPlatformUser(who)) {
    const ids = accessibleIds(who);
    if (!ids.length) return { result: [] };
    q = q.where('id', 'in', ids);
  }
  const rows = await q.orderBy(sql`lower(name)`).orderBy('id').execute();
  return { result: rows.map((r) => ({ id: String(r.id), name: String(r.name), vatNumber: (r.vatNumber as string | null) ?? null, blocked: r.blocked === true })) };
};

const byId = async (ctx: ActionContext): Answer<typeof answers.record> => {
  const who = authOf(ctx.request);
  const row = await customerRow(ctx, ctx.params.id!);
  if (!isPlatformUser(who) && !accessibleIds(who).includes(String(row.id))) throw new ApiError('NoAccessToCustomer');
  return { result: asRecord(row) };
};

/** PUT /customers/update: the acting customer's own details (its admins); VAT number, features and blocking are the platform's. */
const update = async (ctx: ActionContext<z.output<typeof bodies.update>>): Answer<typeof answers.record> => {
  const customerId = requireCustomer(ctx.owner);
  const changes = toColumns(customers, ctx.body.dto);
  const row = await ctx.db.updateTable('customers').set({ ...changes, updatedAt: new Date() } as never)
    .where('tenantId', '=', tenantOf(ctx)).where('id', '=', customerId).returningAll().executeTakeFirst();
  if (!row) throw new ApiError('CustomerNotFound');
  return { result: asRecord(row) };
};

/** How many users have an active access to the customer: platform users, or that customer's admins. */
const getCustomerAccessCount = async (ctx: ActionContext<z.output<typeof bodies.customerId>>): Answer<typeof answers.count> => {
  const who = authOf(ctx.request);
  const { customerId } = ctx.body;
  await customerRow(ctx, customerId);
  const admin = who.accesses.some((a) => a.active && String(a.customerId) === customerId && stringList(a.roles).includes('admin'));
  if (!isPlatformUser(who) && !admin) throw new ApiError('NoAccessToCustomer');
  const row = await ctx.db.selectFrom('customerAccesses').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenantId', '=', tenantOf(ctx)).where('customerId', '=', customerId).where('active', '=', true).executeTakeFirstOrThrow();
  return { result: Number(row.n) };
};

/** A customer as a supplier's user sees it: one their supplier has a supplier order of (platform users: any). */
const getCustomerForActingSupplier = async (ctx: ActionContext<z.output<typeof bodies.customerId>>): Answer<typeof answers.forSupplier> => {
  const who = authOf(ctx.request);
  const row = await customerRow(ctx, ctx.body.customerId);
  if (!isPlatformUser(who)) {
    const suppliers = supplierIdsOf(who);
    const served = suppliers.length ? await ctx.db.selectFrom('supplierOrders').select('id').where('tenantId', '=', tenantOf(ctx))
      .where('customerId', '=', ctx.body.customerId).where('supplierId', 'in', suppliers).limit(1).executeTakeFirst() : undefined;
    if (!served) throw new ApiError('NoAccessToCustomer');
  }
  const r = asRecord(row);
  return { result: { id: String(r.id), name: String(r.name), vatNumber: (r.vatNumber as string | null) ?? null, generalEmail: (r.generalEmail as string | null) ?? null, address: r.address ?? null } };
};

const checkVatKnown = async (ctx: ActionContext<z.output<typeof bodies.checkVatKnown>>): Answer<typeof answers.known> =>
  ({ result: await platformKnowledge(ctx.db, tenantOf(ctx), ctx.body.vatNumber, (ctx.body.email as string | null | undefined) ?? null) });

export const customerActions = actionsOf({ all, byId, update, getCustomerAccessCount, getCustomerForActingSupplier, checkVatKnown });
