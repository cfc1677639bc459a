import { requireCustomer } from '../crud/scope';
import { tasksFor, type OrderTask } from '../ordering/tasks';
import { authOf } from '../request-context';
import type { z } from 'zod';
import { customerAccessContracts, taskSchema } from '../../shared/contracts/customer-accesses';
import { adminAccessActions } from '../users/admin-users';
import { customerUserActions } from '../users/customer-users';
import { implement, type ActionContext } from './define';

type Assert<T extends true> = T;
/** Compiles only while the schema lists every key of OrderTask (a key it lacks would be dropped). */
export type TaskSchemaAgrees = Assert<keyof OrderTask extends keyof z.input<typeof taskSchema> ? true : false>;

/** GET /customer-access/tasks?customerId: the user's assigned tasks (core §4 "Assigned tasks are loaded"). */
const tasks = async ({ db, request, owner }: ActionContext<typeof customerAccessContracts.tasks>) =>
  ({ result: await tasksFor(db, owner.tenantId, requireCustomer(owner), authOf(request)) });

/** Roles as stored (a JSON list, or text holding one). */
const rolesOf = (v: unknown): string[] => {
  const parsed = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(parsed) ? parsed.filter((r): r is string => typeof r === 'string') : [];
};

/**
 * POST /customer-user-management/query {query:{skip, take, search}}: the acting customer's users by
 * display name with their access there (customer admins: the users area). The budgets page picks a
 * budget's holder from it.
 */
const customerUsers = async ({ db, body, request, owner }: ActionContext<typeof customerAccessContracts.customerUsers>) => {
  const customerId = requireCustomer(owner);
  const skip = body.query?.skip ?? 0;
  const take = body.query?.take ?? 20;
  const search = body.query?.search?.trim();
  let q = db.selectFrom('customerAccesses as a').innerJoin('users as u', 'u.id', 'a.userId')
    .where('a.tenantId', '=', request.tenant.id).where('a.customerId', '=', customerId);
  if (search) {
    const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb(eb.fn('lower', ['u.email']), 'like', pattern), eb(eb.fn('lower', ['u.displayname']), 'like', pattern)]));
  }
  const [{ total }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    q.select(['u.id', 'a.id as accessId', 'u.email', 'u.displayname', 'a.roles', 'a.departmentIds', 'a.active']).orderBy('u.displayname').orderBy('u.email').orderBy('u.id')
      .offset(skip).limit(take).execute(),
  ]);
  const items = rows.map((r) => ({
    id: String(r.id), customerAccessId: String(r.accessId), email: String(r.email), displayname: (r.displayname as string | null) ?? null,
    roles: rolesOf(r.roles), departmentIds: rolesOf(r.departmentIds), active: r.active !== false,
  }));
  return { result: { items, total: Number(total), skip, take } };
};

export const customerAccessActions = implement(customerAccessContracts, { tasks, customerUsers, ...customerUserActions, ...adminAccessActions });
