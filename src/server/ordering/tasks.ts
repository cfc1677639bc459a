import { sql, type Kysely } from 'kysely';
import { ORDER_STATUSES, orderWorkflow } from '../../../model';
import type { Language } from '../../../model/dsl/i18n';
import type { AuthContext } from '../types';
import type { DB } from '../../../generated/db/database.gen';

type Status = keyof typeof ORDER_STATUSES;

/**
 * The order statuses waiting for a step the caller may take: the workflow's transitions other than
 * rejecting whose `by` names one of the roles of the acting access (super admins take every step).
 * A plain user (role user) has none: their orders wait for someone else.
 */
export function actionableStatuses(auth: Pick<AuthContext, 'user' | 'access'>): Status[] {
  const roles = auth.access?.roles ?? [];
  const superAdmin = auth.user.userType === 1;
  const statuses = orderWorkflow.transitions
    .filter((t) => t.action !== 'reject' && (superAdmin || t.by.some((role) => roles.includes(role))))
    .flatMap((t) => t.from);
  return [...new Set(statuses)];
}

/** The next step per status for the caller (the first matching transition), for task labels. */
function stepFor(status: Status, auth: Pick<AuthContext, 'user' | 'access'>): string {
  const roles = auth.access?.roles ?? [];
  const t = orderWorkflow.transitions.find((x) => x.action !== 'reject' && x.from.includes(status) && (auth.user.userType === 1 || x.by.some((r) => roles.includes(r))));
  return t?.action ?? 'approve';
}

/** GET /v2/orders/to-approve-count: counts per actionable status of the customer's open (not archived) orders. */
export async function toApproveCount(db: Kysely<DB>, tenantId: string, customerId: string, auth: Pick<AuthContext, 'user' | 'access'>) {
  const statuses = actionableStatuses(auth);
  const byStatus = Object.fromEntries(statuses.map((s) => [s, 0])) as Record<string, number>;
  if (statuses.length) {
    const rows = await db.selectFrom('orders').select(['status', sql<number>`count(*)::int`.as('n')])
      .where('tenantId', '=', tenantId).where('customerId', '=', customerId).where('archived', '=', false)
      .where('status', 'in', statuses).groupBy('status').execute();
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
  const statuses = actionableStatuses(auth);
  if (!statuses.length) return [];
  const rows = await db.selectFrom('orders as o').leftJoin('users as u', 'u.id', 'o.orderedById')
    .select(['o.id', 'o.orderNumber', 'o.orderDate', 'o.status', 'o.totalCost', 'u.displayname', 'u.email'])
    .where('o.tenantId', '=', tenantId).where('o.customerId', '=', customerId).where('o.archived', '=', false)
    .where('o.status', 'in', statuses).orderBy('o.orderDate', 'asc').orderBy('o.id').limit(50).execute();
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
