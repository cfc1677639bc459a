import type { ActionContract } from './define';
import { orderRatingContracts } from './order-ratings';
import { budgetContracts } from './budgets';
import { deliveryContracts } from './deliveries';
import { invoiceContracts } from './invoices';
import { supplierOrderContracts } from './supplier-orders';

/** Every custom action's contract, by resource and action name (the generic CRUD's come from the model's endpoints). */
export const CONTRACTS = {
  'order-ratings': orderRatingContracts,
  budgets: budgetContracts,
  deliveries: deliveryContracts,
  invoices: invoiceContracts,
  'supplier-orders': supplierOrderContracts,
} as const satisfies Readonly<Record<string, Readonly<Record<string, ActionContract>>>>;

export type Contracts = typeof CONTRACTS;
