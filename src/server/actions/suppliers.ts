import { getRecord } from '../crud/service';
import { todayInShopZone } from '../dates';
import { ApiError } from '../errors';
import { fromCents, toCents } from '../money';
import { defineActions } from './index';

interface BudgetSetting { startDate?: string | null; endDate?: string | null; totalBudget?: string | null }

/**
 * flows §5 "A supplier budget limit can be validated": within the current finance period
 * [startDate, endDate] of a supplier with a total budget, budgetSpent + amount may not exceed it.
 * Outside a period, or without a total budget, there is no limit (remaining null).
 */
export const supplierActions = defineActions('suppliers', { validateBudgetLimit: async ({ db, resource, body, owner }) => {
  const supplier = await getRecord(db, resource, owner, body.supplierId);
  const setting = (supplier.budgetSetting ?? {}) as BudgetSetting;
  const spent = (supplier.budgetSpent as string | null) ?? '0.00';
  const today = todayInShopZone();
  const inPeriod = !!setting.startDate && !!setting.endDate && setting.startDate <= today && today <= setting.endDate;
  if (!setting.totalBudget || !inPeriod) {
    return { result: { valid: true, totalBudget: setting.totalBudget ?? null, spent: fromCents(toCents(spent)), remaining: null } };
  }
  const total = toCents(setting.totalBudget);
  const used = toCents(spent);
  if (used + toCents(body.amount) > total) {
    throw new ApiError('SupplierExceededBudget', [{ path: 'amount', rule: 'SupplierExceededBudget' }]);
  }
  return { result: { valid: true, totalBudget: fromCents(total), spent: fromCents(used), remaining: fromCents(total - used) } };
} });
