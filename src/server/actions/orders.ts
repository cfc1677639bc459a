import { z } from 'zod';
import { actingOf, assertSelf } from '../ordering/acting';
import { idsSchema, shippingInput, shippingSchema } from '../ordering/body';
import { afterArticlesChanged } from '../catalogue/changes';
import { orderDto, orderFromBasket } from '../ordering/orders';
import { languageOf } from '../errors';
import { authOf } from '../plugins/auth';
import { toApproveCount as countToApprove, workflowFor } from '../ordering/tasks';
import { requireCustomer } from '../crud/scope';
import { orderSchema, resultOf, statesSchema, toApproveCountSchema, workflowSchema } from '../ordering/answers';
import { actionsOf, type ActionContext, type ActionSchemas } from './index';

const fromTransporterBody = idsSchema.extend({ shippingDetails: shippingSchema }).prefault({} as never);

const orderAnswer = resultOf(orderSchema);
const countAnswer = resultOf(toApproveCountSchema);
const workflowAnswer = resultOf(workflowSchema);
const statesAnswer = resultOf(statesSchema);
type Answer<S extends z.ZodType> = Promise<z.input<S>>;

export const orderSchemas: Record<string, ActionSchemas> = {
  get: { response: orderAnswer },
  fromTransporter: { body: fromTransporterBody, response: orderAnswer },
  toApproveCount: { response: countAnswer },
  workflow: { response: workflowAnswer },
  states: { response: statesAnswer },
};

/** GET /v2/orders/{id}: an order of the acting customer with its lines and budgets; 404 OrderNotFound otherwise. */
const get = async ({ db, request, owner }: ActionContext): Answer<typeof orderAnswer> => {
  const acting = await actingOf(db, request, owner);
  return { result: await orderDto(db, acting, (request.params as { id?: string }).id) };
};

/**
 * POST /v2/orders/transporter {customerId, userId, shippingDetails?}: the user's basket becomes an
 * order (flows §3) and the basket is emptied, in one transaction. The order took stock: the search
 * index learns the articles' new stock once it is committed (the marketplace cards show it).
 */
const fromTransporter = async ({ db, request, owner, body }: ActionContext<z.output<typeof fromTransporterBody>>): Answer<typeof orderAnswer> => {
  const acting = await actingOf(db, request, owner);
  assertSelf(acting, body);
  const order = await orderFromBasket(db, acting, shippingInput(body.shippingDetails));
  const articleIds = order.orderLines.map((l) => l.supplierArticleId).filter((id): id is string => typeof id === 'string');
  await afterArticlesChanged(db, acting.tenantId, articleIds, request.log);
  return { result: order };
};

/** GET /v2/orders/to-approve-count: the dashboard's count of orders waiting for the user's step. */
const toApproveCount = async ({ db, request, owner }: ActionContext): Answer<typeof countAnswer> =>
  ({ result: await countToApprove(db, owner.tenantId, requireCustomer(owner), authOf(request)) });

/** GET /workflows/orders/workflow: statuses (name, displayName in the caller's language) and transitions. */
const workflow = async ({ request }: ActionContext): Answer<typeof workflowAnswer> => ({ result: workflowFor(languageOf(request.headers['accept-language'])) });

/** GET /workflows/orders/state: the states with a display name, for list filters. */
const states = async ({ request }: ActionContext): Answer<typeof statesAnswer> => ({ result: workflowFor(languageOf(request.headers['accept-language'])).statuses });

export const orderActions = actionsOf({ get, fromTransporter, toApproveCount, workflow, states });
