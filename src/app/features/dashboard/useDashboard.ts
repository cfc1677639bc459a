import type { UseQueryResult } from '@tanstack/react-query';
import { useGetList } from 'ra-core';
import { useAppServices, useSession } from '../../bootstrap/context';
import { callApi } from '../../data/call-api';
import { useAppQuery } from '../../data/query-client';
import type { ResultOf } from '../../../shared/contracts/define';
import type { Contracts } from '../../../shared/contracts';
import type { OrderRecord } from '../../../../generated/types/orders.gen';
import { customerAccessesTasks } from '../../../../generated/app/calls/customer-accesses.gen';
import { useToApproveCount, type ToApproveCount } from '../orders/useToApproveCount';

export type { ToApproveCount };
export type OrderTask = ResultOf<Contracts['customer-accesses']['tasks']>['result'][number];
export type RecentOrder = Pick<OrderRecord, 'id' | 'orderNumber' | 'orderDate' | 'status' | 'totalCost'>;

/** One dashboard call's state: its data, or failed (the widget says so; the rest of the page stays). */
export interface Loaded<T> { data: T | null; failed: boolean }

/** A query's state as the widgets read it. */
function loaded<T>(query: Pick<UseQueryResult<T>, 'data' | 'isError'>): Loaded<T> {
  return { data: query.data ?? null, failed: query.isError };
}

/**
 * What the dashboard shows for the acting company (reloaded when it changes): how many orders wait
 * for the user's step (GET /v2/orders/to-approve-count), their tasks (GET /customer-access/tasks)
 * and their own latest orders (GET /v2/orders).
 */
export function useDashboard() {
  const { http } = useAppServices();
  const { user, activeCustomerId } = useSession();
  const ready = !!user && !!activeCustomerId;
  const scope = [user?.id, activeCustomerId];
  const toApprove = useToApproveCount();
  const tasks = useAppQuery({
    queryKey: ['app', 'customer-access-tasks', ...scope],
    queryFn: ({ signal }) => callApi(http, customerAccessesTasks, {}, { signal }).then((r) => r.result),
    enabled: ready,
  });
  // The user's own latest orders: the orders resource, newest first (its list order), through the data provider.
  const recent = useGetList<RecentOrder>('orders',
    { pagination: { page: 1, perPage: 5 }, sort: { field: 'orderDate', order: 'DESC' }, filter: { orderedBy: user?.id }, meta: { customerId: activeCustomerId } },
    { enabled: ready, retry: false });
  return { ready, toApprove: loaded(toApprove), tasks: loaded(tasks), recent: loaded(recent) };
}
