import { access, endpoints, field, resource, t } from '../dsl';
import { L } from '../catalogue/texts';

/** Departments of a customer (flows §3). Warehouses, users and budgets point at them. */
export const customerDepartments = resource('customer-departments', {
  label: { one: t('Afdeling', 'Department', 'Département'), many: t('Afdelingen', 'Departments', 'Départements') },
  scope: 'customer',
  area: 'users',
  fields: {
    name: field.text(L.name).required().max(200).example('Logistiek'),
    costCenter: field.text(t('Kostenplaats', 'Cost centre', 'Centre de coûts')).max(50),
    validatorUserId: field.reference(t('Valideerder', 'Validator', 'Validateur'), 'users'),
    // The budget the department's orders are meant to use (a budget of the same customer).
    budgetId: field.reference(t('Budget', 'Budget', 'Budget'), 'budgets'),
  },
  recordRepresentation: 'name',
  list: { columns: ['name', 'costCenter'], sort: { field: 'name', order: 'ASC' } },
  endpoints: {
    customer: endpoints.rest('/customer-departments/query', ['list'], access.customer()),
  },
  // Its create and update calls: src/shared/contracts/customer-departments.ts.
  notFound: 'DepartmentNotFound',
});
