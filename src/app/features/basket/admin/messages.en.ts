import type { BasketAdminMessages } from './messages';

export const en: BasketAdminMessages = {
  basketAdmin: {
    title: 'Basket of {{name}}',
    byDate: 'By date changed',
    linesCount: 'Number of lines',
    empty: 'This basket is empty.',
  },
};
