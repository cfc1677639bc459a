import type { Kysely, Transaction } from 'kysely';
import { resourceByName } from '../../../model';
import { checkReferences } from '../crud/references';
import type { ErrorDetail } from '../errors';
import type { Acting } from './acting';
import type { DB } from '../../../generated/db/database.gen';

/**
 * flows §5 "Ordering requires department membership": the one rule every way an order gets a
 * department goes through (the basket's delivery details, an order placed from it or from a
 * duplicate or by the restock job, the order form and order request, PATCH /v2/orders/{id}). The
 * department must be the acting customer's (DepartmentNotFound) and listed on the orderer's active
 * access to that customer (NotDepartmentMember) — the orderer is whoever the order is or will be
 * in the name of, not whoever changes it. Customer admins are no exception: they choose their own
 * departments on the users page, and an order for a department goes to its validator and charges
 * its budgets. Super admins hold no access to any company, so membership cannot apply to them; an
 * order they place keeps the department they name (platform admins, userType 2, have no such
 * exception: the spec names none).
 */

type Db = Kysely<DB> | Transaction<DB>;
type Customer = Pick<Acting, 'tenantId' | 'customerId'>;

const orders = resourceByName('orders');

/** Whether `userId`'s active access to the acting customer lists `departmentId`. */
export async function isDepartmentMember(db: Db, acting: Customer, userId: string, departmentId: string): Promise<boolean> {
  const accesses = await db.selectFrom('customerAccesses').select('departmentIds').where('userId', '=', userId)
    .where('customerId', '=', acting.customerId).where('tenantId', '=', acting.tenantId).where('active', '=', true).execute();
  return accesses.some((a) => {
    const ids = (typeof a.departmentIds === 'string' ? JSON.parse(a.departmentIds) : a.departmentIds ?? []) as unknown[];
    return ids.some((d) => typeof d === 'string' && d.toLowerCase() === departmentId.toLowerCase());
  });
}

/** Whether `ordererId` may order for `departmentId` of the acting customer: a member, or a super admin. */
export async function mayOrderFor(db: Db, acting: Customer, ordererId: string | null, departmentId: string): Promise<boolean> {
  if (!ordererId) return false;
  const user = await db.selectFrom('users').select('userType').where('id', '=', ordererId).where('tenantId', '=', acting.tenantId).executeTakeFirst();
  if (!user) return false;
  if (user.userType === 1) return true;
  return isDepartmentMember(db, acting, ordererId, departmentId);
}

/**
 * The problems of `departmentId` (none when there is none) for an order in `ordererId`'s name, as
 * details on `path`: DepartmentNotFound when it is not the customer's, else NotDepartmentMember.
 */
export async function departmentProblems(db: Db, acting: Customer, ordererId: string | null, departmentId: string | null | undefined, path: string): Promise<ErrorDetail[]> {
  if (!departmentId) return [];
  const owner = { tenantId: acting.tenantId, customerId: acting.customerId, side: 'customer' as const };
  const missing = await checkReferences(db, orders, owner, { departmentId });
  if (missing.length) return missing.map((d) => ({ ...d, path }));
  return (await mayOrderFor(db, acting, ordererId, departmentId)) ? [] : [{ path, rule: 'NotDepartmentMember' }];
}
