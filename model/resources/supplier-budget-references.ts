import { field, resource, t } from '../dsl';

/**
 * A company's own settings for a supplier it orders from (flows §3 Supplier: "budget references per
 * customer, … departments, projects"): the budget reference its bookkeeping files the supplier's
 * spending under, the departments and the projects that order from it. One per customer and supplier,
 * platform supplier or own; read by GET /v2/suppliers/budget-references, set by PUT
 * /v2/suppliers/{id}/budget-reference (src/server/suppliers/budget-references.ts).
 *
 * Decision: a resource of its own, not fields on suppliers: a platform supplier is shared by every
 * company of the tenant, and each company files it under its own reference and departments.
 */
export const supplierBudgetReferences = resource('supplier-budget-references', {
  label: { one: t('Budgetreferentie', 'Budget reference', 'Référence budgétaire'), many: t('Budgetreferenties', 'Budget references', 'Références budgétaires') },
  scope: 'customer',
  area: 'suppliers',
  fields: {
    supplierId: field.reference(t('Leverancier', 'Supplier', 'Fournisseur'), 'suppliers').required().unique(),
    budgetReference: field.text(t('Budgetreferentie', 'Budget reference', 'Référence budgétaire')).max(100).example('KP-4010'),
    departmentIds: field.stringList(t('Afdelingen', 'Departments', 'Départements')),
    projectIds: field.stringList(t('Projecten', 'Projects', 'Projets')),
  },
  recordRepresentation: 'budgetReference',
  list: { columns: ['supplierId', 'budgetReference'], sort: { field: 'updatedAt', order: 'DESC' } },
  notFound: 'SupplierNotFound',
});
