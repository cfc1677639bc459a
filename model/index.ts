import type { ResourceDef } from './dsl';
import { articleCategories, articleCategoryGroups } from './resources/article-categories';
import { articleMailRequests, articles, catalogRules, marketplaces, productCategories, projects, supplierArticles } from './resources/catalogue';
import { budgetEntries, budgets } from './resources/budgets';
import { customerDepartments } from './resources/customer-departments';
import { deliveries, deliveryLines } from './resources/deliveries';
import { invoiceLines, invoices } from './resources/invoices';
import { impersonationLog } from './resources/impersonation-log';
import { auditEntries } from './resources/audit-entries';
import { mailOutbox } from './resources/mail-outbox';
import { offers } from './resources/offers';
import { orderTemplates } from './resources/order-templates';
import { orderCommentSeen, orderComments, orderConversationFollowers } from './resources/order-conversation';
import { orderRatings } from './resources/order-ratings';
import { orderReminders } from './resources/order-reminders';
import { customerAccesses, customers, tenants, users } from './resources/platform';
import { customerAddresses } from './resources/address-book';
import { loyaltyTransactions } from './resources/loyalty';
import { orderLines, orders, transporters } from './resources/ordering';
import { orderHistory } from './resources/order-history';
import { platformSettings } from './resources/platform-settings';
import { referralPartners } from './resources/referral-partners';
import { suppliers } from './resources/suppliers';
import { supplierOrderComms, supplierOrderFollowUps, supplierOrderLines, supplierOrders } from './resources/supplier-orders';
import { orderPdfSettings } from './resources/order-pdf-settings';
import { supplierBudgetReferences } from './resources/supplier-budget-references';
import { warehouses } from './resources/warehouses';
import { stockMovements, warehouseInstances } from './resources/warehouse-stock';
import { crmConnections, crmEvents } from './resources/crm';
import { exportRequests } from './resources/reporting';
import { productImports } from './resources/product-imports';
import { passwordLinks } from './resources/password-links';
import { contractCategories, contractLayouts, contracts } from './resources/contracts';
import { customerRegistrations } from './resources/customer-registrations';

export * from './dsl';
export { ERRORS, LIGHT_PAGE_MESSAGES, VALIDATION_MESSAGES, type ErrorCode } from './catalogue/errors';
export {
  PERMISSION_AREAS, LETTERS, ROLES, COMPANY_ORDER_ROLES, USER_TYPES, PAGE_ACTIONS, GUARD_RESOURCES,
  type PermissionArea, type Letter, type Role, type PageAction, type GuardResource,
} from './catalogue/permissions';
export { FEATURES, type FeatureName } from './catalogue/features';
export { CONSTANTS } from './catalogue/constants';
export { PAGES, ADMIN_PREFIX, pageByName } from './catalogue/pages';
export { MENUS } from './catalogue/menus';
export { orderWorkflow, ORDER_STATUSES } from './resources/ordering';
export { ORDER_HISTORY_ACTIONS } from './resources/order-history';
export { BUDGET_PERIODS } from './resources/budgets';
export { AUDIT_ACTIONS } from './resources/audit-entries';
export { MAIL_KINDS, MAIL_STATUSES } from './resources/mail-outbox';
export { REMINDER_FREQUENCIES } from './resources/order-reminders';
export { deliveryWorkflow, DELIVERY_STATUSES, CONFIRMED_DELIVERY_STATUSES, DELIVERY_PROBLEM_TYPES, type DeliveryStatus, type DeliveryProblemType } from './resources/deliveries';
export { invoiceWorkflow, INVOICE_STATUSES, INVOICE_SOURCES, INVOICE_MATCH_STATUSES, INVOICES_TO_PAY, INVOICES_UNPAID, INVOICE_MATCH_PROBLEMS, type InvoiceStatus, type InvoiceSource, type InvoiceMatchStatus, type InvoiceMatchProblem } from './resources/invoices';
export { EMPLOYEE_COUNTS } from './resources/customer-registrations';
export { STOCK_MOVEMENT_KINDS, type StockMovementKind } from './resources/warehouse-stock';
export { RESTOCK_SETTINGS } from './resources/warehouses';
export { EXPORT_STATUSES, WAITING_EXPORT_STATUSES, type ExportStatus } from './resources/reporting';
export { PRODUCT_IMPORT_STATUSES, PRODUCT_IMPORT_FORMATS, type ProductImportStatus } from './resources/product-imports';
export { CONTRACT_STATUSES, CONTRACT_CHOSEN_STATUSES, CONTRACT_GROUP_LABELS, CONTRACT_FIELD_TYPE_LABELS, type ContractStatus } from './resources/contracts';
export { supplierOrderWorkflow, SUPPLIER_ORDER_STATUSES, SUPPLIER_TYPES, UNORDERED_SUPPLIER_ORDER_STATUSES, type SupplierOrderStatus } from './resources/supplier-orders';

/** Every resource of the product, in the order their tables are created. */
export const RESOURCES: readonly ResourceDef[] = [
  tenants, customers, users, customerAccesses, customerDepartments,
  articleCategoryGroups, articleCategories, referralPartners, offers, warehouses, suppliers,
  platformSettings, impersonationLog,
  marketplaces, productCategories, articles, supplierArticles, catalogRules, projects, customerAddresses,
  budgets, orders, orderLines, orderHistory, budgetEntries, transporters, articleMailRequests, loyaltyTransactions,
  orderTemplates,
  mailOutbox,
  orderComments, orderCommentSeen, orderConversationFollowers, orderRatings, orderReminders,
  supplierOrders, supplierOrderLines, supplierOrderFollowUps, supplierOrderComms, orderPdfSettings,
  deliveries, deliveryLines,
  invoices, invoiceLines,
  warehouseInstances, stockMovements,
  crmConnections, crmEvents,
  supplierBudgetReferences,
  exportRequests,
  productImports,
  passwordLinks,
  contractCategories, contractLayouts, contracts,
  customerRegistrations,
  auditEntries,
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
