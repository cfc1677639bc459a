/**
 * The admin tier of one language's messages (i18n/index.ts loadAdminTexts), a chunk of its own that
 * the light shop pages never load: react-admin's texts, converted from its packs' polyglot format to
 * i18next's, the generated resource labels, and the texts of the shop pages that render inside
 * react-admin (orders, budgets: messages/orders.ts; order templates: messages/templates.ts; the order
 * form and request: messages/order-form.ts; the background tasks page: messages/tasks.ts). The base tier (nl.ts) wins over it, so the app's own
 * texts still win over react-admin's.
 */
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import ra from '../ra-nl';
import resources from '../../../../generated/i18n/nl.resources.gen';
import { nl as orderPages } from '../../features/orders/messages';
import { nl as dashboard } from '../../features/dashboard/messages';
import { nl as unauthorizedWhy } from '../../shell/pages/unauthorized-messages';
import { nl as registration } from '../../features/customers/registration-messages';
import { nl as auditPages } from '../../features/audit/messages';
import { nl as basketBudget } from '../../features/basket/checkout/budget-messages';
import { nl as addressBook } from '../../features/addresses/messages';
import { nl as orderFormPages } from '../../features/orders/form/messages';
import { nl as orderEditPages } from '../../features/orders/edit-messages';
import { nl as conversationPages } from '../../features/orders/conversation-messages';
import { nl as templatePages } from '../../features/templates/messages';
import { nl as fulfilmentPages } from '../../features/supplier-orders/messages';
import { nl as supplierSidePages } from '../../features/supplier-orders/supplier-side-messages';
import { nl as invoicePages } from '../../features/invoices/messages';
import { nl as taskPages } from '../../features/platform/messages';
import { nl as customerPages } from '../../features/customers/messages';
import { nl as stockPages } from '../../features/warehouses/messages';
import { nl as supplierPages } from '../../features/suppliers/messages';
import { nl as reportingPages } from '../../features/reporting/messages';
import { nl as userPages } from '../../features/users/messages';
import { nl as contractPages } from '../../features/contracts/messages';
import { nl as productManagementPages } from '../../features/product-management/messages';
import { nl as articleImages } from '../../features/article-images/messages';
import { nl as productImportPages } from '../../features/product-import/messages';
import { nl as basketAdminPages } from '../../features/basket/admin/messages';
import { nl as productAdminPages } from '../../features/platform/products/messages';



export default [convertRaTranslationsToI18next(ra), resources, orderPages, orderFormPages, orderEditPages, conversationPages, templatePages, fulfilmentPages, supplierSidePages, invoicePages, taskPages, stockPages, supplierPages, reportingPages, userPages, contractPages, productManagementPages, customerPages, articleImages, productImportPages, basketAdminPages, productAdminPages, addressBook, dashboard, unauthorizedWhy, basketBudget, registration, auditPages] as readonly object[];
