import { Alert, Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useRecordContext, useRefresh, useTranslate } from 'ra-core';
import { orderWorkflow } from '../../../../model/resources/ordering';
import { useCoreServices } from '../../bootstrap/context';
import { useIdempotencyKeys } from '../../data/idempotency';
import { useAppQuery } from '../../data/query-client';
import { callApi } from '../../data/call-api';
import { ordersAdminValidate, ordersTasks } from '../../../../generated/app/calls/orders.gen';
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
 * the step its status is in, whoever of the customer would take it. The admin's order page
 * (AdminOrderShow, /ycAdmin/orders/{id}) draws it in place of the company's decision, inside the record it shows.
 */
export function AdminOrderDecision() {
  const order = useRecordContext<{ id: string; orderNumber?: string | null; status?: string }>();
  const { http } = useCoreServices();
  const refresh = useRefresh();
  // One key per decision: a second click or a retry after a lost answer decides once.
  const decisionKeys = useIdempotencyKeys();
  if (!order) return null;

  const submit = ({ approve, reason }: OrderDecisionInput) => {
    const body = approve ? { orderId: String(order.id), approve } : { orderId: String(order.id), approve, reason };
    return decisionKeys.send({ path: ordersAdminValidate.path, body }, (headers) => callApi(http, ordersAdminValidate, { body }, { headers }));
  };
  return (
    <Box sx={{ mx: 2 }}>
      <OrderDecisionPanel orderNumber={order.orderNumber} offer={workflowDecisions(order.status)} help="shop.orders.decision.onBehalfHelp" submit={submit} onDecided={refresh} />
      <OrderWaitingFor orderId={String(order.id)} status={order.status} />
    </Box>
  );
}


/**
 * Who the order is waiting for (GET /v2/orders/{id}/tasks, the platform admin's call of flows §3):
 * each step open from its status with the customer's users who may take it now, or that nobody
 * can. Read again when the status changes (a decision here or by the customer).
 */
function OrderWaitingFor({ orderId, status }: { orderId: string; status?: string }) {
  const translate = useTranslate();
  const { http } = useCoreServices();
  const { data, error } = useAppQuery({
    queryKey: ['app', 'order-tasks', orderId, status],
    queryFn: ({ signal }) => callApi(http, ordersTasks, { params: { id: orderId } }, { signal }).then((r) => r.result.tasks),
  });
  if (error) return <Alert severity="error" sx={{ mt: 2 }}>{translate('shop.orders.waiting.failed')}</Alert>;
  if (!data?.length) return null;
  return (
    <section aria-labelledby="order-waiting-title">
      <Typography id="order-waiting-title" variant="h6" component="h2" sx={{ mt: 2 }}>{translate('shop.orders.waiting.title')}</Typography>
      <List dense aria-labelledby="order-waiting-title">
        {data.map((step) => (
          <ListItem key={step.action} disableGutters>
            <ListItemText
              primary={translate(`shop.orders.waiting.steps.${step.action}`)}
              secondary={step.users.length
                ? step.users.map((u) => u.name || u.email).filter(Boolean).join(', ')
                : translate('shop.orders.waiting.nobody')}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
