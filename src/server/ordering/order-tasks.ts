import { sql, type Kysely } from 'kysely';
import { orderWorkflow, ORDER_STATUSES } from '../../../model';
import { ApiError } from '../errors';
import { UUID_RE } from '../db/records';
import type { DB } from '../../../generated/db/database.gen';

type Status = keyof typeof ORDER_STATUSES;

export interface TaskUser { id: string; name: string | null; email: string | null }
export interface OrderStep { action: string; to: string; needsReason: boolean; roles: string[]; users: TaskUser[] }

/**
 * GET /v2/orders/{id}/tasks (platform admins, flows §3): the workflow's steps open from the order's
 * status (the model's orderWorkflow, as the decisions read it) and who can take each today: the
 * department's validator for 'validator' (only while that user holds the role there), whoever placed
 * the order for 'orderer', and every active user with an active access to the order's customer with
 * any other role named. A support question "who is this order waiting for?" answered from one place.
 */
export async function orderTasks(db: Kysely<DB>, tenantId: string, orderId: string) {
  if (!UUID_RE.test(orderId)) throw new ApiError('OrderNotFound');
  const order = await db.selectFrom('orders').select(['id', 'status', 'customerId', 'departmentId', 'orderedById'])
    .where('id', '=', orderId).where('tenantId', '=', tenantId).executeTakeFirst();
  if (!order) throw new ApiError('OrderNotFound');
  const status = order.status as Status;
  const steps = orderWorkflow.transitions.filter((t) => t.from.includes(status));

  const roles = [...new Set(steps.flatMap((t) => t.by))];
  const holders = roles.length ? await db.selectFrom('customerAccesses as ca').innerJoin('users as u', 'u.id', 'ca.userId')
    .select(['u.id', 'u.displayname', 'u.email', 'ca.roles'])
    .where('ca.tenantId', '=', tenantId).where('ca.customerId', '=', order.customerId)
    .where('ca.active', 'is not', false).where('u.active', 'is not', false)
    .where(sql<boolean>`ca.roles ?| array[${sql.join(roles)}]::text[]`)
    .orderBy('u.displayname').orderBy('u.id').execute() : [];
  const rolesOf = (r: { roles: unknown }) => (typeof r.roles === 'string' ? JSON.parse(r.roles) : r.roles ?? []) as string[];
  const validatorId = order.departmentId
    ? (await db.selectFrom('customerDepartments').select('validatorUserId').where('id', '=', order.departmentId)
      .where('tenantId', '=', tenantId).where('customerId', '=', order.customerId).executeTakeFirst())?.validatorUserId ?? null
    : null;
  const orderer = order.orderedById
    ? await db.selectFrom('users').select(['id', 'displayname', 'email']).where('id', '=', order.orderedById).where('tenantId', '=', tenantId).executeTakeFirst()
    : undefined;

  const usersFor = (role: string): TaskUser[] => {
    if (role === 'orderer') return orderer ? [{ id: orderer.id, name: orderer.displayname, email: orderer.email }] : [];
    return holders.filter((h) => rolesOf(h).includes(role) && (role !== 'validator' || h.id === validatorId))
      .map((h) => ({ id: h.id, name: h.displayname, email: h.email }));
  };
  const tasks: OrderStep[] = steps.map((t) => {
    const seen = new Map<string, TaskUser>();
    for (const role of t.by) for (const u of usersFor(role)) seen.set(u.id, u);
    return { action: t.action, to: t.to, needsReason: t.needs === 'reason', roles: [...t.by], users: [...seen.values()] };
  });
  return { orderId: order.id, status, tasks };
}
