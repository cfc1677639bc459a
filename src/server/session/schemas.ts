/**
 * The schemas of the session and configuration calls: their answers are serialized from them and
 * the OpenAPI document shows them. They mirror src/shared/session-types.ts, which the app reads.
 */
import { z } from 'zod';
import { LANGUAGES } from '../../../model/dsl/i18n';
import { listFiltersSchema, userSettingsSchema } from '../../shared/user-settings-schema';

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
  links: z.object({ assetManagementUrl: z.string().nullable() }),
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

/** Path parameters, each a text. */
export const paramsOf = <K extends string>(...names: K[]) => z.object(Object.fromEntries(names.map((n) => [n, z.string()])) as Record<K, z.ZodString>);
