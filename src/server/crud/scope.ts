import type { DeleteQueryBuilder, SelectQueryBuilder, UpdateQueryBuilder } from 'kysely';
import type { ResourceDef } from '../../../model';
import { ApiError } from '../errors';

/**
 * Whose rows a request works on. `platform` is an /admin endpoint of a platform admin: for
 * customerOrPlatform resources it sees and changes the platform rows (customer_id null) only.
 */
export interface Owner {
  tenantId: string;
  customerId: string | null;
  side: 'customer' | 'platform';
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
  if (resource.scope === 'customer') out = out.where('customerId', '=', requireCustomer(owner));
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
