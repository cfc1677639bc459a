import { sql, type Kysely, type Transaction } from 'kysely';
import type { AnswerOf, BodyOf } from '../../shared/contracts/define';
import type { customerDepartmentContracts } from '../../shared/contracts/customer-departments';
import { requireCustomer, type Owner } from '../crud/scope';
import { ApiError } from '../errors';
import { listOf, lockCustomerUsers } from './accesses';
import type { DB } from '../../../generated/db/database.gen';

/**
 * A department of the acting customer (flows §7 Departments, POST /customerDepartment/create and
 * /update: src/shared/contracts/customer-departments.ts) with its validator (one only:
 * DuplicateRoleDepartment), its members (the users whose access holds it) and its budget. The
 * validator is a user of the company with the validator role and becomes a member.
 */

type Dto = BodyOf<typeof customerDepartmentContracts.update>['dto'] | (BodyOf<typeof customerDepartmentContracts.create>['dto'] & { id?: undefined });
type Department = AnswerOf<typeof customerDepartmentContracts.update>['result'];
interface Scope { tenantId: string; customerId: string }

async function department(db: Kysely<DB>, at: Scope, departmentId: string): Promise<Department> {
  const row = await db.selectFrom('customerDepartments').select(['id', 'customerId', 'name', 'costCenter', 'validatorUserId', 'budgetId'])
    .where('tenantId', '=', at.tenantId).where('customerId', '=', at.customerId).where('id', '=', departmentId).executeTakeFirst();
  if (!row) throw new ApiError('DepartmentNotFound');
  const members = await db.selectFrom('customerAccesses').select('userId').where('tenantId', '=', at.tenantId).where('customerId', '=', at.customerId)
    .where(sql<boolean>`department_ids @> ${JSON.stringify([departmentId])}::jsonb`).orderBy('userId').execute();
  return {
    id: row.id, customerId: row.customerId, name: row.name ?? '', costCenter: row.costCenter ?? null, validatorUserId: row.validatorUserId ?? null,
    budgetId: row.budgetId ?? null, memberUserIds: members.map((m) => m.userId),
  };
}

/** The validator is a user of the company with the validator role (an active access), else ValidatorNotOfCustomer. */
async function requireValidator(trx: Transaction<DB>, at: Scope, userId: string) {
  const access = await trx.selectFrom('customerAccesses').select(['roles', 'active']).where('tenantId', '=', at.tenantId)
    .where('customerId', '=', at.customerId).where('userId', '=', userId).executeTakeFirst();
  if (!access || access.active === false || !listOf(access.roles).includes('validator')) {
    throw new ApiError('ValidatorNotOfCustomer', [{ path: 'dto.validatorUserId', rule: 'ValidatorNotOfCustomer' }]);
  }
}

/** Sets who is in the department: `members` (and the validator) get it in their access, the others lose it. */
async function setMembers(trx: Transaction<DB>, at: Scope, departmentId: string, members: readonly string[]) {
  const accesses = await trx.selectFrom('customerAccesses').select(['id', 'userId', 'departmentIds']).where('tenantId', '=', at.tenantId)
    .where('customerId', '=', at.customerId).execute();
  const known = new Set(accesses.map((a) => a.userId));
  const wrong = members.findIndex((m) => !known.has(m));
  if (wrong >= 0) throw new ApiError('UserNotFound', [{ path: `dto.memberUserIds.${wrong}`, rule: 'UserNotFound' }]);
  const wanted = new Set(members);
  for (const a of accesses) {
    const ids = listOf(a.departmentIds);
    const has = ids.includes(departmentId);
    if (has === wanted.has(a.userId)) continue;
    const next = has ? ids.filter((d) => d !== departmentId) : [...ids, departmentId];
    await trx.updateTable('customerAccesses').set({ departmentIds: JSON.stringify(next), updatedAt: sql`now()` } as never).where('id', '=', a.id).execute();
  }
}

/** Creates (no id) or changes a department of the acting customer, in one transaction. */
export async function saveDepartment(db: Kysely<DB>, owner: Owner, dto: Dto): Promise<{ result: Department }> {
  const at = { tenantId: owner.tenantId, customerId: requireCustomer(owner) };
  const departmentId = await db.transaction().execute(async (trx) => {
    await lockCustomerUsers(trx, at.tenantId, at.customerId);
    const current = dto.id ? await department(trx, at, dto.id) : null;
    const validator = dto.validatorUserId === undefined ? current?.validatorUserId ?? null : dto.validatorUserId;
    // One validator per department: another one is refused until the current one is removed (null).
    if (current?.validatorUserId && validator && validator !== current.validatorUserId) {
      throw new ApiError('DuplicateRoleDepartment', [{ path: 'dto.validatorUserId', rule: 'DuplicateRoleDepartment' }]);
    }
    if (validator && validator !== current?.validatorUserId) await requireValidator(trx, at, validator);
    if (dto.budgetId) {
      const budget = await trx.selectFrom('budgets').select('id').where('tenantId', '=', at.tenantId).where('customerId', '=', at.customerId)
        .where('id', '=', dto.budgetId).executeTakeFirst();
      if (!budget) throw new ApiError('BudgetNotFound', [{ path: 'dto.budgetId', rule: 'BudgetNotFound' }]);
    }
    const values = {
      ...(dto.name !== undefined ? { name: dto.name } : {}),
      ...(dto.costCenter !== undefined ? { costCenter: dto.costCenter || null } : {}),
      ...(dto.budgetId !== undefined ? { budgetId: dto.budgetId } : {}),
      validatorUserId: validator,
    };
    let savedId: string;
    if (current) {
      await trx.updateTable('customerDepartments').set({ ...values, updatedAt: sql`now()` } as never).where('id', '=', current.id).execute();
      savedId = current.id;
    } else {
      const row = await trx.insertInto('customerDepartments').values({ tenantId: at.tenantId, customerId: at.customerId, ...values } as never)
        .returning('id').executeTakeFirstOrThrow();
      savedId = row.id as string;
    }
    const members = dto.memberUserIds ?? current?.memberUserIds ?? [];
    await setMembers(trx, at, savedId, validator ? [...new Set([...members, validator])] : members);
    return savedId;
  });
  return { result: await department(db, at, departmentId) };
}
