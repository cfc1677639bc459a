import type { ColumnType, Generated, Kysely } from 'kysely';

/** jsonb: read as parsed JSON, written as JSON text (the same on pg and PGlite). */
type Json = ColumnType<unknown, string, string>;

/**
 * The tables the identity provider reads and writes. Entry points take the core's `Kysely<any>` and
 * narrow it to this view (asOidcDb).
 */
export interface OidcPayloadsTable {
  kind: string;
  id: string;
  payload: Json;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Date | null;
  consumed_at: Date | null;
  created_at: Generated<Date>;
}

export interface OidcKeysTable {
  id: string;
  use: 'sig' | 'cookie';
  material: Json;
  created_at: Generated<Date>;
}

export interface IdpAccountsTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  displayname: string | null;
  created_at: Generated<Date>;
}

/** Columns of the core's tables that sign-in reads (snake_case of model/resources/platform.ts). */
export interface TenantsRow {
  id: string;
  hostname: string;
  name: string;
  theme: unknown;
  supported_languages: string[] | null;
  default_language: string | null;
  idp_issuer: string | null;
  idp_client_id: string | null;
  idp_audience: string | null;
}

export interface UsersRow {
  id: string;
  tenant_id: string;
  email: string;
  displayname: string | null;
  user_type: number;
  active: boolean;
  platform_permissions: string[] | null;
  supplier_ids: string[] | null;
}

export interface CustomerAccessesRow {
  id: string;
  tenant_id: string;
  user_id: string;
  customer_id: string;
  active: boolean;
  roles: string[] | null;
  permissions: string[] | null;
  department_ids: string[] | null;
  created_at: Date;
}

export interface OidcDatabase {
  oidc_payloads: OidcPayloadsTable;
  oidc_keys: OidcKeysTable;
  idp_accounts: IdpAccountsTable;
  tenants: TenantsRow;
  users: UsersRow;
  customer_accesses: CustomerAccessesRow;
}

export type OidcDb = Kysely<OidcDatabase>;

/**
 * The core's Kysely instance runs the CamelCasePlugin; this module spells columns as the SQL does,
 * so it works on the same connection without plugins (and so with or without that plugin).
 */
export const asOidcDb = (db: Kysely<any>): OidcDb => db.withoutPlugins() as OidcDb;
