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
import { fr as orderPages } from '../messages/orders.fr';
import { fr as orderFormPages } from '../messages/order-form.fr';
import { fr as orderEditPages } from '../messages/order-edits.fr';
import { fr as conversationPages } from '../messages/conversation.fr';
import { fr as templatePages } from '../messages/templates.fr';
import { fr as fulfilmentPages } from '../messages/fulfilment.fr';
import { fr as supplierSidePages } from '../messages/supplier-side.fr';
import { fr as invoicePages } from '../messages/invoices.fr';
import { fr as taskPages } from '../messages/tasks.fr';
import { fr as customerPages } from '../messages/customers.fr';
import { fr as stockPages } from '../messages/stock.fr';
import { fr as supplierPages } from '../messages/suppliers.fr';
import { fr as reportingPages } from '../messages/reporting.fr';
import { fr as userPages } from '../messages/users.fr';
import { fr as contractPages } from '../messages/contracts.fr';

export default [convertRaTranslationsToI18next(ra), resources, orderPages, orderFormPages, orderEditPages, conversationPages, templatePages, fulfilmentPages, supplierSidePages, invoicePages, taskPages, stockPages, supplierPages, reportingPages, userPages, contractPages, customerPages] as readonly object[];
