/**
 * Texts of the dashboard's widgets (to approve, tasks, my recent orders), in Dutch.
 * English and French: dashboard.en.ts and dashboard.fr.ts, typed by this Dutch tree, so a key
 * forgotten in one language fails to compile; each language is loaded with its pack (../packs).
 */
export const nl = {
  dashboard: {
    toApprove: 'Goed te keuren',
    toApproveCount_one: '{{count}} bestelling wacht op jou',
    toApproveCount_other: '{{count}} bestellingen wachten op jou',
    nothingToApprove: 'Er wacht niets op jouw goedkeuring.',
    tasks: 'Mijn taken',
    noTasks: 'Je hebt geen openstaande taken.',
    step: { approve: 'Goedkeuren', assignBudgets: 'Budget toewijzen', requireFinance: 'Goedkeuren', approveFinance: 'Financieel goedkeuren' },
    recentOrders: 'Mijn laatste bestellingen',
    noOrders: 'Je hebt nog niets besteld.',
    orderedBy: 'door {{name}}',
    allOrders: 'Alle bestellingen',
    shop: 'Naar de producten',
    loadFailed: 'Dit deel van het dashboard kon niet worden geladen.',
  },
};

export type DashboardMessages = typeof nl;
