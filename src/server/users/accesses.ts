import { sql, type Kysely, type Transaction } from 'kysely';
import { permissionsForRoles } from '../../shared/access';
import { ApiError } from '../errors';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The rules of users, accesses and departments (flows §4 users, §5 Users): an access needs at
 * least one role ('An user requires at least one role.'), its departments are the customer's, and a
 * department has one validator only (DuplicateRoleDepartment). The validator of a department is
 * its validator_user_id, which approvals read (ordering/decisions.ts): a user with the validator
 * role holds the departments of their access that had none; another validator is refused until the
 * current one gives the department up (loses the role, the department or the access).
 */

/** JSON list columns as stored (a JSON list, or text holding one). */
export const listOf = (v: unknown): string[] => {
  const parsed = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(parsed) ? parsed.filter((r): r is string => typeof r === 'string') : [];
};

export function requireRoles(roles: readonly string[], path: string): void {
  if (!roles.length) throw new ApiError('UserRoleRequired', [{ path, rule: 'UserRoleRequired' }]);
}

/** One statement at a time per customer for what decides validators (two invitations cannot both take a department). */
export async function lockCustomerUsers(trx: Transaction<DB>, tenantId: string, customerId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`users:${tenantId}:${customerId}`}, 0))`.execute(trx);
}

/** The ids are departments of the customer, else DepartmentNotFound (naming the first wrong one). */
export async function requireDepartments(db: Kysely<DB>, tenantId: string, customerId: string, ids: readonly string[], path: string): Promise<void> {
  if (!ids.length) return;
  const found = new Set((await db.selectFrom('customerDepartments').select('id').where('tenantId', '=', tenantId)
    .where('customerId', '=', customerId).where('id', 'in', [...ids]).execute()).map((r) => r.id));
  const wrong = ids.findIndex((id) => !found.has(id));
  if (wrong >= 0) throw new ApiError('DepartmentNotFound', [{ path: `${path}.${wrong}`, rule: 'DepartmentNotFound' }]);
}

/**
 * Makes the departments' validator agree with the user's access at the customer: with the validator
 * role (and an active access) the user validates each of `departmentIds` — refused when another
 * user validates one already — and stops validating the departments they left.
 */
export async function syncValidator(trx: Transaction<DB>, input: {
  tenantId: string; customerId: string; userId: string; roles: readonly string[]; departmentIds: readonly string[]; active: boolean; path: string;
}): Promise<void> {
  const validates = input.active && input.roles.includes('validator') ? input.departmentIds : [];
  if (validates.length) {
    const taken = await trx.selectFrom('customerDepartments').select(['id', 'name']).where('tenantId', '=', input.tenantId)
      .where('customerId', '=', input.customerId).where('id', 'in', [...validates])
      .where('validatorUserId', 'is not', null).where('validatorUserId', '!=', input.userId).execute();
    if (taken.length) {
      const index = validates.indexOf(taken[0]!.id);
      throw new ApiError('DuplicateRoleDepartment', [{ path: `${input.path}.${index}`, rule: 'DuplicateRoleDepartment' }]);
    }
    await trx.updateTable('customerDepartments').set({ validatorUserId: input.userId, updatedAt: sql`now()` })
      .where('tenantId', '=', input.tenantId).where('customerId', '=', input.customerId).where('id', 'in', [...validates])
      .where('validatorUserId', 'is', null).execute();
  }
  let left = trx.updateTable('customerDepartments').set({ validatorUserId: null, updatedAt: sql`now()` })
    .where('tenantId', '=', input.tenantId).where('customerId', '=', input.customerId).where('validatorUserId', '=', input.userId);
  if (validates.length) left = left.where('id', 'not in', [...validates]);
  await left.execute();
}

/** The user's access at the customer, or undefined. */
export async function accessAt(db: Kysely<DB>, tenantId: string, customerId: string, userId: string) {
  return db.selectFrom('customerAccesses').selectAll().where('tenantId', '=', tenantId).where('customerId', '=', customerId)
    .where('userId', '=', userId).executeTakeFirst();
}

/** Writes an access's roles (with the rights they give), departments and activation. */
export async function writeAccess(trx: Transaction<DB>, accessId: string, input: { roles: readonly string[]; departmentIds: readonly string[]; active: boolean }): Promise<void> {
  await trx.updateTable('customerAccesses').set({
    roles: JSON.stringify(input.roles), permissions: JSON.stringify(permissionsForRoles(input.roles)),
    departmentIds: JSON.stringify([...new Set(input.departmentIds)]), active: input.active, updatedAt: sql`now()`,
  } as never).where('id', '=', accessId).execute();
}

export async function insertAccess(trx: Transaction<DB>, input: { tenantId: string; customerId: string; userId: string; roles: readonly string[]; departmentIds: readonly string[]; active: boolean }): Promise<string> {
  const row = await trx.insertInto('customerAccesses').values({
    tenantId: input.tenantId, customerId: input.customerId, userId: input.userId, active: input.active,
    roles: JSON.stringify(input.roles), permissions: JSON.stringify(permissionsForRoles(input.roles)),
    departmentIds: JSON.stringify([...new Set(input.departmentIds)]),
  } as never).returning('id').executeTakeFirstOrThrow();
  return row.id as string;
}

/** A user of the tenant with this e-mail (case-insensitive) exists: duplicate_email. */
export async function refuseKnownEmail(db: Kysely<DB>, tenantId: string, email: string, path: string): Promise<void> {
  const known = await db.selectFrom('users').select('id').where('tenantId', '=', tenantId)
    .where(sql`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst();
  if (known) throw new ApiError('duplicate_email', [{ path, rule: 'duplicate_email' }]);
}
