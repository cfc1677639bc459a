import type { ActionContract } from './define';
import { orderRatingContracts } from './order-ratings';
import { budgetContracts } from './budgets';
import { auditEntryContracts } from './audit-entries';
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
import { productCategoryContracts } from './product-categories';
import { supplierArticleContracts } from './supplier-articles';
import { articleContracts } from './articles';
import { productImportContracts } from './product-imports';
import { catalogRuleContracts } from './catalog-rules';
import { articleMailRequestContracts } from './article-mail-requests';
import { supplierContracts } from './suppliers';
import { customerAddressContracts } from './customer-addresses';
import { mailOutboxContracts } from './mail-outbox';
import { orderCommentContracts } from './order-comments';
import { orderTemplateContracts } from './order-templates';
import { orderContracts } from './orders';
import { transporterContracts } from './transporters';
import { warehouseInstanceContracts } from './warehouse-instances';
import { stockMovementContracts } from './stock-movements';
import { loyaltyContracts } from './loyalty-transactions';
import { orderReminderContracts } from './order-reminders';
import { sessionContracts } from './session';
import { taskContracts } from './tasks';
import { crmContracts } from './crm';
import { searchContracts } from './search';
import { articleImageCalls, demoCalls, fileCalls } from './files';

/**
 * Every custom action's contract, by resource and action name (the generic CRUD's come from the
 * model's endpoints), and every call of an area (callsOf), by area and call name.
 */
export const CONTRACTS = {
  'order-ratings': orderRatingContracts,
  budgets: budgetContracts,
  deliveries: deliveryContracts,
  'audit-entries': auditEntryContracts,
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
  'product-categories': productCategoryContracts,
  articles: articleContracts,
  'product-imports': productImportContracts,
  'supplier-articles': supplierArticleContracts,
  'catalog-rules': catalogRuleContracts,
  'article-mail-requests': articleMailRequestContracts,
  suppliers: supplierContracts,
  'customer-addresses': customerAddressContracts,
  'mail-outbox': mailOutboxContracts,
  'order-comments': orderCommentContracts,
  'order-templates': orderTemplateContracts,
  orders: orderContracts,
  transporters: transporterContracts,
  'warehouse-instances': warehouseInstanceContracts,
  'stock-movements': stockMovementContracts,
  'loyalty-transactions': loyaltyContracts,
  'order-reminders': orderReminderContracts,
  session: sessionContracts,
  tasks: taskContracts,
  crm: crmContracts,
  search: searchContracts,
  files: fileCalls,
  demo: demoCalls,
  'article-images': articleImageCalls,
} as const satisfies Readonly<Record<string, Readonly<Record<string, ActionContract>>>>;

export type Contracts = typeof CONTRACTS;
