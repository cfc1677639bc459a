import { useQueryClient } from '@tanstack/react-query';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { useAppQuery } from '../../data/query-client';
import { inLanguage } from '../../shop/text';

/** What the warehouse calls answer (core §7 Warehouses; src/server/actions/warehouse-stock.ts). */

type Translated = { nl: string | null; en: string | null; fr: string | null } | null;

export interface Warehouse {
  id: string; name: string; departmentId: string | null; restockSetting: string;
  address: { street?: string | null; houseNumber?: string | null; zipCode?: string | null; city?: string | null } | null;
}

export interface Instance {
  id: string; warehouseId: string; supplierArticleId: string; stock: number | null; tag: string | null; minimumStock: number | null;
  orderQuantity: number | null; restockQuantity: number | null; autoRestock: boolean | null; depletedAt: string | null;
  warehouseName: string | null; restockSetting: string | null; articleNumberSupplier: string | null; articleTitle: Translated; supplierName: string | null;
}

export interface Movement {
  id: string; kind: string; quantity: number; stockAfter: number | null; warehouseId: string; warehouseName: string | null;
  articleNumberSupplier: string | null; articleTitle: Translated; orderId: string | null; orderNumber: string | null;
  deliveryNumber: string | null; userName: string | null; remark: string | null; createdAt: string;
}

export interface Page<T> { items: T[]; total: number; page: number; pageSize: number }

/** The instance fields a person changes (PUT …/instances/{id}). */
export interface InstanceChanges {
  stock: number; tag: string | null; minimumStock: number; orderQuantity: number; restockQuantity: number; autoRestock: boolean;
}

export const STOCK_KEY = ['app', 'stock'] as const;

/** A page of the company's warehouses (GET /warehouse-management). */
export function useWarehouses(query: { name?: string; page?: number; pageSize?: number }) {
  const { http } = useCoreServices();
  const session = useSession();
  return useAppQuery({
    queryKey: [...STOCK_KEY, 'warehouses', session.activeCustomerId, query],
    queryFn: ({ signal }) => http.get<Page<Warehouse>>('/warehouse-management', { query: { sort: 'name', page: 1, pageSize: 100, ...query }, signal }),
  });
}

export function useWarehouse(id: string) {
  const { http } = useCoreServices();
  return useAppQuery({
    queryKey: [...STOCK_KEY, 'warehouse', id],
    queryFn: ({ signal }) => http.get<Warehouse>(`/warehouse-management/${encodeURIComponent(id)}`, { signal }),
  });
}

/** A page of warehouse articles with core §3's filters (GET /warehouse-management/instances). */
export function useInstances(query: Record<string, string | number | undefined>) {
  const { http } = useCoreServices();
  const session = useSession();
  return useAppQuery({
    queryKey: [...STOCK_KEY, 'instances', session.activeCustomerId, query],
    queryFn: ({ signal }) => http.get<Page<Instance>>('/warehouse-management/instances', { query, signal }),
  });
}

export function useActivity(warehouseId: string, page: number, pageSize: number) {
  const { http } = useCoreServices();
  return useAppQuery({
    queryKey: [...STOCK_KEY, 'activity', warehouseId, page, pageSize],
    queryFn: ({ signal }) => http.get<Page<Movement>>(`/warehouse-management/${encodeURIComponent(warehouseId)}/activity`, { query: { page, pageSize }, signal }),
  });
}

/** The departments to pick a warehouse's from (GET /customer-departments/query). */
export function useDepartments() {
  const { http } = useCoreServices();
  const session = useSession();
  return useAppQuery({
    queryKey: [...STOCK_KEY, 'departments', session.activeCustomerId],
    queryFn: ({ signal }) => http.get<{ items: { id: string; name: string }[] }>('/customer-departments/query', { query: { page: 1, pageSize: 1000 }, signal }).then((r) => r.items),
  });
}

/** The writes of the warehouse pages; each reads the stock lists again once it is done. */
export function useStockChanges() {
  const { http } = useCoreServices();
  const queryClient = useQueryClient();
  const after = async <T>(answer: Promise<T>): Promise<T> => {
    const result = await answer;
    await queryClient.invalidateQueries({ queryKey: STOCK_KEY });
    return result;
  };
  return {
    createWarehouse: (body: { name: string; departmentId: string | null; restockSetting: string }) => after(http.request<Warehouse>('POST', '/warehouse-management', { body })),
    addInstance: (warehouseId: string, supplierArticleId: string) =>
      after(http.request<Instance>('POST', `/warehouse-management/${encodeURIComponent(warehouseId)}/instances`, { body: { supplierArticleId } })),
    updateInstance: (i: Pick<Instance, 'id' | 'warehouseId'>, body: InstanceChanges) =>
      after(http.request<Instance>('PUT', `/warehouse-management/${encodeURIComponent(i.warehouseId)}/instances/${encodeURIComponent(i.id)}`, { body })),
    removeInstance: (i: Pick<Instance, 'id' | 'warehouseId'>) =>
      after(http.request<{ id: string }>('DELETE', `/warehouse-management/${encodeURIComponent(i.warehouseId)}/instances/${encodeURIComponent(i.id)}`, { body: {} })),
    generateTag: () => http.get<{ tag: string }>('/warehouses/supplier-article-warehouse-instances/tag/generate'),
  };
}

/** An article's title in the language, else its number. */
export function articleName(item: { articleTitle: Translated; articleNumberSupplier: string | null }, language: string): string {
  return inLanguage(item.articleTitle ?? null, language) || item.articleNumberSupplier || '';
}
