import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import { safeString } from '../../shared/safe-text';
import { UUID_RE } from '../db/records';
import { requireCustomer } from '../crud/scope';
import { ApiError } from '../errors';
import type { ActionContext, ActionSchemas } from '../actions/index';
import { listOf, lockCustomerUsers } from './accesses';
import type { DB } from '../../../generated/db/database.gen';

/**
 * POST /customerDepartment/create and /update {dto} (flows §7 Departments): a department of the
 * acting customer with its validator (one only: DuplicateRoleDepartment), its members (the users
 * whose access holds it) and its budget. The validator is a user of the company with the validator
 * role and becomes a member.
 */

const id = z.string().regex(UUID_RE, 'invalid');
const fields = {
  name: safeString(undefined, false).trim().min(1, 'required').max(200),
  costCenter: safeString(undefined, false).trim().max(50).nullable().optional(),
  validatorUserId: id.nullable().optional(),
  /** The users of the company in the department; absent leaves the members as they are. */
  memberUserIds: z.array(id).max(1000).optional(),
  budgetId: id.nullable().optional(),
};
const createBody = z.object({ dto: z.object(fields) });
const updateBody = z.object({ dto: z.object({ id, ...fields, name: fields.name.optional() }) });

export const departmentSchema = z.object({
  id, customerId: id, name: z.string(), costCenter: z.string().nullable(), validatorUserId: z.string().nullable(),
  budgetId: z.string().nullable(), memberUserIds: z.array(z.string()),
});
const answer = z.object({ result: departmentSchema });

export const departmentSchemas: Record<string, ActionSchemas> = {
  create: { body: createBody, response: answer },
  update: { body: updateBody, response: answer },
};

type Dto = z.output<typeof updateBody>['dto'] | (z.output<typeof createBody>['dto'] & { id?: undefined });
interface Scope { tenantId: string; customerId: string }

async function department(db: ActionContext['db'], at: Scope, departmentId: string) {
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

async function save(ctx: ActionContext, dto: Dto) {
  const at = { tenantId: ctx.owner.tenantId, customerId: requireCustomer(ctx.owner) };
  const departmentId = await ctx.db.transaction().execute(async (trx) => {
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
  return { result: await department(ctx.db, at, departmentId) };
}

const create = (ctx: ActionContext<z.output<typeof createBody>>) => save(ctx as ActionContext, ctx.body.dto);
const update = (ctx: ActionContext<z.output<typeof updateBody>>) => save(ctx as ActionContext, ctx.body.dto);

export const departmentActions = { create, update };
