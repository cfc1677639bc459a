import type { ActionContract } from './define';
import { orderRatingContracts } from './order-ratings';
import { budgetContracts } from './budgets';
import { deliveryContracts } from './deliveries';
import { invoiceContracts } from './invoices';
import { supplierOrderContracts } from './supplier-orders';
import { platformSettingsContracts } from './platform-settings';
import { exportRequestContracts } from './export-requests';
import { customerDepartmentContracts } from './customer-departments';
import { contractCategoryContracts, contractContracts, contractLayoutContracts } from './contracts';
import { pendingCustomerRegistrationContracts } from './pending-customer-registrations';
import { customerContracts } from './customers';
import { userContracts } from './users';
import { customerAccessContracts } from './customer-accesses';

/** Every custom action's contract, by resource and action name (the generic CRUD's come from the model's endpoints). */
export const CONTRACTS = {
  'order-ratings': orderRatingContracts,
  budgets: budgetContracts,
  deliveries: deliveryContracts,
  invoices: invoiceContracts,
  'supplier-orders': supplierOrderContracts,
  'platform-settings': platformSettingsContracts,
  'export-requests': exportRequestContracts,
  'customer-departments': customerDepartmentContracts,
  contracts: contractContracts,
  'contract-layouts': contractLayoutContracts,
  'contract-categories': contractCategoryContracts,
  'pending-customer-registrations': pendingCustomerRegistrationContracts,
  customers: customerContracts,
  users: userContracts,
  'customer-accesses': customerAccessContracts,
} as const satisfies Readonly<Record<string, Readonly<Record<string, ActionContract>>>>;

export type Contracts = typeof CONTRACTS;
