import { field, resource, t } from '../dsl';

/**
 * The loyalty ledger (core §7 Budgets and loyalty, flows §1 "a virtual currency can be spent on
 * orders"): points earned and spent per customer; the balance is their sum.
 */
export const loyaltyTransactions = resource('loyalty-transactions', {
  label: { one: t('Puntenboeking', 'Points entry', 'Écriture de points'), many: t('Punten', 'Points', 'Points') },
  scope: 'customer',
  feature: 'ycoin',
  fields: {
    points: field.integer(t('Punten', 'Points', 'Points')).required(),
    reason: field.text(t('Reden', 'Reason', 'Motif')).max(200),
    orderId: field.reference(t('Bestelling', 'Order', 'Commande'), 'orders'),
  },
  recordRepresentation: 'reason',
  list: { columns: ['createdAt', 'points', 'reason'], sort: { field: 'createdAt', order: 'DESC' } },
  // Its calls: src/shared/contracts/loyalty-transactions.ts.
  notFound: 'notFound',
  failureTexts: { get: t('Fout bij het berekenen van de korting', 'Error calculating discount', 'Erreur lors du calcul de la remise') },
});
