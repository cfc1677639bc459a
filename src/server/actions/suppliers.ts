import { resourceByName, type ResourceDef } from '../../../model';
import { supplierContracts } from '../../shared/contracts/suppliers';
import { listRows } from '../crud/list';
import { toRecord } from '../db/records';
import { createRecord, getRecord, schemas, updateRecord } from '../crud/service';
import { todayInShopZone } from '../../shared/shop-clock';
import { ApiError } from '../errors';
import { exceedsBudget, supplierBudget } from '../ordering/supplier-budget';
import { fromCents, toCents } from '../../shared/money';
import { budgetReferences, orderPdfSettings, setBudgetReference, setOrderPdfSettings } from '../suppliers/customer-settings';
import { uuidText } from '../../shared/contracts/shapes';
import { implement } from './define';

/**
 * flows §7 Suppliers: the budget check, the own-supplier calls (/suppliers/own, createown, editown,
 * getById), the company's budget references, and the order PDF settings of its own suppliers. The
 * REST v2 and /admin calls are the model's endpoints.
 */

const suppliers = resourceByName('suppliers');
const s = schemas(suppliers);

/** The own suppliers are the rows of the acting customer only: the resource read as customer-owned (no platform rows). */
const ownOnly: ResourceDef = { ...suppliers, scope: 'customer' };

/** The supplier a path names; one that is no uuid names none. */
const supplierIdOf = (id: string) => {
  if (!uuidText.safeParse(id).success) throw new ApiError('SupplierNotFound');
  return id;
};

export const supplierActions = implement(supplierContracts, {
  /**
   * flows §5 "A supplier budget limit can be validated": whether `amount` more fits the supplier's
   * finance budget today (ordering/supplier-budget.ts, the check placing and approving an order make):
   * what the period's orders bought from it + amount may not exceed its total (SupplierExceededBudget).
   * Outside a period, or without a total budget, there is no limit (remaining null).
   */
  validateBudgetLimit: async ({ db, body, owner }) => {
    const supplier = await getRecord(db, suppliers, owner, body.supplierId);
    const budget = await supplierBudget(db, owner.tenantId, String(supplier.id), todayInShopZone());
    if (!budget || budget.totalBudget === null) {
      const setting = (supplier.budgetSetting ?? {}) as { totalBudget?: string | null };
      return { result: { valid: true, totalBudget: setting.totalBudget ?? null, spent: fromCents(budget?.spent ?? 0n), remaining: null } };
    }
    if (exceedsBudget(budget, toCents(body.amount))) {
      throw new ApiError('SupplierExceededBudget', [{ path: 'amount', rule: 'SupplierExceededBudget' }]);
    }
    return { result: { valid: true, totalBudget: fromCents(budget.totalBudget), spent: fromCents(budget.spent), remaining: fromCents(budget.totalBudget - budget.spent) } };
  },

  own: async ({ db, owner, body: { query: { skip, take, search, active } } }) => {
    const filters = s.filters.parse({ search: search || undefined, active: active ?? undefined });
    const { rows, total } = await listRows(db, ownOnly, owner, { filters, offset: skip, limit: take });
    return { result: { items: rows.map((r) => toRecord(suppliers, r)), total, skip, take } };
  },

  createown: async ({ db, owner, body }) => ({ result: await createRecord(db, suppliers, owner, { ...body.dto }) }),

  editown: async ({ db, owner, body }) => {
    const { id, ...patch } = body.dto;
    return { result: await updateRecord(db, suppliers, owner, id, patch) };
  },

  getById: async ({ db, owner, body }) => ({ result: await getRecord(db, suppliers, owner, body.query.id) }),

  budgetReferences: async ({ db, owner, query }) => budgetReferences(db, owner, query.supplierIds),

  setBudgetReference: async ({ db, owner, params, body }) => setBudgetReference(db, owner, supplierIdOf(params.id), body),

  orderPdfSettings: async ({ db, owner, params }) => orderPdfSettings(db, owner, supplierIdOf(params.id)),

  setOrderPdfSettings: async ({ db, owner, params, body }) => setOrderPdfSettings(db, owner, supplierIdOf(params.id), body),
});
