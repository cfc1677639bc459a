/**
 * Texts of the dashboard (to approve, tasks, my recent orders, banners, articles to order again,
 * promoted articles, popular categories, the platform user's admin screens), in Dutch.
 * English and French: dashboard.en.ts and dashboard.fr.ts, typed by this Dutch tree, so a key
 * forgotten in one language fails to compile; each language is loaded with its pack (../packs).
 */
export const nl = {
  dashboard: {
    toApprove: 'Goed te keuren',
    toApproveCount_one: '{{count}} bestelling wacht op jou',
    toApproveCount_other: '{{count}} bestellingen wachten op jou',
    nothingToApprove: 'Er wacht niets op jouw goedkeuring.',
    // A buyer's own orders waiting for a budget: their task is assigning one, not approving.
    assignBudget: 'Budget toewijzen',
    toAssignCount_one: '{{count}} bestelling wacht op een budget',
    toAssignCount_other: '{{count}} bestellingen wachten op een budget',
    nothingToAssign: 'Geen bestelling wacht op een budget.',
    openToAssign: 'Naar de bestellingen zonder budget',
    tasks: 'Mijn taken',
    noTasks: 'Je hebt geen openstaande taken.',
    step: { approve: 'Goedkeuren', assignBudgets: 'Budget toewijzen', requireFinance: 'Goedkeuren', approveFinance: 'Financieel goedkeuren' },
    recentOrders: 'Mijn laatste bestellingen',
    noOrders: 'Je hebt nog niets besteld.',
    orderedBy: 'door {{name}}',
    allOrders: 'Alle bestellingen',
    openInbox: 'Naar de te keuren bestellingen',
    shop: 'Naar de producten',
    loadFailed: 'Dit deel van het dashboard kon niet worden geladen.',
    banners: 'Acties',
    bannerUntil: 'Tot {{date}}',
    bannerOpen: 'Bekijken',
    recentArticles: 'Opnieuw bestellen',
    topArticles: 'Meest besteld',
    promoted: 'In de kijker',
    promotedCount: '{{shown}} van {{total}}',
    popularCategories: 'Populaire categorieën',
    firstOrder: {
      title: 'Plaats je eerste bestelling',
      text: 'Je bedrijf heeft nog niets besteld. Zoek in de catalogus of begin bij een populaire categorie; wat je bestelt, kan je hier later in één klik opnieuw bestellen.',
      action: 'Naar de catalogus',
    },
    platform: {
      title: 'Platformbeheer',
      text: 'De beheerschermen die je kan openen, met het aantal records in elk.',
      open: '{{name}} openen',
      openShort: 'Openen',
    },
  },
};

export type DashboardMessages = typeof nl;
