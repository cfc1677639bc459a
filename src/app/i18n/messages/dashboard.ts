import type { Language } from '../../../../model/dsl/i18n';

/** Texts of the dashboard's widgets (to approve, tasks, my recent orders), in nl/en/fr. */
const nl = {
  dashboard: {
    toApprove: 'Goed te keuren',
    toApproveCount: '%{smart_count} bestelling wacht op jou |||| %{smart_count} bestellingen wachten op jou',
    nothingToApprove: 'Er wacht niets op jouw goedkeuring.',
    tasks: 'Mijn taken',
    noTasks: 'Je hebt geen openstaande taken.',
    step: { approve: 'Goedkeuren', assignBudgets: 'Budget toewijzen', requireFinance: 'Goedkeuren', approveFinance: 'Financieel goedkeuren' },
    recentOrders: 'Mijn laatste bestellingen',
    noOrders: 'Je hebt nog niets besteld.',
    orderedBy: 'door %{name}',
    allOrders: 'Alle bestellingen',
    shop: 'Naar de producten',
    loadFailed: 'Dit deel van het dashboard kon niet worden geladen.',
  },
};

export type DashboardMessages = typeof nl;

const en: DashboardMessages = {
  dashboard: {
    toApprove: 'To approve',
    toApproveCount: '%{smart_count} order is waiting for you |||| %{smart_count} orders are waiting for you',
    nothingToApprove: 'Nothing is waiting for your approval.',
    tasks: 'My tasks',
    noTasks: 'You have no open tasks.',
    step: { approve: 'Approve', assignBudgets: 'Assign budget', requireFinance: 'Approve', approveFinance: 'Finance approval' },
    recentOrders: 'My latest orders',
    noOrders: 'You have not ordered anything yet.',
    orderedBy: 'by %{name}',
    allOrders: 'All orders',
    shop: 'Go to the products',
    loadFailed: 'This part of the dashboard could not be loaded.',
  },
};

const fr: DashboardMessages = {
  dashboard: {
    toApprove: 'À approuver',
    toApproveCount: '%{smart_count} commande vous attend |||| %{smart_count} commandes vous attendent',
    nothingToApprove: "Rien n'attend votre approbation.",
    tasks: 'Mes tâches',
    noTasks: "Vous n'avez aucune tâche en cours.",
    step: { approve: 'Approuver', assignBudgets: 'Attribuer un budget', requireFinance: 'Approuver', approveFinance: 'Approbation financière' },
    recentOrders: 'Mes dernières commandes',
    noOrders: "Vous n'avez encore rien commandé.",
    orderedBy: 'par %{name}',
    allOrders: 'Toutes les commandes',
    shop: 'Vers les produits',
    loadFailed: "Cette partie du tableau de bord n'a pas pu être chargée.",
  },
};

export const DASHBOARD_MESSAGES: Readonly<Record<Language, DashboardMessages>> = { nl, en, fr };
