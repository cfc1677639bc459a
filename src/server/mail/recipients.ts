import { sql, type Kysely } from 'kysely';
import { orderWorkflow, type ORDER_STATUSES } from '../../../model';
import type { DB } from '../../../generated/db/database.gen';

type Status = keyof typeof ORDER_STATUSES;

/**
 * The customer roles that take the order's next step in `status`, from the model's workflow: the
 * transitions out of that status other than a rejection (toApprove: admin and validator;
 * financeApproval: finance). Empty for a final status.
 */
export function decidingRoles(status: Status): string[] {
  return [...new Set(orderWorkflow.transitions.filter((t) => t.from.includes(status) && t.to !== 'rejected').flatMap((t) => t.by))];
}

/**
 * The users who must decide the order next, for its "waiting for your approval" mail (flows §4):
 * where the validator role decides, the validator of the order's department; without one (no
 * department, or none assigned), the customer's other deciders (its admins); in financeApproval the
 * users with the finance role. Only active users with an active access to the order's customer count.
 * Read inside the caller's transaction, after the status change, so it sees the order's new status.
 */
export async function orderDeciders(db: Kysely<DB>, order: { tenantId: string; orderId: string }): Promise<string[]> {
  const row = await db.selectFrom('orders').select(['status', 'customerId', 'departmentId'])
    .where('id', '=', order.orderId).where('tenantId', '=', order.tenantId).executeTakeFirst();
  if (!row) return [];
  const roles = decidingRoles(row.status as Status);
  if (!roles.length) return [];
  const withAccess = (roleNames: string[]) => db.selectFrom('customerAccesses as ca').innerJoin('users as u', 'u.id', 'ca.userId')
    .select('u.id').distinct()
    .where('ca.tenantId', '=', order.tenantId).where('ca.customerId', '=', row.customerId)
    .where('ca.active', 'is not', false).where('u.active', 'is not', false)
    .where(sql<boolean>`ca.roles ?| array[${sql.join(roleNames)}]::text[]`);

  if (roles.includes('validator') && row.departmentId) {
    const department = await db.selectFrom('customerDepartments').select('validatorUserId')
      .where('id', '=', row.departmentId).where('tenantId', '=', order.tenantId).where('customerId', '=', row.customerId).executeTakeFirst();
    if (department?.validatorUserId) {
      const validator = await withAccess(['validator']).where('u.id', '=', department.validatorUserId).executeTakeFirst();
      if (validator) return [validator.id];
    }
  }
  const others = roles.filter((r) => r !== 'validator');
  if (!others.length) return [];
  return (await withAccess(others).orderBy('u.id').execute()).map((r) => r.id);
}
