/**
 * The session and configuration calls (core §3, §7 "Session and configuration"): what the app
 * reads before and right after sign-in, the user's settings and departments, the session's upkeep.
 * They belong to no model resource (callsOf). Their answers are bare objects (no {result}),
 * serialized through these schemas; they mirror src/shared/session-types.ts.
 */
import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { LANGUAGES } from '../../../model/dsl/i18n';
import { listFiltersSchema, userSettingsSchema } from '../user-settings-schema';
import { callsOf } from './define';
import { departmentIdList } from './shapes';
import { userDtoSchema } from './users';

const id = z.string();
const language = z.enum(LANGUAGES);
const languageCode = z.enum(['NL', 'EN', 'FR', 'Undefined']);
const landingPage = z.enum(['dashboard', 'products', 'orders', 'deliveries', 'suppliers']);

/** GET /domains/{hostname} */
export const domainConfigSchema = z.object({
  hostname: z.string(),
  name: z.string(),
  environment: z.enum(['production', 'acceptance', 'development']),
  serverUrl: z.string(),
  theme: z.object({
    assets: z.object({ logoMain: z.string().nullable(), logoSidebar: z.string().nullable() }),
    colors: z.object(Object.fromEntries(['base', 'success', 'info', 'danger', 'warning', 'primary', 'secondary', 'tertiary'].map((k) => [k, z.string()]))),
    screens: z.object({ sm: z.number(), md: z.number(), lg: z.number(), xl: z.number(), '2xl': z.number() }),
  }),
  languages: z.array(language),
  defaultLanguage: language,
  links: z.object({ assetManagementUrl: z.string().nullable(), termsUrl: z.string().nullable() }),
  idp: z.object({ issuer: z.string(), clientId: z.string(), audience: z.string(), scope: z.string() }),
});

export const permissionsSchema = z.object({ customerId: id.nullable(), permissions: z.array(z.string()) });
export const tenantSettingsSchema = z.object({
  defaultContractsCustomerId: id.nullable(),
  supportedLanguages: z.array(z.enum(['NL', 'FR', 'EN'])),
  currency: z.enum(['EUR', 'POINTS']),
});
export const userSettingsDtoSchema = z.object({ languageCode, phoneNumber: z.string().nullable(), landingPage, listFilters: listFiltersSchema });
/** PUT /user-settings/{userId}: the spec sends {payload}; a bare settings object is accepted too. */
export const userSettingsBody = z.union([z.object({ payload: userSettingsSchema }), userSettingsSchema]);
export const userDepartmentsSchema = z.array(z.object({
  id, customerId: id, name: z.string().nullable(), costCenter: z.string().nullable(), validatorUserId: id.nullable(),
}));
export const featuresSchema = z.object({ customerId: id, features: z.record(z.string(), z.boolean()) });
export const endSessionSchema = z.object({ logoutUrl: z.string() });
/** A body a call takes none of (react-admin and the app may still send `{}`). */
export const noBody = z.object({}).optional();

const signedIn = access.authenticated();
const settingsErrors = ['forbiddenAccess', 'UserNotFound'] as const;

export const sessionContracts = callsOf('session', {
  domain: {
    method: 'GET', path: '/domains/{hostname}', access: access.public(),
    summary: 'What the app needs before sign-in: tenant, theme, languages, identity provider.',
    response: domainConfigSchema,
  },
  tenantSettings: {
    method: 'GET', path: '/tenant-settings', access: signedIn,
    summary: "The tenant's settings: contracts customer, languages, currency.",
    response: tenantSettingsSchema,
  },
  me: {
    method: 'GET', path: '/users/me', access: signedIn,
    summary: 'The signed-in user (or the impersonated one) with their customer accesses and settings.',
    response: userDtoSchema,
  },
  permissions: {
    method: 'GET', path: '/users/{userId}/permissions', access: signedIn,
    summary: "A user's permissions for the acting customer (yourself, or any user for platform admins).",
    response: permissionsSchema,
    errors: settingsErrors,
  },
  settings: {
    method: 'GET', path: '/user-settings', access: signedIn,
    summary: "The signed-in user's settings.",
    response: userSettingsDtoSchema,
  },
  saveSettings: {
    method: 'PUT', path: '/user-settings', access: signedIn,
    summary: "Changes the signed-in user's settings (language, phone, landing page).",
    body: userSettingsSchema,
    response: userSettingsDtoSchema,
  },
  saveUserSettings: {
    method: 'PUT', path: '/user-settings/{userId}', access: signedIn,
    summary: "Changes a user's settings (yourself, or any user for platform admins); {payload} or the bare settings.",
    body: userSettingsBody,
    response: userSettingsDtoSchema,
    errors: settingsErrors,
  },
  features: {
    method: 'GET', path: '/customers/{customerId}/features', access: signedIn,
    summary: 'Every domain feature with whether it is on for a customer the user may act for.',
    response: featuresSchema,
    errors: ['NoAccessToCustomer', 'CustomerNotFound'],
  },
  userDepartments: {
    method: 'GET', path: '/users/{userId}/customer-departments', access: signedIn,
    summary: "A user's departments (yourself, or any user for platform admins).",
    response: userDepartmentsSchema,
    errors: settingsErrors,
  },
  addDepartments: {
    method: 'PUT', path: '/user-settings/departments', access: signedIn,
    summary: 'Adds the signed-in user to departments of the acting customer; answers all their departments.',
    body: z.object({ departmentIds: departmentIdList }),
    response: userDepartmentsSchema,
    errors: ['noActiveCustomer'],
  },
  endSession: {
    method: 'GET', path: '/auth/end-session', access: signedIn,
    summary: "The identity provider's logout address for this session.",
    response: endSessionSchema,
  },
  ping: {
    method: 'PUT', path: '/user-sessions/ping', access: signedIn,
    summary: 'Records that the signed-in user is still there (sent every 10 s).',
    body: noBody,
    response: z.object({ ok: z.boolean() }),
  },
});
