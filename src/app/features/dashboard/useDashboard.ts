import type { UseQueryResult } from '@tanstack/react-query';
import { useSession } from '../../bootstrap/context';
import { useCallQuery } from '../../data/calls';
import type { ResultOf } from '../../../shared/contracts/define';
import type { Contracts } from '../../../shared/contracts';
import type { OrderRecord } from '../../../../generated/types/orders.gen';
import { customerAccessesTasks } from '../../../../generated/app/calls/customer-accesses.gen';
import { ordersCustomerList } from '../../../../generated/app/calls/orders.gen';
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
  const { user, activeCustomerId } = useSession();
  const ready = !!user && !!activeCustomerId;
  const toApprove = useToApproveCount();
  const tasks = useCallQuery(customerAccessesTasks, {}, { enabled: ready });
  // The user's own latest orders: the orders' list, newest first.
  const recent = useCallQuery(ordersCustomerList, { query: { orderedBy: user?.id, sort: 'orderDate', order: 'DESC', page: 1, pageSize: 5 } }, { enabled: ready, retry: false });
  return { ready, toApprove: loaded(toApprove), tasks: loaded({ ...tasks, data: tasks.data?.result }), recent: loaded<RecentOrder[]>({ ...recent, data: recent.data?.items }) };
}
