import type { DashboardMessages } from './messages';

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
    openInbox: 'Voir les commandes à approuver',
    shop: 'Vers les produits',
    loadFailed: "Cette partie du tableau de bord n'a pas pu être chargée.",
    banners: 'Promotions',
    bannerUntil: "Jusqu'au {{date}}",
    bannerOpen: 'Voir',
    recentArticles: 'Commander à nouveau',
    topArticles: 'Les plus commandés',
    promoted: 'À la une',
    promotedCount: '{{shown}} sur {{total}}',
    popularCategories: 'Catégories populaires',
    firstOrder: {
      title: 'Passez votre première commande',
      text: "Votre entreprise n'a encore rien commandé. Cherchez dans le catalogue ou commencez par une catégorie populaire ; ce que vous commandez apparaîtra ici, à recommander en un clic.",
      action: 'Parcourir le catalogue',
    },
    platform: {
      title: 'Administration de la plateforme',
      text: "Les écrans d'administration que vous pouvez ouvrir, avec le nombre d'enregistrements de chacun.",
      open: 'Ouvrir {{name}}',
      openShort: 'Ouvrir',
    },
  },
};
