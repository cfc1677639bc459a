/**
 * Shapes of the session and configuration calls (core §3, §7 "Session and configuration").
 * The server answers them as bare objects (no {result} wrapper); the app reads them as typed here.
 */
import type { Language } from '../../model/dsl/i18n';

export type UserType = 0 | 1 | 2 | 3;

/** GET /domains/{hostname} */
export interface DomainConfig {
  hostname: string;
  name: string;
  environment: 'production' | 'acceptance' | 'development';
  serverUrl: string;
  theme: {
    assets: { logoMain: string | null; logoSidebar: string | null };
    colors: { base: string; success: string; info: string; danger: string; warning: string; primary: string; secondary: string; tertiary: string };
    screens: { sm: number; md: number; lg: number; xl: number; '2xl': number };
  };
  /** Languages offered in the interface, lower case, default first. */
  languages: Language[];
  defaultLanguage: Language;
  /** External addresses the tenant set for menu entries (null: the entry is not shown). */
  links: { assetManagementUrl: string | null; termsUrl: string | null };
  /** The tenant's OpenID Connect provider. */
  idp: { issuer: string; clientId: string; audience: string; scope: string };
}

export interface CustomerSummary { id: string; name: string; vatNumber: string | null; domain: string | null }

export interface CustomerAccessDto {
  id: string;
  userId: string;
  customerId: string;
  customer: CustomerSummary;
  active: boolean;
  roles: string[];
}

/** GET /users/me */
export interface UserDto {
  id: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  displayname: string | null;
  userType: UserType;
  customerAccess: CustomerAccessDto[];
  landingPage: 'dashboard' | 'products' | 'orders' | 'deliveries' | 'suppliers';
  languageCode: 'NL' | 'EN' | 'FR' | 'Undefined';
  /** The default filters the user saved per list (user settings). */
  listFilters?: ListFilters;
  /** The suppliers the user works for: a supplier user lands on their supplier orders (/supplier-orders). */
  supplierIds?: string[];
}

/** Saved default filters per list name, e.g. { orders: { orderState: 'toApprove', excludeInactive: true } }. */
export type ListFilters = Record<string, Record<string, string | boolean | number>>;

/** GET /users/{userId}/permissions: 'area:LETTERS' strings for the acting customer (X-Customer-Id). */
export interface PermissionsDto {
  customerId: string | null;
  permissions: string[];
}

/** GET /tenant-settings */
export interface TenantSettingsDto {
  defaultContractsCustomerId: string | null;
  supportedLanguages: ('NL' | 'FR' | 'EN')[];
  currency: 'EUR' | 'POINTS';
}

/** GET|PUT /user-settings */
export interface UserSettingsDto {
  languageCode: 'NL' | 'EN' | 'FR' | 'Undefined';
  phoneNumber: string | null;
  landingPage: UserDto['landingPage'];
  listFilters?: ListFilters;
}

/** GET /users/{userId}/customer-departments and PUT /user-settings/departments: one department of the user. */
export interface UserDepartmentDto {
  id: string;
  customerId: string;
  name: string | null;
  costCenter: string | null;
  validatorUserId: string | null;
}

/** GET /customers/{customerId}/features: every domain feature with whether it is on. */
export interface FeaturesDto { customerId: string; features: Record<string, boolean> }

/** GET /auth/end-session */
export interface EndSessionDto { logoutUrl: string }

/**
 * One problem a refusal details: where (`path`, e.g. `lines.2.amount`), which rule (a validation
 * message key or a catalogue code), its text in the caller's language, and what the client composes
 * into its own text (e.g. {stock: 5} for NotEnoughStock).
 */
export interface ApiErrorDetail {
  path: string;
  rule: string;
  message: string;
  params?: Record<string, string | number>;
}

/** The error envelope of every failed call (DESIGN §3). */
export interface ApiErrorBody {
  errorCode: string;
  message: string;
  details?: ApiErrorDetail[];
}

/** Claims the access token carries besides the standard ones (core §3). */
export interface AccessTokenClaims {
  sub: string;
  userId: string;
  userType: UserType;
  customerIds: string[];
  supplierIds: string[];
  /** 'customerId|area:LETTERS' per customer access, and 'area:LETTERS' for platform rights. */
  permissions: string[];
  departements: string[];
  active: boolean;
  /** The tenant the token was issued for. */
  tenant: string;
}
