import type { BasketAdminMessages } from './messages';

export const en: BasketAdminMessages = {
  basketAdmin: {
    byDate: 'By date changed',
    linesCount: 'Number of lines',
    empty: 'This basket is empty.',
  },
};
