import { useGetList, useGetOne } from 'ra-core';
import { useSuppliersBudgetReferences, useSuppliersOrderPdfSettings } from '../../../../generated/app/calls.gen';
import { suppliersOwn } from '../../../../generated/app/calls/suppliers.gen';
import type { CustomerDepartmentRecord } from '../../../../generated/types/customer-departments.gen';
import type { ProjectRecord } from '../../../../generated/types/projects.gen';
import type { SupplierRecord } from '../../../../generated/types/suppliers.gen';
import type { Contracts } from '../../../shared/contracts';
import type { ResultOf } from '../../../shared/contracts/define';
import { useCallQuery } from '../../data/calls';

export type BudgetReference = ResultOf<Contracts['suppliers']['setBudgetReference']>;

/** GET /v2/suppliers: the platform suppliers and the company's own, searched and paged (the data provider's list). */
export function useSuppliers(params: { search?: string; page: number; pageSize: number }) {
  const { data, total, error } = useGetList<SupplierRecord>('suppliers', {
    pagination: { page: params.page, perPage: params.pageSize },
    filter: params.search ? { search: params.search } : {},
  });
  return { data: data ? { items: data, total: total ?? 0 } : undefined, error };
}

/** POST /suppliers/own: only the company's own suppliers. */
export function useOwnSuppliers(params: { search?: string; page: number; pageSize: number }, enabled: boolean) {
  const { data, error } = useCallQuery(suppliersOwn, {
    body: { query: { skip: (params.page - 1) * params.pageSize, take: params.pageSize, search: params.search || null } },
  }, { enabled });
  return { data: data?.result, error };
}

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
