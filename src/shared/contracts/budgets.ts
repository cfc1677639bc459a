import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { budgets } from '../../../model/resources/budgets';
import { budgetCreateSchema, budgetUpdateSchema } from '../../../generated/schemas/budgets.gen';
import { contractsOf } from './define';
import { budgetSchema, resultOf, uuidText } from './shapes';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date');
const many = resultOf(z.array(budgetSchema));

/** The budget calls (core §7 Budgets and loyalty: GET /v2/budgets; flows §7: /budget-setting/…). */
export const budgetContracts = contractsOf(budgets, {
  list: {
    method: 'GET', path: '/v2/budgets', access: access.customer('orders', 'R'),
    summary: "The budgets the caller may use on the acting customer's orders (page, pageSize 10, filter on the name): each with the current period's amount, spent and remaining; customer admins, validators and finance see every budget. usable=true (not in the spec): only those the caller may charge now (active), as assign-budget and the basket's choice accept them.",
    query: z.object({
      usable: z.enum(['true', 'false']).optional(),
      page: z.coerce.number().int().min(1, 'minValue').default(1),
      pageSize: z.coerce.number().int().min(1, 'minValue').max(100, 'maxValue').default(10),
      customerId: z.string().optional(),
      filter: z.string().max(200, 'maxLength').optional(),
    }),
    response: z.object({ items: z.array(budgetSchema), page: z.number(), pageSize: z.number(), total: z.number() }),
  },
  getByCustomerAccessId: {
    method: 'POST', read: true, path: '/budget-setting/getByCustomerAccessId', access: access.customer('orders', 'R'),
    summary: "The budgets of one customer access ({customerAccessId}) with their current period; a user reads their own, managers every access's.",
    body: z.object({ customerAccessId: uuidText }),
    response: many,
  },
  getByCustomerId: {
    method: 'POST', read: true, path: '/budget-setting/getByCustomerId', access: access.customer('orders', 'R'),
    summary: "The acting customer's own budgets (those of no single access) with their current period ({customerId}).",
    body: z.object({ customerId: z.string().nullish() }).nullish(),
    response: many,
  },
  currentBudget: {
    method: 'POST', read: true, path: '/budget-setting/current-budget', access: access.customer('orders', 'R'),
    summary: "One budget's current period ({budgetId}, optional {date} to read another period): start, end, amount, spent and remaining.",
    body: z.object({ budgetId: uuidText, date: day.nullish() }),
    response: resultOf(budgetSchema),
    errors: ['BudgetNotFound'],
  },
  create: {
    method: 'POST', path: '/budget-setting/create', access: access.customer('users', 'C'),
    summary: 'Creates a budget ({dto}: name, period, amount, customerAccessId or none for the whole customer). Answers it with its current period.',
    body: z.object({ dto: budgetCreateSchema }),
    response: resultOf(budgetSchema),
  },
  update: {
    method: 'POST', path: '/budget-setting/update', access: access.customer('users', 'W'),
    summary: "Changes a budget ({dto} with id); a `spent` in the dto books a correction of the current period's spent, never below 0 (BudgetSpentBelow0).",
    /** `spent`: the current period's spent after a correction (a decimal, never below 0). */
    body: z.object({ dto: budgetUpdateSchema.and(z.object({ id: uuidText, spent: z.string().regex(/^-?\d+(?:[.,]\d{1,2})?$/, 'numerical').nullish() })) }),
    response: resultOf(budgetSchema),
    errors: ['BudgetNotFound', 'BudgetSpentBelow0'],
  },
  hardDelete: {
    method: 'POST', path: '/budget-setting/harddelete', access: access.customer('users', 'D'),
    summary: 'Removes a budget ({id}) that no order line uses (BudgetInUse otherwise: deactivate it instead).',
    body: z.object({ id: uuidText }),
    response: resultOf(z.literal(true)),
    errors: ['BudgetNotFound', 'BudgetInUse'],
  },
});
