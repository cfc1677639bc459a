import { access, field, resource, t } from '../dsl';

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
  actions: {
    calculateDiscount: {
      method: 'GET', path: '/loyalty/calculateDiscount', access: access.customer(),
      summary: 'The discount that spending points gives on a cost (cost, points, customerId), limited by the balance and the cost.',
    },
    pointsCount: {
      method: 'GET', path: '/loyalty/getYcoinCount', access: access.customer(),
      summary: "The acting customer's points balance (customerId).",
    },
  },
  notFound: 'notFound',
  failureTexts: { get: t('Fout bij het berekenen van de korting', 'Error calculating discount', 'Erreur lors du calcul de la remise') },
});
