import { requireCustomer } from '../crud/scope';
import { tasksFor } from '../ordering/tasks';
import { authOf } from '../plugins/auth';
import type { ActionHandler } from './index';

/** GET /customer-access/tasks?customerId: the user's assigned tasks (core §4 "Assigned tasks are loaded"). */
const tasks: ActionHandler = async ({ db, request, owner }) =>
  ({ result: await tasksFor(db, owner.tenantId, requireCustomer(owner), authOf(request)) });

export const customerAccessActions = { tasks };
