/**
 * The admin tier of one language's messages (i18n/index.ts loadAdminTexts), a chunk of its own that
 * the light shop pages never load: react-admin's texts, converted from its packs' polyglot format to
 * i18next's, the generated resource labels, and the texts of the shop pages that render inside
 * react-admin (orders, budgets: messages/orders.ts; order templates: messages/templates.ts; the order
 * form and request: messages/order-form.ts; the background tasks page: messages/tasks.ts). The base tier (en.ts) wins over it, so the app's own
 * texts still win over react-admin's.
 */
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import ra from 'ra-language-english';
import resources from '../../../../generated/i18n/en.resources.gen';
import { en as orderPages } from '../../features/orders/messages.en';
import { en as dashboard } from '../../features/dashboard/messages.en';
import { en as unauthorizedWhy } from '../../shell/pages/unauthorized-messages.en';
import { en as registration } from '../../features/customers/registration-messages.en';
import { en as auditPages } from '../../features/audit/messages.en';
import { en as basketBudget } from '../../features/basket/checkout/budget-messages.en';
import { en as addressBook } from '../../features/addresses/messages.en';
import { en as orderFormPages } from '../../features/orders/form/messages.en';
import { en as orderEditPages } from '../../features/orders/edit-messages.en';
import { en as conversationPages } from '../../features/orders/conversation-messages.en';
import { en as templatePages } from '../../features/templates/messages.en';
import { en as fulfilmentPages } from '../../features/supplier-orders/messages.en';
import { en as supplierSidePages } from '../../features/supplier-orders/supplier-side-messages.en';
import { en as invoicePages } from '../../features/invoices/messages.en';
import { en as taskPages } from '../../features/platform/messages.en';
import { en as customerPages } from '../../features/customers/messages.en';
import { en as stockPages } from '../../features/warehouses/messages.en';
import { en as supplierPages } from '../../features/suppliers/messages.en';
import { en as reportingPages } from '../../features/reporting/messages.en';
import { en as userPages } from '../../features/users/messages.en';
import { en as contractPages } from '../../features/contracts/messages.en';
import { en as productManagementPages } from '../../features/product-management/messages.en';
import { en as articleImages } from '../../features/article-images/messages.en';
import { en as productImportPages } from '../../features/product-import/messages.en';
import { en as basketAdminPages } from '../../features/basket/admin/messages.en';
import { en as productAdminPages } from '../../features/platform/products/messages.en';



export default [convertRaTranslationsToI18next(ra), resources, orderPages, orderFormPages, orderEditPages, conversationPages, templatePages, fulfilmentPages, supplierSidePages, invoicePages, taskPages, stockPages, supplierPages, reportingPages, userPages, contractPages, productManagementPages, customerPages, articleImages, productImportPages, basketAdminPages, productAdminPages, addressBook, dashboard, unauthorizedWhy, basketBudget, registration, auditPages] as readonly object[];
