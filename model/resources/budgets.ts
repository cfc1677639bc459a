import { field, resource, t } from '../dsl';
import { L } from '../catalogue/texts';

/**
 * Budgets (core §3 Budget list, §7 Budgets and loyalty; flows §3 Budget, §4 Budget assignment, §5):
 * money a company (or one customer access, the credit holder) may spend per month or per year.
 * Order lines are assigned a budget; approving the order charges it, rejecting or removing the
 * budget releases it. What was charged is a ledger (budget-entries), so a release gives back exactly
 * what the order took and the spent of a period is the sum of its entries.
 */

export const BUDGET_PERIODS = {
  monthly: t('Maandelijks', 'Monthly', 'Mensuel'),
  yearly: t('Jaarlijks', 'Yearly', 'Annuel'),
};

const T = {
  budget: t('Budget', 'Budget', 'Budget'),
  access: t('Budgethouder', 'Budget holder', 'Titulaire du budget'),
};

/** A budget setting: per customer access (customerAccessId) or for the whole customer (none). */
export const budgets = resource('budgets', {
  label: { one: T.budget, many: t('Budgetten', 'Budgets', 'Budgets') },
  scope: 'customer',
  area: 'users',
  feature: 'budgets',
  fields: {
    name: field.text(L.name).required().max(200).example('Marketing'),
    customerAccessId: field.reference(T.access, 'customer-accesses'),
    period: field.enum(t('Periode', 'Period', 'Période'), BUDGET_PERIODS).required().default('monthly'),
    amount: field.money(t('Bedrag per periode (excl. btw)', 'Amount per period (excl. VAT)', 'Montant par période (HTVA)')).required().min(0),
    active: field.boolean(L.active).default(true),
  },
  recordRepresentation: 'name',
  list: { columns: ['name', 'period', 'amount'], sort: { field: 'name', order: 'ASC' } },
  // Its calls are contracts: src/shared/contracts/budgets.ts.
  notFound: 'BudgetNotFound',
  failureTexts: {
    list: t('Fout bij het laden van de budgetten', 'Error loading budgets', 'Erreur lors du chargement des budgets'),
    create: t('Fout bij het aanmaken van het budget', 'Error creating budget', 'Erreur lors de la création du budget'),
    update: t('Fout bij het bijwerken van het budget', 'Error updating budget', 'Erreur lors de la mise à jour du budget'),
    delete: t('Fout bij het verwijderen van het budget', 'Error deleting budget', 'Erreur lors de la suppression du budget'),
  },
});

export const BUDGET_ENTRY_KINDS = {
  charge: t('Aangerekend', 'Charged', 'Imputé'),
  release: t('Vrijgegeven', 'Released', 'Libéré'),
  correction: t('Correctie', 'Correction', 'Correction'),
};

/**
 * The budgets' ledger: what each order charged to a budget's period and what was given back.
 * Written by the server only; a period's spent is the sum of its entries.
 */
export const budgetEntries = resource('budget-entries', {
  label: { one: t('Budgetboeking', 'Budget entry', 'Écriture de budget'), many: t('Budgetboekingen', 'Budget entries', 'Écritures de budget') },
  scope: 'customer',
  area: 'users',
  feature: 'budgets',
  fields: {
    budgetId: field.reference(T.budget, 'budgets').required(),
    periodStart: field.date(t('Periode vanaf', 'Period from', 'Période à partir du')).required(),
    amount: field.money(t('Bedrag', 'Amount', 'Montant')).required(),
    kind: field.enum(t('Soort', 'Kind', 'Type'), BUDGET_ENTRY_KINDS).required(),
    orderId: field.reference(t('Bestelling', 'Order', 'Commande'), 'orders'),
    userId: field.reference(t('Gebruiker', 'User', 'Utilisateur'), 'users'),
  },
  recordRepresentation: 'kind',
  list: { columns: ['createdAt', 'budgetId', 'kind', 'amount'], sort: { field: 'createdAt', order: 'DESC' } },
  notFound: 'BudgetNotFound',
});
