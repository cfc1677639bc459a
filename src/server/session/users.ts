import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { FEATURES } from '../../../model';
import { ALL_PERMISSIONS } from '../../shared/access';
import { userSettingsSchema } from '../../shared/user-settings-schema';
import type { PermissionsDto, UserType } from '../../shared/session-types';
import { UUID_RE } from '../db/records';
import { ApiError } from '../errors';
import { loadAccesses } from '../plugins/auth';
import { authOf } from '../request-context';
import type { AccessRow, AuthContext, UserRow } from '../types';
import type { z } from 'zod';
import { userDtoSchema } from '../../shared/contracts/users';
import type { sessionContracts, userSettingsDtoSchema } from '../../shared/contracts/session';
import type { HandlersOf } from '../actions/define';
import type { DB } from '../../../generated/db/database.gen';
import { stringList } from '../fulfilment/parties';

const isPlatformUser = (u: UserRow) => u.userType === 1 || u.userType === 2;

/** The user's preferences as stored (JSON text or an object). */
const preferencesOf = (u: Pick<UserRow, 'preferences'>): Record<string, unknown> => {
  const raw = typeof u.preferences === 'string' ? JSON.parse(u.preferences) : u.preferences;
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? raw as Record<string, unknown> : {};
};

/** The user's settings as the settings calls answer them (userSettingsDtoSchema). */
type SettingsAnswer = z.input<typeof userSettingsDtoSchema>;

const settingsOf = (u: UserRow): SettingsAnswer => ({
  languageCode: (u.languageCode ?? 'NL') as SettingsAnswer['languageCode'],
  phoneNumber: u.phoneNumber ?? null,
  landingPage: (u.landingPage ?? 'dashboard') as SettingsAnswer['landingPage'],
  listFilters: (preferencesOf(u).listFilters ?? {}) as SettingsAnswer['listFilters'],
});

/** The user's kind as the answers name it (UserType); a row without one is a customer user (3). */
const userTypeOf = (n: number | null | undefined): UserType => (n === 0 || n === 1 || n === 2 || n === 3 ? n : 3);

/** The user as GET /users/me answers them (with their settings: phone number, landing page, language, filters). */
export function userDto(u: UserRow, accesses: AccessRow[]): z.input<typeof userDtoSchema> {
  const settings = settingsOf(u);
  return {
    id: u.id, email: u.email, firstname: u.firstname, lastname: u.lastname, displayname: u.displayname, userType: userTypeOf(u.userType),
    customerAccess: accesses.map((a) => ({ id: a.id, userId: a.userId, customerId: a.customerId, customer: a.customer, active: a.active, roles: a.roles ?? [] })),
    ...settings,
    listFilters: settings.listFilters ?? {},
    supplierIds: stringList(u.supplierIds),
  };
}

async function userInTenant(db: Kysely<DB>, request: FastifyRequest, id: string): Promise<UserRow> {
  const row = UUID_RE.test(id) && await db.selectFrom('users').selectAll().where('id', '=', id).where('tenantId', '=', request.tenant.id).executeTakeFirst();
  if (!row) throw new ApiError('UserNotFound');
  return row as UserRow;
}

/** Another user's rights, as a platform admin looking at them sees them: for the acting customer if they have access there. */
async function permissionsOfOther(db: Kysely<DB>, request: FastifyRequest, auth: AuthContext, target: UserRow): Promise<PermissionsDto> {
  if (target.userType === 1) return { customerId: auth.customerId, permissions: [...ALL_PERMISSIONS] };
  if (target.userType === 2) return { customerId: auth.customerId, permissions: target.platformPermissions ?? [] };
  const active = (await loadAccesses(db, request.tenant, target.id)).filter((a) => a.active);
  const chosen = active.find((a) => a.customerId === auth.customerId) ?? active[0];
  return { customerId: chosen?.customerId ?? null, permissions: chosen?.permissions ?? [] };
}

/** Stores settings the route's schema validated (userSettingsSchema). */
async function saveSettings(db: Kysely<DB>, user: UserRow, patch: z.output<typeof userSettingsSchema>): Promise<SettingsAnswer> {
  const { listFilters, ...columns } = patch;
  const values: Record<string, unknown> = Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
  if (listFilters) {
    // Each list named replaces that list's saved filters; an empty object forgets them; other lists stay.
    const preferences = preferencesOf(user);
    const saved = { ...(preferences.listFilters as Record<string, unknown> | undefined) };
    for (const [list, filters] of Object.entries(listFilters)) {
      if (Object.keys(filters).length) saved[list] = filters; else delete saved[list];
    }
    values.preferences = JSON.stringify({ ...preferences, listFilters: saved });
  }
  const row = await db.updateTable('users').set({ ...values, updatedAt: new Date() }).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow();
  return settingsOf(row as UserRow);
}

type Session = typeof sessionContracts;

/** The user calls of the session (src/shared/contracts/session.ts): yourself, your settings, a customer's features. */
export const userHandlers: HandlersOf<Session, 'me' | 'permissions' | 'settings' | 'saveSettings' | 'saveUserSettings' | 'features'> = {
  me: async ({ request }) => {
    const auth = authOf(request);
    return userDto(auth.user, auth.accesses);
  },

  permissions: async ({ db, request, params: { userId } }) => {
    const auth = authOf(request);
    if (userId === auth.user.id) {
      if (auth.customerProblem) throw auth.customerProblem;
      return { customerId: auth.customerId, permissions: [...auth.subject.permissions] };
    }
    if (!isPlatformUser(auth.user)) throw new ApiError('forbiddenAccess');
    return permissionsOfOther(db, request, auth, await userInTenant(db, request, userId));
  },

  settings: async ({ request }) => settingsOf(authOf(request).user),
  saveSettings: async ({ db, request, body }) => saveSettings(db, authOf(request).user, body),

  saveUserSettings: async ({ db, request, params: { userId }, body }) => {
    const auth = authOf(request);
    if (userId !== auth.user.id && !isPlatformUser(auth.user)) throw new ApiError('forbiddenAccess');
    const target = await userInTenant(db, request, userId);
    return saveSettings(db, target, 'payload' in body ? body.payload : body);
  },

  features: async ({ db, request, params: { customerId } }) => {
    const auth = authOf(request);
    const customer = UUID_RE.test(customerId) && await db.selectFrom('customers').select(['id', 'features'])
      .where('id', '=', customerId).where('tenantId', '=', request.tenant.id).executeTakeFirst();
    // Customer users learn nothing about customers they cannot act for, not even whether they exist.
    if (!isPlatformUser(auth.user) && !auth.accesses.some((a) => a.active && a.customerId === customerId)) throw new ApiError('NoAccessToCustomer');
    if (!customer) throw new ApiError('CustomerNotFound');
    const on = new Set<string>(customer.features ?? []);
    return { customerId, features: Object.fromEntries(FEATURES.map((f) => [f, on.has(f)])) };
  },
};
