import type { Implementation } from './define';
import { articleMailRequestActions } from './article-mail-requests';
import { budgetActions } from './budgets';
import { catalogRuleActions } from './catalog-rules';
import { contractActions, contractCategoryActions, contractLayoutActions } from './contracts';
import { customerAccessActions } from './customer-accesses';
import { customerAddressActions } from './customer-addresses';
import { customerDepartmentActions } from './customer-departments';
import { customerRegistrationActions } from './customer-registrations';
import { customerActions } from './customers';
import { auditEntryActions } from './audit-entries';
import { deliveryActions } from './deliveries';
import { exportRequestActions } from './export-requests';
import { invoiceActions } from './invoices';
import { loyaltyActions } from './loyalty-transactions';
import { mailOutboxActions } from './mail-outbox';
import { orderCommentActions } from './order-comments';
import { orderRatingActions } from './order-ratings';
import { orderReminderActions } from './order-reminders';
import { orderTemplateActions } from './order-templates';
import { orderActions } from './orders';
import { platformSettingsActions } from './platform-settings';
import { productCategoryActions } from './product-categories';
import { supplierArticleActions } from './supplier-articles';
import { articleActions } from './articles';
import { productImportActions } from './product-imports';
import { supplierOrderActions } from './supplier-orders';
import { supplierActions } from './suppliers';
import { transporterActions } from './transporters';
import { userActions } from './users';
import { sessionActions } from '../session/session';
import { taskActions } from '../jobs/task-routes';
import { crmActions } from '../crm/routes';
import { searchActions } from './search';
import { fileActions } from '../storage/upload-routes';
import { demoImageActions } from './demo-images';
import { articleImageActions } from './article-images';
import { stockMovementActions, warehouseInstanceActions } from './warehouse-stock';

/**
 * The handlers of every contract in src/shared/contracts (CONTRACTS), each set bound to its
 * contracts by implement(): the routes register from these (src/server/crud/routes.ts), and the
 * server refuses to start when a contract has no handler here.
 */
export const IMPLEMENTATIONS: readonly Implementation[] = [
  articleMailRequestActions,
  budgetActions,
  catalogRuleActions,
  contractActions,
  contractCategoryActions,
  contractLayoutActions,
  customerAccessActions,
  customerAddressActions,
  customerActions,
  customerDepartmentActions,
  customerRegistrationActions,
  deliveryActions,
  auditEntryActions,
  exportRequestActions,
  invoiceActions,
  loyaltyActions,
  mailOutboxActions,
  orderActions,
  orderCommentActions,
  orderRatingActions,
  orderReminderActions,
  orderTemplateActions,
  platformSettingsActions,
  productCategoryActions,
  sessionActions,
  taskActions,
  crmActions,
  searchActions,
  stockMovementActions,
  supplierActions,
  articleActions,
  productImportActions,
  supplierArticleActions,
  supplierOrderActions,
  transporterActions,
  userActions,
  warehouseInstanceActions,
  fileActions,
  demoImageActions,
  articleImageActions,
];
