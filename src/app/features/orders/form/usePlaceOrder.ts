import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ordersPlace } from '../../../../../generated/app/calls/orders.gen';
import type { BodyIn } from '../../../../shared/contracts/define';
import type { Contracts } from '../../../../shared/contracts';
import { useCoreServices } from '../../../bootstrap/context';
import { callApi } from '../../../data/call-api';
import { describeError } from '../../../data/errors';
import { useIdempotencyKeys } from '../../../data/idempotency';
import { useAppNotify } from '../../../notify/useAppNotify';
import { fieldErrors } from './fields';

/**
 * Sends POST /v2/orders (an order form or an order request) once per user action (an
 * Idempotency-Key, so a double click or a retry places one order), then shows the new order. A
 * refusal stays on the page: its message, and each refused field's message on that field.
 */
export function usePlaceOrder(placedKey: string) {
  const { http, i18n } = useCoreServices();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useAppNotify();
  const keys = useIdempotencyKeys();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  async function place(body: BodyIn<Contracts['orders']['place']>) {
    setBusy(true);
    setError(null);
    setServerErrors({});
    try {
      const { result } = await keys.send(body, (headers) => callApi(http, ordersPlace, { body }, { headers }));
      toast(placedKey, { variation: 'success', messageArgs: { number: result.orderNumber ?? '' } });
      // The order lists and the to-approve counts read the new order.
      await queryClient.invalidateQueries({ queryKey: ['app'] });
      navigate(`/order-detail/${encodeURIComponent(result.id)}`);
    } catch (e) {
      setError(describeError(e, { resource: 'orders', op: 'create' }, i18n.i18nProvider));
      setServerErrors(fieldErrors(e));
    } finally {
      setBusy(false);
    }
  }

  return { place, busy, error, serverErrors };
}
