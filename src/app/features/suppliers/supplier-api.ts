import { useGetList, useGetOne } from 'ra-core';
import { useSuppliersBudgetReferences, useSuppliersOrderPdfSettings } from '../../../../generated/app/calls.gen';
import type { CustomerDepartmentRecord } from '../../../../generated/types/customer-departments.gen';
import type { ProjectRecord } from '../../../../generated/types/projects.gen';
import type { SupplierRecord } from '../../../../generated/types/suppliers.gen';
import type { Contracts } from '../../../shared/contracts';
import type { ResultOf } from '../../../shared/contracts/define';

export type BudgetReference = ResultOf<Contracts['suppliers']['setBudgetReference']>;

/** GET /v2/suppliers/{id} (the data provider's getOne). */
export function useSupplier(id: string) {
  return useGetOne<SupplierRecord>('suppliers', { id });
}

/** GET /v2/suppliers/budget-references?supplierIds=[id]: the company's entry for one supplier (an empty one until saved). */
export function useBudgetReference(id: string) {
  const { data } = useSuppliersBudgetReferences({ query: { supplierIds: JSON.stringify([id]) } });
  const entry: BudgetReference | undefined = data ? data[0] ?? { supplierId: id, budgetReference: null, departmentIds: [], projectIds: [] } : undefined;
  return { data: entry };
}

export function usePdfSettings(id: string, enabled: boolean) {
  return useSuppliersOrderPdfSettings({ params: { id } }, { enabled });
}

/** The company's departments and projects, to choose from (the data provider's lists). */
export function useDepartmentsAndProjects() {
  const all = { pagination: { page: 1, perPage: 1000 } };
  const departments = useGetList<CustomerDepartmentRecord>('customer-departments', all);
  const projects = useGetList<ProjectRecord>('projects', all);
  const named = (rows: readonly { id: string; name?: string | null }[]) => rows.map((r) => ({ id: r.id, name: r.name ?? '' }));
  return {
    data: departments.data && projects.data ? { departments: named(departments.data), projects: named(projects.data) } : undefined,
  };
}
