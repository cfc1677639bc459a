/**
 * The basket's budget choice (BasketBudget.tsx), in Dutch: the basket renders in a react-admin area,
 * so these travel with the admin tier (packs/*-admin.ts). English and French: budget-messages.en.ts
 * and .fr.ts, typed by this Dutch tree.
 */
export const nl = {
  basketBudget: {
    heading: 'Budget',
    help: 'Deze bestelling vraagt {{amount}} excl. btw van een budget. Kies je er nu een, dan gaat ze meteen naar de goedkeuring.',
    later: 'Later kiezen, op de pagina van de bestelling',
    remaining: '{{remaining}} over',
    notEnough: 'niet genoeg voor deze bestelling',
    blocked: 'Het budget {{name}} heeft niet genoeg over voor deze bestelling ({{remaining}} over). Kies een ander budget of kies later.',
  },
};

export type BasketBudgetMessages = typeof nl;
