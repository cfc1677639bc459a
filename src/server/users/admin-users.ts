import { sql } from 'kysely';
import { isSupplierUser } from '../../shared/access';
import type { customerAccessContracts } from '../../shared/contracts/customer-accesses';
import type { userContracts } from '../../shared/contracts/users';
import { ApiError } from '../errors';
import { loadAccesses } from '../plugins/auth';
import { authOf } from '../request-context';
import { userDto } from '../session/users';
import type { UserRow } from '../types';
import type { ActionContext } from '../actions/define';
import {
  accessAt, insertAccess, listOf, lockCustomerUsers, refuseKnownEmail, requireDepartments, requireRoles, syncValidator, writeAccess,
} from './accesses';
import { sendPasswordLink } from './password-links';

/**
 * The platform's user calls (flows §7 Users and Customers: /ycAdmin/users, /ycAdmin/administrators,
 * /ycAdmin/user-details/{id}): a user by id, creating one with the password mail, its update, and
 * the customer accesses. Administrators (userType 1 and 2) are made and changed by super admins only.
 */

type Ctx = Pick<ActionContext, 'db' | 'request'>;
type UserCall<K extends keyof typeof userContracts> = ActionContext<(typeof userContracts)[K]>;
type AccessCall<K extends keyof typeof customerAccessContracts> = ActionContext<(typeof customerAccessContracts)[K]>;

async function userOf(ctx: Ctx, userId: string) {
  const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).where('tenantId', '=', ctx.request.tenant.id).executeTakeFirst();
  if (!row) throw new ApiError('UserNotFound');
  return { ...userDto(row as UserRow, await loadAccesses(ctx.db, ctx.request.tenant, userId)), active: row.active !== false };
}

/** Only super admins make or change administrators (core §2: the administrators pages are theirs). */
function requireSuperFor(ctx: Ctx, userType: number | undefined, path: string) {
  if ((userType === 1 || userType === 2) && authOf(ctx.request).user.userType !== 1) throw new ApiError('UnauthorizedRole', [{ path, rule: 'UnauthorizedRole' }]);
}

/** GET /usermanagement/byid?userid */
const byId = async (ctx: UserCall<'byId'>) => ({ result: await userOf(ctx, ctx.query.userid) });

/** POST /usermanagement/createAndSentPasswordMail */
const createAndSendPasswordMail = async (ctx: UserCall<'createAndSendPasswordMail'>) => {
  const { body, db, request } = ctx;
  requireSuperFor(ctx, body.userType, 'userType');
  const tenantId = request.tenant.id;
  const email = body.email.trim().toLowerCase();
  const userId = await db.transaction().execute(async (trx) => {
    await refuseKnownEmail(trx, tenantId, email, 'email');
    const user = await trx.insertInto('users').values({
      tenantId, email, firstname: body.firstname || null, lastname: body.lastname || null,
      displayname: body.displayname?.trim() || [body.firstname, body.lastname].filter(Boolean).join(' ').trim() || email,
      userType: body.userType, landingPage: body.landingPage, languageCode: body.languageCode, active: true,
      platformPermissions: JSON.stringify(body.userType === 2 ? body.platformPermissions : []), supplierIds: JSON.stringify([]), preferences: JSON.stringify({}),
    } as never).returning('id').executeTakeFirstOrThrow();
    await sendPasswordLink(trx, { tenantId, userId: user.id as string, invited: true });
    return user.id as string;
  });
  return { result: await userOf(ctx, userId) };
};

/** POST /usermanagement/update: the user row and, with customerId, their roles and departments there; all or nothing. */
const update = async (ctx: UserCall<'update'>) => {
  const { body, db, request } = ctx;
  const tenantId = request.tenant.id;
  const current = await userOf(ctx, body.userId);
  requireSuperFor(ctx, current.userType, 'userId');
  requireSuperFor(ctx, body.userType, 'userType');
  if (body.userId === authOf(request).user.id && (body.active === false || body.userType !== undefined)) throw new ApiError('UnauthorizedRole', [{ path: 'userId', rule: 'UnauthorizedRole' }]);
  const accessChange = body.roleIds !== undefined || body.departmentIds !== undefined;
  if (body.roleIds !== undefined) requireRoles(body.roleIds, 'roleIds');
  if (accessChange && !body.customerId) throw new ApiError('validationFailed', [{ path: 'customerId', rule: 'required' }]);
  if (accessChange && (body.userType ?? current.userType) !== 3) throw new ApiError('UnauthorizedRole', [{ path: 'roleIds', rule: 'UnauthorizedRole' }]);
  const changes: Record<string, unknown> = {};
  for (const key of ['firstname', 'lastname', 'displayname'] as const) if (body[key] !== undefined) changes[key] = body[key] || null;
  for (const key of ['landingPage', 'languageCode', 'active', 'userType'] as const) if (body[key] !== undefined) changes[key] = body[key];
  if (body.platformPermissions) changes.platformPermissions = JSON.stringify(body.platformPermissions);
  await db.transaction().execute(async (trx) => {
    if (accessChange) {
      const customerId = body.customerId!;
      await lockCustomerUsers(trx, tenantId, customerId);
      const access = await trx.selectFrom('customerAccesses').selectAll().where('tenantId', '=', tenantId).where('customerId', '=', customerId).where('userId', '=', body.userId).executeTakeFirst();
      if (!access) throw new ApiError('NoAccessToCustomer', [{ path: 'customerId', rule: 'NoAccessToCustomer' }]);
      const roleNames = body.roleIds ?? listOf(access.roles);
      const departments = body.departmentIds ?? listOf(access.departmentIds);
      const active = access.active !== false;
      await requireDepartments(trx, tenantId, customerId, departments, 'departmentIds');
      await syncValidator(trx, { tenantId, customerId, userId: body.userId, roles: roleNames, departmentIds: departments, active, path: 'departmentIds' });
      await writeAccess(trx, access.id, { roles: roleNames, departmentIds: departments, active });
    }
    if (Object.keys(changes).length) {
      await trx.updateTable('users').set({ ...changes, updatedAt: sql`now()` } as never).where('id', '=', body.userId).where('tenantId', '=', tenantId).execute();
    }
  });
  return { result: await userOf(ctx, body.userId) };
};

/** POST /usermanagement/sendPasswordMail {id} */
const sendPasswordMail = async (ctx: UserCall<'sendPasswordMail'>) => {
  const current = await userOf(ctx, ctx.body.id);
  requireSuperFor(ctx, current.userType, 'id');
  await ctx.db.transaction().execute((trx) => sendPasswordLink(trx, { tenantId: ctx.request.tenant.id, userId: current.id, invited: false }));
  return { result: true as const };
};

const accessDto = (row: { id: string; userId: string; customerId: string; roles: unknown; departmentIds: unknown; active: boolean | null }) => ({
  id: row.id, userId: row.userId, customerId: row.customerId, roles: listOf(row.roles), departmentIds: listOf(row.departmentIds), active: row.active !== false,
});

async function accessById(ctx: Ctx, accessId: string) {
  const row = await ctx.db.selectFrom('customerAccesses').selectAll().where('id', '=', accessId).where('tenantId', '=', ctx.request.tenant.id).executeTakeFirst();
  if (!row) throw new ApiError('NoAccessToCustomer');
  return row;
}

/** POST /admin/customer-accesses/create */
const adminCreate = async (ctx: AccessCall<'adminCreate'>) => {
  const { body, db, request } = ctx;
  const tenantId = request.tenant.id;
  requireRoles(body.roles, 'roles');
  const user = await userOf(ctx, body.userId);
  // Customer users only: a supplier's user works on the supplier's side and gets no company (src/shared/access.ts isSupplierUser).
  if (user.userType !== 3 || isSupplierUser(user)) throw new ApiError('UnauthorizedRole', [{ path: 'userId', rule: 'UnauthorizedRole' }]);
  const customer = await db.selectFrom('customers').select('id').where('id', '=', body.customerId).where('tenantId', '=', tenantId).executeTakeFirst();
  if (!customer) throw new ApiError('CustomerNotFound');
  const accessId = await db.transaction().execute(async (trx) => {
    await lockCustomerUsers(trx, tenantId, body.customerId);
    if (await accessAt(trx, tenantId, body.customerId, body.userId)) throw new ApiError('CustomerAccessExists');
    await requireDepartments(trx, tenantId, body.customerId, body.departmentIds, 'departmentIds');
    await syncValidator(trx, { tenantId, customerId: body.customerId, userId: body.userId, roles: body.roles, departmentIds: body.departmentIds, active: body.active, path: 'departmentIds' });
    return insertAccess(trx, { tenantId, customerId: body.customerId, userId: body.userId, roles: body.roles, departmentIds: body.departmentIds, active: body.active });
  });
  return { result: accessDto(await accessById(ctx, accessId)) };
};

/** POST /admin/customer-accesses/update */
const adminUpdate = async (ctx: AccessCall<'adminUpdate'>) => {
  const { body, db, request } = ctx;
  const tenantId = request.tenant.id;
  requireRoles(body.roles, 'roles');
  const current = await accessById(ctx, body.id);
  await db.transaction().execute(async (trx) => {
    await lockCustomerUsers(trx, tenantId, current.customerId);
    const departments = body.departmentIds ?? listOf(current.departmentIds);
    const active = body.active ?? current.active !== false;
    await requireDepartments(trx, tenantId, current.customerId, departments, 'departmentIds');
    await syncValidator(trx, { tenantId, customerId: current.customerId, userId: current.userId, roles: body.roles, departmentIds: departments, active, path: 'departmentIds' });
    await writeAccess(trx, current.id, { roles: body.roles, departmentIds: departments, active });
  });
  return { result: accessDto(await accessById(ctx, body.id)) };
};

/** POST /admin/customer-accesses/delete */
const adminDelete = async (ctx: AccessCall<'adminDelete'>) => {
  const { db, request } = ctx;
  const tenantId = request.tenant.id;
  const current = await accessById(ctx, ctx.body.id);
  await db.transaction().execute(async (trx) => {
    await lockCustomerUsers(trx, tenantId, current.customerId);
    await syncValidator(trx, { tenantId, customerId: current.customerId, userId: current.userId, roles: [], departmentIds: [], active: false, path: 'id' });
    await trx.deleteFrom('customerAccesses').where('id', '=', current.id).execute();
  });
  return { result: true as const };
};

/** GET /admin/customer-accesses/customers?search: the tenant's customers by name, at most 20. */
const adminCustomers = async (ctx: AccessCall<'adminCustomers'>) => {
  let q = ctx.db.selectFrom('customers').select(['id', 'name']).where('tenantId', '=', ctx.request.tenant.id);
  const search = ctx.query.search?.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  if (search) q = q.where(sql`lower(name)`, 'like', `%${search}%`);
  const rows = await q.orderBy('name').orderBy('id').limit(20).execute();
  return { result: rows.map((r) => ({ id: r.id, name: r.name ?? '' })) };
};

export const adminUserActions = { byId, createAndSendPasswordMail, update, sendPasswordMail };
export const adminAccessActions = { adminCreate, adminUpdate, adminDelete, adminCustomers };
