import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { access, FEATURES } from '../../../model';
import { ALL_PERMISSIONS } from '../../shared/access';
import { userSettingsSchema } from '../../shared/user-settings-schema';
import type { FeaturesDto, PermissionsDto } from '../../shared/session-types';
import { UUID_RE } from '../db/records';
import { ApiError } from '../errors';
import { loadAccesses } from '../plugins/auth';
import { authOf } from '../request-context';
import type { AccessRow, AuthContext, UserRow } from '../types';
import type { z } from 'zod';
import { userDtoSchema } from '../../shared/contracts/users';
import { featuresSchema, paramsOf, permissionsSchema, userSettingsBody, userSettingsDtoSchema } from './schemas';
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

/** The user as GET /users/me answers them (with their settings: phone number, landing page, language, filters). */
export function userDto(u: UserRow, accesses: AccessRow[]): z.input<typeof userDtoSchema> {
  const settings = settingsOf(u);
  return {
    id: u.id, email: u.email, firstname: u.firstname, lastname: u.lastname, displayname: u.displayname, userType: u.userType ?? 3,
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

export function registerUserRoutes(server: FastifyInstance, db: Kysely<DB>): void {
  // Routes typed by their schemas: request.params, .query and .body are what the schemas produced.
  const app = server.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.authenticated() };
  const tags = ['session'];
  const userId = paramsOf('userId');

  app.get('/users/me', { config, schema: { summary: 'The signed-in user (or the impersonated one) with their customer accesses and settings.', tags, response: { 200: userDtoSchema } } }, async (request) => {
    const auth = authOf(request);
    return userDto(auth.user, auth.accesses);
  });

  app.get('/users/:userId/permissions', {
    config, schema: { summary: "A user's permissions for the acting customer (yourself, or any user for platform admins).", tags, params: userId, response: { 200: permissionsSchema } },
  }, async (request): Promise<PermissionsDto> => {
    const auth = authOf(request);
    const { userId } = request.params;
    if (userId === auth.user.id) {
      if (auth.customerProblem) throw auth.customerProblem;
      return { customerId: auth.customerId, permissions: [...auth.subject.permissions] };
    }
    if (!isPlatformUser(auth.user)) throw new ApiError('forbiddenAccess');
    return permissionsOfOther(db, request, auth, await userInTenant(db, request, userId));
  });

  const settings = { 200: userSettingsDtoSchema };
  app.get('/user-settings', { config, schema: { summary: "The signed-in user's settings.", tags, response: settings } }, async (request) => settingsOf(authOf(request).user));
  app.put('/user-settings', {
    config, schema: { summary: "Changes the signed-in user's settings (language, phone, landing page).", tags, body: userSettingsSchema, response: settings },
  }, async (request) => saveSettings(db, authOf(request).user, request.body));

  app.put('/user-settings/:userId', {
    config, schema: { summary: "Changes a user's settings (yourself, or any user for platform admins); {payload} or the bare settings.", tags, params: userId, body: userSettingsBody, response: settings },
  }, async (request) => {
    const auth = authOf(request);
    const { userId } = request.params;
    if (userId !== auth.user.id && !isPlatformUser(auth.user)) throw new ApiError('forbiddenAccess');
    const target = await userInTenant(db, request, userId);
    const body = request.body;
    return saveSettings(db, target, 'payload' in body ? body.payload : body);
  });

  app.get('/customers/:customerId/features', {
    config, schema: { summary: "Every domain feature with whether it is on for a customer the user may act for.", tags, params: paramsOf('customerId'), response: { 200: featuresSchema } },
  }, async (request): Promise<FeaturesDto> => {
    const auth = authOf(request);
    const { customerId } = request.params;
    const customer = UUID_RE.test(customerId) && await db.selectFrom('customers').select(['id', 'features'])
      .where('id', '=', customerId).where('tenantId', '=', request.tenant.id).executeTakeFirst();
    // Customer users learn nothing about customers they cannot act for, not even whether they exist.
    if (!isPlatformUser(auth.user) && !auth.accesses.some((a) => a.active && a.customerId === customerId)) throw new ApiError('NoAccessToCustomer');
    if (!customer) throw new ApiError('CustomerNotFound');
    const on = new Set<string>(customer.features ?? []);
    return { customerId, features: Object.fromEntries(FEATURES.map((f) => [f, on.has(f)])) };
  });
}
