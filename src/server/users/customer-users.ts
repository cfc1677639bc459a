import { sql } from 'kysely';
import type { AnswerOf } from '../../shared/contracts/define';
import type { customerAccessContracts } from '../../shared/contracts/customer-accesses';
import { requireCustomer } from '../crud/scope';
import { ApiError } from '../errors';
import { authOf } from '../request-context';
import type { ActionContext } from '../actions/define';
import {
  accessAt, insertAccess, listOf, lockCustomerUsers, refuseKnownEmail, requireDepartments, requireRoles, syncValidator, writeAccess,
} from './accesses';
import { sendPasswordLink } from './password-links';

/**
 * The customer admin's user calls (flows §7 Users): a user of the acting customer by id, its update,
 * the invitation and a new link for an invitation that expired. Each change runs in one transaction.
 */

type Call<K extends keyof typeof customerAccessContracts> = ActionContext<(typeof customerAccessContracts)[K]>;
type CustomerUser = AnswerOf<typeof customerAccessContracts.customerUserById>['result'];

/** The acting customer, which the body may name but not change. */
function actingCustomer(owner: ActionContext['owner'], named: string | null | undefined): string {
  const customerId = requireCustomer(owner);
  if (named && named.toLowerCase() !== customerId.toLowerCase()) throw new ApiError('NoAccessToCustomer');
  return customerId;
}

async function customerUser(db: ActionContext['db'], tenantId: string, customerId: string, userId: string): Promise<CustomerUser> {
  const row = await db.selectFrom('customerAccesses as a').innerJoin('users as u', 'u.id', 'a.userId')
    .select(['u.id', 'u.email', 'u.firstname', 'u.lastname', 'u.displayname', 'u.landingPage', 'u.languageCode', 'u.phoneNumber', 'u.userType', 'u.active',
      'a.id as accessId', 'a.customerId', 'a.roles', 'a.departmentIds', 'a.active as accessActive'])
    .where('a.tenantId', '=', tenantId).where('a.customerId', '=', customerId).where('a.userId', '=', userId).executeTakeFirst();
  if (!row) throw new ApiError('UserNotFound');
  return {
    id: row.id, email: row.email, firstname: row.firstname ?? null, lastname: row.lastname ?? null, displayname: row.displayname ?? null,
    landingPage: row.landingPage ?? null, languageCode: row.languageCode ?? null, phoneNumber: row.phoneNumber ?? null,
    userType: Number(row.userType), active: row.active !== false, customerAccessId: row.accessId, customerId: row.customerId,
    roles: listOf(row.roles), departmentIds: listOf(row.departmentIds), accessActive: row.accessActive !== false,
  };
}

/** POST /customer-user-management/byid {query:{id, customerId}} */
const customerUserById = async ({ db, body, owner }: Call<'customerUserById'>) => {
  const customerId = actingCustomer(owner, body.query.customerId);
  return { result: await customerUser(db, owner.tenantId, customerId, body.query.id) };
};

/** POST /customer-user-management/update {dto} */
const customerUserUpdate = async ({ db, body: { dto }, owner, request }: Call<'customerUserUpdate'>) => {
  const customerId = actingCustomer(owner, dto.customerId);
  requireRoles(dto.roleIds, 'dto.roleIds');
  const tenantId = owner.tenantId;
  await db.transaction().execute(async (trx) => {
    await lockCustomerUsers(trx, tenantId, customerId);
    const current = await customerUser(trx, tenantId, customerId, dto.userId);
    // A customer admin cannot take their own rights away here (they would lock themselves out of this page).
    const self = dto.userId === authOf(request).user.id;
    const departments = dto.departmentIds ?? current.departmentIds;
    await requireDepartments(trx, tenantId, customerId, departments, 'dto.departmentIds');
    const active = self ? current.accessActive : dto.active ?? current.accessActive;
    const nextRoles = self && current.roles.includes('admin') && !dto.roleIds.includes('admin') ? [...dto.roleIds, 'admin'] : dto.roleIds;
    await syncValidator(trx, { tenantId, customerId, userId: dto.userId, roles: nextRoles, departmentIds: departments, active, path: 'dto.departmentIds' });
    await writeAccess(trx, current.customerAccessId, { roles: nextRoles, departmentIds: departments, active });
    const changes = {
      ...(dto.firstname !== undefined ? { firstname: dto.firstname || null } : {}),
      ...(dto.lastname !== undefined ? { lastname: dto.lastname || null } : {}),
      ...(dto.displayname !== undefined ? { displayname: dto.displayname || null } : {}),
      ...(dto.landingPage ? { landingPage: dto.landingPage } : {}),
      ...(dto.languageCode ? { languageCode: dto.languageCode } : {}),
    };
    if (Object.keys(changes).length) await trx.updateTable('users').set({ ...changes, updatedAt: sql`now()` } as never).where('id', '=', dto.userId).where('tenantId', '=', tenantId).execute();
  });
  return { result: await customerUser(db, tenantId, customerId, dto.userId) };
};

const displayOf = (b: { displayname?: string | null; firstname?: string | null; lastname?: string | null; email: string }) =>
  b.displayname?.trim() || [b.firstname, b.lastname].filter(Boolean).join(' ').trim() || b.email;

/** POST /customers/inviteUser: a new user of the acting customer with one access, and the mail to set a password. */
const inviteUser = async ({ db, body, owner, request }: Call<'inviteUser'>) => {
  const customerId = actingCustomer(owner, body.customerId);
  requireRoles(body.roleIds, 'roleIds');
  const tenantId = owner.tenantId;
  const email = body.email.trim().toLowerCase();
  const userId = await db.transaction().execute(async (trx) => {
    await lockCustomerUsers(trx, tenantId, customerId);
    await refuseKnownEmail(trx, tenantId, email, 'email');
    await requireDepartments(trx, tenantId, customerId, body.departmentIds, 'departmentIds');
    const user = await trx.insertInto('users').values({
      tenantId, email, firstname: body.firstname || null, lastname: body.lastname || null, displayname: displayOf({ ...body, email }),
      userType: 3, landingPage: body.landingPage, languageCode: body.languageCode ?? request.tenant.defaultLanguage?.toUpperCase() ?? 'NL', active: true,
      platformPermissions: JSON.stringify([]), supplierIds: JSON.stringify([]), preferences: JSON.stringify({}),
    } as never).returning('id').executeTakeFirstOrThrow();
    const newId = user.id as string;
    await insertAccess(trx, { tenantId, customerId, userId: newId, roles: body.roleIds, departmentIds: body.departmentIds, active: true });
    await syncValidator(trx, { tenantId, customerId, userId: newId, roles: body.roleIds, departmentIds: body.departmentIds, active: true, path: 'departmentIds' });
    await sendPasswordLink(trx, { tenantId, userId: newId, invited: true });
    return newId;
  });
  return { result: await customerUser(db, tenantId, customerId, userId) };
};

/** POST /customer-user-management/resendInvite {id}: a new link (the old ones stop working). */
const resendInvite = async ({ db, body, owner }: Call<'resendInvite'>) => {
  const customerId = actingCustomer(owner, undefined);
  const access = await accessAt(db, owner.tenantId, customerId, body.id);
  if (!access) throw new ApiError('UserNotFound');
  await db.transaction().execute((trx) => sendPasswordLink(trx, { tenantId: owner.tenantId, userId: body.id, invited: false }));
  return { result: true as const };
};

export const customerUserActions = { customerUserById, customerUserUpdate, inviteUser, resendInvite };
