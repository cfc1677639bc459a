import { useAppServices, useSession } from '../../bootstrap/context';
import { callApi } from '../../data/call-api';
import { useAppQuery } from '../../data/query-client';
import { invoicesToPayCount } from '../../../../generated/app/calls/invoices.gen';

/**
 * How many invoices the user reads are still to pay (POST /invoices/toPayCount), for the sidebar's
 * badge: read again after a change (its key is under 'app') and when the acting company changes.
 */
export function useInvoicesToPayCount(enabled = true) {
  const { http } = useAppServices();
  const { user, activeCustomerId } = useSession();
  return useAppQuery({
    queryKey: ['app', 'invoices-to-pay-count', user?.id, activeCustomerId],
    queryFn: ({ signal }) => callApi(http, invoicesToPayCount, { body: {} }, { signal }).then((r) => r.result),
    enabled: enabled && !!user && !!activeCustomerId,
  });
}
