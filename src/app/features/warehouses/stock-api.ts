import { useGetList } from 'ra-core';
import { useQueryClient } from '@tanstack/react-query';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { callApi } from '../../data/call-api';
import { useAppQuery } from '../../data/query-client';
import type { Contracts } from '../../../shared/contracts';
import type { BodyIn, QueryIn, ResultOf } from '../../../shared/contracts/define';
import { stockMovementsActivity } from '../../../../generated/app/calls/stock-movements.gen';
import { warehouseInstancesCreate, warehouseInstancesGenerateTag, warehouseInstancesQuery, warehouseInstancesRemove, warehouseInstancesUpdate } from '../../../../generated/app/calls/warehouse-instances.gen';
import { inLanguage } from '../../common/text';
import type { CustomerDepartmentRecord } from '../../../../generated/types/customer-departments.gen';

/** What the warehouse calls answer (core §7 Warehouses; src/server/actions/warehouse-stock.ts). */

type Translated = { nl: string | null; en: string | null; fr: string | null } | null;

export interface Warehouse {
  id: string; name: string; departmentId: string | null; restockSetting: string;
  address: { street?: string | null; houseNumber?: string | null; zipCode?: string | null; city?: string | null } | null;
}

/** A warehouse article with its warehouse and article (GET /warehouse-management/instances). */
export type Instance = ResultOf<Contracts['warehouse-instances']['query']>['items'][number];

/** A stock movement of a warehouse's activity. */
export type Movement = ResultOf<Contracts['stock-movements']['activity']>['items'][number];

export interface Page<T> { items: T[]; total: number; page: number; pageSize: number }

/** The instance fields a person changes (PUT …/instances/{id}). */
export type InstanceChanges = BodyIn<Contracts['warehouse-instances']['update']>;

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
export function useInstances(query: QueryIn<Contracts['warehouse-instances']['query']>) {
  const { http } = useCoreServices();
  const session = useSession();
  return useAppQuery({
    queryKey: [...STOCK_KEY, 'instances', session.activeCustomerId, query],
    queryFn: ({ signal }) => callApi(http, warehouseInstancesQuery, { query }, { signal }),
  });
}

export function useActivity(warehouseId: string, page: number, pageSize: number) {
  const { http } = useCoreServices();
  return useAppQuery({
    queryKey: [...STOCK_KEY, 'activity', warehouseId, page, pageSize],
    queryFn: ({ signal }) => callApi(http, stockMovementsActivity, { params: { id: warehouseId }, query: { page, pageSize } }, { signal }),
  });
}

/** The departments to pick a warehouse's from (GET /customer-departments/query: the data provider's list). */
export function useDepartments() {
  const session = useSession();
  return useGetList<CustomerDepartmentRecord>('customer-departments',
    { pagination: { page: 1, perPage: 1000 }, filter: { customerId: session.activeCustomerId } }, { enabled: !!session.activeCustomerId });
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
      after(callApi(http, warehouseInstancesCreate, { params: { warehouseId }, body: { supplierArticleId } })),
    updateInstance: (i: Pick<Instance, 'id' | 'warehouseId'>, body: InstanceChanges) =>
      after(callApi(http, warehouseInstancesUpdate, { params: { warehouseId: i.warehouseId ?? '', id: i.id }, body })),
    removeInstance: (i: Pick<Instance, 'id' | 'warehouseId'>) =>
      after(callApi(http, warehouseInstancesRemove, { params: { warehouseId: i.warehouseId ?? '', id: i.id } })),
    generateTag: () => callApi(http, warehouseInstancesGenerateTag, {}),
  };
}

/** An article's title in the language, else its number. */
export function articleName(item: { articleTitle: Translated; articleNumberSupplier: string | null }, language: string): string {
  return inLanguage(item.articleTitle ?? null, language) || item.articleNumberSupplier || '';
}
