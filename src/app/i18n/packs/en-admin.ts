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
import { en as orderPages } from '../messages/orders.en';
import { en as orderFormPages } from '../messages/order-form.en';
import { en as orderEditPages } from '../messages/order-edits.en';
import { en as conversationPages } from '../messages/conversation.en';
import { en as templatePages } from '../messages/templates.en';
import { en as fulfilmentPages } from '../messages/fulfilment.en';
import { en as supplierSidePages } from '../messages/supplier-side.en';
import { en as invoicePages } from '../messages/invoices.en';
import { en as taskPages } from '../messages/tasks.en';
import { en as customerPages } from '../messages/customers.en';
import { en as stockPages } from '../messages/stock.en';
import { en as supplierPages } from '../messages/suppliers.en';
import { en as reportingPages } from '../messages/reporting.en';
import { en as userPages } from '../messages/users.en';
import { en as contractPages } from '../messages/contracts.en';

export default [convertRaTranslationsToI18next(ra), resources, orderPages, orderFormPages, orderEditPages, conversationPages, templatePages, fulfilmentPages, supplierSidePages, invoicePages, taskPages, stockPages, supplierPages, reportingPages, userPages, contractPages, customerPages] as readonly object[];
