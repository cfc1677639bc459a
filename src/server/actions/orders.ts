import { z } from 'zod';
import { actingOf, assertSelf } from '../ordering/acting';
import { idsSchema, shippingInput, shippingSchema } from '../ordering/body';
import { afterArticlesChanged } from '../catalogue/changes';
import { orderDto, orderFromBasket } from '../ordering/orders';
import { languageOf } from '../errors';
import { authOf } from '../plugins/auth';
import { toApproveCount as countToApprove, workflowFor } from '../ordering/tasks';
import { requireCustomer } from '../crud/scope';
import { actionsOf, type ActionContext, type ActionHandler, type ActionSchemas } from './index';

const fromTransporterBody = idsSchema.extend({ shippingDetails: shippingSchema }).prefault({} as never);

export const orderSchemas: Record<string, ActionSchemas> = { fromTransporter: { body: fromTransporterBody } };

/** GET /v2/orders/{id}: an order of the acting customer with its lines and budgets; 404 OrderNotFound otherwise. */
const get: ActionHandler = async ({ db, request, owner }) => {
  const acting = await actingOf(db, request, owner);
  return { result: await orderDto(db, acting, (request.params as { id?: string }).id) };
};

/**
 * POST /v2/orders/transporter {customerId, userId, shippingDetails?}: the user's basket becomes an
 * order (flows §3) and the basket is emptied, in one transaction. The order took stock: the search
 * index learns the articles' new stock once it is committed (the marketplace cards show it).
 */
const fromTransporter = async ({ db, request, owner, body }: ActionContext<z.output<typeof fromTransporterBody>>) => {
  const acting = await actingOf(db, request, owner);
  assertSelf(acting, body);
  const order = await orderFromBasket(db, acting, shippingInput(body.shippingDetails));
  const articleIds = order.orderLines.map((l) => l.supplierArticleId).filter((id): id is string => typeof id === 'string');
  await afterArticlesChanged(db, acting.tenantId, articleIds, request.log);
  return { result: order };
};

/** GET /v2/orders/to-approve-count: the dashboard's count of orders waiting for the user's step. */
const toApproveCount: ActionHandler = async ({ db, request, owner }) =>
  ({ result: await countToApprove(db, owner.tenantId, requireCustomer(owner), authOf(request)) });

/** GET /workflows/orders/workflow: statuses (name, displayName in the caller's language) and transitions. */
const workflow: ActionHandler = async ({ request }) => ({ result: workflowFor(languageOf(request.headers['accept-language'])) });

/** GET /workflows/orders/state: the states with a display name, for list filters. */
const states: ActionHandler = async ({ request }) => ({ result: workflowFor(languageOf(request.headers['accept-language'])).statuses });

export const orderActions = actionsOf({ get, fromTransporter, toApproveCount, workflow, states });
