/**
 * A user's departments (flows §3 "Departments", core §2 /user-settings/ListDepartments and
 * /user-settings/AddDepartments): the departments of a customer access are its department_ids.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { UserDepartmentDto } from '../../shared/session-types';
import { UUID_RE } from '../db/records';
import { ApiError } from '../errors';
import { loadAccesses } from '../plugins/auth';
import { authOf } from '../request-context';
import type { AccessRow, AuthContext } from '../types';
import type { sessionContracts } from '../../shared/contracts/session';
import type { HandlersOf } from '../actions/define';
import type { DB } from '../../../generated/db/database.gen';

const isPlatform = (auth: AuthContext) => auth.user.userType === 1 || auth.user.userType === 2;

async function departmentsOf(db: Kysely<DB>, request: FastifyRequest, customerId: string, ids: readonly string[]): Promise<UserDepartmentDto[]> {
  const wanted = ids.filter((id) => UUID_RE.test(id));
  if (!wanted.length) return [];
  const rows = await db.selectFrom('customerDepartments').select(['id', 'customerId', 'name', 'costCenter', 'validatorUserId'])
    .where('tenantId', '=', request.tenant.id).where('customerId', '=', customerId).where('id', 'in', wanted)
    .orderBy('name').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, customerId: r.customerId, name: r.name ?? null, costCenter: r.costCenter ?? null, validatorUserId: r.validatorUserId ?? null }));
}

/** The access whose departments count: the target's access for the acting customer, else its first active one. */
function accessFor(accesses: readonly AccessRow[], customerId: string | null): AccessRow | null {
  const active = accesses.filter((a) => a.active);
  return active.find((a) => a.customerId === customerId) ?? active[0] ?? null;
}

/** The departments calls of the session (src/shared/contracts/session.ts). */
export const departmentHandlers: HandlersOf<typeof sessionContracts, 'userDepartments' | 'addDepartments'> = {
  // Yourself, or any user of the tenant for a platform admin; a bare list (empty without an access).
  userDepartments: async ({ db, request, params: { userId } }) => {
    const auth = authOf(request);
    if (userId === auth.user.id) {
      if (auth.customerProblem) throw auth.customerProblem;
      const own = auth.access ?? accessFor(auth.accesses, auth.customerId);
      return own ? departmentsOf(db, request, own.customerId, own.departmentIds ?? []) : [];
    }
    if (!isPlatform(auth)) throw new ApiError('forbiddenAccess');
    const target = UUID_RE.test(userId) && await db.selectFrom('users').select('id').where('id', '=', userId).where('tenantId', '=', request.tenant.id).executeTakeFirst();
    if (!target) throw new ApiError('UserNotFound');
    const chosen = accessFor(await loadAccesses(db, request.tenant, userId), auth.customerId);
    return chosen ? departmentsOf(db, request, chosen.customerId, chosen.departmentIds ?? []) : [];
  },

  // Adds the signed-in customer user to departments of the acting customer; answers all their departments.
  addDepartments: async ({ db, request, body: { departmentIds } }) => {
    const auth = authOf(request);
    if (auth.customerProblem) throw auth.customerProblem;
    const acting = auth.access;
    if (!acting) throw new ApiError('noActiveCustomer');
    const found = await departmentsOf(db, request, acting.customerId, departmentIds);
    const known = new Set(found.map((d) => d.id));
    const wrong = departmentIds.map((id, i) => ({ id, i })).filter(({ id }) => !known.has(id));
    if (wrong.length) throw new ApiError('validationFailed', wrong.map(({ i }) => ({ path: `departmentIds.${i}`, rule: 'choice' as const })));
    const next = [...new Set([...(acting.departmentIds ?? []), ...departmentIds])];
    await db.updateTable('customerAccesses').set({ departmentIds: JSON.stringify(next), updatedAt: new Date() })
      .where('id', '=', acting.id).where('tenantId', '=', request.tenant.id).execute();
    return departmentsOf(db, request, acting.customerId, next);
  },
};
