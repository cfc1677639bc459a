/**
 * The admin tier of one language's messages (i18n/index.ts loadAdminTexts), a chunk of its own that
 * the light shop pages never load: react-admin's texts, converted from its packs' polyglot format to
 * i18next's, the generated resource labels, and the texts of the shop pages that render inside
 * react-admin (orders, budgets: messages/orders.ts; order templates: messages/templates.ts; the order
 * form and request: messages/order-form.ts; the background tasks page: messages/tasks.ts). The base tier (fr.ts) wins over it, so the app's own
 * texts still win over react-admin's.
 */
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import ra from 'ra-language-french';
import resources from '../../../../generated/i18n/fr.resources.gen';
import { fr as orderPages } from '../../features/orders/messages.fr';
import { fr as dashboard } from '../../features/dashboard/messages.fr';
import { fr as unauthorizedWhy } from '../../shell/pages/unauthorized-messages.fr';
import { fr as registration } from '../../features/customers/registration-messages.fr';
import { fr as auditPages } from '../../features/audit/messages.fr';
import { fr as basketBudget } from '../../features/basket/checkout/budget-messages.fr';
import { fr as addressBook } from '../../features/addresses/messages.fr';
import { fr as orderFormPages } from '../../features/orders/form/messages.fr';
import { fr as orderEditPages } from '../../features/orders/edit-messages.fr';
import { fr as conversationPages } from '../../features/orders/conversation-messages.fr';
import { fr as templatePages } from '../../features/templates/messages.fr';
import { fr as fulfilmentPages } from '../../features/supplier-orders/messages.fr';
import { fr as supplierSidePages } from '../../features/supplier-orders/supplier-side-messages.fr';
import { fr as invoicePages } from '../../features/invoices/messages.fr';
import { fr as taskPages } from '../../features/platform/messages.fr';
import { fr as customerPages } from '../../features/customers/messages.fr';
import { fr as stockPages } from '../../features/warehouses/messages.fr';
import { fr as supplierPages } from '../../features/suppliers/messages.fr';
import { fr as reportingPages } from '../../features/reporting/messages.fr';
import { fr as userPages } from '../../features/users/messages.fr';
import { fr as contractPages } from '../../features/contracts/messages.fr';
import { fr as productManagementPages } from '../../features/product-management/messages.fr';
import { fr as articleImages } from '../../features/article-images/messages.fr';
import { fr as productImportPages } from '../../features/product-import/messages.fr';
import { fr as basketAdminPages } from '../../features/basket/admin/messages.fr';
import { fr as productAdminPages } from '../../features/platform/products/messages.fr';



export default [convertRaTranslationsToI18next(ra), resources, orderPages, orderFormPages, orderEditPages, conversationPages, templatePages, fulfilmentPages, supplierSidePages, invoicePages, taskPages, stockPages, supplierPages, reportingPages, userPages, contractPages, productManagementPages, customerPages, articleImages, productImportPages, basketAdminPages, productAdminPages, addressBook, dashboard, unauthorizedWhy, basketBudget, registration, auditPages] as readonly object[];
