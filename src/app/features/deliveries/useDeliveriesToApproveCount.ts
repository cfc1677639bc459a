import { useAppServices, useSession } from '../../bootstrap/context';
import { callApi } from '../../data/call-api';
import { useAppQuery } from '../../data/query-client';
import { deliveriesToApproveCount } from '../../../../generated/app/calls/deliveries.gen';

/**
 * How many deliveries the user reads wait for a confirmation (GET /deliveries/to-approve-count), for
 * the sidebar's badge: read again after a change to a delivery (its key is under 'app') and when the
 * acting company changes.
 */
export function useDeliveriesToApproveCount(enabled = true) {
  const { http } = useAppServices();
  const { user, activeCustomerId } = useSession();
  return useAppQuery({
    queryKey: ['app', 'deliveries-to-approve-count', user?.id, activeCustomerId],
    queryFn: ({ signal }) => callApi(http, deliveriesToApproveCount, { query: {} }, { signal }).then((r) => r.result),
    enabled: enabled && !!user && !!activeCustomerId,
  });
}
