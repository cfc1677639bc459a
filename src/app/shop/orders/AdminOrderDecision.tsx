import { Box } from '@mui/material';
import { useRecordContext, useRefresh } from 'ra-core';
import { orderWorkflow } from '../../../../model/resources/ordering';
import { useCoreServices } from '../../bootstrap/context';
import { useIdempotencyKeys } from '../../data/idempotency';
import { OrderDecisionPanel, type DecisionOffer, type OrderDecisionInput } from './OrderDecisionPanel';

/**
 * The decisions the workflow has for an order in `status` (model orderWorkflow): approve when a step
 * goes on from it, reject when one goes to rejected. Confirming the budgets (assignBudgets) is the
 * orderer's step, not a decision.
 */
export function workflowDecisions(status: unknown): DecisionOffer {
  const steps = orderWorkflow.transitions.filter((t) => t.action !== 'assignBudgets' && (t.from as readonly unknown[]).includes(status));
  return { approve: steps.some((t) => t.to !== 'rejected'), reject: steps.some((t) => t.to === 'rejected') };
}

/**
 * A platform admin's decision on an order, for the customer (flows §7, POST /admin/orders/validate):
 * the step its status is in, whoever of the customer would take it. The generated show page of
 * /ycAdmin/orders draws it (the model's `screens.show.panel`) and gives it the record.
 */
export function AdminOrderDecision() {
  const order = useRecordContext<{ id: string; orderNumber?: string | null; status?: string }>();
  const { http } = useCoreServices();
  const refresh = useRefresh();
  // One key per decision: a second click or a retry after a lost answer decides once.
  const decisionKeys = useIdempotencyKeys();
  if (!order) return null;

  const submit = ({ approve, reason }: OrderDecisionInput) => {
    const path = '/admin/orders/validate';
    const body = approve ? { orderId: String(order.id), approve } : { orderId: String(order.id), approve, reason };
    return decisionKeys.send({ path, body }, (headers) => http.request('POST', path, { body, headers }));
  };
  return (
    <Box sx={{ mx: 2 }}>
      <OrderDecisionPanel orderNumber={order.orderNumber} offer={workflowDecisions(order.status)} help="shop.orders.decision.onBehalfHelp" submit={submit} onDecided={refresh} />
    </Box>
  );
}
