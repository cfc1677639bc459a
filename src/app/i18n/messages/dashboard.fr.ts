import type { DashboardMessages } from './dashboard';

/** The French texts of ./dashboard.ts. */
export const fr: DashboardMessages = {
  dashboard: {
    toApprove: 'À approuver',
    toApproveCount_one: '{{count}} commande vous attend',
    toApproveCount_other: '{{count}} commandes vous attendent',
    nothingToApprove: "Rien n'attend votre approbation.",
    tasks: 'Mes tâches',
    noTasks: "Vous n'avez aucune tâche en cours.",
    step: { approve: 'Approuver', assignBudgets: 'Attribuer un budget', requireFinance: 'Approuver', approveFinance: 'Approbation financière' },
    recentOrders: 'Mes dernières commandes',
    noOrders: "Vous n'avez encore rien commandé.",
    orderedBy: 'par {{name}}',
    allOrders: 'Toutes les commandes',
    shop: 'Vers les produits',
    loadFailed: "Cette partie du tableau de bord n'a pas pu être chargée.",
  },
};
