import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { ORDER_STATUSES, orderWorkflow } from '../../../model';
import type { Language } from '../../../model/dsl/i18n';
import type { AuthContext } from '../types';
import type { DB } from '../../../generated/db/database.gen';

type Status = keyof typeof ORDER_STATUSES;

/**
 * The order statuses waiting for a step the caller may take: the workflow's transitions whose `by`
 * names one of the roles of the acting access (super admins take every step), rejections aside.
 * `all`: statuses the caller decides for every order; `ownDepartments`: statuses the caller decides
 * only as the validator of the order's department; `ownOrders`: statuses where the caller's own
 * orders wait for them ('orderer' steps, e.g. confirming the budgets). A plain user decides nothing.
 */
export function actionableStatuses(auth: Pick<AuthContext, 'user' | 'access'>): { all: Status[]; ownDepartments: Status[]; ownOrders: Status[] } {
  const roles = auth.access?.roles ?? [];
  const superAdmin = auth.user.userType === 1;
  // A customer without the budgets feature has no orders waiting for budgets: that step is not anyone's there.
  const withoutBudgets = auth.access ? !(auth.access.features ?? []).includes('budgets') : false;
  const steps = orderWorkflow.transitions.filter((t) => t.to !== 'rejected' && !(withoutBudgets && t.from.every((f) => f === 'toApproveBudget')));
  const all = new Set(steps.filter((t) => superAdmin || t.by.some((r) => r !== 'validator' && r !== 'orderer' && roles.includes(r))).flatMap((t) => t.from));
  const own = new Set(steps.filter((t) => roles.includes('validator') && t.by.includes('validator')).flatMap((t) => t.from).filter((s) => !all.has(s)));
  const orders = steps.filter((t) => t.by.includes('orderer')).flatMap((t) => t.from).filter((s) => !all.has(s));
  return { all: [...all], ownDepartments: [...own], ownOrders: [...new Set(orders)] };
}

/** Orders of the customer waiting for the caller: `actionableStatuses`, the validator's restricted to their departments, the orderer's to their orders. */
export function waitingFor<QB extends SelectQueryBuilder<DB, 'orders', object>>(qb: QB, auth: Pick<AuthContext, 'user' | 'access'>): QB {
  const { all, ownDepartments, ownOrders } = actionableStatuses(auth);
  return qb.where((eb) => eb.or([
    ...(all.length ? [eb('orders.status', 'in', all)] : []),
    ...(ownDepartments.length ? [eb.and([
      eb('orders.status', 'in', ownDepartments),
      eb('orders.departmentId', 'in', eb.selectFrom('customerDepartments').select('customerDepartments.id')
        .whereRef('customerDepartments.customerId', '=', 'orders.customerId').where('customerDepartments.validatorUserId', '=', auth.user.id)),
    ])] : []),
    ...(ownOrders.length ? [eb.and([eb('orders.status', 'in', ownOrders), eb('orders.orderedById', '=', auth.user.id)])] : []),
  ])) as QB;
}

export const hasSteps = (auth: Pick<AuthContext, 'user' | 'access'>) => {
  const { all, ownDepartments, ownOrders } = actionableStatuses(auth);
  return all.length + ownDepartments.length + ownOrders.length > 0;
};

/** The next step per status for the caller (the first matching transition), for task labels. */
function stepFor(status: Status, auth: Pick<AuthContext, 'user' | 'access'>): string {
  const roles = auth.access?.roles ?? [];
  const t = orderWorkflow.transitions.find((x) => x.to !== 'rejected' && x.from.includes(status)
    && (auth.user.userType === 1 || x.by.includes('orderer') || x.by.some((r) => roles.includes(r))));
  return t?.action ?? 'approve';
}

/** GET /v2/orders/to-approve-count: counts per actionable status of the customer's open (not archived) orders. */
export async function toApproveCount(db: Kysely<DB>, tenantId: string, customerId: string, auth: Pick<AuthContext, 'user' | 'access'>) {
  const { all, ownDepartments, ownOrders } = actionableStatuses(auth);
  const byStatus = Object.fromEntries([...all, ...ownDepartments, ...ownOrders].map((s) => [s, 0])) as Record<string, number>;
  if (hasSteps(auth)) {
    const rows = await waitingFor(db.selectFrom('orders').select(['orders.status', sql<number>`count(*)::int`.as('n')])
      .where('orders.tenantId', '=', tenantId).where('orders.customerId', '=', customerId).where('orders.archived', '=', false), auth)
      .groupBy('orders.status').execute();
    for (const r of rows) byStatus[r.status as string] = Number(r.n);
  }
  return { count: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus };
}

export interface OrderTask {
  id: string;
  type: 'order';
  action: string;
  orderId: string;
  orderNumber: string | null;
  orderDate: string | null;
  status: string;
  orderedBy: string | null;
  totalCost: string | null;
}

/** GET /customer-access/tasks: the orders waiting for the caller, oldest first (at most 50). */
export async function tasksFor(db: Kysely<DB>, tenantId: string, customerId: string, auth: Pick<AuthContext, 'user' | 'access'>): Promise<OrderTask[]> {
  if (!hasSteps(auth)) return [];
  const rows = await waitingFor(db.selectFrom('orders').leftJoin('users as u', 'u.id', 'orders.orderedById')
    .select(['orders.id', 'orders.orderNumber', 'orders.orderDate', 'orders.status', 'orders.totalCost', 'u.displayname', 'u.email'])
    .where('orders.tenantId', '=', tenantId).where('orders.customerId', '=', customerId).where('orders.archived', '=', false), auth)
    .orderBy('orders.orderDate', 'asc').orderBy('orders.id').limit(50).execute();
  return rows.map((r) => ({
    id: `order:${r.id}`,
    type: 'order',
    action: stepFor(r.status as Status, auth),
    orderId: r.id as string,
    orderNumber: (r.orderNumber as string | null) ?? null,
    orderDate: r.orderDate instanceof Date ? r.orderDate.toISOString() : (r.orderDate as string | null) ?? null,
    status: r.status as string,
    orderedBy: (r.displayname as string | null) || (r.email as string | null) || null,
    totalCost: r.totalCost == null ? null : String(r.totalCost),
  }));
}

/** The order workflow as the app reads it (GET /workflows/orders/workflow), names in one language. */
export function workflowFor(language: Language) {
  const statuses = (Object.keys(ORDER_STATUSES) as Status[]).map((name) => ({ name, displayName: ORDER_STATUSES[name][language] }));
  return { initial: orderWorkflow.initial, statuses, transitions: orderWorkflow.transitions.map((t) => ({ ...t, from: [...t.from], by: [...t.by] })) };
}
