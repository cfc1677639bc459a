import { z } from 'zod';
import { CONSTANTS, resourceByName, type ResourceDef } from '../../../model';
import { safeString } from '../../shared/safe-text';
import { listRows } from '../crud/list';
import { toRecord } from '../crud/record';
import { createRecord, getRecord, schemas, updateRecord } from '../crud/service';
import { todayInShopZone } from '../../shared/shop-clock';
import { ApiError } from '../errors';
import { exceedsBudget, supplierBudget } from '../ordering/supplier-budget';
import { fromCents, toCents } from '../../shared/money';
import { resultOf } from '../ordering/answers';
import {
  budgetReferences, orderPdfSettings, setBudgetReference, setOrderPdfSettings,
  type BudgetReferenceEntry, type PdfSettings,
} from '../suppliers/customer-settings';
import { actionsOf, type ActionContext, type ActionSchemas } from './index';

/**
 * flows §7 Suppliers: the budget check, the own-supplier calls (/suppliers/own, createown, editown,
 * getById), the company's budget references, and the order PDF settings of its own suppliers. The
 * REST v2 and /admin calls are the model's endpoints.
 */

const suppliers = resourceByName('suppliers');
const pdfResource = resourceByName('order-pdf-settings');
const s = schemas(suppliers);
const record = s.record;
const uuid = z.string().regex(/^[0-9a-fA-F-]{36}$/, 'invalid');

/** The own suppliers are the rows of the acting customer only: the resource read as customer-owned (no platform rows). */
const ownOnly: ResourceDef = { ...suppliers, scope: 'customer' };

const text = (max: number) => safeString(undefined, false).trim().max(max, { error: 'maxLength' }).nullish();
const idList = z.array(uuid).max(500);
const budgetReferenceEntry = z.object({ supplierId: z.string(), budgetReference: z.string().nullable(), departmentIds: z.array(z.string()), projectIds: z.array(z.string()) });
const pdfSettings = z.object({ supplierId: z.string(), header: z.string().nullable(), messageToSupplier: z.string().nullable(), footer: z.string().nullable() });
const pdfMax = (name: string) => pdfResource.fields[name]!.max ?? 4000;

/** ?supplierIds as a JSON list (flows §7); also accepted: ids separated by commas. */
const supplierIdsParam = z.string().max(CONSTANTS.budgetReferencesMaxIds * 40).transform((raw, ctx) => {
  let value: unknown = raw;
  try { value = raw.trim().startsWith('[') ? JSON.parse(raw) : raw.split(',').map((v) => v.trim()).filter(Boolean); } catch { value = null; }
  const parsed = z.array(uuid).max(CONSTANTS.budgetReferencesMaxIds).safeParse(value);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: 'invalid' });
    return z.NEVER;
  }
  return parsed.data;
}).meta({ description: 'A JSON list of supplier ids, e.g. ["…","…"] (at most 200).' });

const bodies = {
  own: z.object({
    query: z.object({
      skip: z.coerce.number().int().min(0).default(0),
      take: z.coerce.number().int().min(1).max(CONSTANTS.maxPageSize).default(CONSTANTS.adminPageSize),
      search: safeString(undefined, false).trim().max(200).nullish(),
      active: z.boolean().nullish(),
    }).default({ skip: 0, take: CONSTANTS.adminPageSize }),
  }),
  createown: z.object({ dto: s.create }),
  editown: z.object({ dto: z.intersection(z.object({ id: uuid }), s.update) }),
  getById: z.object({ query: z.object({ id: uuid }) }),
  budgetReference: z.object({
    budgetReference: text(resourceByName('supplier-budget-references').fields.budgetReference!.max ?? 100),
    departmentIds: idList.nullish(),
    projectIds: idList.nullish(),
  }).strict(),
  pdf: z.object({ header: text(pdfMax('header')), messageToSupplier: text(pdfMax('messageToSupplier')), footer: text(pdfMax('footer')) }).strict(),
};
const params = z.object({ id: z.string().max(100) });
const answers = {
  page: resultOf(z.object({ items: z.array(record), total: z.number(), skip: z.number(), take: z.number() })),
  one: resultOf(record),
};

export const supplierSchemas: Record<string, ActionSchemas> = {
  own: { body: bodies.own, response: answers.page },
  createown: { body: bodies.createown, response: answers.one, fieldsIn: 'dto' },
  editown: { body: bodies.editown, response: answers.one, fieldsIn: 'dto' },
  getById: { body: bodies.getById, response: answers.one },
  budgetReferences: { querystring: z.object({ supplierIds: supplierIdsParam, customerId: z.string().max(100).optional() }), response: z.array(budgetReferenceEntry) },
  setBudgetReference: { params, body: bodies.budgetReference, response: budgetReferenceEntry },
  orderPdfSettings: { params, response: pdfSettings },
  setOrderPdfSettings: { params, body: bodies.pdf, response: pdfSettings },
};

type Rec = z.input<typeof record>;
const asRec = (r: Record<string, unknown>) => r as Rec;
const idOf = (ctx: ActionContext) => {
  const id = ctx.params.id ?? '';
  if (!/^[0-9a-fA-F-]{36}$/.test(id)) throw new ApiError('SupplierNotFound');
  return id;
};

/**
 * flows §5 "A supplier budget limit can be validated": whether `amount` more fits the supplier's
 * finance budget today (ordering/supplier-budget.ts, the check placing and approving an order make):
 * what the period's orders bought from it + amount may not exceed its total (SupplierExceededBudget).
 * Outside a period, or without a total budget, there is no limit (remaining null).
 */
const validateBudgetLimit = async ({ db, resource, body, owner }: ActionContext<{ supplierId: string; amount: string }>) => {
  const supplier = await getRecord(db, resource, owner, body.supplierId);
  const budget = await supplierBudget(db, owner.tenantId, String(supplier.id), todayInShopZone());
  if (!budget || budget.totalBudget === null) {
    const setting = (supplier.budgetSetting ?? {}) as { totalBudget?: string | null };
    return { result: { valid: true, totalBudget: setting.totalBudget ?? null, spent: fromCents(budget?.spent ?? 0n), remaining: null } };
  }
  if (exceedsBudget(budget, toCents(body.amount))) {
    throw new ApiError('SupplierExceededBudget', [{ path: 'amount', rule: 'SupplierExceededBudget' }]);
  }
  return { result: { valid: true, totalBudget: fromCents(budget.totalBudget), spent: fromCents(budget.spent), remaining: fromCents(budget.totalBudget - budget.spent) } };
};

const own = async (ctx: ActionContext<z.output<typeof bodies.own>>) => {
  const { skip, take, search, active } = ctx.body.query;
  const filters = s.filters.parse({ search: search || undefined, active: active ?? undefined });
  const { rows, total } = await listRows(ctx.db, ownOnly, ctx.owner, { filters, offset: skip, limit: take });
  return { result: { items: rows.map((r) => asRec(toRecord(suppliers, r))), total, skip, take } };
};

const createown = async (ctx: ActionContext<z.output<typeof bodies.createown>>) =>
  ({ result: asRec(await createRecord(ctx.db, suppliers, ctx.owner, ctx.body.dto as Record<string, unknown>)) });

const editown = async (ctx: ActionContext<z.output<typeof bodies.editown>>) => {
  const { id, ...patch } = ctx.body.dto as Record<string, unknown> & { id: string };
  return { result: asRec(await updateRecord(ctx.db, suppliers, ctx.owner, id, patch)) };
};

const getById = async (ctx: ActionContext<z.output<typeof bodies.getById>>) =>
  ({ result: asRec(await getRecord(ctx.db, suppliers, ctx.owner, ctx.body.query.id)) });

const budgetReferencesOf = async (ctx: ActionContext<unknown, { supplierIds: string[] }>): Promise<BudgetReferenceEntry[]> =>
  budgetReferences(ctx.db, ctx.owner, ctx.query.supplierIds);

const setBudgetReferenceOf = async (ctx: ActionContext<z.output<typeof bodies.budgetReference>>): Promise<BudgetReferenceEntry> =>
  setBudgetReference(ctx.db, ctx.owner, idOf(ctx), ctx.body);

const orderPdfSettingsOf = async (ctx: ActionContext): Promise<PdfSettings> => orderPdfSettings(ctx.db, ctx.owner, idOf(ctx));

const setOrderPdfSettingsOf = async (ctx: ActionContext<z.output<typeof bodies.pdf>>): Promise<PdfSettings> =>
  setOrderPdfSettings(ctx.db, ctx.owner, idOf(ctx), ctx.body);

export const supplierActions = actionsOf({
  validateBudgetLimit, own, createown, editown, getById,
  budgetReferences: budgetReferencesOf, setBudgetReference: setBudgetReferenceOf,
  orderPdfSettings: orderPdfSettingsOf, setOrderPdfSettings: setOrderPdfSettingsOf,
});
