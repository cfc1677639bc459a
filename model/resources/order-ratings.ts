import { field, resource, t } from '../dsl';
import { CONSTANTS } from '../catalogue/constants';

/**
 * An order's rating (flows §2 /order-detail tab "ratings", §3 Rating "score 0 to 4, comment, user,
 * date", §5 "A rating can be given once per order", §8 'order already rated', §9 "Rating scores 0 to
 * 4"). One rating per order, given by whoever may read the order once it is approved; a second is
 * refused (OrderAlreadyRated, a unique key in src/server/db/after). The spec names no calls: the
 * order's sub-resource, as its history and conversation (src/server/ratings); its calls are in
 * src/shared/contracts/order-ratings.ts.
 */
export const orderRatings = resource('order-ratings', {
  label: { one: t('Beoordeling', 'Rating', 'Évaluation'), many: t('Beoordelingen', 'Ratings', 'Évaluations') },
  scope: 'customer',
  area: 'orders',
  fields: {
    orderId: field.reference(t('Bestelling', 'Order', 'Commande'), 'orders').required().readOnly(),
    userId: field.reference(t('Beoordeeld door', 'Rated by', 'Évalué par'), 'users').readOnly(),
    score: field.integer(t('Score', 'Score', 'Note')).required().min(CONSTANTS.ratingMin).max(CONSTANTS.ratingMax),
    comment: field.textarea(t('Opmerking', 'Comment', 'Commentaire')).max(2000),
  },
  recordRepresentation: 'score',
  list: { columns: ['createdAt', 'score', 'userId'], sort: { field: 'createdAt', order: 'ASC' } },
  notFound: 'OrderNotFound',
  failureTexts: {
    list: t('Fout bij het laden van de beoordeling', 'Error loading the rating', "Erreur lors du chargement de l'évaluation"),
    create: t('Fout bij het bewaren van de beoordeling', 'Error saving the rating', "Erreur lors de l'enregistrement de l'évaluation"),
  },
});
