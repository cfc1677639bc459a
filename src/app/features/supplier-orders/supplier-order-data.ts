import type { Contracts } from '../../../shared/contracts';
import type { ResultOf } from '../../../shared/contracts/define';
import { supplierOrdersGetByGcsNumber } from '../../../../generated/app/calls/supplier-orders.gen';
import { useCoreServices } from '../../bootstrap/context';
import { callApi } from '../../data/call-api';
import { useAppQuery } from '../../data/query-client';

/** POST /supplier-orders/getByGcsNumber: the supplier order, its lines, follow-ups and deliveries, and what the caller may do now. */
export type SupplierOrderDetail = ResultOf<Contracts['supplier-orders']['getByGcsNumber']>['result'];

/** The supplier order `gcsNumber` as the caller may read it (POST /supplier-orders/getByGcsNumber). */
export function useSupplierOrder(gcsNumber: string | null | undefined) {
  const { http } = useCoreServices();
  return useAppQuery({
    queryKey: ['app', 'supplier-order', gcsNumber ?? ''],
    enabled: !!gcsNumber,
    queryFn: ({ signal }) => callApi(http, supplierOrdersGetByGcsNumber, { body: { query: { gcsNumber: gcsNumber ?? '' } } }, { signal }).then((r) => r.result),
  });
}
