import type { DeleteQueryBuilder, SelectQueryBuilder, UpdateQueryBuilder } from 'kysely';
import type { ResourceDef } from '../../../model';
import { ApiError } from '../errors';

/**
 * Whose rows a request works on. `platform` is an /admin endpoint of a platform admin: for
 * customerOrPlatform resources it sees and changes the platform rows (customer_id null) only; a
 * customer-owned resource it reads across the tenant's customers.
 */
export interface Owner {
  tenantId: string;
  customerId: string | null;
  side: 'customer' | 'platform';
  /** The resource's ownRows applies (model/dsl/resource.ts): only rows whose `field` is `userId`. */
  onlyOwn?: { field: string; userId: string };
}

/**
 * The owner's ownRows limit for a request on the customer side: a customer user without one of the
 * resource's `unlessRoles` in the acting company reads only their rows. Super admins (userType 1)
 * and platform users (userType 2) are not limited.
 */
export function onlyOwnFor(resource: ResourceDef, side: Owner['side'], auth: { user: { id: string; userType: number | null }; access: { roles?: readonly string[] | null } | null } | null | undefined): Owner['onlyOwn'] {
  if (!resource.ownRows || side !== 'customer' || !auth || auth.user.userType !== 3) return undefined;
  const roles = auth.access?.roles ?? [];
  return resource.ownRows.unlessRoles.some((r) => roles.includes(r)) ? undefined : { field: resource.ownRows.field, userId: auth.user.id };
}

type Filterable = SelectQueryBuilder<any, any, any> | UpdateQueryBuilder<any, any, any, any> | DeleteQueryBuilder<any, any, any>;

/** The customer a customer-owned query needs, or 400 noActiveCustomer. */
export function requireCustomer(owner: Owner): string {
  if (!owner.customerId) throw new ApiError('noActiveCustomer');
  return owner.customerId;
}

/** Restricts a query to the rows the owner may read. */
export function readable<Q extends Filterable>(q: Q, resource: ResourceDef, owner: Owner): Q {
  // The three builders share where(); one cast instead of three overloads.
  let out = q as any;
  if (resource.scope !== 'platform') out = out.where('tenantId', '=', owner.tenantId);
  // A platform admin's /admin endpoint reads a customer-owned resource across the tenant's customers
  // (orders, baskets); what it writes still belongs to one customer (ownerColumns).
  if (resource.scope === 'customer' && owner.side !== 'platform') out = out.where('customerId', '=', requireCustomer(owner));
  if (resource.customerRows && owner.side !== 'platform') out = out.where(resource.customerRows, '=', requireCustomer(owner));
  if (owner.onlyOwn) out = out.where(owner.onlyOwn.field, '=', owner.onlyOwn.userId);
  if (resource.scope === 'customerOrPlatform') {
    if (owner.side === 'platform') out = out.where('customerId', 'is', null);
    else {
      const customerId = requireCustomer(owner);
      out = out.where((eb: any) => eb.or([eb('customerId', '=', customerId), eb('customerId', 'is', null)]));
    }
  }
  return out as Q;
}

/** A customer may read platform rows of a customerOrPlatform resource but not change them. */
export function assertWritable(resource: ResourceDef, owner: Owner, row: Record<string, unknown>): void {
  if (resource.scope === 'customerOrPlatform' && owner.side === 'customer' && row.customerId == null) {
    throw new ApiError('ReadOnlyRecord');
  }
}

/** The owner columns a new row gets: always from the request, never from the body. */
export function ownerColumns(resource: ResourceDef, owner: Owner): Record<string, unknown> {
  switch (resource.scope) {
    case 'platform': return {};
    case 'tenant': return { tenantId: owner.tenantId };
    case 'customer': return { tenantId: owner.tenantId, customerId: requireCustomer(owner) };
    case 'customerOrPlatform':
      return { tenantId: owner.tenantId, customerId: owner.side === 'platform' ? null : requireCustomer(owner) };
  }
}
