import type { BasketBudgetMessages } from './budget-messages';

export const en: BasketBudgetMessages = {
  basketBudget: {
    heading: 'Budget',
    help: 'This order needs {{amount}} excl. VAT from a budget. Choose one now and it goes straight to approval.',
    later: "Choose later, on the order's page",
    remaining: '{{remaining}} left',
    notEnough: 'not enough for this order',
    blocked: 'The budget {{name}} does not have enough left for this order ({{remaining}} left). Choose another budget or choose later.',
  },
};
