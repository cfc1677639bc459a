import { LETTERS, PERMISSION_AREAS } from '../../../model/catalogue/permissions';
import { ALL_PERMISSIONS, isSupplierUser, lettersOn, permissionsForRoles } from '../../shared/access';
import type { AccessTokenClaims, UserType } from '../../shared/session-types';
import { stringList } from '../fulfilment/parties';
import type { OidcDb, TenantsRow, UsersRow } from './db-types';

/**
 * The spec's access-token claims (core §3) for one user of one tenant. The sign-in account is matched
 * to the tenant's users row by e-mail: one account may be a user in several tenants.
 */

export async function findTenantUser(db: OidcDb, tenantId: string, email: string): Promise<UsersRow | undefined> {
  return db.selectFrom('users')
    .select(['id', 'tenant_id', 'email', 'displayname', 'user_type', 'active', 'platform_permissions', 'supplier_ids'])
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

/** Known areas only, letters merged per area in catalogue order ('orders:RC' + 'orders:W' → 'orders:RWC'). */
export function normalizePermissions(entries: readonly string[]): string[] {
  return PERMISSION_AREAS.flatMap((area) => {
    const granted = lettersOn(entries, area);
    const letters = LETTERS.filter((l) => granted.has(l)).join('');
    return letters ? [`${area}:${letters}`] : [];
  });
}

export type TenantClaims = Omit<AccessTokenClaims, 'sub'>;

export async function buildTenantClaims(db: OidcDb, tenant: Pick<TenantsRow, 'id' | 'hostname'>, user: UsersRow): Promise<TenantClaims> {
  const userType = Number(user.user_type) as UserType;
  // jsonb: PGlite hands it back as text, PostgreSQL as a list.
  const supplierIds = stringList(user.supplier_ids);
  // A supplier's user acts for no company (src/shared/access.ts isSupplierUser): their token names none.
  const accesses = isSupplierUser({ userType, supplierIds }) ? [] : await db.selectFrom('customer_accesses')
    .select(['customer_id', 'roles', 'permissions', 'department_ids'])
    .where('tenant_id', '=', tenant.id).where('user_id', '=', user.id).where('active', '=', true)
    .orderBy('created_at').orderBy('id').execute();
  const platform = userType === 1 ? [...ALL_PERMISSIONS] : normalizePermissions(user.platform_permissions ?? []);
  const perCustomer = accesses.flatMap((a) =>
    normalizePermissions([...permissionsForRoles(a.roles ?? []), ...(a.permissions ?? [])]).map((p) => `${a.customer_id}|${p}`));
  return {
    userId: user.id,
    userType,
    customerIds: [...new Set(accesses.map((a) => a.customer_id))],
    supplierIds,
    permissions: [...platform, ...perCustomer],
    departements: [...new Set(accesses.flatMap((a) => a.department_ids ?? []))],
    active: user.active === true,
    tenant: tenant.hostname,
  };
}
