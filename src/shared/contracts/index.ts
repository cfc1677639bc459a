import type { ActionContract } from './define';
import { orderRatingContracts } from './order-ratings';
import { platformSettingsContracts } from './platform-settings';
import { exportRequestContracts } from './export-requests';
import { customerDepartmentContracts } from './customer-departments';

/** Every custom action's contract, by resource and action name (the generic CRUD's come from the model's endpoints). */
export const CONTRACTS: Readonly<Record<string, Readonly<Record<string, ActionContract>>>> = {
  'order-ratings': orderRatingContracts,
  'platform-settings': platformSettingsContracts,
  'export-requests': exportRequestContracts,
  'customer-departments': customerDepartmentContracts,
};
