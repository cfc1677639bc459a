import type { BasketAdminMessages } from './messages';

export const fr: BasketAdminMessages = {
  basketAdmin: {
    title: 'Panier de {{name}}',
    byDate: 'Par date de modification',
    linesCount: 'Nombre de lignes',
    empty: 'Ce panier est vide.',
  },
};
