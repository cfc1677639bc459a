import { useGetList } from 'ra-core';
import { useQueryClient } from '@tanstack/react-query';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { callApi } from '../../data/call-api';
import { resourceCallsKey, useCallQuery } from '../../data/calls';
import type { Contracts } from '../../../shared/contracts';
import type { BodyIn, QueryIn, ResultOf } from '../../../shared/contracts/define';
import { stockMovementsActivity } from '../../../../generated/app/calls/stock-movements.gen';
import { warehouseInstancesCreate, warehouseInstancesGenerateTag, warehouseInstancesQuery, warehouseInstancesRemove, warehouseInstancesUpdate } from '../../../../generated/app/calls/warehouse-instances.gen';
import { warehousesManagementGet, warehousesManagementList } from '../../../../generated/app/calls/warehouses.gen';
import { inLanguage } from '../../common/text';
import type { CustomerDepartmentRecord } from '../../../../generated/types/customer-departments.gen';
import type { WarehouseFilters } from '../../../../generated/types/warehouses.gen';

/** What the warehouse calls answer (core §7 Warehouses; src/server/actions/warehouse-stock.ts, the model's warehouse management routes). */

/** A warehouse article with its warehouse and article (GET /warehouse-management/instances). */
export type Instance = ResultOf<Contracts['warehouse-instances']['query']>['items'][number];

/** A stock movement of a warehouse's activity. */
export type Movement = ResultOf<Contracts['stock-movements']['activity']>['items'][number];

/** The instance fields a person changes (PUT …/instances/{id}). */
export type InstanceChanges = BodyIn<Contracts['warehouse-instances']['update']>;

/** The company's warehouses by name, for a choice (GET /warehouse-management: the first 500). */
export function useWarehouses(filters: Pick<WarehouseFilters, 'name'> = {}) {
  const session = useSession();
  return useCallQuery(warehousesManagementList, { query: { ...filters, sort: 'name', page: 1, pageSize: 500 } }, { enabled: !!session.activeCustomerId });
}

export function useWarehouse(id: string) {
  return useCallQuery(warehousesManagementGet, { params: { id } });
}

/** A page of warehouse articles with core §3's filters (GET /warehouse-management/instances). */
export function useInstances(query: QueryIn<Contracts['warehouse-instances']['query']>) {
  const session = useSession();
  return useCallQuery(warehouseInstancesQuery, { query }, { enabled: !!session.activeCustomerId });
}

export function useActivity(warehouseId: string, page: number, pageSize: number) {
  return useCallQuery(stockMovementsActivity, { params: { id: warehouseId }, query: { page, pageSize } });
}

/** The departments to pick a warehouse's from (GET /customer-departments/query: the data provider's list). */
export function useDepartments() {
  const session = useSession();
  return useGetList<CustomerDepartmentRecord>('customer-departments',
    { pagination: { page: 1, perPage: 1000 }, filter: { customerId: session.activeCustomerId } }, { enabled: !!session.activeCustomerId });
}

/**
 * The writes of a warehouse's articles; each reads the stock (the warehouse articles and the
 * movements) again once it is done. A new warehouse is a mutation of its own (useCallMutation).
 */
export function useStockChanges() {
  const { http } = useCoreServices();
  const queryClient = useQueryClient();
  const after = async <T>(answer: Promise<T>): Promise<T> => {
    const result = await answer;
    await Promise.all(['warehouse-instances', 'stock-movements'].map((resource) => queryClient.invalidateQueries({ queryKey: resourceCallsKey(resource) })));
    return result;
  };
  return {
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
export function articleName(item: Pick<Instance, 'articleTitle' | 'articleNumberSupplier'>, language: string): string {
  return inLanguage(item.articleTitle ?? null, language) || item.articleNumberSupplier || '';
}
