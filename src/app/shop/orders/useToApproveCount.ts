import { useAppServices, useSession } from '../../bootstrap/context';
import { useAppQuery } from '../../data/query-client';

export interface ToApproveCount { count: number; byStatus: Record<string, number> }

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
    queryFn: ({ signal }) => http.get<{ result: ToApproveCount }>('/v2/orders/to-approve-count', { signal }).then((r) => r.result),
    enabled: !!user && !!activeCustomerId,
  });
}
