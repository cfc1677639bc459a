import { useBudgetsList } from '../../../../generated/app/calls.gen';

/**
 * The budgets the user may charge now (GET /v2/budgets?usable=true: the rule assign-budget applies),
 * each with what is left of its current period: the choice of the basket and of the order's page,
 * one read for both.
 */
export const useUsableBudgets = (enabled: boolean) => useBudgetsList({ query: { page: 1, pageSize: 100, usable: 'true' } }, { enabled });
