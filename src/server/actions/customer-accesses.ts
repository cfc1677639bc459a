import { requireCustomer } from '../crud/scope';
import { tasksFor, type OrderTask } from '../ordering/tasks';
import { authOf } from '../plugins/auth';
import { z } from 'zod';
import { actionsOf, type ActionContext, type ActionSchemas } from './index';

/** One task: an order waiting for the caller's step (dates as ISO strings, money as a decimal string). */
const taskSchema = z.object({
  id: z.string(), type: z.literal('order'), action: z.string(), orderId: z.string(), orderNumber: z.string().nullable(),
  orderDate: z.string().nullable(), status: z.string(), orderedBy: z.string().nullable(), totalCost: z.string().nullable(),
});
const tasksAnswer = z.object({ result: z.array(taskSchema) });
export const customerAccessSchemas: Record<string, ActionSchemas> = { tasks: { response: tasksAnswer } };
type Assert<T extends true> = T;
/** Compiles only while the schema lists every key of OrderTask (a key it lacks would be dropped). */
export type TaskSchemaAgrees = Assert<keyof OrderTask extends keyof z.input<typeof taskSchema> ? true : false>;

/** GET /customer-access/tasks?customerId: the user's assigned tasks (core §4 "Assigned tasks are loaded"). */
const tasks = async ({ db, request, owner }: ActionContext): Promise<z.input<typeof tasksAnswer>> =>
  ({ result: await tasksFor(db, owner.tenantId, requireCustomer(owner), authOf(request)) });

export const customerAccessActions = actionsOf({ tasks });
