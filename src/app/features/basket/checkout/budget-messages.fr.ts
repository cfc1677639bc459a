import type { BasketBudgetMessages } from './budget-messages';

export const fr: BasketBudgetMessages = {
  basketBudget: {
    heading: 'Budget',
    help: "Cette commande demande {{amount}} HTVA à un budget. Si vous en choisissez un maintenant, elle part directement à l'approbation.",
    later: 'Choisir plus tard, sur la page de la commande',
    remaining: '{{remaining}} disponible',
    notEnough: 'insuffisant pour cette commande',
    blocked: "Le budget {{name}} n'a plus assez pour cette commande ({{remaining}} disponible). Choisissez un autre budget ou choisissez plus tard.",
  },
};
