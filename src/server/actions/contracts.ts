import { z } from 'zod';
import { CONTRACT_FIELD_GROUPS, CONTRACT_FIELD_TYPES, CONTRACT_STATUSES, resourceByName, type ContractFieldLayout, type ContractStatus } from '../../../model';
import { schemasFor } from '../../shared/schema-builder';
import { safeString } from '../../shared/safe-text';
import { authOf } from '../request-context';
import { readable, requireCustomer } from '../crud/scope';
import { contractDetail, createContract, listContracts, readLayout, saveLayout, updateContract, type ContractBody } from '../contracts/contracts';
import { actionsOf, type ActionContext, type ActionSchemas } from './index';

/**
 * flows §7 Contracts (GET /contracts, GET /contracts/{id}, POST /contracts, PUT /contracts/{id},
 * GET /contracts/contract-categories) and the layout calls the contract pages need (GET and PUT
 * /contracts/layout). Plain REST answers: a list is {items, total, page, pageSize}, one contract the
 * bare record. The work is in src/server/contracts.
 */

const record = schemasFor(resourceByName('contracts')).record;
const text = (max: number) => safeString(undefined, false).trim().max(max, { error: 'maxLength' });
const id = z.string().regex(/^[0-9a-fA-F-]{36}$/, 'invalid');
/** A date on the wire: any short text here, so that one not yyyy-MM-dd is refused as invalidFormatDate by the rules. */
const wireDate = z.string().max(40).nullish().meta({ description: 'yyyy-MM-dd (the form takes DD/MM/YYYY and sends ISO).' });
const amount = z.union([z.string().regex(/^-?\d{1,12}([.,]\d{1,2})?$/, 'decimal'), z.number().finite()]);
const status = z.enum(Object.keys(CONTRACT_STATUSES) as [ContractStatus, ...ContractStatus[]], { error: 'choice' });

const contractBody = z.object({
  contractNumber: text(100).nullish(),
  title: text(200).min(1, { error: 'required' }),
  description: text(4000).nullish(),
  status: status.nullish(),
  categoryId: id.nullish(), supplierId: id.nullish(), ownerId: id.nullish(), departmentId: id.nullish(),
  startDate: wireDate, endDate: wireDate, latestCancellationDate: wireDate,
  contractExtensions: z.array(z.object({
    id: text(64).nullish(), endDate: wireDate, budgetEstimation: z.union([amount, z.literal('')]).nullish(), latestCancellationDate: wireDate,
  }).strip()).max(50).nullish(),
  budgets: z.array(z.object({
    fieldName: text(100).nullish(),
    items: z.array(z.object({ description: text(200).min(1, { error: 'required' }), amount, budgetId: id.nullish() }).strip()).max(200),
  }).strip()).max(50).nullish(),
  attachments: z.array(z.object({
    fieldName: text(100).nullish(),
    file: z.object({ containerName: z.string().max(100), blobName: z.string().max(200) }).loose(),
  }).strip()).max(200).nullish(),
  notificationEmails: z.array(z.email({ error: 'email' }).max(254)).max(50).nullish(),
  extraFields: z.array(z.object({ name: text(100).min(1), value: text(4000).nullish() }).strip()).max(200).nullish(),
  extraUserFields: z.array(z.object({ name: text(100).min(1), userIds: z.array(id).max(200).nullish() }).strip()).max(200).nullish(),
  extraDepartmentFields: z.array(z.object({ name: text(100).min(1), departmentId: id.nullish() }).strip()).max(200).nullish(),
}).strip().meta({ description: 'A contract as the form sends it; the keys a read adds (id, customerId, createdAt, …) may be sent back and are ignored.' });

const detail = record.extend({
  supplierName: z.string().nullable(), categoryName: z.string().nullable(), departmentName: z.string().nullable(), ownerName: z.string().nullable(),
});
const page = z.object({ items: z.array(record), total: z.number(), page: z.number(), pageSize: z.number() });
const layoutField = z.object({
  group: z.enum(CONTRACT_FIELD_GROUPS, { error: 'choice' }),
  type: z.enum(CONTRACT_FIELD_TYPES, { error: 'choice' }),
  name: text(100).min(1, { error: 'required' }),
  required: z.boolean().default(false),
  options: z.array(text(200)).max(100).default([]),
});
const layout = z.object({ fields: z.array(layoutField).max(100) });

/** Extra-field filters: a JSON array of {name, value}; empty values are left out (flows §5 list queries). */
const pairs = z.string().max(4000).optional().transform((v, ctx) => {
  if (!v) return undefined;
  try {
    const list = z.array(z.object({ name: z.string().max(100), value: z.string().max(400).nullish() })).parse(JSON.parse(v));
    return list.filter((p) => p.name && p.value).map((p) => ({ name: p.name, value: p.value! }));
  } catch {
    ctx.addIssue({ code: 'custom', message: 'invalid' });
    return z.NEVER;
  }
}).meta({ description: 'A JSON array of {name, value}: contracts whose field of that name has that value (ignoring case).' });
const blank = <S extends z.ZodType>(s: S) => z.union([z.literal('').transform(() => undefined), s]).optional();
const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date');
const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  contractNumber: blank(text(100)), title: blank(text(200)), status: blank(status),
  categoryId: blank(id), supplierId: blank(id), ownerId: blank(id), departmentId: blank(id),
  search: blank(text(200)), startDate: blank(DAY), endDate: blank(DAY),
  extraFields: pairs, extraUserFields: pairs, extraDepartmentFields: pairs,
  customerId: z.string().max(100).optional(),
  sort: blank(z.string().regex(/^-?[a-zA-Z]{1,40}$/, 'invalid')),
});
const customerQuery = z.object({ customerId: z.string().max(100).optional() });
const categories = z.array(z.object({ id: z.string(), name: z.string() }));
type Answer<S extends z.ZodType> = Promise<z.input<S>>;

export const contractSchemas: Record<string, ActionSchemas> = {
  list: { querystring: listQuery, response: page },
  byId: { querystring: customerQuery, response: detail },
  create: { querystring: customerQuery, body: contractBody, response: detail },
  update: { querystring: customerQuery, body: contractBody, response: detail },
};
export const contractLayoutSchemas: Record<string, ActionSchemas> = {
  get: { querystring: customerQuery, response: layout },
  save: { querystring: customerQuery, body: layout, response: layout },
};
export const contractCategorySchemas: Record<string, ActionSchemas> = {
  list: { querystring: customerQuery, response: categories },
};

const storeOf = (ctx: ActionContext) => ctx.request.server.blobs;
const asDetail = (d: unknown) => d as z.input<typeof detail>;

export const contractActions = actionsOf({
  list: async (ctx: ActionContext<unknown, z.output<typeof listQuery>>): Answer<typeof page> => {
    const { customerId: _c, ...q } = ctx.query;
    return await listContracts(ctx.db, ctx.owner, q) as z.input<typeof page>;
  },
  byId: async (ctx: ActionContext): Answer<typeof detail> => asDetail(await contractDetail(ctx.db, ctx.owner, String(ctx.params.id))),
  create: async (ctx: ActionContext<z.output<typeof contractBody>>): Answer<typeof detail> =>
    asDetail(await createContract(ctx.db, storeOf(ctx), ctx.owner, authOf(ctx.request).user.id, ctx.body as ContractBody)),
  update: async (ctx: ActionContext<z.output<typeof contractBody>>): Answer<typeof detail> =>
    asDetail(await updateContract(ctx.db, storeOf(ctx), ctx.owner, String(ctx.params.id), ctx.body as ContractBody)),
});

export const contractLayoutActions = actionsOf({
  get: async (ctx: ActionContext): Answer<typeof layout> => ({ fields: await readLayout(ctx.db, ctx.owner.tenantId, requireCustomer(ctx.owner)) as z.input<typeof layout>['fields'] }),
  save: async (ctx: ActionContext<z.output<typeof layout>>): Answer<typeof layout> =>
    ({ fields: await saveLayout(ctx.db, ctx.owner.tenantId, requireCustomer(ctx.owner), ctx.body.fields as ContractFieldLayout[]) as z.input<typeof layout>['fields'] }),
});

export const contractCategoryActions = actionsOf({
  list: async (ctx: ActionContext): Answer<typeof categories> => {
    const rows = await readable(ctx.db.selectFrom('contractCategories').select(['id', 'name']), resourceByName('contract-categories'), ctx.owner)
      .orderBy('name').orderBy('id').limit(500).execute();
    return rows.map((r) => ({ id: r.id, name: r.name }));
  },
});
