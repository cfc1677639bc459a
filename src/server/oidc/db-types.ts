import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../../generated/db/database.gen';

/** 'idpClientId' → 'idp_client_id': the SQL spelling of a key the CamelCasePlugin would convert. */
type SnakeKey<S extends string> = S extends `${infer H}${infer T}` ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${SnakeKey<T>}` : S;
type Snake<T> = { [K in keyof T & string as SnakeKey<K>]: T[K] };

/**
 * The generated database interface as the SQL spells it. The identity provider works on the core's
 * connection without its CamelCasePlugin (asOidcDb), so that it runs the same with or without it.
 */
export type OidcDatabase = { [T in keyof DB & string as SnakeKey<T>]: Snake<DB[T]> };

/** Columns of the core's tables that sign-in reads. */
export type TenantsRow = Pick<Selectable<OidcDatabase['tenants']>,
  'id' | 'hostname' | 'name' | 'theme' | 'supported_languages' | 'default_language' | 'idp_issuer' | 'idp_client_id' | 'idp_audience'>;
export type UsersRow = Pick<Selectable<OidcDatabase['users']>,
  'id' | 'tenant_id' | 'email' | 'displayname' | 'user_type' | 'active' | 'platform_permissions' | 'supplier_ids'>;

export type OidcDb = Kysely<OidcDatabase>;

/** The identity provider's view of the core's database (see OidcDatabase); a view already is one. */
export const asOidcDb = (db: Kysely<DB> | OidcDb): OidcDb => db.withoutPlugins() as unknown as OidcDb;
