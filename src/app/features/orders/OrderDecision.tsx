import { useQueryClient } from '@tanstack/react-query';
import { useRefresh } from 'ra-core';
import { useCoreServices } from '../../bootstrap/context';
import { ordersValidate } from '../../../../generated/app/calls/orders.gen';
import { callApi } from '../../data/call-api';
import { useIdempotencyKeys } from '../../data/idempotency';
import type { OrderDetail } from '../../common/types';
import { OrderDecisionPanel, type OrderDecisionInput } from './OrderDecisionPanel';

const NONE = { approve: false, reject: false };

/**
 * The decision on an order on its page in the shop (flows §4), offered only when the server says
 * the step is the user's (`decisions` of GET /v2/orders/{id}: the workflow, their roles and, for a
 * validator, the order's department). Once decided, the to-approve counts and history are read again.
 */
export function OrderDecision({ order }: { order: OrderDetail }) {
  const { http } = useCoreServices();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  // One key per decision: a second click or a retry after a lost answer decides once.
  const decisionKeys = useIdempotencyKeys();

  const submit = ({ approve, reason }: OrderDecisionInput) => {
    const params = { orderId: order.id };
    const body = approve ? { approve } : { approve, reason };
    return decisionKeys.send({ params, body }, (headers) => callApi(http, ordersValidate, { params, body }, { headers }));
  };
  const onDecided = async () => {
    await queryClient.invalidateQueries({ queryKey: ['app'] });
    refresh();
  };
  return (
    <OrderDecisionPanel orderNumber={order.orderNumber} offer={order.decisions ?? NONE} help="shop.orders.decision.help" submit={submit} onDecided={onDecided} />
  );
}
