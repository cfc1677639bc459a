import type { ActionContract } from './define';
import { orderRatingContracts } from './order-ratings';
import { platformSettingsContracts } from './platform-settings';
import { exportRequestContracts } from './export-requests';
import { customerDepartmentContracts } from './customer-departments';
import { contractCategoryContracts, contractContracts, contractLayoutContracts } from './contracts';
import { pendingCustomerRegistrationContracts } from './pending-customer-registrations';
import { customerContracts } from './customers';
import { userContracts } from './users';
import { customerAccessContracts } from './customer-accesses';

/** Every custom action's contract, by resource and action name (the generic CRUD's come from the model's endpoints). */
export const CONTRACTS: Readonly<Record<string, Readonly<Record<string, ActionContract>>>> = {
  'order-ratings': orderRatingContracts,
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
};
