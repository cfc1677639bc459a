import { useAppServices, useSession } from '../../bootstrap/context';
import { callApi } from '../../data/call-api';
import { useAppQuery } from '../../data/query-client';
import type { ResultOf } from '../../../shared/contracts/define';
import type { Contracts } from '../../../shared/contracts';
import { ordersToApproveCount } from '../../../../generated/app/calls/orders.gen';

export type ToApproveCount = ResultOf<Contracts['orders']['toApproveCount']>['result'];

/**
 * How many of the acting company's orders wait for the user's step (GET /v2/orders/to-approve-count),
 * for the dashboard and the menu's badge: one query for both, read again after a decision (its key
 * is under 'app', which a decision invalidates) and when the acting company changes.
 */
export function useToApproveCount() {
  const { http } = useAppServices();
  const { user, activeCustomerId } = useSession();
  return useAppQuery({
    queryKey: ['app', 'orders-to-approve-count', user?.id, activeCustomerId],
    queryFn: ({ signal }) => callApi(http, ordersToApproveCount, {}, { signal }).then((r) => r.result),
    enabled: !!user && !!activeCustomerId,
  });
}
