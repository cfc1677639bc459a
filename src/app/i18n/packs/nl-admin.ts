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
import { nl as orderPages } from '../messages/orders';
import { nl as orderFormPages } from '../messages/order-form';
import { nl as orderEditPages } from '../messages/order-edits';
import { nl as conversationPages } from '../messages/conversation';
import { nl as templatePages } from '../messages/templates';
import { nl as fulfilmentPages } from '../messages/fulfilment';
import { nl as supplierSidePages } from '../messages/supplier-side';
import { nl as invoicePages } from '../messages/invoices';
import { nl as taskPages } from '../messages/tasks';
import { nl as customerPages } from '../messages/customers';
import { nl as stockPages } from '../messages/stock';
import { nl as supplierPages } from '../messages/suppliers';
import { nl as reportingPages } from '../messages/reporting';
import { nl as userPages } from '../messages/users';
import { nl as contractPages } from '../messages/contracts';

export default [convertRaTranslationsToI18next(ra), resources, orderPages, orderFormPages, orderEditPages, conversationPages, templatePages, fulfilmentPages, supplierSidePages, invoicePages, taskPages, stockPages, supplierPages, reportingPages, userPages, contractPages, customerPages] as readonly object[];
