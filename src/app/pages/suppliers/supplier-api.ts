import { useQueryClient } from '@tanstack/react-query';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { useAppQuery } from '../../data/query-client';
import type { BodyIn, ResultOf } from '../../../shared/contracts/define';
import type { supplierContracts } from '../../../shared/contracts/suppliers';

/** A supplier as GET /v2/suppliers answers it (flows §3 Supplier); customerId null: a platform supplier. */
export interface SupplierRow {
  id: string;
  customerId: string | null;
  name: string;
  vatNumber: string | null;
  email: string | null;
  contactEmail: string | null;
  orderEmail: string | null;
  phone: string | null;
  website: string | null;
  logoUrl: string | null;
  address: { street?: string | null; houseNumber?: string | null; bus?: string | null; zipCode?: string | null; city?: string | null; countryCode?: string | null } | null;
  description: string | null;
  returnInformation: string | null;
  deliveryTimes: string | null;
  shippingCost: string | null;
  freeShippingFrom: string | null;
  minimumOrderPrice: string | null;
  defaultCatalogue: string | null;
  clientNumber: string | null;
  budgetSetting: { startDate?: string | null; endDate?: string | null; totalBudget?: string | null } | null;
  budgetSpent: string | null;
  active: boolean;
}

export type BudgetReference = ResultOf<typeof supplierContracts.setBudgetReference>;
export type PdfSettings = ResultOf<typeof supplierContracts.orderPdfSettings>;
interface Named { id: string; name: string }

const KEY = ['app', 'suppliers'] as const;

/** GET /v2/suppliers: the platform suppliers and the company's own, searched and paged. */
export function useSuppliers(params: { search?: string; page: number; pageSize: number }) {
  const { http } = useCoreServices();
  const session = useSession();
  return useAppQuery({
    queryKey: [...KEY, 'list', session.activeCustomerId, params],
    queryFn: ({ signal }) => http.get<{ items: SupplierRow[]; total: number }>('/v2/suppliers', { query: { ...params }, signal }),
  });
}

/** POST /suppliers/own: only the company's own suppliers. */
export function useOwnSuppliers(params: { search?: string; page: number; pageSize: number }, enabled: boolean) {
  const { http } = useCoreServices();
  const session = useSession();
  return useAppQuery({
    queryKey: [...KEY, 'own', session.activeCustomerId, params],
    enabled,
    queryFn: () => http.post<{ result: { items: SupplierRow[]; total: number } }>('/suppliers/own', {
      query: { skip: (params.page - 1) * params.pageSize, take: params.pageSize, search: params.search || null },
    }).then((r) => r.result),
  });
}

export function useSupplier(id: string) {
  const { http } = useCoreServices();
  const session = useSession();
  return useAppQuery({
    queryKey: [...KEY, 'one', session.activeCustomerId, id],
    queryFn: ({ signal }) => http.get<SupplierRow>(`/v2/suppliers/${encodeURIComponent(id)}`, { signal }),
  });
}

/** GET /v2/suppliers/budget-references?supplierIds=[id]: the company's entry for one supplier. */
export function useBudgetReference(id: string) {
  const { http } = useCoreServices();
  const session = useSession();
  return useAppQuery({
    queryKey: [...KEY, 'budget-reference', session.activeCustomerId, id],
    queryFn: ({ signal }) => http.get<BudgetReference[]>('/v2/suppliers/budget-references', { query: { supplierIds: JSON.stringify([id]) }, signal })
      .then((list) => list[0] ?? { supplierId: id, budgetReference: null, departmentIds: [], projectIds: [] }),
  });
}

export function usePdfSettings(id: string, enabled: boolean) {
  const { http } = useCoreServices();
  const session = useSession();
  return useAppQuery({
    queryKey: [...KEY, 'pdf', session.activeCustomerId, id],
    enabled,
    queryFn: ({ signal }) => http.get<PdfSettings>(`/v2/suppliers/${encodeURIComponent(id)}/order-pdf-settings`, { signal }),
  });
}

/** The company's departments and projects, to choose from. */
export function useDepartmentsAndProjects() {
  const { http } = useCoreServices();
  const session = useSession();
  return useAppQuery({
    queryKey: [...KEY, 'departments-projects', session.activeCustomerId],
    queryFn: async ({ signal }) => {
      const [departments, projects] = await Promise.all([
        http.get<{ items: Named[] }>('/customer-departments/query', { query: { page: 1, pageSize: 1000 }, signal }),
        http.get<{ items: Named[] }>('/projects', { query: { page: 1, pageSize: 1000 }, signal }),
      ]);
      return { departments: departments.items, projects: projects.items };
    },
  });
}

/** The writes of the supplier page; each answer replaces what the page shows. */
export function useSupplierSettingsChanges(id: string) {
  const { http } = useCoreServices();
  const session = useSession();
  const queryClient = useQueryClient();
  return {
    setBudgetReference: async (body: BodyIn<typeof supplierContracts.setBudgetReference>) => {
      const saved = await http.put<BudgetReference>(`/v2/suppliers/${encodeURIComponent(id)}/budget-reference`, body);
      queryClient.setQueryData([...KEY, 'budget-reference', session.activeCustomerId, id], saved);
      return saved;
    },
    setPdfSettings: async (body: BodyIn<typeof supplierContracts.setOrderPdfSettings>) => {
      const saved = await http.put<PdfSettings>(`/v2/suppliers/${encodeURIComponent(id)}/order-pdf-settings`, body);
      queryClient.setQueryData([...KEY, 'pdf', session.activeCustomerId, id], saved);
      return saved;
    },
  };
}
