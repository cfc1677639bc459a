import type { ResourceDef } from './dsl';
import { articleCategories, articleCategoryGroups } from './resources/article-categories';
import { articleMailRequests, catalogRules, marketplaces, productCategories, projects, supplierArticles } from './resources/catalogue';
import { customerDepartments } from './resources/customer-departments';
import { impersonationLog } from './resources/impersonation-log';
import { offers } from './resources/offers';
import { customerAccesses, customers, tenants, users } from './resources/platform';
import { customerAddresses, loyaltyTransactions, orderHistory, orderLines, orders, transporters } from './resources/ordering';
import { platformSettings } from './resources/platform-settings';
import { referralPartners } from './resources/referral-partners';
import { suppliers } from './resources/suppliers';
import { warehouses } from './resources/warehouses';

export * from './dsl';
export { ERRORS, VALIDATION_MESSAGES, type ErrorCode } from './catalogue/errors';
export {
  PERMISSION_AREAS, LETTERS, ROLES, USER_TYPES, PAGE_ACTIONS, GUARD_RESOURCES,
  type PermissionArea, type Letter, type Role, type PageAction, type GuardResource,
} from './catalogue/permissions';
export { FEATURES, type FeatureName } from './catalogue/features';
export { CONSTANTS } from './catalogue/constants';
export { PAGES, ADMIN_PREFIX, pageByName } from './catalogue/pages';
export { MENUS } from './catalogue/menus';
export { orderWorkflow, ORDER_STATUSES, ORDER_HISTORY_ACTIONS } from './resources/ordering';

/** Every resource of the product, in the order their tables are created. */
export const RESOURCES: readonly ResourceDef[] = [
  tenants, customers, users, customerAccesses, customerDepartments,
  articleCategoryGroups, articleCategories, referralPartners, offers, warehouses, suppliers,
  platformSettings, impersonationLog,
  marketplaces, productCategories, supplierArticles, catalogRules, projects, customerAddresses,
  orders, orderLines, orderHistory, transporters, articleMailRequests, loyaltyTransactions,
];

/**
 * Tables of resources taken out of the model on purpose, table → why. The generator refuses to drop
 * any other table (its rows would be lost); an entry may stay after its migration is written.
 */
export const REMOVED_TABLES: Readonly<Record<string, string>> = {};

export const resourceByName = (name: string): ResourceDef => {
  const found = RESOURCES.find((r) => r.name === name);
  if (!found) throw new Error(`Unknown resource ${name}`);
  return found;
};
