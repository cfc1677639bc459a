import type { Kysely } from 'kysely';
import type { ORDER_HISTORY_ACTIONS, ORDER_STATUSES } from '../../../model';
import { fromCents, toCents } from '../../shared/money';
import { periodOf } from '../ordering/budgets';
import { todayInShopZone } from '../../shared/shop-clock';
import { nextOrderNumber } from '../ordering/order-number';
import { lineMoney } from '../ordering/totals';
import { createSupplierOrders } from '../fulfilment/split';
import { seedDemoDelivery } from './deliveries';
import { seedDemoInvoices } from './invoices';
import { seedDemoStock } from './stock';
import { tenantLanguages } from '../session/domains';
import type { TenantRow } from '../types';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The demo tenants' orders and budgets (issue "Demo data"), in localhost and acme.localhost: the
 * first department of each of the first two customers gets the manager as its validator; customers with the budgets feature get a
 * monthly, a yearly, a nearly spent and a personal budget; the buyer's company gets orders in every
 * status of the workflow its settings allow, each with its history, a short conversation on two of
 * them and, where approved, the budget it charged — so every list, count and tab shows something
 * real on the first start. Written straight to the tables, as the calls would have left them.
 */

type Status = keyof typeof ORDER_STATUSES;
type Action = keyof typeof ORDER_HISTORY_ACTIONS;
type Language = 'nl' | 'en' | 'fr';

const BUDGET_NAMES: Record<Language, { general: string; invest: string; office: string; personal: (name: string) => string }> = {
  nl: { general: 'Algemene aankopen', invest: 'Investeringen', office: 'Kantoormateriaal', personal: (n) => `Persoonlijk budget ${n}` },
  en: { general: 'General purchases', invest: 'Investments', office: 'Office supplies', personal: (n) => `Personal budget ${n}` },
  fr: { general: 'Achats généraux', invest: 'Investissements', office: 'Fournitures de bureau', personal: (n) => `Budget personnel ${n}` },
};
const SUPPLIER_CONFIRMATION: Record<Language, string> = {
  nl: 'Bevestigd, levering binnen drie werkdagen.',
  en: 'Confirmed, delivery within three working days.',
  fr: 'Confirmé, livraison sous trois jours ouvrables.',
};

const REJECTION: Record<Language, string> = {
  nl: 'Dit staat niet in het budget van dit kwartaal.',
  en: 'This is not in this quarter\'s budget.',
  fr: "Ce n'est pas prévu dans le budget de ce trimestre.",
};
/** A short exchange on the order waiting for its validator and on the rejected one: buyer, then manager. */
const TALK: Record<Language, { waiting: [string, string]; rejected: [string, string] }> = {
  nl: {
    waiting: ['Kan dit nog deze week geleverd worden? De nieuwe collega start maandag.', 'Ik keur het vandaag nog goed.'],
    rejected: ['Waarom is dit afgekeurd?', 'Het budget van dit kwartaal is op; bestel het in januari opnieuw.'],
  },
  en: {
    waiting: ['Can this still be delivered this week? The new colleague starts on Monday.', 'I will approve it today.'],
    rejected: ['Why was this rejected?', "This quarter's budget is spent; order it again in January."],
  },
  fr: {
    waiting: ['Est-ce encore livrable cette semaine ? Le nouveau collègue commence lundi.', "Je l'approuve aujourd'hui."],
    rejected: ['Pourquoi est-ce refusé ?', 'Le budget du trimestre est épuisé ; recommandez en janvier.'],
  },
};

const ABOUT: Record<Language, [string, string, string, string, string, string]> = {
  nl: ['Nieuwe medewerker', 'Voorraad magazijn', 'Vergaderzaal', 'Opleiding', 'Werkplaats', 'Offerte printer'],
  en: ['New colleague', 'Warehouse stock', 'Meeting room', 'Training', 'Workshop', 'Printer quote'],
  fr: ['Nouveau collègue', 'Stock entrepôt', 'Salle de réunion', 'Formation', 'Atelier', 'Devis imprimante'],
};

interface Article { id: string; supplierId: string; articleNumberSupplier: string; title: unknown; type: string | null; price: string; priceQuantity: number; tax: number }
interface Plan { status: Status; lines: [number, number][]; budget?: 'general' | 'office' | 'personal'; daysAgo: number; about: number; reason?: boolean }

/** Adds the demo orders and budgets to every seeded tenant (after the catalogues: orders need articles). */
export async function seedDemoOrders(db: Kysely<DB>): Promise<void> {
  // globex.localhost stays without orders: there a buyer meets the shop as a company that never
  // ordered (the dashboard's first-order guidance), and the approval journey starts from nothing.
  const tenants = await db.selectFrom('tenants').selectAll()
    .where('hostname', '!=', 'globex.localhost').orderBy('createdAt').execute();
  for (const tenant of tenants) await seedTenantOrders(db, { id: String(tenant.id), language: tenantLanguages(tenant as TenantRow).defaultLanguage, prefix: tenant.supplierOrderPrefix as string | null });
}

async function seedTenantOrders(db: Kysely<DB>, tenant: { id: string; language: Language; prefix: string | null }): Promise<void> {
  const user = async (email: string) => (await db.selectFrom('users').select('id').where('tenantId', '=', tenant.id).where('email', '=', email).executeTakeFirst())?.id as string | undefined;
  const [buyer, manager, finance] = await Promise.all([user('buyer@demo.test'), user('manager@demo.test'), user('finance@demo.test')]);
  if (!buyer || !manager || !finance) return;
  const customers = await db.selectFrom('customers').select(['id', 'features', 'financeApprovalThreshold']).where('tenantId', '=', tenant.id)
    .orderBy('createdAt').orderBy('id').limit(2).execute();
  const articles = (await db.selectFrom('supplierArticles').select(['id', 'supplierId', 'articleNumberSupplier', 'title', 'type', 'price', 'priceQuantity', 'tax'])
    .where('tenantId', '=', tenant.id).where('customerId', 'is', null).where('type', '=', 'Regular').where('price', '>', '0')
    .orderBy('articleNumberSupplier').limit(12).execute()) as unknown as Article[];
  if (!articles.length) return;

  for (const [index, c] of customers.entries()) {
    const customerId = String(c.id);
    const owner = { tenantId: tenant.id, customerId };
    const features = (typeof c.features === 'string' ? JSON.parse(c.features) : c.features ?? []) as string[];
    const department = await db.selectFrom('customerDepartments').select('id').where('customerId', '=', customerId).orderBy('createdAt').orderBy('id').executeTakeFirst();
    if (department) await db.updateTable('customerDepartments').set({ validatorUserId: manager }).where('id', '=', department.id).execute();
    if (index > 0) continue; // the buyer works for the first customer only
    if (features.includes('easyStock')) await seedDemoStock(db, owner, articles.map((a) => a.id), manager);

    const budgets: Partial<Record<'general' | 'office' | 'personal', string>> = {};
    if (features.includes('budgets')) {
      const names = BUDGET_NAMES[tenant.language];
      const buyerAccess = await db.selectFrom('customerAccesses').select('id').where('customerId', '=', customerId).where('userId', '=', buyer).executeTakeFirst();
      const add = async (name: string, period: 'monthly' | 'yearly', amount: string, customerAccessId: string | null = null) =>
        String((await db.insertInto('budgets').values({ ...owner, name, period, amount, active: true, customerAccessId }).returning('id').executeTakeFirstOrThrow()).id);
      budgets.general = await add(names.general, 'monthly', '5000.00');
      await add(names.invest, 'yearly', '25000.00');
      budgets.office = await add(names.office, 'monthly', '400.00');
      if (buyerAccess) budgets.personal = await add(names.personal('Bert'), 'monthly', '250.00', String(buyerAccess.id));
    }
    const threshold = c.financeApprovalThreshold == null ? null : toCents(String(c.financeApprovalThreshold));
    const plans: Plan[] = budgets.general
      ? [
        { status: 'approved', lines: [[0, 3], [1, 2]], budget: 'office', daysAgo: 0, about: 0 },
        { status: 'approved', lines: [[2, 4]], budget: 'general', daysAgo: 0, about: 1 },
        { status: 'rejected', lines: [[3, 10]], budget: 'general', daysAgo: 0, about: 2, reason: true },
        { status: 'toApprove', lines: [[4, 2], [5, 1]], budget: 'general', daysAgo: 0, about: 3 },
        { status: 'toApproveBudget', lines: [[6, 1], [7, 2]], daysAgo: 0, about: 4 },
        { status: 'incomplete', lines: [[8, 1]], daysAgo: 0, about: 5 },
        ...(threshold != null ? [{ status: 'financeApproval' as const, lines: [[9, 1]] as [number, number][], budget: 'general' as const, daysAgo: 0, about: 1 }] : []),
      ]
      : [
        { status: 'approved', lines: [[0, 2], [1, 1]], daysAgo: 6, about: 0 },
        { status: 'rejected', lines: [[3, 5]], daysAgo: 4, about: 2, reason: true },
        { status: 'toApprove', lines: [[4, 2]], daysAgo: 1, about: 3 },
        ...(threshold != null ? [{ status: 'financeApproval' as const, lines: [[5, 1]] as [number, number][], daysAgo: 2, about: 1 }] : []),
        { status: 'incomplete', lines: [[8, 1]], daysAgo: 0, about: 5 },
      ];
    let minute = 0;
    let sentOne = false;
    for (const plan of plans) {
      const orderDate = new Date(Date.now() - plan.daysAgo * 86_400_000 - (plans.length - minute) * 3_600_000);
      let lines = plan.lines.map(([a, amount], i) => lineOf(articles[a % articles.length]!, amount, i + 1));
      // A finance approval needs a total at or above the threshold: enough of the first article to reach it.
      if (plan.status === 'financeApproval' && threshold != null) {
        const a = articles[plan.lines[0]![0] % articles.length]!;
        const unit = toCents(a.price) / BigInt(Math.max(1, a.priceQuantity));
        lines = [lineOf(a, Number(threshold / (unit > 0n ? unit : 1n)) + 1, 1)];
      }
      const excl = lines.reduce((s, l) => s + l.excl, 0n);
      const incl = lines.reduce((s, l) => s + l.incl, 0n);
      const orderNumber = await nextOrderNumber(db, tenant.id, tenant.prefix);
      const order = await db.insertInto('orders').values({
        ...owner, orderNumber, orderDate, orderedById: buyer, status: plan.status, departmentId: department?.id ?? null,
        about: ABOUT[tenant.language][plan.about], labels: JSON.stringify([]), archived: false,
        totalProductCostExcl: fromCents(excl), totalProductCostIncl: fromCents(incl), shippingCost: '0.00', shippingCostVat: '0.00',
        loyaltyDiscount: '0.00', totalCost: fromCents(incl), rejectionReason: plan.reason ? REJECTION[tenant.language] : null,
        createdAt: orderDate, updatedAt: orderDate,
      } as never).returning('id').executeTakeFirstOrThrow();
      const orderId = String(order.id);
      const budgetId = plan.budget ? budgets[plan.budget] ?? null : null;
      await db.insertInto('orderLines').values(lines.map((l) => ({
        ...owner, orderId, lineNumber: l.lineNumber, lineType: 'article', supplierArticleId: l.article.id, supplierId: l.article.supplierId,
        articleNumberSupplier: l.article.articleNumberSupplier, title: JSON.stringify(l.article.title), articleType: l.article.type, unitPrice: l.article.price,
        priceQuantity: l.article.priceQuantity, tax: l.article.tax, amount: l.amount, totalLineCostExcl: fromCents(l.excl), totalLineCostIncl: fromCents(l.incl), budgetId,
      })) as never).execute();

      const steps: { action: Action; userId: string; from?: Status; to?: Status; reason?: string | null }[] = [];
      const initial: Status = budgets.general ? 'toApproveBudget' : 'toApprove';
      steps.push({ action: 'created', userId: buyer, to: plan.status === 'incomplete' ? 'incomplete' : initial });
      if (budgetId) {
        steps.push({ action: 'budgetAssigned', userId: buyer, reason: (await db.selectFrom('budgets').select('name').where('id', '=', budgetId).executeTakeFirstOrThrow()).name as string });
        steps.push({ action: 'statusChanged', userId: buyer, from: 'toApproveBudget', to: 'toApprove' });
      }
      if (plan.status === 'approved') steps.push({ action: 'approved', userId: manager, from: 'toApprove', to: 'approved' });
      if (plan.status === 'financeApproval') steps.push({ action: 'statusChanged', userId: manager, from: 'toApprove', to: 'financeApproval' });
      if (plan.status === 'rejected') steps.push({ action: 'rejected', userId: manager, from: 'toApprove', to: 'rejected', reason: REJECTION[tenant.language] });
      for (const [i, s] of steps.entries()) {
        await db.insertInto('orderHistory').values({
          ...owner, orderId, action: s.action, userId: s.userId, fromStatus: s.from ?? null, toStatus: s.to ?? null, reason: s.reason ?? null,
          createdAt: new Date(orderDate.getTime() + i * 600_000),
        }).execute();
      }
      // The validator's approval charged the budget: approved orders and those waiting for finance.
      if ((plan.status === 'approved' || plan.status === 'financeApproval') && budgetId) {
        const b = await db.selectFrom('budgets').select('period').where('id', '=', budgetId).executeTakeFirstOrThrow();
        await db.insertInto('budgetEntries').values({
          ...owner, budgetId, periodStart: periodOf(b.period as 'monthly' | 'yearly', todayInShopZone(orderDate)).start, amount: fromCents(excl), kind: 'charge', orderId, userId: manager,
        }).execute();
        // The office budget is the nearly spent one: its amount is what this order charged plus about 5%, in tens.
        if (plan.budget === 'office') {
          const amount = ((excl * 105n) / 100n / 1000n + 1n) * 1000n;
          await db.updateTable('budgets').set({ amount: fromCents(amount) }).where('id', '=', budgetId).execute();
        }
      }
      // An approved order went to its suppliers: the first one's supplier orders were sent and answered, the others wait to be sent.
      if (plan.status === 'approved') {
        const ids = await createSupplierOrders(db, owner, orderId);
        // Made when the manager approved (the history's last step so far), as a live approval would.
        const approvedAt = new Date(orderDate.getTime() + (steps.length - 1) * 600_000);
        if (ids.length) await db.updateTable('supplierOrders').set({ createdAt: approvedAt, updatedAt: approvedAt }).where('id', 'in', ids).execute();
        if (!sentOne && ids.length) {
          sentOne = true;
          // supplier@demo.test works for the supplier of these: they land on supplier orders to follow up.
          const [first] = await db.selectFrom('supplierOrders').select('supplierId').where('id', 'in', ids).orderBy('gcsNumber').execute();
          if (first?.supplierId) {
            await db.updateTable('users').set({ supplierIds: JSON.stringify([first.supplierId]) } as never)
              .where('tenantId', '=', tenant.id).where('email', '=', 'supplier@demo.test').execute();
          }
          const sentAt = new Date(orderDate.getTime() + steps.length * 600_000);
          await db.updateTable('supplierOrders').set({ status: 'WAITFORDELIVERY', sentAt, updatedAt: new Date(sentAt.getTime() + 60_000) }).where('id', 'in', ids).execute();
          for (const id of ids) {
            await db.insertInto('supplierOrderFollowUps').values([
              { ...owner, supplierOrderId: id, fromStatus: 'CREATED', status: 'WAITFORORDERRESPONSE', remark: null, userId: null, createdAt: sentAt, updatedAt: sentAt },
              { ...owner, supplierOrderId: id, fromStatus: 'WAITFORORDERRESPONSE', status: 'WAITFORDELIVERY', remark: SUPPLIER_CONFIRMATION[tenant.language], userId: null, createdAt: new Date(sentAt.getTime() + 60_000), updatedAt: new Date(sentAt.getTime() + 60_000) },
            ]).execute();
          }
          await db.insertInto('orderHistory').values([
            { ...owner, orderId, action: 'sentToSupplier', userId: null, createdAt: new Date(sentAt.getTime() + 1) },
            { ...owner, orderId, action: 'supplierResponse', userId: null, reason: SUPPLIER_CONFIRMATION[tenant.language], createdAt: new Date(sentAt.getTime() + 60_000) },
          ]).execute();
          // The supplier announced its delivery: one to confirm on /deliveries.
          for (const id of ids) await seedDemoDelivery(db, owner, id, new Date(sentAt.getTime() + 120_000));
        }
      }
      const talk = plan.status === 'toApprove' ? TALK[tenant.language].waiting : plan.status === 'rejected' ? TALK[tenant.language].rejected : null;
      if (talk) {
        // The buyer asks, the manager answers and so follows the conversation too (the orderer follows by default).
        for (const [i, [userId, content]] of ([[buyer, talk[0]], [manager, talk[1]]] as const).entries()) {
          const at = new Date(orderDate.getTime() + (steps.length + i) * 600_000);
          await db.insertInto('orderComments').values({ ...owner, orderId, userId, content, attachments: JSON.stringify([]), createdAt: at, updatedAt: at } as never).execute();
        }
        await db.insertInto('orderConversationFollowers').values({ ...owner, orderId, userId: manager, following: true }).execute();
      }
      minute++;
    }
    // The supplier orders' invoices: open, expired and paid ones on /invoices.
    if (features.includes('invoices')) await seedDemoInvoices(db, owner, finance);
  }
}

function lineOf(article: Article, amount: number, lineNumber: number) {
  const { excl, incl } = lineMoney({ price: article.price, priceQuantity: article.priceQuantity ?? 1, amount, tax: article.tax ?? 21 });
  return { article, amount, lineNumber, excl, incl };
}
